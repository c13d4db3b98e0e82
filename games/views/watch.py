"""The games being played, for anyone to watch (``/watch/``), anonymous visitors included."""

from django.core.paginator import Paginator
from django.shortcuts import render
from django.views.decorators.http import require_safe

from games import registry
from games.watch import games_in_play, watch_rows

PER_PAGE = 20


@require_safe
def watch(request):
    """``?game=KEY`` keeps one game's tables (an unknown key: every game); ``?page=N``."""
    games = [(key, registry.rules(key).name) for key in registry.served()]
    kind = request.GET.get("game", "")
    if kind not in dict(games):
        kind = ""
    page = Paginator(games_in_play(kind or None), PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "games": games,
        "kind": kind,
        "page": page,
        "rows": watch_rows(page.object_list),
    }
    return render(request, "games/watch.html", context)
