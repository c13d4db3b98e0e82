"""Bot accounts for the API: a person turns an account that has never played into a bot
that their program plays through the bot endpoints (docs/api.md)."""

from django.db import transaction

from accounts.models import User
from api.models import RatedBotsAccepted
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


def accepts_bots(user) -> bool:
    """Whether the person ``user`` accepts bot accounts in their rated games."""
    return RatedBotsAccepted.objects.filter(user=user).exists()


def accepts_set(*, user, on: bool) -> None:
    """``user`` accepts bot accounts in their rated games (``on``), or no longer does (the
    games started meanwhile stay as they are)."""
    if on:
        RatedBotsAccepted.objects.get_or_create(user=user)
    else:
        RatedBotsAccepted.objects.filter(user=user).delete()


BOT_NOT_ACCEPTED = (
    "Bot accounts play rated games only with people who accept them "
    "(the setting “Rated games against bots” on the settings page)"
)


def rated_refusal(people, *, joining=None) -> str | None:
    """Why the rated table of ``people`` (everyone seated or invited, ``joining`` among
    them: the one sitting down now) may not be played, else None: an API bot may play a
    rated game only when every person at its table accepts bots. The site's own bots make
    a table casual elsewhere (``games.tables``) and are not counted here."""
    people = [person for person in people if not person.is_bot]
    if not any(person.is_api_bot for person in people):
        return None
    persons = [person for person in people if not person.is_api_bot]
    accepting = set(
        RatedBotsAccepted.objects.filter(user__in=persons).values_list("user_id", flat=True)
    )
    refusing = [person for person in persons if person.pk not in accepting]
    if not refusing:
        return None
    if joining is not None and not joining.is_api_bot:
        return f"This rated table has a bot account. {BOT_NOT_ACCEPTED}."
    names = ", ".join(person.username for person in refusing)
    return f"{BOT_NOT_ACCEPTED}: {names} {'does' if len(refusing) == 1 else 'do'} not."
