"""Reading ratings: the leaderboard."""

from .models import Rating


def leaderboard(variant: str):
    """Ratings of ``variant`` from best to worst, of active players with a rated game."""
    return (
        Rating.objects.filter(variant=variant, games__gt=0, user__is_active=True)
        .select_related("user")
        .order_by("-rating", "deviation", "user__username")
    )
