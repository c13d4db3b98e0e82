"""Bot accounts for the API: a person turns an account that has never played into a bot
that their program plays through the bot endpoints (docs/api.md)."""

from django.db import transaction

from accounts.models import User
from games.models import Game, GameSeat, Invitation


class UpgradeRefused(Exception):
    """The account cannot become a bot; the message says why."""


@transaction.atomic
def account_upgrade_to_bot(*, user) -> User:
    """Make ``user`` an API bot, for good: it is shown as a bot everywhere, plays casual
    games only, and gets no e-mail (its program reads the event stream). Refused for a
    site bot, an account already upgraded, or one that has a game, a table or an
    invitation (its games were played by a person). Locks the user's row, so two requests
    at once upgrade it once."""
    user = User.objects.select_for_update().get(pk=user.pk)
    if user.is_bot or user.is_api_bot:
        raise UpgradeRefused("This account is a bot already.")
    played = (
        GameSeat.objects.filter(user=user).exists()
        or Game.objects.filter(created_by=user).exists()
        or Invitation.objects.filter(user=user).exists()
    )
    if played:
        raise UpgradeRefused("Only an account that has never played can become a bot.")
    user.is_api_bot = True
    user.email_notifications = User.EmailNotifications.NONE
    user.save(update_fields=["is_api_bot", "email_notifications"])
    return user
