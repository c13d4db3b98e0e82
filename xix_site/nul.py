"""Requests with a NUL character are refused with a 400 before any view runs.

PostgreSQL cannot store or compare text holding NUL (U+0000): a NUL that reached a query
(``/players/%00/``, an admin filter ``?username=%00``) made the page crash with a 500.
No address, query string or form of the site has a use for it, so this middleware answers
400 with a short message instead, whatever the view: for the address and query string as
the request comes in, for a posted form once the CSRF check (before it in MIDDLEWARE) has
passed, so that a forged post is refused as such (403) whatever it holds.
"""

from django.http import HttpResponseBadRequest

NUL = "\x00"


def _holds_nul(query) -> bool:
    return any(NUL in key or any(NUL in value for value in query.getlist(key)) for key in query)


def refusal(where: str) -> HttpResponseBadRequest:
    return HttpResponseBadRequest(
        f"Bad request: the {where} holds a NUL character (%00), which this site does not accept.",
        content_type="text/plain; charset=utf-8",
    )


class NulRefusalMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if NUL in request.path:
            return refusal("address")
        if _holds_nul(request.GET):
            return refusal("query string")
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.method == "POST" and _holds_nul(request.POST):
            return refusal("form")
        return None
