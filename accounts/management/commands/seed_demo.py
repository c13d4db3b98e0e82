"""Create the demo players and the bot accounts. Safe to run on every start."""

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.models import User

DEMO_PASSWORD = "xix-demo-pass"
DEMO_PLAYERS = [("alice", "alice@example.com"), ("bob", "bob@example.com")]
# A staff account in the Moderators group, to try the admin with.
DEMO_MODERATOR = ("mod", "mod@example.com")
# One bot account per level, easy to hard (bot-random, bot-heuristic, bot-strong,
# bot-expert): every game offers every level, and an account plays them all.
BOTS = [(f"bot-{level}", level) for level in User.BotLevel.values]


class Command(BaseCommand):
    help = (
        "Create demo players alice and bob and the moderator mod (password xix-demo-pass, "
        "verified e-mail) and the bot accounts bot-random, bot-heuristic, bot-strong and "
        "bot-expert. "
        "Running it again changes nothing except putting back anything that was altered."
    )

    @transaction.atomic
    def handle(self, *args, **options):
        for username, email in DEMO_PLAYERS:
            self.ensure_player(username, email)
        moderator = self.ensure_player(*DEMO_MODERATOR)
        moderator.is_staff = True
        moderator.save(update_fields=["is_staff"])
        moderator.groups.add(Group.objects.get(name="Moderators"))
        for username, level in BOTS:
            self.ensure_bot(username, level)

        self.stdout.write("Demo log-ins (username or e-mail address):")
        for username, email in [*DEMO_PLAYERS, DEMO_MODERATOR]:
            self.stdout.write(f"  {username:<6} or {email:<18}  password: {DEMO_PASSWORD}")
        self.stdout.write(
            f"  ({DEMO_MODERATOR[0]} is a moderator: the admin is at /{settings.ADMIN_URL})"
        )
        bots = ", ".join(f"{username} ({User.BotLevel(level).label})" for username, level in BOTS)
        self.stdout.write(f"Bot accounts (they cannot log in): {bots}")

    def ensure_player(self, username: str, email: str) -> User:
        user, _ = User.objects.get_or_create(username=username)
        user.email = email
        user.is_bot = False
        user.bot_level = ""
        user.is_active = True
        if not user.check_password(DEMO_PASSWORD):
            user.set_password(DEMO_PASSWORD)
        user.save()
        EmailAddress.objects.filter(user=user).exclude(email=email).update(primary=False)
        EmailAddress.objects.update_or_create(
            user=user, email=email, defaults={"verified": True, "primary": True}
        )
        return user

    def ensure_bot(self, username: str, level: str) -> None:
        user, _ = User.objects.get_or_create(
            username=username, defaults={"is_bot": True, "bot_level": level}
        )
        user.is_bot = True
        user.bot_level = level
        user.set_unusable_password()
        user.save()
