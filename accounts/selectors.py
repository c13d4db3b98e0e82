"""Reading players: profiles, results per variant, match history and rating history."""

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet
from django.shortcuts import get_object_or_404

from accounts.models import User
from games.models import Game, Variant
from games.rows import GameRow, game_rows
from games.selectors import user_games
from ratings.models import XIX, Rating, RatingChange
from ratings.selectors import Board, boards as rating_boards

# The history's result filter; "drawn" is games.rows.GameRow's "draw" outcome.
RESULTS = {"won": "Won", "lost": "Lost", "drawn": "Drawn"}
OUTCOME_LABELS = {"won": "Won", "lost": "Lost", "draw": "Drawn"}


def player_by_name(username: str) -> User:
    """The user called ``username`` (any letter case), or Http404."""
    return get_object_or_404(User, username__iexact=username)


def _won(user) -> Q:
    return Q(player0=user, winner=0) | Q(player1=user, winner=1)


def _lost(user) -> Q:
    return Q(player0=user, winner=1) | Q(player1=user, winner=0)


def finished_games(user, *, variant: str | None = None, result: str | None = None) -> QuerySet:
    """``user``'s finished games, newest first, optionally of one variant and one result
    (``won``, ``lost`` or ``drawn`` from ``user``'s side)."""
    games = Game.objects.filter(user_games(user), status=Game.Status.FINISHED)
    if variant:
        games = games.filter(variant=variant)
    if result == "won":
        games = games.filter(_won(user))
    elif result == "lost":
        games = games.filter(_lost(user))
    elif result == "drawn":
        games = games.filter(winner__isnull=True)
    return games.select_related("player0", "player1").order_by("-finished_at", "-pk")


@dataclass(frozen=True)
class VariantRecord:
    """A player's results and rating in one variant of one game.

    The counts of places come from the games themselves, which the site can count for XIX
    (two seats); for the other games they are None until games keep their seats, and the
    record shows the rated games alone."""

    board: Board
    played: int
    won: int | None
    lost: int | None
    drawn: int | None
    rating: Rating | None

    @property
    def shows_draws(self) -> bool:
        """Only the talon variant can end without a winner."""
        return self.board.variant == Variant.TALON or bool(self.drawn)


def variant_records(user) -> list[VariantRecord]:
    """Games played, won, lost and drawn and the current rating: for each XIX variant
    (always, as before games had kinds), and for each variant of another game that the
    player has a rating in."""
    counts = {
        row["variant"]: row
        for row in Game.objects.filter(user_games(user), status=Game.Status.FINISHED)
        .values("variant")
        .annotate(
            played=Count("pk"),
            won=Count("pk", filter=_won(user)),
            lost=Count("pk", filter=_lost(user)),
            drawn=Count("pk", filter=Q(winner__isnull=True)),
        )
    }
    ratings = {(r.kind, r.variant): r for r in Rating.objects.filter(user=user)}
    records = []
    for board in rating_boards():
        rating = ratings.get((board.kind, board.variant))
        if board.kind == XIX:
            row = counts.get(board.variant, {})
            records.append(
                VariantRecord(
                    board=board,
                    played=row.get("played", 0),
                    won=row.get("won", 0),
                    lost=row.get("lost", 0),
                    drawn=row.get("drawn", 0),
                    rating=rating,
                )
            )
        elif rating is not None and rating.games:
            records.append(VariantRecord(board, rating.games, None, None, None, rating))
    return records


@dataclass(frozen=True)
class HistoryRow(GameRow):
    """A finished game from one player's side, with what it did to their rating."""

    rating_change: RatingChange | None = None

    @property
    def result_label(self) -> str:
        return OUTCOME_LABELS.get(self.outcome, "")


def history_rows(games, user) -> list[HistoryRow]:
    """``games`` (finished games ``user`` played) as rows from ``user``'s side, with the
    rating change each rated game made to ``user``."""
    rows = game_rows(games, user)
    changes = {
        change.game_id: change
        for change in RatingChange.objects.filter(user=user, game__in=[r.game.pk for r in rows])
    }
    return [HistoryRow(row.game, row.seat, changes.get(row.game.pk)) for row in rows]


def rating_histories(user) -> dict[tuple[str, str], list[RatingChange]]:
    """``user``'s rating changes per (game, variant), oldest first (those without any left
    out)."""
    histories: dict[tuple[str, str], list[RatingChange]] = {}
    for change in RatingChange.objects.filter(user=user).order_by("created", "pk"):
        histories.setdefault((change.kind, change.variant), []).append(change)
    return histories
