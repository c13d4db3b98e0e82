"""Games, their append-only action logs, and open or direct challenges.

The log (``GameAction`` rows) is the truth: a game's state is replayed from it by the
engine (``games.selectors.game_state``). The columns of ``Game`` that repeat what the log
implies (status, scores, winner, number of actions) are there for listing and sorting, and
are written only by ``games.services`` in the same transaction as the action itself.
"""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone

from games import registry
from games.kit import options as game_options
from xix_site.records import AppendOnly

DAYS_PER_MOVE = (1, 2, 3, 5, 7, 14)
# The game a row is unless told (every game before ``kind`` existed is XIX).
DEFAULT_KIND = "xix"


def default_variant() -> str:
    """A new game's variant unless given: the variant the site offers first
    (``registry.default_game``; the services always name one)."""
    return registry.default_game().split("/", 1)[1]


def reason_choices() -> list[tuple[str, str]]:
    """Every ending a game may hold, for the admin's display and filter: the site's own
    (``Game.Reason``), then each registered game's (``RULES.endings``) by its label; a
    key two games share shows both labels. A callable, so that a new game's endings need
    no migration."""
    labels: dict[str, list[str]] = {key: [label] for key, label in Game.Reason.choices}
    for key in registry.ENGINES:
        for reason, ending in registry.rules(key).endings.items():
            seen = labels.setdefault(reason, [])
            if ending.label not in seen:
                seen.append(ending.label)
    return [(reason, " / ".join(words)) for reason, words in labels.items()]


