import zoneinfo

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils import timezone

from accounts.names import skeleton


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(f"{value!r} is not a time zone name such as Europe/Paris.")


class User(AbstractUser):
    """A person or a bot. Bots are ordinary accounts that can never log in."""

    class BotLevel(models.TextChoices):
        """A bot's level: the stored key (kept: bot accounts and old games hold it) and
        its name for people. Declared from easy to hard, the order every list of levels
        shows (``accounts.bots``); every game offers all four (``docs/bots.md``)."""

        RANDOM = "random", "Beginner"
        HEURISTIC = "heuristic", "Casual"
        STRONG = "strong", "Strong"
        EXPERT = "expert", "Expert"

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

    # An account its owner turned into a bot for the API (api/bots.py): a program plays it
    # through the bot endpoints, never the site. Irreversible, shown as a bot everywhere;
    # plays casual games only (games/tables.py).
    is_api_bot = models.BooleanField(
        "API bot",
        default=False,
        editable=False,
        help_text="A bot account played by its owner's program through the API.",
    )

    class EmailNotifications(models.TextChoices):
        EACH = "each", "An e-mail for each event"
        DIGEST = "digest", "One daily digest"
        NONE = "none", "No e-mail"

    email_notifications = models.CharField(
        "e-mail notifications",
        max_length=8,
        choices=EmailNotifications.choices,
        default=EmailNotifications.EACH,
        help_text="Whether turns, challenges, results and deadlines are e-mailed.",
    )
    time_zone = models.CharField(
        max_length=64,
        default="UTC",
        validators=[validate_time_zone],
        help_text="IANA name, e.g. Europe/Paris: deadlines and dates are shown in it.",
    )

    # Suspension by the moderators (moderation.services.user_suspend / user_lift). While
    # suspended the account cannot log in and any open session stops working.
    suspended_at = models.DateTimeField(
        null=True, blank=True, editable=False, help_text="When the current suspension began."
    )
    suspended_until = models.DateTimeField(
        null=True,
        blank=True,
        editable=False,
        help_text="When the current suspension lifts itself; empty: until a moderator lifts it.",
    )
    suspension_reason = models.TextField(
        blank=True, editable=False, help_text="Why the account is suspended (shown to its owner)."
    )

    # Quiet hours (notifications.services.quiet_end): from ``quiet_from`` o'clock to
    # ``quiet_until`` o'clock in the player's time zone, no e-mail goes out about an event
    # (it waits for the end) and no browser notification at all. Both empty: none.
    quiet_from = models.PositiveSmallIntegerField(
        "quiet hours from",
        null=True,
        blank=True,
        help_text="The hour (0-23, your time zone) at which quiet hours begin.",
    )
    quiet_until = models.PositiveSmallIntegerField(
        "quiet hours until",
        null=True,
        blank=True,
        help_text="The hour (0-23, your time zone) at which quiet hours end.",
    )

    # Turn signals and comforts while playing (the settings page, "While playing").
    turn_sound = models.BooleanField(
        "sound on your turn",
        default=False,
        help_text="A short sound when it becomes your move in a game whose page is open.",
    )
    confirm_moves = models.BooleanField(
        "confirm each move",
        default=False,
        help_text="Ask before sending a move, against a slip of the finger on a phone.",
    )
    auto_forced = models.BooleanField(
        "play my forced moves",
        default=False,
        help_text="When you have exactly one legal move, the site makes it for you.",
    )

    # On vacation (games.vacation): the clocks of the player's games are stopped until
    # then. Empty, or a past time, when not on vacation; the Vacation rows count the days.
    vacation_until = models.DateTimeField(
        null=True,
        blank=True,
        editable=False,
        help_text="The end of the current vacation: the player's clocks are stopped until then.",
    )

    # accounts.names.skeleton(username): what the name looks like, so that sign-up can
    # refuse a new name that passes for an existing one in one indexed query.
    name_skeleton = models.CharField(max_length=150, db_index=True, editable=False, default="")

    def save(self, *args, update_fields=None, **kwargs):
        self.name_skeleton = skeleton(self.username)
        if update_fields is not None and "username" in update_fields:
            update_fields = {*update_fields, "name_skeleton"}
        super().save(*args, update_fields=update_fields, **kwargs)

    def lock_row(self) -> None:
        """Lock this user's row until the end of the caller's transaction, so that a
        count-then-insert limit on what the user makes (waiting challenges, reports) is
        checked by parallel requests one after the other."""
        User.objects.select_for_update().only("pk").get(pk=self.pk)

    @property
    def shown_as_bot(self) -> bool:
        """Whether pages mark this account as a bot: the site's bots and API bots."""
        return self.is_bot or self.is_api_bot

    @property
    def is_suspended(self) -> bool:
        """Suspended now: a suspension whose end date has passed no longer counts, even
        before the periodic task has lifted it."""
        if self.suspended_at is None:
            return False
        return self.suspended_until is None or self.suspended_until > timezone.now()

    @property
    def on_vacation(self) -> bool:
        return self.vacation_until is not None and self.vacation_until > timezone.now()

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        """The user's time zone; UTC if the stored name is unknown to this machine."""
        try:
            return zoneinfo.ZoneInfo(self.time_zone or "UTC")
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            return zoneinfo.ZoneInfo("UTC")

    class Meta(AbstractUser.Meta):
        permissions = [("suspend_user", "Can suspend users and lift suspensions")]
        constraints = [
            models.CheckConstraint(
                condition=(Q(is_bot=True) & ~Q(bot_level="")) | Q(is_bot=False, bot_level=""),
                name="accounts_user_bot_level_iff_bot",
                violation_error_message="A bot needs a bot level; a person must not have one.",
            ),
            # "Alice" and "alice" are one name: the player pages look names up in any case.
            models.UniqueConstraint(
                Lower("username"),
                name="accounts_user_username_unique_without_case",
                violation_error_message="That username is taken (in another letter case).",
            ),
        ]


