"""Template context for every page: the games waiting for the signed-in user's move."""

from functools import cached_property

from django.contrib.auth.models import AnonymousUser

from games.rows import game_rows
from games.selectors import games_your_turn


class YourTurn:
    """Computed on first use only, so pages that never show it cost no query."""

    LISTED = 5

    def __init__(self, user):
        self.user = user

    @cached_property
    def count(self) -> int:
        if not self.user.is_authenticated:
            return 0
        return games_your_turn(self.user).count()

    @cached_property
    def games(self) -> list:
        """The longest-waiting games first (nearest deadline), at most LISTED of them."""
        if not self.user.is_authenticated:
            return []
        # The rows bring the seats and their players in one more query.
        return game_rows(games_your_turn(self.user).order_by("deadline")[: self.LISTED], self.user)


def your_turn(request) -> dict:
    # No user before the middleware ran: Django's 400 page (a bad Host header) is one.
    return {"your_turn": YourTurn(getattr(request, "user", AnonymousUser()))}
