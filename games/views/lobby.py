"""The lobby (tables of every game and size: a challenge is a table of two; games against
bots), "my games", and rematches.

Every write is a POST that calls one service. A browser posting a plain form gets the
Post/Redirect/Get pattern: a message and a redirect (to the game, or back to the lobby
when the service refuses). An htmx request gets the lobby's panels re-rendered in place,
with the refusal's own status (400, 403 or 404) when the service refuses, or an
``HX-Redirect`` to the game once one starts.
"""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from accounts.bots import level_label
from games import invite_limits, registry, tables
from games.errors import GameError, NoSuchGame
from games.forms import (
    AGAINST_BOTS,
    NAMED,
    QUICK,
    TABLE,
    LobbyForm,
    chosen_game,
    option_fields,
    posted_options,
)
from games.models import Game
from games.outcomes import company
from games.rows import game_rows, table_row
from games.selectors import games_finished, games_their_turn, games_your_turn, tables_for
from notifications.services import accepted_unread
from ratings.glicko2 import PROVISIONAL_DEVIATION
from xix_site import rules_pages

FINISHED_LISTED = 30


def _table_rows(user) -> dict:
    """The waiting tables ``user`` sees, each with what the lobby shows of it, in three
    lists: the invitations waiting for their answer, their own tables (set up by them or
    with their seat), and the others' open ones."""
    rows = {"invited": [], "mine": [], "open": []}
    for game in tables_for(user):
        row = table_row(game, user)
        if row["can_decline"]:
            rows["invited"].append(row)
        elif row["mine"] or row["can_leave"]:
            rows["mine"].append(row)
        elif tables.offered_to(game, user):  # a "Play now" table offered to others first
            # Offered to this player before everyone: said in the row while it lasts.
            offered = game.offered_until and game.offered_until > timezone.now()
            row["offered_until"] = game.offered_until if offered else None
            rows["open"].append(row)
    return rows


def _waiting_rows(user) -> dict:
    """The invitations waiting for ``user``'s answer and their own waiting tables, for
    the lobby and "My games"."""
    rows = _table_rows(user)
    return {"invited_rows": rows["invited"], "my_rows": rows["mine"]}


# The fields of the lobby's form a query may fill in (``?game=xeri&variant=classic&seats=4``:
# a game's "Play" button, a profile's "Challenge this player", the form re-rendered for the
# choices made, with or without a script).
QUERY_FIELDS = ("seats", "who", "invited", "level", "days_per_move", "rated")


def _queried(query) -> dict:
    """The lobby form's initial values from ``query``: ``game`` (a game, or
    ``"<kind>/<variant>"``) and ``variant``, the fields of ``QUERY_FIELDS`` and the
    game's options; ``opponent=<name>`` names the player to challenge."""
    game = query.get("game", "")[:60]
    if "/" not in game and query.get("variant"):
        game = f"{game}/{query['variant'][:30]}"
    game = chosen_game(game)
    kind = game.partition("/")[0]
    fields = [*QUERY_FIELDS, *(field for field, _option in option_fields(kind))]
    initial = {name: query[name][:1500] for name in fields if query.get(name)}
    if query.get("opponent"):
        initial.update(invited=query["opponent"][:150], who=NAMED)
    initial["game"] = game
    return initial


def _lobby_form(request, data=None, action="") -> LobbyForm:
    """The lobby's one form: bound to ``data`` (posted by the button ``action``), else
    opened on the query's choices (``_queried``), or after a post that was done on its
    choices but the names invited."""
    if request.method == "POST":
        initial = _queried(request.POST)
        initial.pop("invited", None)
    else:
        initial = _queried(request.GET)
    return LobbyForm(
        data,
        action=action,
        user=request.user,
        auto_id="id_lobby_%s",
        initial=initial,
        game=initial["game"],
    )


def _lobby_context(request, *, form=None) -> dict:
    """The lobby's context: ``form`` is the one form as posted (with its errors), else
    the form opened on the query's choices."""
    user = request.user
    form = form or _lobby_form(request)
    bots = get_user_model().objects.filter(is_bot=True, is_active=True)
    rows = _table_rows(user)
    chosen = form.chosen.partition("/")[0]
    return {
        # "Choose a game": a card per served game, the chosen one (``?game=``) marked.
        "game_cards": [page for page in rules_pages.games() if page.playable],
        "chosen_kind": chosen,
        "chosen_name": registry.rules(chosen).name,
        "form": form,
        "who": form.who_chosen,
        "seats": form.seats_chosen,
        # Bots to play (or a level refused, said by its choice).
        "has_bots": any(row.bot is not None for row in form.level_rows) or form["level"].errors,
        "invited_rows": rows["invited"],
        "my_rows": rows["mine"],
        "open_rows": rows["open"],
        "accepted_news": accepted_unread(user),
        # The form's script checks the invited names against these (bots play casual
        # games only; the form refuses a rated one without the script too).
        "bot_names": " ".join(bots.values_list("username", flat=True)),
        "max_open": tables.MAX_WAITING_TABLES,
        "offer_minutes": round(tables.OFFER_WINDOW.total_seconds() / 60),
        "near_rating": tables.NEAR_RATING,
        "provisional_deviation": PROVISIONAL_DEVIATION,
    }


