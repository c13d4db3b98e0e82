"""The end of a game of XIX: its reasons in words, and the ``Outcome`` the platform reads."""

from games.kit.outcome import Outcome, competition_ranks

from . import rules

SEATS = 2

REASONS = {
    rules.EXACT_19: "exactly 19 points were awarded in all, so the lower score wins",
    rules.REACHED_19: "a score reached 19, so the higher score wins",
    rules.TALON_END: "the talon is all face up and a closed hand is empty",
}


def outcome(state) -> Outcome | None:
    """Winner ranks 1 and loser 2; a talon draw ranks both 1."""
    if not state.over:
        return None
    won = [0 if state.winner is None else int(seat == state.winner) for seat in range(SEATS)]
    return Outcome(tuple(state.scores), competition_ranks(won), state.reason)
