"""The site's URLs plus ``/__bare__``: a view that does nothing (no database, no template),
served through the same middleware stack as every other page."""

from django.http import HttpResponse
from django.urls import path

from xix_site.urls import urlpatterns as site_urlpatterns


def bare(request):
    return HttpResponse(b"ok", content_type="text/plain")


urlpatterns = [path("__bare__", bare), *site_urlpatterns]
