"""A game as one of its players sees it in a list: opponent, scores and result for them.

Read from the game's seats (``GameSeat``), which ``game_rows`` fetches for a whole list in
one query."""

from dataclasses import dataclass
from functools import cached_property

from django.db.models import Prefetch, prefetch_related_objects

from games.models import Game, GameSeat


def score_text(scores, seat=None) -> str:
    """A game's score as "a–b": ``seat``'s own first, seat order when ``seat`` is None.

    The one rule for every page (docs/rules.md): the viewer's score first when they sit in
    the game; on a page about one player, that player's; otherwise seat order."""
    if seat is None:
        return f"{scores[0]}–{scores[1]}"
    return f"{scores[seat]}–{scores[1 - seat]}"


@dataclass(frozen=True)
class GameRow:
    game: Game
    seat: int

    @cached_property
    def _seats(self) -> dict:
        """The game's seats by position (prefetched by ``game_rows``)."""
        return {seat.position: seat for seat in self.game.seats.all()}

    @property
    def opponent(self):
        other = self._seats.get(1 - self.seat)
        return other.user if other is not None else None

    @property
    def my_score(self) -> int:
        return self._seats[self.seat].score

    @property
    def their_score(self) -> int:
        return self._seats[1 - self.seat].score

    @property
    def score(self) -> str:
        return score_text([self._seats[0].score, self._seats[1].score], self.seat)

    @property
    def my_turn(self) -> bool:
        return self.game.status == Game.Status.ACTIVE and self.game.to_move == self.seat

    @property
    def outcome(self) -> str:
        """ "won", "lost" or "draw" once the game is finished; "" before, or if aborted."""
        if self.game.status != Game.Status.FINISHED:
            return ""
        ranks = {seat.rank for seat in self._seats.values()}
        if len(ranks) == 1:
            return "draw"
        return "won" if self._seats[self.seat].rank == 1 else "lost"


def game_rows(games, user) -> list[GameRow]:
    """``user``'s rows for ``games`` (games they do not sit in are left out); the seats
    and their users of every game come in one query."""
    games = list(games)
    seats = GameSeat.objects.select_related("user").order_by("position")
    prefetch_related_objects(games, Prefetch("seats", queryset=seats))
    rows = []
    for game in games:
        seat = next((s.position for s in game.seats.all() if s.user_id == user.pk), None)
        if seat is not None:
            rows.append(GameRow(game, seat))
    return rows
