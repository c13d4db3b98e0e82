"""Xactika for the analysis: the strong bot's determinizations (``games.xactika.bots.sample``)
and its greedy playout policy (``greedy_rollout``: each seat wanting tricks or not, one move
in ten at random), played to the end of the round in progress, as its search does.

A round's cards never carry over, so the round's end is a natural horizon. The position
there is valued as a share of the game (``analysis.search_share``): the totals after the
round, each pair of seats' difference spread over the rounds left by ``SPREAD``, the
standard deviation of one round's score difference between two seats when every seat
plays the playout policy (measured over 12 games per cell with that policy; see
docs/analysis.md). After the last round the value is the game's places exactly.
"""

import math

from analysis.search_share import shares
from games.xactika.bots.sample import Determinizer
from games.xactika.bots.strong import greedy_rollout
from games.xactika.engine.state import LOSE

# variant -> ((seats, spread of one round's score difference between two seats), ...)
SPREAD = {
    "bid": ((2, 4.1), (4, 2.5), (10, 2.4)),
    "win": ((2, 3.8), (4, 2.5), (10, 1.6)),
    "lose": ((2, 3.6), (4, 2.1), (10, 1.3)),
}


def spread(variant: str, seats: int) -> float:
    """``SPREAD`` at ``seats``, read linearly between the measured seat counts."""
    points = SPREAD[variant]
    for (low, a), (high, b) in zip(points, points[1:], strict=False):
        if seats <= high:
            t = min(1.0, max(0.0, (seats - low) / (high - low)))
            return a + t * (b - a)
    return points[-1][1]


class Adapter:
    samples = 1.0

    def __init__(self, variant: str, seats: int):
        self.spread = spread(variant, seats)
        self.lower_wins = variant == LOSE

    def sampler(self, view: dict):
        determinizer = Determinizer(view)
        return lambda rng: determinizer.draw(rng, fresh=False)

    def value(self, state, action: dict, rng) -> list[float]:
        number = state.round
        after, _events = state.apply(action)
        end = greedy_rollout(after, rng, lambda s: s.over or s.round != number)
        left = 0 if end.over else end.n_rounds - len(end.past)
        return shares(end.scores, self.spread * math.sqrt(left), None, self.lower_wins)


def adapter(variant: str, seats: int) -> Adapter:
    return Adapter(variant, seats)
