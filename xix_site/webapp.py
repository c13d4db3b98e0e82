"""The site as an installable app: the web app manifest and the service worker.

Both are served from the site's root: the manifest's ``start_url`` and ``scope`` are
"/", and a service worker controls only the paths under the one it is served from, so
``/sw.js`` (not ``/static/js/sw.js``) may show notifications for every page. The worker's
source is ``static/js/sw.js``; it is read once per process.
"""

import functools
import json

from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.templatetags.static import static
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

# The site's colours (static/css/site.css): the accent of the light theme, and its paper.
THEME_COLOR = "#8c2f39"
BACKGROUND_COLOR = "#fbfaf7"


@functools.cache
def _worker_source() -> bytes:
    with open(finders.find("js/sw.js"), "rb") as file:
        return file.read()


@require_safe
@cache_control(no_cache=True)
def service_worker(request):
    """The service worker, at the root so that its scope is the whole site. ``no-cache``:
    the browser asks again each time it checks for a new worker."""
    return HttpResponse(_worker_source(), content_type="text/javascript; charset=utf-8")


def manifest_data() -> dict:
    icons = [
        {"src": static(f"icons/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png"}
        for size in (192, 512)
    ] + [
        {
            "src": static(f"icons/icon-maskable-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "maskable",
        }
        for size in (192, 512)
    ]
    return {
        "name": "XIX Online",
        "short_name": "XIX Online",
        "description": "Card games by correspondence: XIX, Xeri, Xactika and ONEXENO, "
        "against people and bots.",
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": icons,
    }


@require_safe
@cache_control(max_age=3600)
def manifest(request):
    return HttpResponse(json.dumps(manifest_data()), content_type="application/manifest+json")