class LoginFailure(models.Model):
    """One log-in try with a wrong password (or one under way), counted by
    accounts.login_limits in the database so that every web process sees the same count.
    Rows older than the longest limit's period are deleted as new ones come in."""

    key = models.CharField(max_length=254, help_text="The username or address typed, lower case.")
    ip = models.GenericIPAddressField(help_text="The address tried from (IPv6: its /64).")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [
            models.Index(fields=["key", "created"], name="accounts_loginfailure_key"),
            models.Index(fields=["ip", "created"], name="accounts_loginfailure_ip"),
            models.Index(fields=["created"], name="accounts_loginfailure_created"),
        ]

    def __str__(self):
        return f"{self.key} from {self.ip} at {self.created:%Y-%m-%d %H:%M:%S}"


class Vacation(models.Model):
    """One vacation: from ``started_at`` to ``ends_at`` as planned, or to ``ended_at`` when
    the player came back early. Its days count against the yearly allowance of the year it
    began in (``games.vacation``)."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="vacations")
    started_at = models.DateTimeField()
    ends_at = models.DateTimeField(help_text="The planned end.")
    ended_at = models.DateTimeField(null=True, blank=True, help_text="When it was ended early.")

    class Meta:
        ordering = ["-started_at"]
        indexes = [models.Index(fields=["user", "started_at"])]

    def __str__(self) -> str:
        return f"{self.user} from {self.started_at:%Y-%m-%d}"

    @property
    def end(self):
        return self.ended_at or self.ends_at


def row_set(model, *, on: bool, **fields) -> bool:
    """Make (``on``) or delete the one row of ``model`` with ``fields`` (a block, a follow).
    Repeating either, or sending the same twice at once, changes nothing. Returns whether
    anything changed."""
    if not on:
        return model.objects.filter(**fields).delete()[0] > 0
    try:
        with transaction.atomic():
            return model.objects.get_or_create(**fields)[1]
    except IntegrityError:  # the same row made twice at once: it is there
        return False


class Block(models.Model):
    """``blocker`` blocked ``blocked``: the blocked person cannot invite, challenge or join a
    private table with the blocker, and the blocker no longer sees their chat messages
    (``accounts.blocks``, docs/security.md "Blocking"). The blocked person is never told:
    every refusal reads as it would for a name that is no player's."""

    blocker = models.ForeignKey(User, on_delete=models.CASCADE, related_name="blocks_made")
    blocked = models.ForeignKey(User, on_delete=models.CASCADE, related_name="blocked_by")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["blocked__username"]
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="accounts_block_once"),
            models.CheckConstraint(
                condition=~Q(blocker=models.F("blocked")), name="accounts_block_not_self"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.blocker.username} blocks {self.blocked.username}"


class InviteSent(models.Model):
    """One challenge or table a person set up, and how many people it invited: the hourly
    limits on what a person sends (``games.invite_limits``) count these rows, which stay
    when the challenge or table is cancelled. Rows older than an hour are deleted as the
    same person sends new ones."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="invites_sent")
    created = models.DateTimeField(default=timezone.now)
    invited = models.PositiveSmallIntegerField(
        default=0, help_text="How many people it invited (bots not counted)."
    )

    class Meta:
        indexes = [models.Index(fields=["user", "created"], name="accounts_invitesent_user")]

    def __str__(self) -> str:
        return f"{self.user.username} at {self.created:%Y-%m-%d %H:%M:%S}: {self.invited} invited"


class Follow(models.Model):
    """``follower`` follows ``followed``: the follower's Friends page (``accounts.friends``)
    lists them with their games in play and a button to challenge them, and the name boxes
    that ask for a player offer them first. Only the follower sees whom they follow;
    nobody is told."""

    follower = models.ForeignKey(User, on_delete=models.CASCADE, related_name="follows_made")
    followed = models.ForeignKey(User, on_delete=models.CASCADE, related_name="followers")
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["followed__username"]
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="accounts_follow_once"),
            models.CheckConstraint(
                condition=~Q(follower=models.F("followed")), name="accounts_follow_not_self"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.follower.username} follows {self.followed.username}"
