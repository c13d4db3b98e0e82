"""Being written: see the issue 4 work split in docs/architecture.md."""

from django.http import Http404


def lobby(request, *args, **kwargs):
    raise Http404("not built yet")


def challenge_new(request, *args, **kwargs):
    raise Http404("not built yet")


def challenge_accept(request, *args, **kwargs):
    raise Http404("not built yet")


def challenge_withdraw(request, *args, **kwargs):
    raise Http404("not built yet")


def my_games(request, *args, **kwargs):
    raise Http404("not built yet")


def game_rematch(request, *args, **kwargs):
    raise Http404("not built yet")
