"""Being written."""

from django.http import Http404


def profile(request, *args, **kwargs):
    raise Http404("not built yet")


def history(request, *args, **kwargs):
    raise Http404("not built yet")
