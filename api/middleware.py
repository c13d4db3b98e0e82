"""Every API request logged: to the logger ``api.requests`` (method, path, status,
account, token, client address and time taken) and as an ``ApiRequest`` row the staff read
in the admin, kept ``API_REQUEST_LOG_DAYS`` days (older rows are deleted at most once a
minute, by the request that finds the minute's mark missing in the cache). A stream is
logged when its answer starts."""

import ipaddress
import logging
import time
from datetime import timedelta

from allauth.account.adapter import get_adapter
from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from django.utils import timezone

from games.streams import release_connection

log = logging.getLogger("api.requests")
PREFIX = "/api/"
# The schema and the interactive docs are pages, not requests of a program: not logged.
NOT_LOGGED = ("/api/schema/", "/api/docs/")
PRUNE_MARK = "api-request-log-pruned"


def _address(request) -> str | None:
    """The client's address behind the proxies the site trusts (allauth's reading); None
    when what came is no address."""
    try:
        found = get_adapter(request).get_client_ip(request)
    except (ImproperlyConfigured, ValueError):
        found = request.META.get("REMOTE_ADDR")
    try:
        return str(ipaddress.ip_address(found))
    except ValueError:
        return None


def _log(request, response, started: float) -> None:
    from api.models import ApiRequest

    token = getattr(request, "token", None)
    user = getattr(request, "user", None) if token is not None else None
    milliseconds = round((time.monotonic() - started) * 1000)
    address = _address(request)
    log.info(
        "%s %s %s user=%s token=%s ip=%s %dms",
        request.method,
        request.path,
        response.status_code,
        user.pk if user is not None else "-",
        token.pk if token is not None else "-",
        address or "-",
        milliseconds,
    )
    ApiRequest.objects.create(
        method=request.method[:8],
        path=request.path[:200],
        status=response.status_code,
        user=user,
        token=token,
        address=address,
        milliseconds=milliseconds,
    )
    if cache.add(PRUNE_MARK, 1, timeout=60):
        keep = timedelta(days=settings.API_REQUEST_LOG_DAYS)
        ApiRequest.objects.filter(at__lt=timezone.now() - keep).delete()


def _log_and_let_go(request, response, started: float) -> None:
    """``_log``; and for a stream, which lasts as long as its program reads it, the
    connection that wrote the log given back at once (``release_connection``): an open
    stream must hold none, or a process's pool (``DATABASE_POOL``) would be taken by its
    first ten streams and every other request answered 503 "busy" (without the pool, a
    PostgreSQL connection per open stream). ``tests/test_database_pool.py``."""
    _log(request, response, started)
    if response.streaming:
        release_connection()


def _logged(request) -> bool:
    return request.path.startswith(PREFIX) and not request.path.startswith(NOT_LOGGED)


class RequestLog:
    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def __call__(self, request):
        if iscoroutinefunction(self):
            return self.__acall__(request)
        started = time.monotonic()
        response = self.get_response(request)
        if _logged(request):
            _log_and_let_go(request, response, started)
        return response

    async def __acall__(self, request):
        started = time.monotonic()
        response = await self.get_response(request)
        if _logged(request):
            await sync_to_async(_log_and_let_go)(request, response, started)
        return response
