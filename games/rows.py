"""A game as one of its players sees it in a list: opponent, scores and result for them."""

from dataclasses import dataclass

from games.models import Game


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
    def score(self) -> str:
        return score_text(self.game.scores, self.seat)

    @property
    def my_turn(self) -> bool:
        return self.game.status == Game.Status.ACTIVE and self.game.to_move == self.seat

    @property
    def outcome(self) -> str:
        """ "won", "lost" or "draw" once the game is finished; "" before, or if aborted."""
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
