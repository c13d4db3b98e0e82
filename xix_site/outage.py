"""A 503 with a clear message, instead of a 500, while the database cannot be reached.

``DatabaseOutageMiddleware`` answers a request with ``templates/503.html`` (plain text
for htmx requests), status 503 and ``Retry-After``, when the database fails in either of
the two places a request meets it. Lock contention (``is_busy``) gets the same status with
a short ``Retry-After`` and a "busy, try again" message instead of the outage message:

- before the view: the session and the signed-in user are loaded from the database the
  first time ``request.user`` is looked at. ``UserTimeZoneMiddleware`` does that for
  every request, and Django turns an exception raised inside a middleware into a 500
  before any other middleware sees it. So this middleware sits just after
  ``AuthenticationMiddleware`` and loads the user itself, where a failure can still be
  answered;
- in the view, templates and context processors included: ``process_exception``.

Writes go through ``transaction.atomic``, so a request that fails this way has written
nothing (the database rolls back what it had not committed) and the 503 says so. Django
closes a connection that failed at the end of the request, so the next request after the
database is back opens a new one, even with persistent connections (``CONN_MAX_AGE``); a
pool checks a connection before it hands it out.
"""

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.cache import add_never_cache_headers
from psycopg_pool import PoolTimeout

log = logging.getLogger(__name__)

MESSAGE = (
    "The site cannot reach its database right now; your move was not recorded. "
    "Please try again in a minute."
)
RETRY_AFTER_SECONDS = 60
DATABASE_DOWN = (OperationalError, InterfaceError)

# Lock contention is not an outage: the database is up, another request held a lock (or,
# with a pool, every connection of this process) for longer than this one would wait
# (SQLite's "database is locked" after its busy timeout, SQLITE_TIMEOUT; PostgreSQL's
# deadlock, serialization failure or lock timeout; the pool's DATABASE_POOL_TIMEOUT).
BUSY_MESSAGE = (
    "The site is busy right now; your move was not recorded. Please try again in a few seconds."
)
BUSY_RETRY_AFTER_SECONDS = 5
BUSY_SQLITE = ("database is locked", "database table is locked")
BUSY_SQLSTATES = {"40001", "40P01", "55P03"}


def is_busy(error: Exception) -> bool:
    """True when ``error`` is lock contention, or a connection pool with every connection
    taken for longer than ``DATABASE_POOL_TIMEOUT`` (``PoolTimeout``: the database is up,
    this process's requests are queueing for it), rather than an unreachable database."""
    if not isinstance(error, OperationalError):
        return False
    if any(text in str(error).lower() for text in BUSY_SQLITE):
        return True
    if isinstance(error.__cause__, PoolTimeout):
        return True
    return getattr(error.__cause__, "sqlstate", None) in BUSY_SQLSTATES


def outage_response(request, error: Exception) -> HttpResponse:
    """The 503 page: "busy, try again" for lock contention, else the outage message.
    Rendered without the request, so no context processor (they query the database) runs,
    and the template extends nothing."""
    busy = is_busy(error)
    log.warning(
        "database %s, answered 503 to %s %s: %s: %s",
        "busy" if busy else "unreachable",
        request.method,
        request.path,
        type(error).__name__,
        str(error).strip().splitlines()[0] if str(error).strip() else "",
    )
    message = BUSY_MESSAGE if busy else MESSAGE
    if request.headers.get("HX-Request") == "true":
        response = HttpResponse(message, status=503, content_type="text/plain; charset=utf-8")
    else:
        context = {"message": message}
        if busy:
            context.update(title="Busy", heading="XIX Online is busy for a moment")
        response = HttpResponse(render_to_string("503.html", context), status=503)
    response["Retry-After"] = str(BUSY_RETRY_AFTER_SECONDS if busy else RETRY_AFTER_SECONDS)
    add_never_cache_headers(response)
    return response


class DatabaseOutageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None:
            try:
                user.is_authenticated  # noqa: B018 - loads the session and the user now
            except DATABASE_DOWN as error:
                return outage_response(request, error)
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, DATABASE_DOWN):
            return outage_response(request, exception)
        return None
