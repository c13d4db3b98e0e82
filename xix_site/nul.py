"""Requests with a NUL character are refused with a 400 before any view runs.

PostgreSQL cannot store or compare text holding NUL (U+0000): a NUL that reached a query
(``/players/%00/``, an admin filter ``?username=%00``) made the page crash with a 500.
No address, query string or form of the site has a use for it, so this middleware, near
the top of MIDDLEWARE, answers 400 with a short message instead, whatever the view.
"""

from django.http import HttpResponseBadRequest

NUL = "\x00"


def _holds_nul(query) -> bool:
    return any(NUL in key or any(NUL in value for value in query.getlist(key)) for key in query)


def nul_in(request) -> str | None:
    """Which part of ``request`` holds a NUL character, or None."""
    if NUL in request.path:
        return "address"
    if _holds_nul(request.GET):
        return "query string"
    if request.method == "POST" and _holds_nul(request.POST):
        return "form"
    return None


class NulRefusalMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        where = nul_in(request)
        if where is not None:
            return HttpResponseBadRequest(
                f"Bad request: the {where} holds a NUL character (%00), which this site "
                "does not accept.",
                content_type="text/plain; charset=utf-8",
            )
        return self.get_response(request)
