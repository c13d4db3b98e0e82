"""Being written: see the issue 4 work split in docs/architecture.md."""

from django.http import Http404


def game_page(request, *args, **kwargs):
    raise Http404("not built yet")


def game_act(request, *args, **kwargs):
    raise Http404("not built yet")


def game_poll(request, *args, **kwargs):
    raise Http404("not built yet")


def game_resign(request, *args, **kwargs):
    raise Http404("not built yet")
