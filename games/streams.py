"""The event streams of pages (the top layer of push updates): the views a page opens,
``/events/games/<id>/`` and ``/events/me/``, and django-eventstream's channel manager,
which says who may read a channel (``EVENTSTREAM_CHANNELMANAGER_CLASS``). Publishing the
pings is ``games.push``; what a ping carries and why is told there.
"""

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from django_eventstream.channelmanager import DefaultChannelManager

from chat.services import has_company, may_read
from games.push import (
    CHANNEL_PREFIX,
    CHAT_PREFIX,
    USER_PREFIX,
    channel_of,
    chat_channel_of,
    user_channel_of,
)
from games.selectors import game_for_user


def release_connection() -> None:
    """Close this thread's database connection outside a transaction: a stream's request
    lasts as long as its page is open, and must not hold a database connection meanwhile
    (a thousand open pages would be a thousand connections)."""
    if not connection.in_atomic_block:
        connection.close()


def _reads_chat(game, seat) -> bool:
    """Whether the viewer at ``seat`` (None: not a player) reads ``game``'s chat panel."""
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
            release_connection()
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
    release_connection()  # login_required has loaded the user already
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

    release_connection()
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
