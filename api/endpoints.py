"""The API's endpoints (django-ninja): the OpenAPI description at ``/api/schema/`` and the
interactive docs at ``/api/docs/`` are generated from these functions and their schemas.

Every endpoint takes ``Authorization: Bearer <token>`` (``api.tokens``) with the scope it
names, and counts against the limits of its token and its client's address
(``api.limits``). Refusals answer ``{"detail": "<sentence>"}`` with their status: 401 no
live token, 403 a scope or an account that does not fit, 404 no such thing (or not yours
to see, the same answer), 409 a stale action number, 400 an illegal action (with the
engine's reason), 429 too many requests (``Retry-After``).

The endpoints are thin: games through ``games.selectors.game_for_user`` and the seat's
view, moves through ``games.services.game_act`` (the service the game page posts to),
tables through ``games.tables`` (the lobby's one flow), chat through
``chat.services.message_post``.
"""

from datetime import date, datetime, time
from typing import Annotated, Any

from allauth.account.adapter import get_adapter
from django.core.paginator import Paginator
from django.http import Http404, RawPostDataException
from django.utils import timezone
from ninja import Field, NinjaAPI, Query, Router, Schema, Status
from ninja.security import HttpBearer

from accounts.login_limits import client_network as network_of
from accounts.selectors import finished_games, player_by_name
from api import bots, feeds, limits, streams, tokens
from api.models import AccessToken
from chat.services import ChatError, message_post
from games import registry, services, tables
from games.errors import GameError
from games.kit.errors import IllegalAction
from games.selectors import game_for_user, record_for, visible_games
from games.watch import games_in_play
from ratings import selectors as boards
from ratings.models import Rating

Scope = AccessToken.Scope


class ScopeMissing(Exception):
    """A token without the scope an endpoint needs, or an account the endpoint is not for."""


def client_network(request) -> str:
    """The client's address as the log-in limits count it (an IPv6 /64 as one), behind
    the proxies the site trusts (allauth's ``get_client_ip``)."""
    return network_of(get_adapter(request).get_client_ip(request))


class Bearer(HttpBearer):
    """A live token with one of ``scopes``; the client's address and the token counted
    against their limits. The token's user becomes ``request.user``. ``accounts``: "bot"
    for the bot endpoints (API bots only), "person" for the board endpoints (people
    only), checked before the request's body is read."""

    def __init__(self, *scopes: str, accounts: str | None = None):
        super().__init__()
        self.scopes = scopes
        self.accounts = accounts

    def __call__(self, request):
        limits.check_address(client_network(request))
        return super().__call__(request)

    def authenticate(self, request, token):
        found = tokens.token_for(token)
        if found is None:
            return None
        limits.check_token(found.pk)
        if not set(self.scopes) & set(found.scopes):
            names = " or ".join(f'"{scope}"' for scope in self.scopes)
            raise ScopeMissing(f"This token lacks the scope {names} this request needs.")
        if self.accounts == "bot" and not found.user.is_api_bot:
            raise ScopeMissing("The bot endpoints are for bot accounts: use /api/board/.")
        if self.accounts == "person" and found.user.is_api_bot:
            raise ScopeMissing("The board endpoints are for people's accounts: use /api/bot/.")
        tokens.token_used(found)
        request.user = found.user
        request.token = found
        return found


api = NinjaAPI(
    title="XIX Online API",
    version="1",
    description=(
        "Read players, games and leaderboards; play as a bot or from your own program. "
        "Tokens are made on the settings page. See docs/api.md."
    ),
    urls_namespace="api",
    openapi_url="/schema/",
    docs_url="/docs/",
)


def _refusal(request, status: int, message: str, **extra):
    return api.create_response(request, {"detail": message, **extra}, status=status)


@api.exception_handler(limits.RateLimited)
def _rate_limited(request, error):
    response = _refusal(request, 429, str(error))
    response["Retry-After"] = str(error.retry_after)
    return response


@api.exception_handler(ScopeMissing)
def _scope_missing(request, error):
    return _refusal(request, 403, str(error))


@api.exception_handler(services.StaleSequence)
def _stale(request, error):
    message = "The game has moved on since the action number you sent."
    return _refusal(request, 409, message, n_actions=error.current)


@api.exception_handler(GameError)
def _game_error(request, error):
    return _refusal(request, error.status, str(error))


@api.exception_handler(IllegalAction)
def _illegal(request, error):
    return _refusal(request, 400, f"That action is not allowed: {error}.")


@api.exception_handler(RawPostDataException)
def _not_json(request, error):
    # A multipart form, which the site's middleware has read already: the API reads JSON.
    return _refusal(request, 400, "Send the request's body as JSON (application/json).")


