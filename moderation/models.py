"""Reports from players and the moderators' audit trail.

``AuditEntry`` rows are written only by ``moderation.services``, in the same transaction
as the moderation action they record, and are never changed or deleted: the model, its
queryset and (on PostgreSQL) a database trigger all refuse.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.models import GameSeat
from xix_site.records import AppendOnly


class ReportQuerySet(models.QuerySet):
    def about(self, user):
        """The reports about ``user``: naming him, or about a game he plays in (but not
        those he filed himself)."""
        seated = GameSeat.objects.filter(user=user, position__isnull=False).values("game")
        about = Q(reported=user) | Q(game__in=seated)
        return self.filter(about).exclude(reporter=user)

    def visible_to(self, user):
        """The reports ``user`` may read in the admin: not those about him (nor, so, who
        filed them). A moderator is not the judge of his own case."""
        return self.exclude(pk__in=Report.objects.about(user).values("pk"))


class Report(models.Model):
    """A player's report about a game or another player, for the moderators."""

    class Category(models.TextChoices):
        ABUSIVE_NAME = "abusive_name", "Abusive name"
        STALLING = "stalling", "Stalling"
        CHEATING = "cheating", "Cheating or outside help"
        CHAT = "chat", "A chat message"
        OTHER = "other", "Something else"

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        RESOLVED = "resolved", "Resolved"
        DISMISSED = "dismissed", "Dismissed"

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="reports_made"
    )
    # A report is about a game (then ``reported`` is the reporter's opponent, or empty when
    # a spectator reports it) or about a player (then ``game`` is empty).
    game = models.ForeignKey(
        "games.Game", on_delete=models.PROTECT, null=True, blank=True, related_name="reports"
    )
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reports_against",
        verbose_name="reported player",
    )
    # A report about a message of a game's chat (then ``game`` is its game and ``reported``
    # its author), with the messages around it as the reporter saw them.
    chat_message = models.ForeignKey(
        "chat.ChatMessage",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reports",
    )
    context = models.TextField(
        blank=True, help_text="The reported chat message and those around it, when it was sent."
    )
    category = models.CharField(max_length=16, choices=Category.choices)
    text = models.TextField("what happened", max_length=2000, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    created = models.DateTimeField(auto_now_add=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reports_handled",
    )
    handled_at = models.DateTimeField(null=True, blank=True)
    note = models.TextField(blank=True, help_text="The moderator's note, shown to the reporter.")

    objects = ReportQuerySet.as_manager()

    class Meta:
        ordering = ["created"]
        permissions = [("handle_report", "Can resolve and dismiss reports")]
        indexes = [models.Index(fields=["status", "created"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(game__isnull=False) | Q(reported__isnull=False),
                name="report_has_a_target",
            ),
            # One open report per reporter and target.
            models.UniqueConstraint(
                fields=["reporter", "game"],
                condition=Q(status="open", game__isnull=False, chat_message__isnull=True),
                name="report_one_open_per_game",
                violation_error_message="You have already reported this game.",
            ),
            models.UniqueConstraint(
                fields=["reporter", "chat_message"],
                condition=Q(status="open", chat_message__isnull=False),
                name="report_one_open_per_message",
                violation_error_message="You have already reported this message.",
            ),
            models.UniqueConstraint(
                fields=["reporter", "reported"],
                condition=Q(status="open", game__isnull=True),
                name="report_one_open_per_player",
                violation_error_message="You have already reported this player.",
            ),
        ]

    def __str__(self) -> str:
        return f"Report {self.pk}: {self.target_label} ({self.get_category_display()})"

    @property
    def target_label(self) -> str:
        if self.chat_message_id is not None:
            return f"a chat message in game {self.game_id}"
        if self.game_id is not None:
            return f"game {self.game_id}"
        return f"player {self.reported.username}"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class AuditEntry(AppendOnly):
    """One moderation action: who did what to which user, game or report, why, and when."""

    RECORD_NAME = "audit entries"

    class Action(models.TextChoices):
        SUSPEND = "suspend", "Suspended a user"
        LIFT = "lift", "Lifted a suspension"
        ABORT = "abort", "Aborted a game"
        ADJUDICATE = "adjudicate", "Adjudicated a game"
        REPORT_RESOLVED = "report_resolved", "Resolved a report"
        REPORT_DISMISSED = "report_dismissed", "Dismissed a report"
        USER_ADDED = "user_added", "Added a user in the admin"
        USER_CHANGED = "user_changed", "Changed a user in the admin"
        USER_DELETED = "user_deleted", "Deleted a user in the admin"
        MESSAGE_HIDDEN = "message_hidden", "Hid a chat message"
        TOURNAMENT_CREATED = "tourney_created", "Created an official tournament"
        TOURNAMENT_CANCELLED = "tourney_cancelled", "Cancelled a tournament"
        TOURNAMENT_REMOVED = "tourney_removed", "Removed a player from a tournament"

    created = models.DateTimeField(auto_now_add=True, db_index=True)
    # Empty for the site itself (a suspension that ran out and lifted itself).
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="audit_entries_made",
    )
    action = models.CharField(max_length=20, choices=Action.choices)
    target_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        # A user with audit entries cannot be deleted (the entry of a deletion itself keeps
        # only the name, in ``target``).
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="audit_entries",
    )
    target_game = models.ForeignKey(
        "games.Game", on_delete=models.PROTECT, null=True, blank=True, related_name="audit_entries"
    )
    target_report = models.ForeignKey(
        Report, on_delete=models.PROTECT, null=True, blank=True, related_name="audit_entries"
    )
    target = models.CharField(max_length=200, help_text="What was acted on, as it was named then.")
    reason = models.TextField(blank=True)
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        verbose_name = "audit entry"
        verbose_name_plural = "audit trail"

    def __str__(self) -> str:
        who = self.actor.username if self.actor_id else "the site"
        return f"{who}: {self.get_action_display()} · {self.target}"
