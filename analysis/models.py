"""A finished game's analysis (one per game) and the chunks of decisions it is computed in.

The search's figures (``analysis.engine``'s shapes) are stored as JSON. A chunk row is
written once (unique per analysis and number), in the same short transaction that counts
it in its analysis's progress: a chunk task that runs twice stores nothing the second time.
"""

from django.conf import settings
from django.db import models

from games.models import Game


class Analysis(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    # The decisions name cards (the moves and their best alternatives, also with every card
    # shown): declared like the game's own log (games.models), so no admin lookup reads them.
    HIDDEN_FIELDS = frozenset({"decisions"})

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="analysis")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="analyses_requested",
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    budget = models.CharField(max_length=16, help_text="A key of analysis.engine.BUDGETS.")
    # The indices into the game's log that are decisions (engine.decision_points), split
    # into chunks of ``chunk_size``; empty until the first task has read the game.
    points = models.JSONField(default=list, blank=True)
    chunk_size = models.PositiveSmallIntegerField(default=4)
    chunks_total = models.PositiveIntegerField(default=0)
    chunks_done = models.PositiveIntegerField(default=0)
    # Once done: every decision (engine.analyse_decision's dicts) in log order, and one
    # summary per seat (engine.summary).
    decisions = models.JSONField(default=list, blank=True)
    summary = models.JSONField(default=list, blank=True)
    cpu_seconds = models.FloatField(default=0.0)
    error = models.TextField(blank=True)
    attempts = models.PositiveSmallIntegerField(default=1)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "analyses"
        indexes = [
            models.Index(fields=["status"]),
            models.Index(fields=["requested_by", "created"]),
        ]

    def __str__(self) -> str:
        return f"Analysis of game {self.game_id} ({self.status})"

    @property
    def percent(self) -> int:
        """How far it has come, 0 to 100."""
        if self.status == self.Status.DONE:
            return 100
        if not self.chunks_total:
            return 0
        return round(100 * self.chunks_done / self.chunks_total)

    @property
    def pending(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.RUNNING)


class AnalysisChunk(models.Model):
    HIDDEN_FIELDS = frozenset({"decisions"})  # as Analysis.decisions

    analysis = models.ForeignKey(Analysis, on_delete=models.CASCADE, related_name="chunks")
    number = models.PositiveIntegerField()
    decisions = models.JSONField(default=list)
    cpu_seconds = models.FloatField(default=0.0)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["analysis", "number"], name="analysis_chunk_once")
        ]

    def __str__(self) -> str:
        return f"Chunk {self.number} of {self.analysis}"


class PlayOn(models.Model):
    """A casual game against bots begun from a step of a finished game ("Play on from
    here"). The old game's log is never touched: its first ``step`` actions are copied."""

    source = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="played_on")
    step = models.PositiveIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="plays_on"
    )
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="played_on_from")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["source", "user", "step"])]

    def __str__(self) -> str:
        return f"Game {self.game_id}: game {self.source_id} played on from step {self.step}"