@api.exception_handler(ChatError)
def _chat_error(request, error):
    response = _refusal(request, error.status, str(error))
    if error.retry_after:
        response["Retry-After"] = str(error.retry_after)
    return response


@api.exception_handler(Http404)
def _not_found(request, error):
    return _refusal(request, 404, str(error) or "Not found.")


READ = Bearer(Scope.READ)
# The streams' answer in the OpenAPI description: one JSON object a line (docs/api.md).
NDJSON = {
    "responses": {
        200: {
            "description": "NDJSON: one JSON object a line, empty lines to keep alive",
            "content": {"application/x-ndjson": {"schema": {"type": "object"}}},
        }
    }
}


class Refusal(Schema):
    detail: str


# --- schemas -------------------------------------------------------------------------------


class RatingOut(Schema):
    game: str
    variant: str
    rating: float
    deviation: float
    games: int


class PlayerOut(Schema):
    username: str
    bot: bool = Field(description="A bot: the site's or an API bot")
    api_bot: bool
    joined: datetime
    ratings: list[RatingOut]


class AccountOut(PlayerOut):
    scopes: list[str] = Field(description="The scopes of the token used")


class VariantOut(Schema):
    key: str
    label: str
    seat_counts: list[int]


class GameKindOut(Schema):
    key: str
    name: str
    record_format: str
    variants: list[VariantOut]


class RecordsPage(Schema):
    page: int
    pages: int
    count: int
    games: list[dict[str, Any]] = Field(description="Each a game record, as downloaded")


class LeaderOut(Schema):
    rank: int
    username: str
    bot: bool
    rating: float
    deviation: float
    games: int


class LeaderboardOut(Schema):
    game: str
    variant: str
    label: str
    players: list[LeaderOut]


class WatchedOut(Schema):
    id: int
    game: str
    variant: str
    seats: int
    players: list[str]
    n_actions: int
    to_move: int | None


class TableIn(Schema):
    game: str
    variant: str
    seats: int = 2
    days_per_move: int = 3
    rated: bool = False
    invite: list[str] = Field(default=[], description="Usernames invited (a bot sits at once)")


class TableOut(Schema):
    id: int
    status: str


class AnswerOut(Schema):
    ok: bool
    detail: str


class ActIn(Schema):
    action: dict[str, Any] = Field(description="One action in the game's record form")
    n_actions: int = Field(description="The action number your view showed (stale: 409)")


class ActOut(Schema):
    n_actions: int
    status: str


class ChatIn(Schema):
    text: str


def _ratings(user) -> list[dict]:
    served = registry.served()
    return [
        {
            "game": row.kind,
            "variant": row.variant,
            "rating": round(row.rating, 1),
            "deviation": round(row.deviation, 1),
            "games": row.games,
        }
        for row in Rating.objects.filter(user=user, games__gt=0).order_by("kind", "variant")
        if row.kind in served
    ]


def _player(user) -> dict:
    return {
        "username": user.username,
        "bot": user.shown_as_bot,
        "api_bot": user.is_api_bot,
        "joined": user.date_joined,
        "ratings": _ratings(user),
    }


# --- read ----------------------------------------------------------------------------------

read = Router(tags=["read"])


@read.get("/account", response=AccountOut, auth=READ)
def account(request):
    """The token's own account."""
    return {**_player(request.user), "scopes": request.token.scopes}


@read.get("/games", response=list[GameKindOut], auth=READ)
def games_list(request):
    """The games the site serves, their variants and each variant's seat counts."""
    return feeds.games_catalogue()


@read.get("/users/{username}", response=PlayerOut, auth=READ)
def player(request, username: str):
    """A player's public profile and ratings per game and variant."""
    return _player(player_by_name(username))


def _day(value: date | None, *, end: bool) -> datetime | None:
    if value is None:
        return None
    return timezone.make_aware(datetime.combine(value, time.max if end else time.min))


def _record(request, game) -> dict:
    return record_for(game, url=request.build_absolute_uri(game.get_absolute_url()))


MAX_PER_PAGE = 50