class Game(models.Model):
    # The fields that hold or imply hidden cards: the seed the deal is shuffled from, the
    # deal itself, and the setup that goes with it. The admin refuses every query-string
    # lookup that touches one of them (xix_site.admin.HiddenFieldsGuard), so they are never
    # a yes/no oracle. ``setup`` holds the deal in the game's own shape (a test checks
    # that every such field is declared here).
    HIDDEN_FIELDS = frozenset({"seed", "setup"})

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for an opponent"  # an open or direct challenge
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"
        ABORTED = "aborted", "Aborted"

    class Reason(models.TextChoices):
        """The site's own endings; a game's own are its rules' (``RULES.endings``)."""

        RESIGNATION = "resignation", "Resignation"
        TIMEOUT = "timeout", "Time ran out"
        ABORT = "abort", "Aborted"
        # By a player, before each player had made a first move (docs/rules.md, 29).
        EARLY_ABORT = "early abort", "Aborted before both players had moved"
        FORFEIT = "forfeit", "Forfeit (account suspended)"
        ADJUDICATED = "adjudicated", "Adjudicated by a moderator"
        # At a table, when no person is left playing (docs/rules.md, site decisions).
        ABANDONED = "abandoned", "Abandoned: no player left"

    # The game (a key of games.registry.ENGINES); every game before it existed is XIX.
    kind = models.CharField(max_length=16, default=DEFAULT_KIND, db_default=DEFAULT_KIND)
    # A variant of the game's engine (``registry.rules(kind).variants``, which also names
    # it: ``variant_label``); no choices here, as each game has its own.
    variant = models.CharField(max_length=16, default=default_variant)
    seats_count = models.PositiveSmallIntegerField(default=2, db_default=2)
    # The set-up in the game's own shape (rules(kind).new); for XIX {"deal", "first_leader"}.
    # Empty while a table waits (it is dealt when the table starts).
    setup = models.JSONField(null=True, blank=True)
    seed = models.CharField(max_length=64, help_text="Seed of the shuffle that made the deal.")

    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_created"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    # A key of Reason or of the game's RULES.endings (an Outcome's reason).
    reason = models.CharField(max_length=16, choices=reason_choices, blank=True)

    days_per_move = models.PositiveSmallIntegerField(
        choices=[(d, f"{d} day{'s' if d > 1 else ''}") for d in DAYS_PER_MOVE], default=3
    )
    deadline = models.DateTimeField(
        null=True, blank=True, help_text="When the seat to move loses by timeout."
    )
    remind_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the seat to move is reminded (a fifth of the time left); "
        "empty once the reminder has gone out.",
    )
    extra_day_seq = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="The action number at which the opponent last granted an extra day "
        "(one per turn).",
    )
    rated = models.BooleanField(default=True)
    # Who aborted the game before the first moves (``services.game_abort_by_player``, or a
    # resignation then); empty for every other game, and for early aborts before this was
    # recorded. Aborts of rated games are counted against their player (games/aborts.py).
    aborted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="games_aborted",
        help_text="The player who aborted the game before the first moves.",
    )
    verdict = models.TextField(
        blank=True,
        help_text="The moderators' reason when they aborted or adjudicated the game, "
        "shown to the players.",
    )
    n_actions = models.PositiveIntegerField(default=0)
    to_move = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Seat to act while active (kept with the log)."
    )
    rematch_of = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="rematches"
    )
    # The options chosen at the set-up (``games.kit.options``: the game's ``RULES.options``,
    # each with its value), dealt with when the table starts; public. {} for a game whose
    # rules declare none, and for the games set up before options existed.
    options = models.JSONField(default=dict, blank=True)
    # A table "Play now" set up waits first for players near its creator's rating
    # (``games.tables.table_quick``): until ``offered_until`` only players whose rating is
    # within ``tables.NEAR_RATING`` of ``offered_rating`` see it and may take a seat.
    offered_until = models.DateTimeField(null=True, blank=True)
    offered_rating = models.PositiveSmallIntegerField(null=True, blank=True)

    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    expires_at = models.DateTimeField(
        null=True, blank=True, help_text="When a waiting challenge lapses."
    )
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-updated"]
        permissions = [
            ("moderate_game", "Can abort and adjudicate games"),
            ("see_hidden_cards", "Can see every card of a game in play (not their own)"),
        ]
        indexes = [
            models.Index(fields=["status", "-updated"]),
            models.Index(fields=["status", "deadline"]),
            models.Index(fields=["status", "remind_at"]),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.variant}, {self.status})"

    def get_absolute_url(self) -> str:
        return reverse("games:game", args=[self.pk])

    # Who sits where: the seat rows, for any number of seats, read once and kept on the
    # instance (``forget_seats`` after writing them).

    def seat_rows(self) -> list:
        """The seated rows (position set), in position order, with their users. Uses the
        rows prefetched as ``seats`` when there are any, else one query, kept."""
        cached = getattr(self, "_seat_rows", None)
        if cached is None:
            if "seats" in getattr(self, "_prefetched_objects_cache", {}):
                rows = [seat for seat in self.seats.all() if seat.position is not None]
                rows.sort(key=lambda seat: seat.position)
            else:
                rows = list(
                    self.seats.filter(position__isnull=False)
                    .select_related("user")
                    .order_by("position")
                )
            cached = self._seat_rows = rows
        return cached

    def refresh_from_db(self, *args, **kwargs):
        self.forget_seats()
        self.__dict__.pop("_invitations_read", None)
        super().refresh_from_db(*args, **kwargs)

    def forget_seats(self) -> None:
        """Drop the seat rows read by ``seat_rows`` (after a service rewrote them)."""
        self.__dict__.pop("_seat_rows", None)
        getattr(self, "_prefetched_objects_cache", {}).pop("seats", None)

    @property
    def players(self) -> tuple:
        """The user in each seat, in position order (none while the game waits)."""
        return tuple(seat.user for seat in self.seat_rows())

    @property
    def player_ids(self) -> tuple:
        return tuple(seat.user_id for seat in self.seat_rows())

    def seat_of(self, user) -> int | None:
        """The seat ``user`` sits in, or None."""
        if user is None or not user.is_authenticated:
            return None
        for position, user_id in enumerate(self.player_ids):
            if user_id == user.pk:
                return position
        return None

    @property
    def scores(self) -> list[int]:
        return [seat.score for seat in self.seat_rows()]

    @property
    def winner(self) -> int | None:
        """A finished game of two seats: the seat ranked first alone (None for a draw);
        None for any other game."""
        if self.seats_count != 2 or self.status != self.Status.FINISHED:
            return None
        firsts = [seat.position for seat in self.seat_rows() if seat.rank == 1]
        return firsts[0] if len(firsts) == 1 else None

    def _invitation_rows(self) -> list:
        """The game's invitations with their users, in the order they were sent: the rows
        prefetched as ``invitations`` when there are any, else one query, kept."""
        if "invitations" in getattr(self, "_prefetched_objects_cache", {}):
            return sorted(self.invitations.all(), key=lambda row: row.pk)
        cached = getattr(self, "_invitations_read", None)
        if cached is None:
            cached = self._invitations_read = list(
                self.invitations.select_related("user").order_by("pk")
            )
        return cached

    @property
    def invited(self):
        """The person a two-seat game was offered to (a direct challenge: its one
        invitation), or None for an open one."""
        rows = self._invitation_rows()
        return rows[0].user if rows and self.seats_count == 2 else None

    @property
    def invited_id(self) -> int | None:
        rows = self._invitation_rows()
        return rows[0].user_id if rows and self.seats_count == 2 else None

    @property
    def reason_label(self) -> str:
        """How the game ended, in a few words for lists: the site's endings by their
        label (an early abort at a table: before its first move), the game's own by the
        label its rules give them."""
        if self.reason == self.Reason.EARLY_ABORT and self.seats_count > 2:
            return "Aborted before the first move"
        if self.reason in self.Reason.values:
            return self.Reason(self.reason).label
        ending = registry.rules(self.kind).endings.get(self.reason)
        return ending.label if ending is not None else self.reason

    @property
    def variant_label(self) -> str:
        """The variant's name for people ("XIX 2.0 (2023 rules)"), from the engine."""
        info = registry.rules(self.kind).variants.get(self.variant)
        return info.label if info is not None else self.variant

    @property
    def option_lines(self) -> list[str]:
        """The table options it plays, one line each ("Match length: each player deals
        twice"), for every option its game declares; [] for a game without any, and for
        one whose options were never chosen here (set up before options existed, or
        imported from a record: its set-up says what it plays)."""
        return game_options.lines(registry.rules(self.kind), self.options) if self.options else []

    @property
    def option_pairs(self) -> list[tuple[str, str]]:
        """(label, words) of the same options ("Match length", "Each player deals twice")."""
        return game_options.pairs(registry.rules(self.kind), self.options) if self.options else []

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABORTED)

    def initial_state(self):
        """The state before the first action, from the game's set-up by its rules."""
        return registry.rules(self.kind).new(self.variant, self.seats_count, self.setup)


