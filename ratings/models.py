"""Glicko-2 ratings per user and variant, and the change each rated game made."""

from django.conf import settings
from django.db import models

from games.models import Game, Variant

from . import glicko2


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    variant = models.CharField(max_length=16, choices=Variant.choices)
    rating = models.FloatField(default=glicko2.DEFAULT_RATING)
    deviation = models.FloatField(default=glicko2.DEFAULT_DEVIATION)
    volatility = models.FloatField(default=glicko2.DEFAULT_VOLATILITY)
    games = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "variant"], name="rating_unique_user_variant")
        ]
        indexes = [models.Index(fields=["variant", "-rating"])]

    def __str__(self) -> str:
        return f"{self.user} {self.variant} {self.rating:.0f}"

    @property
    def glicko(self) -> glicko2.Rating:
        return glicko2.Rating(self.rating, self.deviation, self.volatility)

    @property
    def provisional(self) -> bool:
        return self.glicko.provisional

    @property
    def display(self) -> str:
        return f"{self.rating:.0f}{'?' if self.provisional else ''}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating; at most one per (game, user)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    variant = models.CharField(max_length=16, choices=Variant.choices)
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