@read.get("/users/{username}/games", response={200: RecordsPage, 400: Refusal}, auth=READ)
def player_games(
    request,
    username: str,
    game: Annotated[str | None, Query(description="A game's key")] = None,
    variant: Annotated[str | None, Query(description="One of the game's variants")] = None,
    since: Annotated[date | None, Query(description="Finished on or after this day (UTC)")] = None,
    until: Annotated[date | None, Query(description="Finished on or before this day (UTC)")] = None,
    page: Annotated[int, Query(ge=1)] = 1,
    per_page: Annotated[int, Query(ge=1, le=MAX_PER_PAGE)] = 20,
):
    """A player's finished games, newest first, as records (``<game>/1``); those you may
    see only."""
    user = player_by_name(username)
    games = finished_games(user).filter(visible_games(request.user))
    if game is not None:
        if game not in registry.served():
            return Status(400, {"detail": f"No such game: {game!r}."})
        games = games.filter(kind=game)
        if variant is not None:
            if variant not in registry.rules(game).variants:
                return Status(400, {"detail": f"{game} has no variant {variant!r}."})
            games = games.filter(variant=variant)
    elif variant is not None:
        return Status(400, {"detail": "Name the game of that variant (game=...)."})
    if since is not None:
        games = games.filter(finished_at__gte=_day(since, end=False))
    if until is not None:
        games = games.filter(finished_at__lte=_day(until, end=True))
    pages = Paginator(games, per_page)
    current = pages.get_page(page) if page <= max(pages.num_pages, 1) else []
    return Status(
        200,
        {
            "page": page,
            "pages": pages.num_pages if pages.count else 0,
            "count": pages.count,
            "games": [_record(request, one) for one in current],
        },
    )


@read.get("/games/{int:game_id}/record", response={200: dict[str, Any], 403: Refusal}, auth=READ)
def game_record(request, game_id: int):
    """One game's record, once it is over (while it is played: 403, as the download)."""
    game, _seat = game_for_user(game_id, request.user)
    if not game.is_over:
        return Status(
            403, {"detail": "This game is still being played: its record comes at the end."}
        )
    return Status(200, _record(request, game))


@read.get("/leaderboards/{game}/{variant}", response={200: LeaderboardOut, 404: Refusal}, auth=READ)
def leaderboard_of(
    request, game: str, variant: str, limit: Annotated[int, Query(ge=1, le=200)] = 50
):
    """One variant's leaderboard, best first."""
    found = boards.board(game, variant)
    if found is None:
        return Status(404, {"detail": "No such game or variant."})
    rows = boards.leaderboard(game, variant)[:limit]
    players = [
        {
            "rank": rank,
            "username": row.user.username,
            "bot": row.user.shown_as_bot,
            "rating": round(row.rating, 1),
            "deviation": round(row.deviation, 1),
            "games": row.games,
        }
        for rank, row in enumerate(rows, start=1)
    ]
    return Status(200, {"game": game, "variant": variant, "label": found.label, "players": players})


@read.get("/watch", response=list[WatchedOut], auth=READ)
def watch(request, game: str | None = None, limit: Annotated[int, Query(ge=1, le=200)] = 50):
    """Public games being played, the latest to change first: no card, only who plays,
    how many actions and whose turn."""
    games = games_in_play(game).prefetch_related("seats__user")[:limit]
    return [
        {
            "id": one.pk,
            "game": one.kind,
            "variant": one.variant,
            "seats": one.seats_count,
            "players": [p.username if p else "?" for p in one.players],
            "n_actions": one.n_actions,
            "to_move": one.to_move,
        }
        for one in games
    ]


# --- challenges and tables -----------------------------------------------------------------

challenges = Router(tags=["challenges"])
WRITE = Bearer(Scope.CHALLENGE_WRITE)


@challenges.post("", response={200: TableOut, 400: Refusal, 404: Refusal}, auth=WRITE)
def challenge_create(request, body: TableIn):
    """Set up a table (a challenge is a table of two): open, or inviting players by name.
    The lobby's service, with its limits."""
    invited = [player_by_name(name) for name in body.invite]
    game = tables.table_create(
        user=request.user,
        kind=body.game,
        variant=body.variant,
        seats=body.seats,
        days_per_move=body.days_per_move,
        rated=body.rated,
        invited=invited,
    )
    return Status(200, {"id": game.pk, "status": game.status})


@challenges.post("/{int:game_id}/accept", response={200: TableOut}, auth=WRITE)
def challenge_accept(request, game_id: int):
    """Accept an invitation, or take a free seat at an open table."""
    game = tables.table_join(user=request.user, game_id=game_id)
    return Status(200, {"id": game.pk, "status": game.status})


@challenges.post("/{int:game_id}/decline", response={200: AnswerOut}, auth=WRITE)
def challenge_decline(request, game_id: int):
    """Decline an invitation, give up a seat at a waiting table, or cancel your own."""
    what = tables.table_leave(user=request.user, game_id=game_id)
    return Status(200, {"ok": True, "detail": what})


# --- playing: bots and boards --------------------------------------------------------------


def _moved(game) -> Status:
    """The answer to an act, resign or abort: the game's action count and status after it."""
    return Status(200, {"n_actions": game.n_actions, "status": game.status})