def _lobby_response(request, status=200, form=None):
    if not request.htmx:
        template = "games/lobby.html"
    elif request.htmx.target in ("table-lists", "challenge-lists"):  # the lists' refresh
        # ("challenge-lists": its name in lobby pages loaded before challenges were tables)
        template = "games/lobby.html#table-lists"
    elif request.htmx.target == "lobby-form" and request.method in ("GET", "HEAD"):
        template = "games/lobby.html#lobby-form"  # the form follows the choices made
    else:
        template = "games/lobby.html#lobby-panels"
    return render(request, template, _lobby_context(request, form=form), status=status)


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


def _refused(request, error: GameError, *, back: str):
    """A refusal from a service: the message, and the error's status for htmx."""
    messages.error(request, str(error))
    if request.htmx:
        if back == reverse("games:lobby"):
            return _lobby_response(request, status=error.status)
        response = HttpResponseClientRedirect(back)
        response.status_code = error.status
        return response
    return redirect(back)


def _too_many(request, error, form):
    """Beyond a limit on what one sends (``games.invite_limits``, the games against bots
    at once): the lobby again with the reason at the top of the form, the error's status
    (429, with ``Retry-After`` when it has one). Nothing was written."""
    form.add_error(None, str(error))
    response = _lobby_response(request, status=error.status, form=form)
    if getattr(error, "retry_after", None):
        response["Retry-After"] = str(error.retry_after)
    return response


@require_safe
@login_required
def lobby(request):
    return _lobby_response(request)


@require_POST
@login_required
def lobby_choose(request):
    """The form's "Show the choices" without a script: the lobby again, opened on the
    choices posted (``?game=...&variant=...&seats=...``), nothing written. Posted, so that
    the form's CSRF token never lands in an address."""
    game = chosen_game(request.POST.get("game", "")[:60])
    kind, _, variant = game.partition("/")
    fields = [*QUERY_FIELDS, *(field for field, _option in option_fields(kind))]
    query = QueryDict(mutable=True)
    query.update({"game": kind, "variant": variant})
    for name in fields:
        if request.POST.get(name):
            query[name] = request.POST[name][:1500]
    return redirect(f"{reverse('games:lobby')}?{query.urlencode()}#lobby-form")


def _lobby_call(request, service, **kwargs):
    """``service(user=request.user, **kwargs)``: (its result, None), or (None, the
    refusal's response back to the lobby)."""
    try:
        return service(user=request.user, **kwargs), None
    except GameError as error:
        return None, _refused(request, error, back=reverse("games:lobby"))


def _started_message(game: Game, user) -> str:
    """What the person whose request started ``game`` reads on its page."""
    if game.seats_count == 2 and game.created_by_id != user.pk:
        return f"You accepted {game.created_by.username}'s challenge: the game has begun."
    if game.seats_count == 2:
        opponent = next(p for p in game.players if p.pk != user.pk)
        if opponent.shown_as_bot:  # a bot sits down at once: nobody accepted anything
            return f"Your game against {opponent.username} has begun."
        return f"{opponent.username} accepted: the game is on."
    return f"The table is full: the game has begun. You play {company(game, game.seat_of(user))}."


def _after_table_write(request, game: Game, message: str):
    """To the game once the table is full and has begun; else back to the table's page
    when the form was sent from it (``back=table``), or to the lobby."""
    if game.status == Game.Status.ACTIVE:
        messages.success(request, _started_message(game, request.user))
        return _go(request, game.get_absolute_url())
    if request.POST.get("back") == "table":
        messages.success(request, message)
        return _go(request, game.get_absolute_url())
    return _after_lobby_write(request, message)


def _created_message(game: Game) -> str:
    invited = [i.user.username for i in game.invitations.select_related("user")]
    if game.seats_count == 2 and invited:
        return f"Your challenge is on its way to {invited[0]}."
    if game.seats_count == 2:
        return "Your open challenge is in the lobby; you will find the game under My games."
    if invited:
        return f"Your table is set up; {', '.join(invited)} can take their seats from the lobby."
    return "Your table is in the lobby; it starts when every seat is taken."


def _table_new(request, data):
    form = _lobby_form(request, data, action=TABLE)
    if not form.is_valid():
        return _lobby_response(request, status=400, form=form)
    try:
        game = tables.table_create(user=request.user, **form.table_kwargs())
    except invite_limits.TooManySent as error:
        return _too_many(request, error, form)
    except GameError as error:
        return _refused(request, error, back=reverse("games:lobby"))
    return _after_table_write(request, game, _created_message(game))


@require_POST
@login_required
def table_new(request):
    """Set up a table: a challenge (two seats, open or to one named player) or a table of
    more seats, open or with invitations."""
    return _table_new(request, request.POST)


