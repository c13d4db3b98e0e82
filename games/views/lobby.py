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

from accounts.bots import level_bots, level_label, rated_game_choices
from games import invite_limits, services, tables
from games.forms import BotGameForm, ChallengeForm, DirectChallengeForm, TableForm, bot_games
from games.models import DAYS_PER_MOVE, Game
from games.outcomes import company
from games.rows import game_rows, table_row
from games.selectors import (
    challenges_incoming,
    challenges_outgoing,
    games_finished,
    games_their_turn,
    games_your_turn,
    is_challenge,
    open_challenges_for,
    tables_for,
)
from notifications.services import accepted_unread
from ratings.glicko2 import PROVISIONAL_DEVIATION

FINISHED_LISTED = 30


def _table_rows(user) -> list[dict]:
    """The waiting tables ``user`` sees, each with what the lobby shows of it."""
    return [table_row(game, user) for game in tables_for(user)]


def _lobby_context(
    request, *, challenge_form=None, direct_form=None, table_form=None, bot_error=""
) -> dict:
    user = request.user
    bots = list(get_user_model().objects.filter(is_bot=True, is_active=True).order_by("username"))
    # "Play a bot" offers one bot per level, easy to hard (accounts.bots): the further
    # accounts of a level are made for tables that need several (games.tables.bot_for).
    levels = level_bots()
    for bot in levels.values():  # the games and variants with its level, and its ratings
        bot.game_choices = rated_game_choices(bot, bot_games(bot.bot_level))
    table_rows = _table_rows(user)
    return {
        "table_form": table_form or TableForm(user=user, auto_id="id_table_%s"),
        "table_rows": table_rows,
        "my_tables": any(row["mine"] or row["can_leave"] for row in table_rows),
        "challenge_form": challenge_form or ChallengeForm(user=user),
        "direct_form": direct_form or DirectChallengeForm(user=user, auto_id="id_direct_%s"),
        "open_challenges": open_challenges_for(user),
        "outgoing": challenges_outgoing(user),
        "accepted_news": accepted_unread(user),
        "incoming": challenges_incoming(user),
        "bots": list(levels.values()),
        "bot_error": bot_error,  # "Play a bot" refused: shown in its panel
        # The direct form's script checks the opponent's name against these (bots play
        # casual games only; the form refuses a rated one without the script too).
        "bot_names": " ".join(bot.username for bot in bots),
        "days_choices": DAYS_PER_MOVE,
        "seat_choices": range(2, 11),
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


def _too_many(request, error, **form):
    """Beyond an hourly limit on what one sends (``games.invite_limits``): the lobby again
    with the reason above the form that was sent, 429 and ``Retry-After``. Nothing was
    written."""
    (bound,) = form.values()
    bound.add_error(None, str(error))
    response = _lobby_response(request, status=error.status, **form)
    response["Retry-After"] = str(error.retry_after)
    return response


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
    except invite_limits.TooManySent as error:
        return _too_many(request, error, **{"direct_form" if direct else "challenge_form": form})
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


def _lobby_call(request, service, **kwargs):
    """``service(user=request.user, **kwargs)``: (its result, None), or (None, the
    refusal's response back to the lobby)."""
    try:
        return service(user=request.user, **kwargs), None
    except services.GameError as error:
        return None, _refused(request, error, back=reverse("games:lobby"))


def _after_table_write(request, game: Game, message: str):
    """To the game once the table is full and has begun; else back to the table's page
    when the form was sent from it (``back=table``), or to the lobby."""
    if game.status == Game.Status.ACTIVE:
        messages.success(request, "The table is full: the game has begun.")
        return _go(request, game.get_absolute_url())
    if request.POST.get("back") == "table":
        messages.success(request, message)
        return _go(request, game.get_absolute_url())
    return _after_lobby_write(request, message)


@require_POST
@login_required
def table_new(request):
    form = TableForm(request.POST, user=request.user, auto_id="id_table_%s")
    if not form.is_valid():
        return _lobby_response(request, status=400, table_form=form)
    try:
        game = tables.table_create(user=request.user, **form.table_kwargs())
    except invite_limits.TooManySent as error:
        return _too_many(request, error, table_form=form)
    except services.GameError as error:
        return _refused(request, error, back=reverse("games:lobby"))
    return _after_table_write(
        request, game, "Your table is in the lobby; it starts when every seat is taken."
    )


@require_POST
@login_required
def bot_game(request):
    """ "Play a bot": a game against bots of one level in every other seat, begun at once."""
    form = BotGameForm(request.POST, user=request.user)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return _lobby_response(request, status=400)
    try:
        game = tables.table_against_bots(user=request.user, **form.table_kwargs())
    except services.TooManyBotGames as error:
        # Said in the "Play a bot" panel, next to its forms, with the refusal's status.
        return _lobby_response(request, status=error.status, bot_error=str(error))
    except services.GameError as error:
        return _refused(request, error, back=reverse("games:lobby"))
    if game.seats_count == 2:
        message = f"{game.players[1 - game.players.index(request.user)].username} accepted: "
        message += "the game is on."
    else:
        message = f"The game is on: you play {company(game, game.players.index(request.user))}."
    messages.success(request, message)
    return _go(request, game.get_absolute_url())


@require_POST
@login_required
def table_join(request, game_id):
    game, refused = _lobby_call(request, tables.table_join, game_id=game_id)
    if refused:
        return refused
    if game.status == Game.Status.ACTIVE and is_challenge(game):
        opponent = game.created_by.username
        messages.success(request, f"You accepted {opponent}'s challenge: the game has begun.")
        return _go(request, game.get_absolute_url())
    return _after_table_write(
        request, game, "You have a seat; the game starts when every seat is taken."
    )


LEAVE_MESSAGES = {
    tables.CANCELLED: "Your table is cancelled.",
    tables.LEFT: "You left the table.",
    tables.DECLINED: "You declined the invitation.",
}


@require_POST
@login_required
def table_leave(request, game_id):
    done, refused = _lobby_call(request, tables.table_leave, game_id=game_id)
    return refused or _after_lobby_write(request, LEAVE_MESSAGES[done])


@require_POST
@login_required
def table_add_bot(request, game_id):
    level = request.POST.get("level", "")
    game, refused = _lobby_call(request, tables.table_add_bot, game_id=game_id, level=level)
    return refused or _after_table_write(
        request, game, f"A {level_label(level)} bot took a seat; the table is casual now."
    )


@require_safe
@login_required
def my_games(request):
    user = request.user
    context = {
        "your_turn_rows": game_rows(games_your_turn(user).order_by("deadline"), user),
        "their_turn_rows": game_rows(games_their_turn(user).order_by("deadline"), user),
        "finished_rows": game_rows(games_finished(user)[:FINISHED_LISTED], user),
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
    if game.status == Game.Status.ACTIVE and not is_challenge(game):
        message = "Everyone asked for the rematch: the new game has begun."
    elif game.status == Game.Status.ACTIVE and game.created_by_id != request.user.pk:
        message = "Your opponent had already asked for a rematch: the new game has begun."
    elif game.status == Game.Status.ACTIVE:
        message = "Your opponent accepted your rematch: the new game is under way."
    elif game.invited is not None:
        message = f"Rematch offered: {game.invited.username} can accept it from the lobby."
    elif game.created_by_id == request.user.pk:
        message = "Rematch offered: the others can take their seats from the lobby."
    else:
        message = "You have a seat at the rematch; it starts when every seat is taken."
    messages.success(request, message)
    return _go(request, game.get_absolute_url())