def _play_router(kind: str, scope: str, accounts: str) -> Router:
    """The game endpoints of bots (``/api/bot/game/...``) or of people's own programs
    (``/api/board/game/...``): the same endpoints, each for its kind of account."""
    router = Router(tags=[kind])
    auth = Bearer(scope, accounts=accounts)

    @router.get(
        "/game/{int:game_id}/stream",
        url_name=f"{kind}_stream",
        operation_id=f"{kind}_stream",
        auth=auth,
        response={200: None},
        openapi_extra=NDJSON,
    )
    async def game_stream(request, game_id: int):
        """NDJSON: first ``gameFull`` (the game and your seat's view, with your legal
        actions in record form when it is your turn) and a ``chatLine`` for each message
        of its chat so far, then a ``gameState`` line with the whole view at each change
        and a ``chatLine`` for each new message; empty lines to keep the connection
        alive."""
        feed = feeds.GameFeed(game_id=game_id, user=request.user)
        return await streams.ndjson_response(request, feed)

    @router.post(
        "/game/{int:game_id}/act",
        url_name=f"{kind}_act",
        operation_id=f"{kind}_act",
        auth=auth,
        response={200: ActOut, 400: Refusal, 403: Refusal, 409: Refusal},
    )
    def act(request, game_id: int, body: ActIn):
        """Play one action (one of your view's ``legal_actions``) at action number
        ``n_actions``: applied once; a stale number is 409, an illegal action 400."""
        game, _state, _events = services.game_act(
            user=request.user, game_id=game_id, action=body.action, expected_seq=body.n_actions
        )
        return _moved(game)

    @router.post(
        "/game/{int:game_id}/resign",
        url_name=f"{kind}_resign",
        operation_id=f"{kind}_resign",
        auth=auth,
        response={200: ActOut},
    )
    def resign(request, game_id: int):
        """Resign (before each player's first move: the game is aborted instead)."""
        game = services.game_resign(user=request.user, game_id=game_id)
        return _moved(game)

    @router.post(
        "/game/{int:game_id}/abort",
        url_name=f"{kind}_abort",
        operation_id=f"{kind}_abort",
        auth=auth,
        response={200: ActOut},
    )
    def abort(request, game_id: int):
        """Abort the game while nobody's result is at stake yet."""
        game = services.game_abort_by_player(user=request.user, game_id=game_id)
        return _moved(game)

    @router.post(
        "/game/{int:game_id}/rematch",
        url_name=f"{kind}_rematch",
        operation_id=f"{kind}_rematch",
        auth=auth,
        response={200: TableOut, 400: Refusal, 403: Refusal},
    )
    def rematch(request, game_id: int):
        """Offer a rematch of the game once it is over (the same table again: its other
        players are invited, and see the offer on their event stream with ``rematch_of``),
        or accept the one offered. The lobby's service, with its limits."""
        game = tables.table_rematch(user=request.user, game_id=game_id)
        return Status(200, {"id": game.pk, "status": game.status})

    @router.post(
        "/game/{int:game_id}/chat",
        url_name=f"{kind}_chat",
        operation_id=f"{kind}_chat",
        auth=auth,
        response={200: AnswerOut, 400: Refusal, 403: Refusal, 429: Refusal},
    )
    def chat(request, game_id: int, body: ChatIn):
        """Write a line in the game's chat (its players read it)."""
        game, _seat = game_for_user(game_id, request.user)
        message, _new = message_post(author=request.user, game=game, text=body.text, last_seen=0)
        return Status(200, {"ok": True, "detail": f"message {message.pk}"})

    return router


bot = _play_router("bot", Scope.BOT_PLAY, "bot")
board = _play_router("board", Scope.BOARD_PLAY, "person")


@bot.post("/account/upgrade", auth=Bearer(Scope.BOT_PLAY), response={200: PlayerOut, 400: Refusal})
def upgrade(request):
    """Turn this account into a bot, for good. Only an account that has never played."""
    try:
        user = bots.account_upgrade_to_bot(user=request.user)
    except bots.UpgradeRefused as error:
        return Status(400, {"detail": str(error)})
    return Status(200, _player(user))


events = Router(tags=["events"])


@events.get(
    "/event",
    auth=Bearer(Scope.BOT_PLAY, Scope.BOARD_PLAY),
    response={200: None},
    openapi_extra=NDJSON,
)
async def event_stream(request):
    """NDJSON: the invitations pending (``challenge``, ``tableInvitation``; a rematch offer
    has ``rematch_of``, the game it follows) and the games in play (``gameStart``), then
    each change: invitations received or gone (``challengeGone``), games started and
    finished (``gameFinish``); empty lines to keep the connection alive."""
    return await streams.ndjson_response(request, feeds.EventFeed(user=request.user))


api.add_router("/", read)
api.add_router("/challenges", challenges)
api.add_router("/bot", bot)
api.add_router("/board", board)
api.add_router("/stream", events)
