from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models import Q


class User(AbstractUser):
    """A person or a bot. Bots are ordinary accounts that can never log in."""

    class BotLevel(models.TextChoices):
        RANDOM = "random", "Random"
        HEURISTIC = "heuristic", "Heuristic"
        STRONG = "strong", "Strong"

    is_bot = models.BooleanField(
        default=False,
        help_text="Bots play from the server and cannot log in.",
    )
    bot_level = models.CharField(
        max_length=16,
        blank=True,
        choices=BotLevel.choices,
        help_text="How a bot chooses its moves; empty for people.",
    )

    class Meta(AbstractUser.Meta):
        constraints = [
            models.CheckConstraint(
                condition=(Q(is_bot=True) & ~Q(bot_level="")) | Q(is_bot=False, bot_level=""),
                name="accounts_user_bot_level_iff_bot",
                violation_error_message="A bot needs a bot level; a person must not have one.",
            ),
        ]
