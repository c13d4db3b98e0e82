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
or when the stream fails, pages poll as before (docs/push.md).

This module publishes only (the bottom layer: services call it, it calls none of them).
The streams a page opens, and who may read which channel, are ``games.streams``.
"""

import logging

from django.conf import settings
from django.db import transaction

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
