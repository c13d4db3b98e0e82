"""Site pages that belong to no app: the home page and the rules."""

from django.shortcuts import render
from django.views.decorators.http import require_safe

from games import registry
from games.models import Game
from games.selectors import user_games


@require_safe
def home(request):
    # A player who has not sat in a game yet is welcomed, not "welcomed back".
    new_player = (
        request.user.is_authenticated and not Game.objects.filter(user_games(request.user)).exists()
    )
    return render(request, "home.html", {"new_player": new_player})


@require_safe
def rules(request):
    """XIX's rules page, in our own words; its template is XIX's (games/xix/site.py)."""
    return render(request, registry.site("xix").rules_template)
