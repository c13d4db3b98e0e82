"""The end of a match (ruling 18): more rounds won, then more points, else a draw."""

from games.kit.outcome import Ending, Outcome, side_ranks

SIDES = {2: None, 4: ((0, 2), (1, 3))}
ENDINGS = {
    "rounds": Ending(
        "The side that won more rounds wins the match",
        "The side that won more rounds wins the match.",
    ),
    "points": Ending(
        "Both sides won as many rounds; the side with more points over all rounds wins",
        "Both sides won as many rounds; the side with more points over all rounds wins.",
    ),
    "draw": Ending(
        "Both sides won as many rounds and scored as many points: the match is drawn",
        "Both sides won as many rounds and scored as many points: the match is drawn.",
        can_draw=True,
    ),
}


def outcome(state) -> Outcome | None:
    """Scores (each seat's side's total) and places once the match is over, else None."""
    if not state.over:
        return None
    won, totals = state.won, state.totals
    if won[0] != won[1]:
        reason = "rounds"
    elif totals[0] != totals[1]:
        reason = "points"
    else:
        reason = "draw"
    results = [(won[seat % 2], totals[seat % 2]) for seat in range(state.seats)]
    return Outcome(tuple(state.scores), side_ranks(results, SIDES[state.seats]), reason)
