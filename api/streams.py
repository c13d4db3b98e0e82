"""The API's NDJSON streams: one JSON object a line, and an empty line as a keep-alive
every ``API_KEEPALIVE_SECONDS`` when there is nothing to say.

Two ways to wait for a change, the answer's lines the same either way (under an ASGI
server the stream is an asynchronous iterator, under WSGI a plain one: each server sends
its own kind line by line, and reads the other kind to its end before sending anything):

- **Push** (``PUSH_EVENTS`` under an ASGI server): the stream listens on the site's ping
  channels its feed names (``games.push``: ``game-<id>`` and ``chat-<id>`` for a game,
  ``user-<id>`` for an account)
  through django-eventstream's listener, so a ping published by any process (through
  Redis when ``REDIS_URL`` is set) wakes it; it then reads what changed. It lasts until
  the game is over (a game stream) or the client leaves.
- **Long-poll** (push off, or WSGI): the stream reads again every ``API_POLL_SECONDS``
  and ends after ``API_LONG_POLL_SECONDS`` (or with the game); the client opens it again
  and starts from the first line once more.

The feeds (``api.feeds``) read the database in a thread and close its connection after
each read, so an open stream holds none.
"""

import asyncio
import json
import time

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.http import StreamingHttpResponse

MEDIA_TYPE = "application/x-ndjson"


def pushed(request) -> bool:
    """Whether a stream answering ``request`` waits for pings (else it long-polls)."""
    return settings.PUSH_EVENTS and isinstance(request, ASGIRequest)


def encode(lines) -> str:
    return "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)


class _Pings:
    """A listener on ``channels`` of django-eventstream's in-process listener manager
    (fed by Redis pub/sub when the site has Redis)."""

    def __init__(self, channels):
        from django_eventstream.views import Listener, get_listener_manager

        self.manager = get_listener_manager()
        self.listener = Listener()
        self.listener.channels = set(channels)
        self.listener.assign_loop()
        self.manager.add_listener(self.listener)

    async def wait(self, timeout: float) -> set[str]:
        """The channels pinged within ``timeout`` seconds (none: a quiet while)."""
        try:
            await asyncio.wait_for(self.listener.aevent.wait(), timeout)
        except TimeoutError:
            return set()
        return self.take()

    def take(self) -> set[str]:
        """The channels pinged since the last look, without waiting. The pings themselves
        are dropped: the feed reads the state afresh."""
        with self.manager.lock:
            if not self.listener.aevent.is_set():
                return set()
            pinged = set(self.listener.channel_items) or set(self.listener.channels)
            self.listener.aevent.clear()
            self.listener.channel_items = {}
            self.listener.overflow = False
        return pinged

    def close(self) -> None:
        self.manager.remove_listener(self.listener)


async def _async_lines(feed, *, pings, first):
    """The stream under an ASGI server: woken by pings (push on) or reading every
    API_POLL_SECONDS for at most API_LONG_POLL_SECONDS (push off). A feed reads at most
    once every ``feed.min_interval`` seconds (from the end of one read to the start of the
    next): the pings meanwhile wait for that read."""
    loop = asyncio.get_running_loop()
    end = None if pings is not None else loop.time() + settings.API_LONG_POLL_SECONDS
    try:
        lines, done = first
        yield encode(lines)
        quiet_since = read_at = loop.time()
        while not done and (end is None or loop.time() < end):
            keepalive = settings.API_KEEPALIVE_SECONDS
            # The channels pinged; None (read everything): a long-poll's turn, or a quiet
            # while under push (what changes without a ping, a table lapsing, shows then).
            pinged = None
            if pings is not None:
                pinged = await pings.wait(max(0.0, quiet_since + keepalive - loop.time()))
                if pinged:
                    await asyncio.sleep(max(0.0, read_at + feed.min_interval - loop.time()))
                    pinged |= pings.take()
                else:
                    pinged = None
            else:
                await asyncio.sleep(max(0.0, min(settings.API_POLL_SECONDS, end - loop.time())))
            lines, done = await sync_to_async(feed.update)(pinged)
            # Counted from the read's end: the next read starts min_interval after this
            # one finished, however long the thread pool took to start it.
            read_at = loop.time()
            if lines:
                quiet_since = loop.time()
                yield encode(lines)
            elif loop.time() - quiet_since >= keepalive:
                quiet_since = loop.time()
                yield "\n"
    finally:
        if pings is not None:
            pings.close()


def _polled_lines(feed, *, first):
    """The stream under a WSGI server: a plain iterator (which WSGI sends line by line; an
    asynchronous one it would read to its end first) reading every API_POLL_SECONDS for
    at most API_LONG_POLL_SECONDS."""
    lines, done = first
    yield encode(lines)
    end = time.monotonic() + settings.API_LONG_POLL_SECONDS
    quiet_since = time.monotonic()
    while not done and time.monotonic() < end:
        time.sleep(max(0.0, min(settings.API_POLL_SECONDS, end - time.monotonic())))
        lines, done = feed.update()
        if lines:
            quiet_since = time.monotonic()
            yield encode(lines)
        elif time.monotonic() - quiet_since >= settings.API_KEEPALIVE_SECONDS:
            quiet_since = time.monotonic()
            yield "\n"


async def ndjson_response(request, feed) -> StreamingHttpResponse:
    """The stream of ``feed`` for ``request``. The first lines are read before the answer
    starts, so a refusal (not a player, no such game) is a plain 4xx."""
    push = pushed(request)
    # Listening from before the first read: a change meanwhile is not missed.
    pings = _Pings(feed.channels) if push else None
    try:
        first = await sync_to_async(feed.start)()
    except BaseException:
        if pings is not None:
            pings.close()
        raise
    if isinstance(request, ASGIRequest):
        lines = _async_lines(feed, pings=pings, first=first)
    else:
        lines = _polled_lines(feed, first=first)
    response = StreamingHttpResponse(lines, content_type=MEDIA_TYPE)
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # a proxy passes each line on at once
    response["X-Stream-Mode"] = "push" if push else "long-poll"
    return response
