"""The lobby (open, direct and bot challenges), "my games", and rematches.

Every write is a POST that calls one service. A browser posting a plain form gets the
Post/Redirect/Get pattern: a message and a redirect (to the game, or back to the lobby
when the service refuses). An htmx request gets the lobby's panels re-rendered in place,
with the refusal's own status (400, 403 or 404) when the service refuses, or an
``HX-Redirect`` to the game once one starts.
"""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from games import services
from games.forms import ChallengeForm, DirectChallengeForm
from games.models import DAYS_PER_MOVE, Game
from games.rows import game_rows
from games.selectors import (
    challenges_incoming,
    challenges_outgoing,
    games_finished,
    games_their_turn,
    games_your_turn,
    open_challenges_for,
)
from notifications.services import accepted_unread
from ratings.glicko2 import PROVISIONAL_DEVIATION

FINISHED_LISTED = 30


def _lobby_context(request, *, challenge_form=None, direct_form=None) -> dict:
    user = request.user
    bots = list(get_user_model().objects.filter(is_bot=True, is_active=True).order_by("username"))
    return {
        "challenge_form": challenge_form or ChallengeForm(user=user),
        "direct_form": direct_form or DirectChallengeForm(user=user, auto_id="id_direct_%s"),
        "open_challenges": open_challenges_for(user),
        "outgoing": challenges_outgoing(user),
        "accepted_news": accepted_unread(user),
        "incoming": challenges_incoming(user),
        "bots": bots,
        # The direct form's script checks the opponent's name against these (bots play
        # casual games only; the form refuses a rated one without the script too).
        "bot_names": " ".join(bot.username for bot in bots),
        "days_choices": DAYS_PER_MOVE,
        "max_open": services.MAX_OPEN_CHALLENGES,
        "provisional_deviation": PROVISIONAL_DEVIATION,
    }


def _lobby_response(request, status=200, **forms):
    if not request.htmx:
        template = "games/lobby.html"
    elif request.htmx.target == "challenge-lists":  # the lists' own refresh
        template = "games/lobby.html#challenge-lists"
    else:
        template = "games/lobby.html#lobby-panels"
    return render(request, template, _lobby_context(request, **forms), status=status)


def _go(request, url):
    """After a successful write: to ``url`` (a redirect, or HX-Redirect for htmx)."""
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def _after_lobby_write(request, message: str):
    messages.success(request, message)
    if request.htmx:
        return _lobby_response(request)
    return redirect("games:lobby")


def _refused(request, error: services.GameError, *, back: str):
    """A refusal from a service: the message, and the error's status for htmx."""
    messages.error(request, str(error))
    if request.htmx:
        if back == reverse("games:lobby"):
            return _lobby_response(request, status=error.status)
        response = HttpResponseClientRedirect(back)
        response.status_code = error.status
        return response
    return redirect(back)


@require_safe
@login_required
def lobby(request):
    return _lobby_response(request)


@require_POST
@login_required
def challenge_new(request):
    """Create an open challenge, or a direct one when the form names an opponent."""
    direct = "opponent" in request.POST
    form_class = DirectChallengeForm if direct else ChallengeForm
    auto_id = "id_direct_%s" if direct else "id_%s"
    form = form_class(request.POST, user=request.user, auto_id=auto_id)
    if not form.is_valid():
        which = "direct_form" if direct else "challenge_form"
        return _lobby_response(request, status=400, **{which: form})
    try:
        game = services.challenge_create(user=request.user, **form.challenge_kwargs())
    except services.GameError as error:
        return _refused(request, error, back=reverse("games:lobby"))
    if game.status == game.Status.ACTIVE:
        # A bot accepted at once: straight to the table.
        messages.success(request, f"{game.invited.username} accepted: the game is on.")
        return _go(request, game.get_absolute_url())
    if game.invited is not None:
        message = f"Your challenge is on its way to {game.invited.username}."
    else:
        message = "Your open challenge is in the lobby; you will find the game under My games."
    return _after_lobby_write(request, message)


@require_POST
@login_required
def challenge_accept(request, game_id):
    try:
        game = services.challenge_accept(user=request.user, game_id=game_id)
    except services.GameError as error:
        return _refused(request, error, back=reverse("games:lobby"))
    opponent = game.created_by.username
    messages.success(request, f"You accepted {opponent}'s challenge: the game has begun.")
    return _go(request, game.get_absolute_url())


@require_POST
@login_required
def challenge_withdraw(request, game_id):
    """Cancel your own challenge, or decline one made to you."""
    try:
        cancelled = services.challenge_withdraw(user=request.user, game_id=game_id)
    except services.GameError as error:
        return _refused(request, error, back=reverse("games:lobby"))
    if cancelled:
        message = "Your challenge is cancelled."
    else:
        message = "You declined the challenge."
    return _after_lobby_write(request, message)


@require_safe
@login_required
def my_games(request):
    user = request.user
    players = ("player0", "player1")
    context = {
        "your_turn_rows": game_rows(
            games_your_turn(user).select_related(*players).order_by("deadline"), user
        ),
        "their_turn_rows": game_rows(
            games_their_turn(user).select_related(*players).order_by("deadline"), user
        ),
        "finished_rows": game_rows(
            games_finished(user).select_related(*players)[:FINISHED_LISTED], user
        ),
        "incoming": challenges_incoming(user),
        "outgoing": challenges_outgoing(user),
        "accepted_news": accepted_unread(user),
        "provisional_deviation": PROVISIONAL_DEVIATION,
    }
    template = "games/my_games.html#my-games-panels" if request.htmx else "games/my_games.html"
    return render(request, template, context)


@require_POST
@login_required
def game_rematch(request, game_id):
    try:
        game = services.game_rematch(user=request.user, game_id=game_id)
    except services.NoSuchGame as error:
        return _refused(request, error, back=reverse("games:my_games"))
    except services.GameError as error:
        return _refused(request, error, back=reverse("games:game", args=[game_id]))
    if game.status == Game.Status.ACTIVE and game.created_by_id != request.user.pk:
        message = "Your opponent had already asked for a rematch: the new game has begun."
    elif game.status == Game.Status.ACTIVE:
        message = "Your opponent accepted your rematch: the new game is under way."
    else:
        message = f"Rematch offered: {game.invited.username} can accept it from the lobby."
    messages.success(request, message)
    return _go(request, game.get_absolute_url())
