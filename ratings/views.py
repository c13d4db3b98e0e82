"""The leaderboards: one page per game and variant, open to everyone."""

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_safe

from games import registry

from . import selectors, systems
from .systems.glicko2 import PROVISIONAL_DEVIATION

PAGE_SIZE = 50


@require_safe
def leaderboard_default(request):
    first = selectors.boards()[0]
    return redirect("ratings:leaderboard", kind=first.kind, variant=first.variant)


@require_safe
def leaderboard_short(request, name):
    """/leaderboard/<name>/: a leaderboard of a game's variant from before the site had
    several games (its ``LEGACY_VARIANTS``: moved for good, query kept), or a game's first
    variant."""
    kind = next(
        (k for k in registry.served() if name in registry.about_value(k, "LEGACY_VARIANTS", ())),
        None,
    )
    if kind is not None:
        url = reverse("ratings:leaderboard", kwargs={"kind": kind, "variant": name})
        query = request.GET.urlencode()
        return redirect(f"{url}?{query}" if query else url, permanent=True)
    if name in registry.served():
        variant = next(iter(registry.rules(name).variants))
        return redirect("ratings:leaderboard", kind=name, variant=variant)
    raise Http404("There is no such leaderboard.")


@require_safe
def leaderboard(request, kind, variant):
    board = selectors.board(kind, variant)
    if board is None:
        raise Http404("There is no such leaderboard.")
    page = Paginator(selectors.leaderboard(kind, variant), PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    all_boards = selectors.boards()
    firsts: dict[str, selectors.Board] = {}
    for each in all_boards:
        firsts.setdefault(each.kind, each)
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "board": board,
            "games": list(firsts.values()) if board.named else [],
            "variants": [b for b in all_boards if b.kind == kind],
            "openskill": board.system == systems.OPENSKILL,
            "page": page,
            "rows": [(page.start_index() + i, rating) for i, rating in enumerate(page)],
            "provisional_deviation": round(PROVISIONAL_DEVIATION),
        },
    )
