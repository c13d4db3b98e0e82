"""Bots against each other, seat by seat, for tests and the strength figures in docs/bots.md.

    python -m games.onexeno.bots.duel --games 400 --seats 2

plays ``--games`` games of heuristic against random (the heuristic bot takes seat
``game % seats``, the others are random) and prints one JSON line: games, the heuristic
bot's wins (shared first places count half), its share and a 95% Wilson interval.
"""

import argparse
import json
import math
import random

from games.onexeno.engine import RULES

from . import BOTS


def play(variant: str, seats: int, levels, seed) -> tuple:
    """(final state, actions) of one game, seat s played by ``BOTS[levels[s]]``."""
    state = RULES.new(variant, seats, RULES.deal(seed, variant, seats))
    rng = random.Random(f"bots:{seed}")
    actions = []
    while not state.over:
        seat = state.to_move
        action = BOTS[levels[seat]](RULES.seat_view(state, seat), rng)
        state, _events = state.apply(action)
        actions.append(action)
    return state, actions


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    return centre - half / (1 + z * z / games), centre + half / (1 + z * z / games)


def duel(games: int, variant: str = "basic", seats: int = 2) -> dict:
    wins = 0.0
    for game in range(games):
        hero = game % seats
        levels = ["random"] * seats
        levels[hero] = "heuristic"
        state, _actions = play(variant, seats, levels, f"duel-{variant}-{seats}-{game}")
        ranks = RULES.outcome(state).ranks
        if ranks[hero] == 1:
            wins += 1 / ranks.count(1) if variant == "basic" else 1 / (ranks.count(1) // 2)
    low, high = wilson(wins, games)
    return {
        "variant": variant,
        "seats": seats,
        "games": games,
        "heuristic_wins": wins,
        "share": round(wins / games, 3),
        "wilson95": [round(low, 3), round(high, 3)],
        "even_share": round(1 / (seats if variant == "basic" else seats // 2), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--variant", default="basic")
    parser.add_argument("--seats", type=int, default=2)
    options = parser.parse_args()
    print(json.dumps(duel(options.games, options.variant, options.seats)))


if __name__ == "__main__":
    main()
