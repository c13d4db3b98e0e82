"""The flat bot: determinized Monte Carlo search with UCB1 at the root.

This was the site's strong bot until issue 21 (``search.py`` is the strong bot now). It is
kept, as the level ``flat`` that ``make_bot`` builds but ``LEVELS`` does not offer, so that
the arena can measure the strong bot against it.

For each move it repeatedly picks a legal action by UCB1, deals a fresh determinization of
the hidden cards (``determinize.Determinizer``: a full state consistent with the seat's
view), applies the action and finishes the game with a fast random playout
(``games.xix.engine.playout.random_playout``). A win scores 1, a talon draw 0.5, a loss 0. The
action with the best mean wins the move.

The budget is a number of playouts, not a time, so a move depends only on the view and the
seed. Since the playouts are random, the values compare actions, not predict results.
"""

import math
import random

from games.xix.engine.playout import random_playout

from .determinize import Determinizer

DEFAULT_PLAYOUTS = 600
EXPLORATION = 0.5


class FlatBot:
    level = "flat"

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, exploration: float = EXPLORATION):
        if playouts < 1:
            raise ValueError("playouts must be at least 1")
        self.playouts = playouts
        self.exploration = exploration

    def values(self, view: dict, seed=None) -> list[tuple[dict, int, float]]:
        """(action, playouts, mean result) for each legal action, in the view's order."""
        legal = view["legal_actions"]
        if not legal:
            raise ValueError("the seat has no legal action")
        rng = random.Random(seed)
        rand = rng.random
        det = Determinizer(view)
        me = det.me
        n = len(legal)
        visits = [0] * n
        totals = [0.0] * n
        c = self.exploration
        budget = max(self.playouts, n)
        for i in range(budget):
            if i < n:
                a = i
            else:
                log_i = math.log(i)
                best, a = -1.0, 0
                for j in range(n):
                    v = visits[j]
                    score = totals[j] / v + c * math.sqrt(log_i / v)
                    if score > best:
                        best, a = score, j
            state, _ = det.deal(rng).apply(legal[a])
            _, winner = random_playout(state, rand)
            visits[a] += 1
            totals[a] += 1.0 if winner == me else (0.5 if winner is None else 0.0)
        return [(legal[j], visits[j], totals[j] / visits[j]) for j in range(n)]

    def choose(self, view: dict, seed=None) -> dict:
        # A single legal action is searched all the same: the time taken tells nothing.
        scored = self.values(view, seed)
        # Best mean; ties go to the most tried action, then to the earliest.
        best = max(range(len(scored)), key=lambda j: (scored[j][2], scored[j][1], -j))
        return scored[best][0]
