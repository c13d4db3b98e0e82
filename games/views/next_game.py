"""``/games/next``: the game that waits longest for the signed-in player's move, so a
player who has just moved goes on to the next game without a trip through My games."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseBadRequest
from django.shortcuts import redirect
from django.views.decorators.http import require_safe

from games.selectors import next_game_for
from xix_site.numbers import whole_number


@require_safe
@login_required
def next_game(request):
    """303 to the next game waiting for the player's move (``?from=<id>``: not that one);
    none left: to My games, saying so. A ``from`` that is no game number is a 400."""
    raw = request.GET.get("from")
    after = whole_number(raw) if raw is not None else None
    if raw is not None and after is None:
        return HttpResponseBadRequest("“from” must be a game's number.", content_type="text/plain")
    game_id = next_game_for(request.user, after=after)
    if game_id is None:
        messages.info(request, "No other game is waiting for your move.")
        return redirect("games:my_games")
    return redirect("games:game", game_id)
