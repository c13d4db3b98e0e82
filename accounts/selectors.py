"""Reading players: profiles, results per variant, match history and rating history."""

from dataclasses import dataclass

from django.db.models import Count, Exists, OuterRef, Q, QuerySet, Subquery
from django.shortcuts import get_object_or_404

from accounts.models import User
from games import registry
from games.models import Game, GameSeat
from games.rows import GameRow, game_rows
from games.selectors import user_games
from ratings.models import Rating, RatingChange
from ratings.selectors import Board, boards as rating_boards

# The history's result filter; "drawn" is games.rows.GameRow's "draw" outcome.
RESULTS = {"won": "Won", "lost": "Lost", "drawn": "Drawn"}
OUTCOME_LABELS = {"won": "Won", "lost": "Lost", "draw": "Drawn"}


def player_by_name(username: str) -> User:
    """The user called ``username`` (any letter case), or Http404."""
    return get_object_or_404(User, username__iexact=username)


def _my_seat(user) -> QuerySet:
    """``user``'s seat at the game of the outer query."""
    return GameSeat.objects.filter(game=OuterRef("pk"), user=user, position__isnull=False)


def _rival_first(user) -> Exists:
    """Another side than ``user``'s ranks first in the game of the outer query: a seat
    ranked 1 that is not ``user``'s and not in ``user``'s team."""
    my_team = GameSeat.objects.filter(game=OuterRef("game"), user=user).values("team")[:1]
    return Exists(
        GameSeat.objects.filter(game=OuterRef("pk"), rank=1, position__isnull=False)
        .exclude(user=user)
        .filter(Q(team__isnull=True) | ~Q(team=Subquery(my_team)))
    )


def _result(user, result: str) -> Q:
    """The finished games ``user`` won (their side first alone), drew (first with another
    side) or lost (any lower place), from the seat rows: the same words for two seats and
    for ten (``games.rows.GameRow.outcome``)."""
    first = Exists(_my_seat(user).filter(rank=1))
    if result == "won":
        return Q(first) & ~Q(_rival_first(user))
    if result == "drawn":
        return Q(first) & Q(_rival_first(user))
    return Q(Exists(_my_seat(user).filter(rank__gt=1)))


def finished_games(
    user, *, game: tuple[str, str] | None = None, result: str | None = None
) -> QuerySet:
    """``user``'s finished games, newest first, optionally of one game's variant (``game``
    is ``(kind, variant)``) and one result (``won``, ``lost`` or ``drawn`` from ``user``'s
    side)."""
    games = Game.objects.filter(user_games(user), status=Game.Status.FINISHED)
    if game:
        games = games.filter(kind=game[0], variant=game[1])
    if result:
        games = games.filter(_result(user, result))
    return games.order_by("-finished_at", "-pk")


def _many_sides(kind: str, variant: str) -> bool:
    """Whether a game of this variant may have more than two sides (a place, not a win or
    a loss, is then its result)."""
    info = registry.rules(kind).variants[variant]
    return any(len(info.sides(n) or range(n)) > 2 for n in info.seat_counts)


@dataclass(frozen=True)
class VariantRecord:
    """A player's results and rating in one variant of one game, counted from the seats of
    their finished games: won (first alone), lost (a lower place) and drawn (first with
    another side). A variant of more than two sides names them as places. A rating with
    no game of that kind counted (rated before its games were kept) shows the rated games
    alone: the counts are None."""

    board: Board
    played: int
    won: int | None
    lost: int | None
    drawn: int | None
    rating: Rating | None

    @property
    def many_sides(self) -> bool:
        return _many_sides(self.board.kind, self.board.variant)

    @property
    def shows_draws(self) -> bool:
        """Only a variant that can end level (XIX's talon) shows its draws, or one with some."""
        return registry.rules(self.board.kind).variants[self.board.variant].can_draw or bool(
            self.drawn
        )


def variant_records(user) -> list[VariantRecord]:
    """Games played, won, lost and drawn and the current rating: for each game's
    ``LEGACY_VARIANTS`` (XIX's standard and talon: always, as before games had kinds), and
    for each other variant (XIX 2.0's, or another game's) that the player has played or has
    a rating in. One query for the
    counts, one for the ratings."""
    counts = {
        (row["kind"], row["variant"]): row
        for row in Game.objects.filter(user_games(user), status=Game.Status.FINISHED)
        .values("kind", "variant")
        .annotate(
            played=Count("pk"),
            won=Count("pk", filter=_result(user, "won")),
            lost=Count("pk", filter=_result(user, "lost")),
            drawn=Count("pk", filter=_result(user, "drawn")),
        )
    }
    ratings = {(r.kind, r.variant): r for r in Rating.objects.filter(user=user)}
    records = []
    for board in rating_boards():
        rating = ratings.get((board.kind, board.variant))
        row = counts.get((board.kind, board.variant), {})
        always = board.variant in registry.about_value(board.kind, "LEGACY_VARIANTS", ())
        if not always and not row:
            if rating is not None and rating.games:
                records.append(VariantRecord(board, rating.games, None, None, None, rating))
            continue
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
    return records


@dataclass(frozen=True)
class HistoryRow(GameRow):
    """A finished game from one player's side, with what it did to their rating."""

    rating_change: RatingChange | None = None

    @property
    def result_label(self) -> str:
        """ "Won", "Lost", "Drawn" between two sides; "2nd of 5" at more."""
        return OUTCOME_LABELS.get(self.outcome, "") if self.two_sided else self.result_text


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