class GameSeat(models.Model):
    """A player's place at a game: the engine's seat number, team, score, rank and status.
    The one record of who plays a game and of their result, for any number of seats."""

    class Status(models.TextChoices):
        PLAYING = "playing", "Playing"
        RESIGNED = "resigned", "Resigned"
        TIMED_OUT = "timed_out", "Timed out"
        FORFEITED = "forfeited", "Forfeited (account suspended)"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The engine's seat; empty while the table waits."
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats"
    )
    team = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.IntegerField(default=0)
    rank = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="1 for the best once the game is over; ties share."
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PLAYING)
    joined_at = models.DateTimeField(default=timezone.now)
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="game_seat_unique_position"),
            models.UniqueConstraint(fields=["game", "user"], name="game_seat_unique_user"),
        ]
        indexes = [models.Index(fields=["user", "game"], name="game_seat_user_game")]

    def __str__(self) -> str:
        return f"Game {self.game_id}, seat {self.position}: user {self.user_id}"


# How the loser of a game ended by one of these reasons left it.
LEFT_BY_REASON = {
    Game.Reason.RESIGNATION: GameSeat.Status.RESIGNED,
    Game.Reason.TIMEOUT: GameSeat.Status.TIMED_OUT,
    Game.Reason.FORFEIT: GameSeat.Status.FORFEITED,
}


class Invitation(models.Model):
    """A user invited to a waiting game (a direct challenge)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="invitations"
    )
    answered_at = models.DateTimeField(null=True, blank=True)
    declined = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="invitation_unique_user"),
        ]

    def __str__(self) -> str:
        return f"Game {self.game_id}: user {self.user_id} invited"


class GameAction(AppendOnly):
    """One action of a game's log, exactly as the engine takes it. Never changed."""

    RECORD_NAME = "game actions"
    # The payload names cards, some traded face down: see Game.HIDDEN_FIELDS.
    HIDDEN_FIELDS = frozenset({"action"})

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="actions")
    seq = models.PositiveIntegerField(help_text="0 for the game's first action, then 1, 2, ...")
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="game_action_unique_seq"),
        ]

    def __str__(self) -> str:
        return f"Game {self.game_id} #{self.seq}: {self.action}"


class GuideProgress(models.Model):
    """How far a player is with one game's first-game guide (``games.guide``): the steps
    they marked "Got it", and whether they stopped the guide for that game."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="guides"
    )
    kind = models.CharField(max_length=16, help_text="The game's registry key.")
    seen = models.JSONField(default=list, blank=True, help_text="The steps marked 'Got it'.")
    stopped = models.BooleanField(default=False)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="guide_progress_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.kind}: {len(self.seen)} seen"
