"""A game as one of its players sees it in a list: opponent, scores and result for them."""

from dataclasses import dataclass

from games.models import Game


@dataclass(frozen=True)
class GameRow:
    game: Game
    seat: int

    @property
    def opponent(self):
        return self.game.players[1 - self.seat]

    @property
    def my_score(self) -> int:
        return self.game.scores[self.seat]

    @property
    def their_score(self) -> int:
        return self.game.scores[1 - self.seat]

    @property
    def my_turn(self) -> bool:
        return self.game.status == Game.Status.ACTIVE and self.game.to_move == self.seat

    @property
    def outcome(self) -> str:
        """"won", "lost" or "draw" once the game is finished; "" before, or if aborted."""
        if self.game.status != Game.Status.FINISHED:
            return ""
        if self.game.winner is None:
            return "draw"
        return "won" if self.game.winner == self.seat else "lost"


def game_rows(games, user) -> list[GameRow]:
    """``user``'s rows for ``games`` (games they do not sit in are left out)."""
    rows = []
    for game in games:
        seat = game.seat_of(user)
        if seat is not None:
            rows.append(GameRow(game, seat))
    return rows
