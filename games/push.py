"""Push updates: a ping over Server-Sent Events when a game changes; the page then pulls.

A pushed event carries the game's id and action number only, never a card or any HTML:
on it the page makes the very poll request it would have made anyway (same view, same
seat checks), so nothing hidden can reach a browser through this path. Every viewer of
a game receives the same bytes.

Three kinds of channel, each a ping only: ``game-<id>`` (the table changed: event
``game``), ``chat-<id>`` (the game's chat has a new or hidden line: event ``chat``, to
those who may read that chat) and ``user-<id>`` (something in that person's lists or
badges changed: event ``user``, to that person only). A game page holds one stream,
``/events/games/<id>/``, on its game's channels and its viewer's own; every other page of
a signed-in person holds ``/events/me/``, on their own channel.

django-eventstream serves the streams on an ASGI server; with ``REDIS_URL`` set it fans events out
through Redis pub/sub, so every web process (and a Celery worker that times a game out)
reaches every open page. ``PUSH_EVENTS`` (off by default) says that the site runs under
an ASGI server: only then do pages carry the stream's address. Without it, under WSGI,
or when the stream fails, pages poll as before (docs/architecture.md, "Push updates").
"""

import logging

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.handlers.asgi import ASGIRequest
from django.db import connection, transaction
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from django_eventstream.channelmanager import DefaultChannelManager

from games.selectors import game_for_user

logger = logging.getLogger(__name__)

EVENT_TYPE = "game"
CHANNEL_PREFIX = "game-"
CHAT_EVENT = "chat"
CHAT_PREFIX = "chat-"
USER_EVENT = "user"
USER_PREFIX = "user-"


def channel_of(game_id) -> str:
    return f"{CHANNEL_PREFIX}{game_id}"


def chat_channel_of(game_id) -> str:
    return f"{CHAT_PREFIX}{game_id}"


def user_channel_of(user_id) -> str:
    return f"{USER_PREFIX}{user_id}"


def _send(channel: str, event_type: str, data: dict) -> None:
    from django_eventstream import send_event

    try:
        send_event(channel, event_type, data)
    except Exception:
        # A lost ping costs a page its next slow poll, never the change itself.
        logger.warning("push: could not publish on %s", channel, exc_info=True)


class _Publication:
    """One ping registered to go out when the transaction commits; ``key`` says which."""

    def __init__(self, key: tuple, publish):
        self.key = key
        self.publish = publish

    def __call__(self):
        self.publish()


def _on_commit(key: tuple, publish) -> None:
    """Register ``publish`` for the commit, unless the same ping (``key``) is registered
    already within the service's transaction (a move that also ends the game): it goes
    out once. One registered in an earlier, finished block (its savepoint released, as in
    the tests' one long transaction) does not count."""
    connection_ = transaction.get_connection()
    current = set(connection_.savepoint_ids)
    if connection_.in_atomic_block and any(
        getattr(item[1], "key", None) == key and set(item[0]) <= current
        for item in connection_.run_on_commit
    ):
        return
    transaction.on_commit(_Publication(key, publish))


def game_changed(game) -> None:
    """Tell ``game``'s open pages that it changed, once the transaction commits (nothing on
    rollback), and the people in it (their lists and badges: ``people_changed``). Called
    from every service that changes what a game's page shows; several calls for one game
    within one transaction publish once (a final move also ends the game)."""
    if not settings.PUSH_EVENTS:
        return
    game_id = game.pk  # a cancelled challenge's row is deleted before the commit

    def publish():
        data = {"game": game_id, "seq": game.n_actions}
        _send(channel_of(game_id), EVENT_TYPE, data)

    _on_commit(("game", game_id, game.n_actions), publish)
    people_changed(people_of(game), game_id=game_id, seq=game.n_actions)


def people_of(game) -> set[int]:
    """Whose lists and badges a change of ``game`` may change: its seated players and,
    while it waits, its creator and the people invited to it who have not declined (a
    person who declined a table hears no more of it: ``selectors.may_see``)."""
    if game.status != game.Status.WAITING:
        return {user_id for user_id in game.player_ids if user_id is not None}
    # Asked of the database: the seats of a waiting table change under the caller.
    people = {game.created_by_id}
    people.update(game.seats.values_list("user_id", flat=True))
    people.update(game.invitations.filter(declined=False).values_list("user_id", flat=True))
    people.discard(None)
    return people


def people_changed(user_ids, *, game_id=None, seq=None) -> None:
    """Ping each of ``user_ids`` on their own channel after the commit: their badges (games
    waiting for their move, unread notifications) or lists (challenges, tables, rematch
    offers) changed, because of ``game_id`` (at action ``seq``) if given. Once per person
    and game action within a transaction."""
    if not settings.PUSH_EVENTS:
        return
    for user_id in sorted(user_ids):

        def publish(user_id=user_id):
            _send(user_channel_of(user_id), USER_EVENT, {"game": game_id})

        _on_commit(("user", user_id, game_id, seq), publish)


