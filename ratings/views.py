"""Being written."""

from django.http import Http404


def leaderboard(request, *args, **kwargs):
    raise Http404("not built yet")
