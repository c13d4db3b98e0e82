"""The end of a game as the platform reads it: ``games.kit.outcome.Outcome``."""

from games.kit.outcome import Ending, Outcome, side_ranks

from .state import ALL_OUT, WENT_OUT, State

# Either may leave sides sharing the first place: equal side scores share a place (R22).
ENDINGS = {
    WENT_OUT: Ending(
        "A player laid their last card", "a player laid their last card", can_draw=True
    ),
    ALL_OUT: Ending(
        "Every player passed for good in the end game",
        "every player passed for good in the end game",
        can_draw=True,
    ),
}


def outcome(state: State) -> Outcome | None:
    """Side scores per seat and places by side, ties sharing a place (R19, R20, R22)."""
    if not state.over:
        return None
    scores = state.scores
    return Outcome(tuple(scores), side_ranks(scores, state.sides), state.reason)
