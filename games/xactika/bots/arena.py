"""Bots against bots at one table, for tests and the figures of ``docs/bots.md``.

    python -m games.xactika.bots.arena --games 400 --seats 4 --variant bid

plays heuristic against random with seats rotated (game g puts the heuristic bot at seat
g mod n, the others random) and prints one JSON line: the heuristic seat's mean rank,
mean total, win share (ties for first count) with a 95% Wilson interval, and the same for
a random seat.
"""

import argparse
import json
import math
import random

from games.xactika.engine import RULES

from . import make_bot


def play(levels, variant: str, seed) -> tuple:
    """(outcome, actions) of one game; ``levels[s]`` plays seat s from its view only."""
    seats = len(levels)
    bots = [make_bot(level) for level in levels]
    rng = random.Random(f"arena-moves-{seed}")
    state = RULES.new(variant, seats, RULES.deal(f"arena-{seed}", variant, seats))
    actions = []
    while not state.over:
        seat = state.to_move
        action = bots[seat].choose(RULES.seat_view(state, seat), rng)
        state, _events = state.apply(action)
        actions.append(action)
    return RULES.outcome(state), actions


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def compare(games: int, seats: int, variant: str) -> dict:
    """One heuristic seat (rotated) against random seats."""
    mine, theirs = [], []
    for game in range(games):
        hero = game % seats
        levels = ["random"] * seats
        levels[hero] = "heuristic"
        outcome, _actions = play(levels, variant, f"{variant}-{seats}-{game}")
        mine.append((outcome.ranks[hero], outcome.scores[hero]))
        other = (hero + 1) % seats
        theirs.append((outcome.ranks[other], outcome.scores[other]))

    def summary(results):
        wins = sum(rank == 1 for rank, _score in results)
        low, high = wilson(wins, len(results))
        return {
            "mean_rank": round(sum(r for r, _ in results) / len(results), 3),
            "mean_total": round(sum(s for _, s in results) / len(results), 2),
            "first_share": round(wins / len(results), 3),
            "first_share_95": [round(max(0.0, low), 3), round(min(1.0, high), 3)],
        }

    return {
        "variant": variant,
        "seats": seats,
        "games": games,
        "heuristic": summary(mine),
        "random": summary(theirs),
        "even_share": round(1 / seats, 3),
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--variant", default="bid", choices=("bid", "win", "lose"))
    options = parser.parse_args(argv)
    print(json.dumps(compare(options.games, options.seats, options.variant)))


if __name__ == "__main__":
    main()
