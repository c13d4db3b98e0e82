"""The end of a game of XIX: its endings in words, and the ``Outcome`` the platform reads."""

from games.kit.outcome import Ending, Outcome, competition_ranks

from . import rules

SEATS = 2

# Rulings 11 and 22 always name a winner; the end of the talon may be a draw (ruling 14).
ENDINGS = {
    rules.EXACT_19: Ending(
        "Exactly 19 points in all",
        "exactly 19 points were awarded in all, so the lower score wins",
        notice="exactly 19 points in all",
    ),
    rules.REACHED_19: Ending(
        "Reached 19 points",
        "a score reached 19, so the higher score wins",
        notice="19 points reached",
    ),
    rules.TALON_END: Ending(
        "End of the talon",
        "the talon is all face up and a closed hand is empty",
        can_draw=True,
        notice="the talon ran out",
    ),
}


def outcome(state) -> Outcome | None:
    """Winner ranks 1 and loser 2; a talon draw ranks both 1."""
    if not state.over:
        return None
    won = [0 if state.winner is None else int(seat == state.winner) for seat in range(SEATS)]
    return Outcome(tuple(state.scores), competition_ranks(won), state.reason)