def chat_changed(game_id: int, what) -> None:
    """Tell the open chat panels of ``game_id`` that it has a new or hidden line (``what``
    says which, for publishing once), after the commit. The ping names the game only: the
    panel fetches its lines as it does on its timed poll, with the same checks (mutes, who
    may read)."""
    if not settings.PUSH_EVENTS:
        return

    def publish():
        _send(chat_channel_of(game_id), CHAT_EVENT, {"game": game_id})

    _on_commit(("chat", game_id, what), publish)


def _release_connection() -> None:
    """Close this thread's database connection outside a transaction: a stream's request
    lasts as long as its page is open, and must not hold a database connection meanwhile
    (a thousand open pages would be a thousand connections)."""
    if not connection.in_atomic_block:
        connection.close()


def _reads_chat(game, seat) -> bool:
    """Whether the viewer at ``seat`` (None: not a player) reads ``game``'s chat panel."""
    from chat.services import has_company, may_read

    return may_read(game, seat) and has_company(game)


class GameChannels(DefaultChannelManager):
    """Who may read a channel: a game's, whoever may poll its page (``game_for_user``); a
    game's chat, whoever may read that chat (its players; everyone who may see the game
    once it is over); a person's own, that person only. The stream views check it first,
    and django-eventstream again on every (re)connection."""

    def can_read_channel(self, user, channel):
        if user is None or not user.is_authenticated:
            return False
        if channel.startswith(USER_PREFIX):
            return channel == user_channel_of(user.pk)
        try:
            if channel.startswith(CHANNEL_PREFIX):
                game_for_user(int(channel.removeprefix(CHANNEL_PREFIX)), user)
                return True
            if channel.startswith(CHAT_PREFIX):
                game, seat = game_for_user(int(channel.removeprefix(CHAT_PREFIX)), user)
                return _reads_chat(game, seat)
        except (Http404, ValueError):
            return False
        finally:
            _release_connection()
        return False

    def is_channel_reliable(self, channel):
        # No event storage: a page that missed a ping polls when its stream reopens.
        return False


def _under_asgi(request) -> bool:
    return settings.PUSH_EVENTS and isinstance(request, ASGIRequest)


# Query parameters of django-eventstream that these streams do not take: ``es-meta`` (a
# signed token naming a user and channels, which this site never hands out; a token that
# is not one crashed the library) and ``recover`` (a resumption behind a GRIP proxy, which
# this site does not run: the library looked for the proxy's ``request.grip``).
REFUSED_PARAMETERS = {
    "es-meta": "This stream takes no es-meta token: open it again without one.",
    "recover": "This stream does not recover missed events: open it again without recover.",
}


def _refused(request) -> HttpResponse | None:
    """A clear 400 for a query django-eventstream would fail on, before any stream opens
    (under WSGI too, so the answer does not depend on the server)."""
    for name, message in REFUSED_PARAMETERS.items():
        if name in request.GET:
            return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
    return None


@require_safe
@login_required
@never_cache
def game_stream(request, game_id):
    """A game page's event stream, for someone who may poll the game (else 404, like its
    page): the game's channel, its chat's when the viewer may read the chat, and the
    viewer's own (their badges), so a page holds one stream. Under WSGI (no ASGI server)
    the answer is 204, which tells a browser's EventSource to stop trying: the page keeps
    polling."""
    refused = _refused(request)
    if refused is not None:
        return refused
    game, seat = game_for_user(game_id, request.user)
    if not _under_asgi(request):
        return HttpResponse(status=204)
    from django_eventstream.views import events

    channels = [channel_of(game_id), user_channel_of(request.user.pk)]
    if _reads_chat(game, seat):
        channels.insert(1, chat_channel_of(game_id))
    _release_connection()  # login_required has loaded the user already
    return events(request, channels=channels)


@require_safe
@login_required
@never_cache
def user_stream(request):
    """The event stream of every page but a game's, for a signed-in person: their own
    channel only (their badges and lists). 204 under WSGI, as ``game_stream``."""
    refused = _refused(request)
    if refused is not None:
        return refused
    if not _under_asgi(request):
        return HttpResponse(status=204)
    from django_eventstream.views import events

    _release_connection()
    return events(request, channels=[user_channel_of(request.user.pk)])


@require_safe
@login_required
@never_cache
def badges(request):
    """What a page fetches on a ping of its viewer's channel: the navigation's "My games"
    and "Notifications" links with their badges, swapped in out of band (the same
    fragments a game poll's answer carries)."""
    return render(request, "_nav_badges.html")


def push_settings(request) -> dict:
    """Template context: whether pages offer their event stream (``PUSH_EVENTS``), and how
    often such a page still polls."""
    return {"push_events": settings.PUSH_EVENTS, "push_poll": f"{settings.PUSH_POLL_SECONDS}s"}
