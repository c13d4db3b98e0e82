"""Being written: see the issue 4 work split in docs/architecture.md."""

from django.http import Http404


def game_replay(request, *args, **kwargs):
    raise Http404("not built yet")


def game_record(request, *args, **kwargs):
    raise Http404("not built yet")
