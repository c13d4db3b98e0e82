"""Push updates: a ping over Server-Sent Events when a game changes; the page then pulls.

A pushed event carries the game's id and action number only, never a card or any HTML:
on it the page makes the very poll request it would have made anyway (same view, same
seat checks), so nothing hidden can reach a browser through this path. Every viewer of
a game receives the same bytes.

django-eventstream serves the streams (``/events/games/<id>/``, one channel
``game-<id>`` per game) on an ASGI server; with ``REDIS_URL`` set it fans events out
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
from django.http import Http404, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from django_eventstream.channelmanager import DefaultChannelManager

from games.selectors import game_for_user

logger = logging.getLogger(__name__)

EVENT_TYPE = "game"
CHANNEL_PREFIX = "game-"


def channel_of(game_id) -> str:
    return f"{CHANNEL_PREFIX}{game_id}"


def payload(game) -> dict:
    """What every viewer of ``game`` is told: which game changed and its action number."""
    return {"game": game.pk, "seq": game.n_actions}


def _send(game_id: int, data: dict) -> None:
    from django_eventstream import send_event

    try:
        send_event(channel_of(game_id), EVENT_TYPE, data)
    except Exception:
        # A lost ping costs a page its next slow poll, never the change itself.
        logger.warning("push: could not publish game %s", game_id, exc_info=True)


def game_changed(game) -> None:
    """Tell ``game``'s open pages that it changed, once the transaction commits (nothing on
    rollback). Called from every service that changes what a game's page shows; several
    calls for one game object within one transaction publish once (a final move also ends
    the game)."""
    if not settings.PUSH_EVENTS:
        return
    pending = getattr(game, "_push_pending", None)
    if pending is not None and any(
        item[1] is pending for item in transaction.get_connection().run_on_commit
    ):
        return

    def publish():
        _send(game.pk, payload(game))

    game._push_pending = publish
    transaction.on_commit(publish)


def _release_connection() -> None:
    """Close this thread's database connection outside a transaction: a stream's request
    lasts as long as its page is open, and must not hold a database connection meanwhile
    (a thousand open pages would be a thousand connections)."""
    if not connection.in_atomic_block:
        connection.close()


class GameChannels(DefaultChannelManager):
    """Who may read a game's channel: whoever may poll its page (``game_for_user``); the
    stream view checks it first, and django-eventstream again on every (re)connection."""

    def can_read_channel(self, user, channel):
        if user is None or not channel.startswith(CHANNEL_PREFIX):
            return False
        try:
            game_for_user(int(channel.removeprefix(CHANNEL_PREFIX)), user)
        except (Http404, ValueError):
            return False
        finally:
            _release_connection()
        return True

    def is_channel_reliable(self, channel):
        # No event storage: a page that missed a ping polls when its stream reopens.
        return False


@require_safe
@login_required
@never_cache
def game_stream(request, game_id):
    """The game's event stream for someone who may poll it (else 404, like its page).
    Under WSGI (no ASGI server) the answer is 204, which tells a browser's EventSource to
    stop trying: the page keeps polling."""
    game_for_user(game_id, request.user)
    if not settings.PUSH_EVENTS or not isinstance(request, ASGIRequest):
        return HttpResponse(status=204)
    from django_eventstream.views import events

    _release_connection()  # login_required has loaded the user already
    return events(request, channels=[channel_of(game_id)])


def push_settings(request) -> dict:
    """Template context: whether pages offer their event stream (``PUSH_EVENTS``), and how
    often such a page still polls."""
    return {"push_events": settings.PUSH_EVENTS, "push_poll": f"{settings.PUSH_POLL_SECONDS}s"}
