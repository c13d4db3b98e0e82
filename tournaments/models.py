"""Correspondence tournaments (docs/tournaments.md): the event and its settings, who entered,
each round, and each table of a round with the game the table model started for it.

A tournament's standings are never stored: they are computed from the tables' places
(``tournaments.standings``), exactly, each time they are read. What is stored is what the
players and the organiser did (entries, withdrawals) and what the pairing decided (the
tables and their seats); each table's result is copied from its game's seats when the
game ends, so a round can be scored without replaying anything.
"""

from django.conf import settings
from django.db import models
from django.urls import reverse

from games import registry
from games.models import DAYS_PER_MOVE


class Tournament(models.Model):
    class Format(models.TextChoices):
        SWISS = "swiss", "Swiss"
        ROUND_ROBIN = "round_robin", "Round robin"
        KNOCKOUT = "knockout", "Knockout"

    class Status(models.TextChoices):
        REGISTRATION = "registration", "Open for entries"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"
        CANCELLED = "cancelled", "Cancelled"

    class Entry(models.TextChoices):
        OPEN = "open", "Open to everyone"
        INVITATION = "invitation", "By invitation only"

    class Bye(models.TextChoices):
        FULL = "full", "The points of first place"
        HALF = "half", "Half the points of first place"
        ZERO = "zero", "No points"

    class Tie(models.TextChoices):
        SEED = "seed", "The higher seed goes through"
        REPLAY = "replay", "The two play again"

    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=16, help_text="The game's registry key.")
    variant = models.CharField(max_length=16)
    seats = models.PositiveSmallIntegerField(help_text="Seats at each table.")
    format = models.CharField(max_length=16, choices=Format.choices)
    rounds = models.PositiveSmallIntegerField(
        help_text="Swiss: as set. Round robin and knockout: worked out at the start."
    )
    days_per_move = models.PositiveSmallIntegerField(
        choices=[(d, f"{d} day{'s' if d > 1 else ''}") for d in DAYS_PER_MOVE], default=3
    )
    max_days = models.PositiveSmallIntegerField(
        default=60, help_text="A game still running this many days after it began is decided."
    )
    rated = models.BooleanField(default=True)
    starts_at = models.DateTimeField(
        null=True, blank=True, help_text="Empty: the tournament starts when it is full."
    )
    min_players = models.PositiveSmallIntegerField()
    max_players = models.PositiveSmallIntegerField()
    rating_min = models.PositiveSmallIntegerField(null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(null=True, blank=True)
    entry = models.CharField(max_length=16, choices=Entry.choices, default=Entry.OPEN)
    invited = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="tournament_invitations"
    )
    bots_allowed = models.BooleanField(default=False)
    place_points = models.JSONField(
        help_text="Points for each place at a table, first place first (one per seat)."
    )
    bye = models.CharField(max_length=8, choices=Bye.choices, default=Bye.FULL)
    tie = models.CharField(max_length=8, choices=Tie.choices, default=Tie.SEED)
    late_entry = models.BooleanField(
        default=False, help_text="Swiss: players may enter until half the rounds are paired."
    )
    max_timeouts = models.PositiveSmallIntegerField(
        default=0,
        help_text="A player who runs out of time in this many games is dropped (0: never).",
    )
    rolling = models.BooleanField(
        default=False,
        help_text="Swiss: each player is paired as soon as their game ends, not by rounds.",
    )
    advance = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Knockout at more than two: how many of each table go through (empty: half).",
    )
    schedule = models.JSONField(
        null=True,
        blank=True,
        help_text="Round robin: every round's tables and byes (entry ids), fixed at the start.",
    )
    official = models.BooleanField(default=False, help_text="Set up by the staff.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournaments_created"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION)
    created = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["status", "kind"], name="tournament_list")]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.pk])

    @property
    def sides(self) -> tuple | None:
        """The variant's partnerships at this seat count, or None when each plays alone."""
        info = registry.rules(self.kind).variants.get(self.variant)
        return info.sides(self.seats) if info is not None else None

    @property
    def teams(self) -> bool:
        """A partnership variant: the entrants are fixed teams of two."""
        return self.sides is not None

    @property
    def slots(self) -> int:
        """Entrants at a table: its seats, or at a partnership variant its sides."""
        sides = self.sides
        return len(sides) if sides else self.seats

    def entrant_counts(self) -> set[int]:
        """How many entrants a table of the variant may hold (any of its seat counts)."""
        info = registry.rules(self.kind).variants[self.variant]
        if not self.teams:
            return set(info.seat_counts)
        return {len(info.sides(n)) for n in info.seat_counts if info.sides(n)}


class Entry(models.Model):
    """A player in a tournament, or in a partnership variant a fixed team of two: ``user``
    entered and invited ``partner``, who has accepted when ``partner_confirmed`` (or the
    organiser formed the team). ``seed`` (1 the strongest) is fixed at the start from the
    ratings; ``place`` once the tournament is over."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournament_entries"
    )
    joined_at = models.DateTimeField(auto_now_add=True)
    rating = models.FloatField(help_text="The player's rating when they entered.")
    seed = models.PositiveSmallIntegerField(null=True, blank=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    removed = models.BooleanField(default=False, help_text="Removed by a moderator.")
    partner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournament_partnerships",
        help_text="Partnership variants: the team's second player.",
    )
    partner_confirmed = models.BooleanField(default=False)
    timeouts = models.PositiveSmallIntegerField(
        default=0, help_text="Games of the tournament the player lost on time."
    )
    waiting_since = models.DateTimeField(
        null=True, blank=True, help_text="Rolling Swiss: free to be paired since then."
    )
    eliminated_in = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Knockout: the round the player went out in."
    )
    place = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["seed", "joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="entry_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament}"

    @property
    def active(self) -> bool:
        return self.withdrawn_at is None

    @property
    def members(self) -> list:
        """The players of the entry: one, or a team's two (the partner once confirmed)."""
        if self.partner_id is not None and self.partner_confirmed:
            return [self.user, self.partner]
        return [self.user]

    @property
    def name(self) -> str:
        return " & ".join(person.username for person in self.members)


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_once"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class Table(models.Model):
    """One table of a round: the game the table model started for its players, or a bye
    (no game, one player). A knockout game settled by "play again" gets a second table at
    the same board (``leg`` 2, 3 ...)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    board = models.PositiveSmallIntegerField()
    leg = models.PositiveSmallIntegerField(default=1)
    game = models.OneToOneField(
        "games.Game",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournament_table",
    )
    done = models.BooleanField(default=False)

    class Meta:
        ordering = ["board", "leg"]
        constraints = [
            models.UniqueConstraint(fields=["round", "board", "leg"], name="table_once"),
        ]

    def __str__(self) -> str:
        return f"{self.round} board {self.board}"

    @property
    def is_bye(self) -> bool:
        return self.game_id is None


class TableSeat(models.Model):
    """A player at a table and, once the game is over, their place there (1 best, ties
    share; a bye has place 1 and ``bye`` set)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="seats")
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    bye = models.BooleanField(default=False)

    class Meta:
        ordering = ["place", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["table", "entry"], name="table_seat_once"),
        ]

    def __str__(self) -> str:
        return f"{self.entry.user} at {self.table}"
