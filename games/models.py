"""Games, their append-only action logs, and open or direct challenges.

The log (``GameAction`` rows) is the truth: a game's state is replayed from it by the
engine (``games.selectors.game_state``). The columns of ``Game`` that repeat what the log
implies (status, scores, winner, number of actions) are there for listing and sorting, and
are written only by ``games.services`` in the same transaction as the action itself.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from games import registry
from games.xix.engine import STANDARD
from xix_site.records import AppendOnly

DAYS_PER_MOVE = (1, 2, 3, 5, 7, 14)


class Game(models.Model):
    # The fields that hold or imply hidden cards: the seed the deal is shuffled from, the
    # deal itself, and the setup that goes with it. The admin refuses every query-string
    # lookup that touches one of them (xix_site.admin.HiddenFieldsGuard), so they are never
    # a yes/no oracle. ``setup`` holds the deal in the game's own shape (a test checks
    # that every such field is declared here).
    HIDDEN_FIELDS = frozenset({"seed", "deal", "first_leader", "setup"})

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for an opponent"  # an open or direct challenge
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"
        ABORTED = "aborted", "Aborted"

    class Reason(models.TextChoices):
        EXACT_19 = "exact 19", "Exactly 19 points in all"
        REACHED_19 = "reached 19", "Reached 19 points"
        TALON_END = "talon end", "End of the talon"
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
    kind = models.CharField(max_length=16, default="xix", db_default="xix")
    # A variant of the game's engine (``registry.rules(kind).variants``, which also names
    # it: ``variant_label``); no choices here, as each game has its own.
    variant = models.CharField(max_length=16, default=STANDARD)
    seats_count = models.PositiveSmallIntegerField(default=2, db_default=2)
    # The set-up in the game's own shape (rules(kind).new); for XIX {"deal", "first_leader"}.
    # Written beside ``deal`` and ``first_leader`` while both shapes are kept
    # (docs/architecture.md, "Seats as rows").
    setup = models.JSONField(null=True, blank=True)
    seed = models.CharField(max_length=64, help_text="Seed of the shuffle that made the deal.")
    deal = models.JSONField(help_text="The deal, laid out as in ruling 1.")
    first_leader = models.PositiveSmallIntegerField()

    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_created"
    )
    invited = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="games_invited",
        help_text="For a direct challenge: the only user who may accept it.",
    )
    player0 = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="games_as_seat0",
    )
    player1 = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="games_as_seat1",
    )

    status = models.CharField(max_length=16, choices=Status.choices, default=Status.WAITING)
    winner = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Winning seat; empty for a draw or an unfinished game."
    )
    # Signed: a game other than XIX can score below zero (tally, Xactika's bids).
    score0 = models.SmallIntegerField(default=0)
    score1 = models.SmallIntegerField(default=0)
    reason = models.CharField(max_length=16, choices=Reason.choices, blank=True)

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
            models.Index(fields=["player0", "status"]),
            models.Index(fields=["player1", "status"]),
            models.Index(fields=["status", "deadline"]),
            models.Index(fields=["status", "remind_at"]),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(first_leader__in=(0, 1)), name="game_first_leader_is_a_seat"
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True) | Q(winner__in=(0, 1)),
                name="game_winner_is_a_seat",
            ),
        ]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.variant}, {self.status})"

    def get_absolute_url(self) -> str:
        return reverse("games:game", args=[self.pk])

    # Who sits where. A game of two seats keeps its players, scores and winner in the pair
    # columns as well as in its seat rows (dual write, docs/architecture.md "Seats as
    # rows"), and these read the columns: no query. A table of more seats has only its
    # seat rows, read once and kept on the instance (``forget_seats`` after writing them).

    @property
    def has_pair_columns(self) -> bool:
        return self.seats_count == 2

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
        super().refresh_from_db(*args, **kwargs)

    def forget_seats(self) -> None:
        """Drop the seat rows read by ``seat_rows`` (after a service rewrote them)."""
        self.__dict__.pop("_seat_rows", None)
        getattr(self, "_prefetched_objects_cache", {}).pop("seats", None)

    @property
    def players(self) -> tuple:
        """The user in each seat, in position order (None where nobody sits yet)."""
        if self.has_pair_columns:
            return (self.player0, self.player1)
        return tuple(seat.user for seat in self.seat_rows())

    @property
    def player_ids(self) -> tuple:
        if self.has_pair_columns:
            return (self.player0_id, self.player1_id)
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
        if self.has_pair_columns:
            return [self.score0, self.score1]
        return [seat.score for seat in self.seat_rows()]

    @property
    def reason_label(self) -> str:
        """How the game ended, in a few words for lists: the site's endings by their
        label (an early abort at a table: before its first move), the rules' own endings
        by the game's sentence for them."""
        if self.reason == self.Reason.EARLY_ABORT and self.seats_count > 2:
            return "Aborted before the first move"
        if self.reason in self.Reason.values:
            return self.get_reason_display()
        text = registry.rules(self.kind).reasons.get(self.reason, self.reason)
        return text[:1].upper() + text[1:].rstrip(".")

    @property
    def variant_label(self) -> str:
        """The variant's name for people ("XIX 2.0 (2023 rules)"), from the engine."""
        info = registry.rules(self.kind).variants.get(self.variant)
        return info.label if info is not None else self.variant

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABORTED)

    def initial_state(self):
        """The state before the first action, from the game's set-up by its rules."""
        return registry.rules(self.kind).new(self.variant, self.seats_count, self.setup)

    def pair_setup(self) -> dict:
        """``setup`` as the pair columns ``deal`` and ``first_leader`` say it must be."""
        return {"deal": list(self.deal), "first_leader": self.first_leader}

    def pair_seats(self) -> list[dict]:
        """The seat rows the pair columns imply, one dict per seat in position order.

        A waiting game has one seat, the challenger's, with no position yet. Once started:
        both players with their scores; ranks once finished (the winner 1 and the loser 2,
        a draw 1 and 1; none when aborted); the loser of a resignation, a timeout or a
        forfeit has left the game with that status."""
        if self.status == self.Status.WAITING:
            return [{"position": None, "user_id": self.created_by_id, **_NO_RESULT}]
        seats = []
        left = LEFT_BY_REASON.get(self.reason)
        for position, (user_id, score) in enumerate(zip(self.player_ids, self.scores, strict=True)):
            seat = {"position": position, "user_id": user_id, **_NO_RESULT, "score": score}
            if self.status == self.Status.FINISHED:
                seat["rank"] = 1 if self.winner in (None, position) else 2
                if left is not None and self.winner == 1 - position:
                    seat["status"] = left
            seats.append(seat)
        return seats


class GameSeat(models.Model):
    """A player's place at a game: the engine's seat number, team, score, rank and status.

    Written beside the pair columns of ``Game`` (player0/player1, score0/score1, winner)
    while both shapes are kept; ``manage.py check_seats`` proves that they agree."""

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


# What a seat holds before any result.
_NO_RESULT = {"score": 0, "rank": None, "status": GameSeat.Status.PLAYING}
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
