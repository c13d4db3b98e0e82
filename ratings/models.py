"""Ratings per user, game and variant, and the change each rated game made.

A ``Rating`` row reads as its board does (``ratings.systems``): for a variant played only
one against one it is a Glicko-2 rating (``mu`` and ``sigma`` empty); for a variant with
more sides or partners ``mu`` and ``sigma`` are openskill's and ``rating`` is their
ordinal on the Glicko scale. Either way ``rating`` is the number shown and sorted on, and
``deviation`` is on the Glicko scale (350 for a newcomer).
"""

from django.conf import settings
from django.db import models

from games.models import Game

from .systems import State, glicko2

XIX = "xix"  # the game every row before games had kinds belongs to (the column's default)


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    kind = models.CharField(max_length=16, default=XIX, db_default=XIX)  # games.registry key
    variant = models.CharField(max_length=16)
    rating = models.FloatField(default=glicko2.DEFAULT_RATING)
    deviation = models.FloatField(default=glicko2.DEFAULT_DEVIATION)
    volatility = models.FloatField(default=glicko2.DEFAULT_VOLATILITY, null=True)
    mu = models.FloatField(null=True)  # openskill only
    sigma = models.FloatField(null=True)  # openskill only
    games = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "kind", "variant"], name="rating_unique_user_kind_variant"
            )
        ]
        indexes = [models.Index(fields=["kind", "variant", "-rating"], name="rating_board")]

    def __str__(self) -> str:
        return f"{self.user} {self.kind} {self.variant} {self.rating:.0f}"

    @property
    def state(self) -> State:
        return State(self.rating, self.deviation, self.volatility, self.mu, self.sigma)

    @property
    def glicko(self) -> glicko2.Rating:
        return self.state.as_glicko()

    @property
    def provisional(self) -> bool:
        return self.deviation > glicko2.PROVISIONAL_DEVIATION

    @property
    def display(self) -> str:
        return f"{self.rating:.0f}{'?' if self.provisional else ''}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating; at most one per (game, user).

    ``before`` and ``after`` are the ratings shown (``Rating.rating``)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    kind = models.CharField(max_length=16, default=XIX, db_default=XIX)
    variant = models.CharField(max_length=16)
    before = models.FloatField()
    after = models.FloatField()
    deviation_after = models.FloatField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="rating_change_once_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.before:.0f} -> {self.after:.0f} (game {self.game_id})"

    @property
    def delta(self) -> int:
        return round(self.after) - round(self.before)
