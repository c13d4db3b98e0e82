"""Site pages that belong to no app: the home page and the rules."""

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_safe

from games.models import Game
from games.selectors import user_games

from . import rules_pages


@require_safe
def home(request):
    # A player who has not sat in a game yet is welcomed, not "welcomed back".
    new_player = (
        request.user.is_authenticated and not Game.objects.filter(user_games(request.user)).exists()
    )
    return render(request, "home.html", {"new_player": new_player, "games": rules_pages.games()})


@require_safe
def rules(request):
    """The index of the rules pages: every game, who made it, how many play it."""
    return render(request, "rules/index.html", {"games": rules_pages.games()})


@require_safe
def rules_game(request, key):
    """One game's rules, in our own words (``games/<key>/templates/<key>/rules.html``)."""
    try:
        game = rules_pages.game(key)
    except KeyError:
        raise Http404("No game of that name has rules here.") from None
    return render(
        request, game.template, {"game": game, "footer_credit": rules_pages.credit_line(key)}
    )


@require_safe
def rules_variant(request, key, variant):
    """A variant's rules on a page of their own (``rules_pages.VARIANT_PAGES``)."""
    try:
        game = rules_pages.variant_page(key, variant)
    except KeyError:
        raise Http404("No variant of that name has rules of its own here.") from None
    return render(
        request, game.template, {"game": game, "footer_credit": rules_pages.credit_line(key)}
    )
