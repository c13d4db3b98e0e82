"""In-app notifications and the e-mail outbox.

A ``Notification`` is written in the same transaction as the game change that causes it,
so a committed move always has its notifications and a rolled-back one never does. The
pair (user, game, action number, kind) is unique: a task or a sweep that runs twice finds
the row already there and does nothing more.

An ``OutboundEmail`` is the outbox: the finished message, written in that same
transaction and sent afterwards by a Celery task. Sending can fail and be retried without
ever touching the move; ``status``, ``attempts`` and ``last_error`` record what happened.

A ``PushSubscription`` is one browser that accepted Web Push notifications for its player
(``notifications.webpush``): where the push service wants messages for it and the keys to
encrypt them with.
"""

from django.conf import settings
from django.db import models
from django.urls import reverse


class Notification(models.Model):
    class Kind(models.TextChoices):
        CHALLENGE = "challenge", "Challenge received"
        ACCEPTED = "accepted", "Challenge accepted"
        YOUR_TURN = "your_turn", "Your turn"
        DEADLINE = "deadline", "Deadline near"
        EXTRA_DAY = "extra_day", "Extra day granted"
        GAME_OVER = "game_over", "Game over"
        SEAT_LEFT = "seat_left", "A player left the table"
        REPORT = "report", "Report handled"
        TOURNAMENT = "tournament", "Tournament news"

    class Email(models.TextChoices):
        NONE = "none", "Not e-mailed (preference, bot or no address)"
        VIEWING = "viewing", "Not e-mailed: the player was looking at the game"
        QUEUED = "queued", "E-mailed on its own"
        DIGEST = "digest", "Waiting for the daily digest"
        DIGESTED = "digested", "Sent in a daily digest"
        SKIPPED = "skipped", "Read before the digest went out"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    # A withdrawn or expired challenge takes its notification with it. Empty for news that
    # is not about a game (the outcome of a report about a player).
    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    seq = models.PositiveIntegerField(help_text="The game's number of actions at the event.")
    # Room for a moderator's note (up to 1,000 characters) after the sentence about it.
    text = models.CharField(max_length=1200)
    link = models.CharField(
        max_length=200, blank=True, help_text="Where the notification leads, when not to its game."
    )
    created = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    email = models.CharField(max_length=16, choices=Email.choices, default=Email.NONE)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game", "seq", "kind"], name="notification_once_per_event"
            ),
        ]
        indexes = [
            models.Index(fields=["user", "read_at"]),
            models.Index(fields=["email", "user"]),
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.get_kind_display()} · game {self.game_id} #{self.seq}"

    def get_absolute_url(self) -> str:
        if self.link:
            return self.link
        if self.game_id is None:
            return reverse("notifications:list")
        return reverse("games:game", args=[self.game_id])

    @property
    def unread(self) -> bool:
        return self.read_at is None


class OutboundEmail(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Waiting to be sent"
        SENT = "sent", "Sent"
        FAILED = "failed", "Gave up after repeated failures"

    # "n<notification id>" for a single event, "digest:<user id>:<local date>" for a digest.
    key = models.CharField(max_length=64, unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="outbound_emails"
    )
    to_address = models.EmailField()
    subject = models.CharField(max_length=200)
    body_text = models.TextField()
    body_html = models.TextField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    # Written during the player's quiet hours: not sent before they end.
    not_before = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["status", "created"])]
        verbose_name = "outbound e-mail"

    def __str__(self) -> str:
        return f"{self.to_address}: {self.subject} ({self.status})"


class PushSubscription(models.Model):
    """One browser's Web Push subscription (the Push API's ``PushSubscription``)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    # The push service's URL for this browser: unique, since a browser that another
    # account signs in on and subscribes again moves to that account.
    # A CharField: notifications.webpush.clean checks it (an https URL of a known push
    # service) before it is stored.
    endpoint = models.CharField(max_length=500, unique=True)
    p256dh = models.CharField(
        max_length=100, help_text="The browser's P-256 public key (base64url, 65 bytes)."
    )
    auth = models.CharField(max_length=40, help_text="The browser's auth secret (base64url).")
    user_agent = models.CharField(max_length=200, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    last_success = models.DateTimeField(null=True, blank=True)
    last_failure = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.user} · {self.endpoint[:60]}"

    def info(self) -> dict:
        """The subscription as the Push API gives it (what ``pywebpush`` takes)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}
