"""Rating updates, called when a rated game finishes."""

from django.db import transaction

from . import glicko2
from .models import Rating, RatingChange


def rating_for(*, user, variant: str) -> Rating:
    rating, _ = Rating.objects.get_or_create(user=user, variant=variant)
    return rating


@transaction.atomic
def ratings_apply_game(*, game) -> list[RatingChange]:
    """Update both players' ratings for a finished rated game, once.

    Safe to call twice: a game that already has its rating changes is left alone. A game
    without a winner (a talon draw) counts half a point each.
    """
    if not game.rated or (game.winner is None and game.reason != "talon end"):
        return []
    if RatingChange.objects.filter(game=game).exists():
        return list(RatingChange.objects.filter(game=game))
    players = [game.player0, game.player1]
    rows = [
        Rating.objects.select_for_update().get_or_create(user=p, variant=game.variant)[0]
        for p in players
    ]
    before = [r.glicko for r in rows]
    changes = []
    for seat in (0, 1):
        score = 0.5 if game.winner is None else (1.0 if game.winner == seat else 0.0)
        after = glicko2.update(before[seat], before[1 - seat], score)
        row = rows[seat]
        row.rating, row.deviation, row.volatility = after.rating, after.deviation, after.volatility
        row.games += 1
        row.save()
        changes.append(
            RatingChange.objects.create(
                game=game,
                user=players[seat],
                variant=game.variant,
                before=before[seat].rating,
                after=after.rating,
                deviation_after=after.deviation,
            )
        )
    return changes
