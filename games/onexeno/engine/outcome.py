"""The end of a game as the platform reads it: ``games.kit.outcome.Outcome``."""

from games.kit.outcome import Outcome, side_ranks

from .state import ALL_OUT, WENT_OUT, State

REASONS = {
    WENT_OUT: "a player laid their last card",
    ALL_OUT: "every player passed for good in the end game",
}


def outcome(state: State) -> Outcome | None:
    """Side scores per seat and places by side, ties sharing a place (R19, R20, R22)."""
    if not state.over:
        return None
    scores = state.scores
    return Outcome(tuple(scores), side_ranks(scores, state.sides), state.reason)
