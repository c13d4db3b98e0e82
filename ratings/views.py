"""The leaderboard: one page per variant, open to everyone."""

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_safe

from games.models import Variant

from . import selectors
from .glicko2 import PROVISIONAL_DEVIATION

PAGE_SIZE = 50


@require_safe
def leaderboard(request, variant=None):
    if variant is None:
        return redirect("ratings:leaderboard", variant=Variant.STANDARD)
    if variant not in Variant.values:
        raise Http404("There is no such variant.")
    page = Paginator(selectors.leaderboard(variant), PAGE_SIZE).get_page(request.GET.get("page"))
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "variant": variant,
            "variant_label": Variant(variant).label,
            "variants": Variant.choices,
            "page": page,
            "rows": [(page.start_index() + i, rating) for i, rating in enumerate(page)],
            "provisional_deviation": round(PROVISIONAL_DEVIATION),
        },
    )
