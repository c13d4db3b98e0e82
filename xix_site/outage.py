"""A 503 with a clear message, instead of a 500, while the database cannot be reached.

``DatabaseOutageMiddleware`` answers a request with ``templates/503.html`` (plain text
for htmx requests), status 503 and ``Retry-After``, when the database fails in either of
the two places a request meets it:

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
database is back opens a new one, even with persistent connections (``CONN_MAX_AGE``).
"""

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.cache import add_never_cache_headers

log = logging.getLogger(__name__)

MESSAGE = (
    "The site cannot reach its database right now; your move was not recorded. "
    "Please try again in a minute."
)
RETRY_AFTER_SECONDS = 60
DATABASE_DOWN = (OperationalError, InterfaceError)


def outage_response(request, error: Exception) -> HttpResponse:
    """The 503 page. Rendered without the request, so no context processor (they query
    the database) runs, and the template extends nothing."""
    log.warning(
        "database unreachable, answered 503 to %s %s: %s: %s",
        request.method,
        request.path,
        type(error).__name__,
        str(error).strip().splitlines()[0] if str(error).strip() else "",
    )
    if request.headers.get("HX-Request") == "true":
        response = HttpResponse(MESSAGE, status=503, content_type="text/plain; charset=utf-8")
    else:
        body = render_to_string("503.html", {"message": MESSAGE})
        response = HttpResponse(body, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
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
