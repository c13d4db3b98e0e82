"""The site's theme (issue 19, "Appearance"): light, dark, or the system's (the default).

The choice is a cookie, ``theme``, set by the header's switch: without JavaScript its form
posts here and comes back to the page; with it, ``static/js/theme.js`` sets the same cookie
and the page's ``data-theme`` at once. ``base.html`` writes ``<html data-theme="...">``
from the cookie, and the stylesheet picks each colour with ``light-dark()``."""

from django.conf import settings
from django.http import HttpResponse, HttpResponseBadRequest
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

COOKIE = "theme"
SYSTEM = "system"
THEMES = ("light", "dark", SYSTEM)
# A year: the choice is remembered until it is changed.
COOKIE_AGE = 365 * 24 * 3600


def chosen(request) -> str:
    """The visitor's theme: "light", "dark", or "system" (no cookie, or one not understood)."""
    value = request.COOKIES.get(COOKIE, "")
    return value if value in THEMES else SYSTEM


def theme(request) -> dict:
    """Template context: ``theme`` and the switch's choices."""
    return {"theme": chosen(request), "themes": THEMES}


@require_POST
def set_theme(request):
    """``theme`` (light, dark or system; anything else: 400) and ``next``, a path of this
    site to go back to (else the home page)."""
    value = request.POST.get("theme", "")
    if value not in THEMES:
        return HttpResponseBadRequest(
            "Choose the light, the dark or the system's theme.", content_type="text/plain"
        )
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = "/"
    response = HttpResponse(status=303)
    response["Location"] = back
    if value == SYSTEM:
        response.delete_cookie(COOKIE, samesite="Lax")
    else:
        # Not HttpOnly: theme.js writes the same cookie when the switch is used with
        # JavaScript (it holds nothing but the choice).
        response.set_cookie(
            COOKIE,
            value,
            max_age=COOKIE_AGE,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )
    return response
