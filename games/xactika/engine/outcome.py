"""The end of a game of Xactika: its ending in words, and the ``Outcome`` the platform reads."""

from games.kit.outcome import Ending, Outcome

from .state import ranks

ENDINGS = {
    "rounds_played": Ending(
        "Every round has been played", "Every round has been played.", can_draw=True
    )
}


def outcome(state) -> Outcome | None:
    """Totals and ranks of ruling 15 (the lowest total is best in Play to Lose)."""
    if not state.over:
        return None
    return Outcome(tuple(state.totals), ranks(state.variant, state.totals), "rounds_played")