@require_POST
@login_required
def table_quick(request):
    """ "Play now": a seat at a waiting open table of the game posted (its creator nearest
    in rating), else a new open table of it (``tables.table_quick``)."""
    if "seats" in request.POST:  # the lobby's form: its variant, seats and terms
        form = _lobby_form(request, request.POST, action=QUICK)
        if not form.is_valid():
            return _lobby_response(request, status=400, form=form)
        asked = form.quick_kwargs()
    else:  # a game alone (a page loaded before the one form): any table of it
        kind = request.POST.get("game", "").partition("/")[0]
        options = posted_options(kind, request.POST) if kind in registry.served() else {}
        asked = {"kind": kind, "options": options}
    game, refused = _lobby_call(request, tables.table_quick, **asked)
    if refused:
        return refused
    if game.created_by_id == request.user.pk and game.status == Game.Status.WAITING:
        return _after_table_write(request, game, _created_message(game))
    return _after_table_write(
        request, game, "You have a seat; the game starts when every seat is taken."
    )


@require_POST
@login_required
def challenge_new(request):
    """The former challenge form's address (``/challenges/new``: an XIX challenge of two,
    open, or to ``opponent``): its fields read as the table form's, served by the one
    flow. The game is the site's first (``registry.default_game``), the one whose
    variants that form offered."""
    kind = registry.default_game().partition("/")[0]
    variant = request.POST.get("variant", "")
    data = QueryDict(mutable=True)
    data.update(
        {
            "game": f"{kind}/{variant}" if variant else "",
            "seats": "2",
            "invited": request.POST.get("opponent", ""),
            "days_per_move": request.POST.get("days_per_move", ""),
            "rated": request.POST.get("rated", ""),
        }
    )
    return _table_new(request, data)


@require_POST
@login_required
def bot_game(request):
    """ "Play a bot": a game against bots of one level in every other seat, begun at once."""
    form = _lobby_form(request, request.POST, action=AGAINST_BOTS)
    if not form.is_valid():  # said by the fields of the form, which keeps its choices
        return _lobby_response(request, status=400, form=form)
    try:
        game = tables.table_against_bots(user=request.user, **form.bot_kwargs())
    except tables.TooManyBotGames as error:
        return _too_many(request, error, form)
    except GameError as error:
        return _refused(request, error, back=reverse("games:lobby"))
    if game.seats_count == 2:
        message = _started_message(game, request.user)
    else:
        message = f"The game is on: you play {company(game, game.seat_of(request.user))}."
    messages.success(request, message)
    return _go(request, game.get_absolute_url())


@require_POST
@login_required
def table_join(request, game_id):
    """Take a seat at a table, or accept an invitation (a direct challenge's too)."""
    game, refused = _lobby_call(request, tables.table_join, game_id=game_id)
    if refused:
        return refused
    return _after_table_write(
        request, game, "You have a seat; the game starts when every seat is taken."
    )


LEAVE_MESSAGES = {
    tables.CANCELLED: "Your table is cancelled.",
    tables.LEFT: "You left the table.",
    tables.DECLINED: "You declined the invitation.",
}
# At a table of two the words of a challenge.
LEAVE_MESSAGES_TWO = {
    tables.CANCELLED: "Your challenge is cancelled.",
    tables.DECLINED: "You declined the challenge.",
}


@require_POST
@login_required
def table_leave(request, game_id):
    """Leave a table, decline an invitation or cancel your own table (or challenge)."""
    two = Game.objects.filter(pk=game_id, seats_count=2).exists()
    done, refused = _lobby_call(request, tables.table_leave, game_id=game_id)
    if refused:
        return refused
    words = LEAVE_MESSAGES_TWO if two else {}
    return _after_lobby_write(request, words.get(done, LEAVE_MESSAGES[done]))


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
        **_waiting_rows(user),
        "accepted_news": accepted_unread(user),
        "provisional_deviation": PROVISIONAL_DEVIATION,
    }
    template = "games/my_games.html#my-games-panels" if request.htmx else "games/my_games.html"
    return render(request, template, context)


@require_POST
@login_required
def game_rematch(request, game_id):
    """Ask for the same table again after a finished game, or accept the others' request."""
    try:
        game = tables.table_rematch(user=request.user, game_id=game_id)
    except NoSuchGame as error:
        return _refused(request, error, back=reverse("games:my_games"))
    except GameError as error:
        return _refused(request, error, back=reverse("games:game", args=[game_id]))
    mine = game.created_by_id == request.user.pk
    if game.status == Game.Status.ACTIVE and game.seats_count != 2:
        message = "Everyone asked for the rematch: the new game has begun."
    elif game.status == Game.Status.ACTIVE and not mine:
        message = "Your opponent had already asked for a rematch: the new game has begun."
    elif game.status == Game.Status.ACTIVE:
        message = "Your opponent accepted your rematch: the new game is under way."
    elif mine and game.seats_count == 2:
        invited = game.invitations.select_related("user").first()
        message = f"Rematch offered: {invited.user.username} can accept it from the lobby."
    elif mine:
        message = "Rematch offered: the others can take their seats from the lobby."
    else:
        message = "You have a seat at the rematch; it starts when every seat is taken."
    messages.success(request, message)
    return _go(request, game.get_absolute_url())
