"""What the strong bot costs: the engine calls it lives on, and its time per move.

    taskset -c 0 python -m games.onexeno.bots.speed [--positions 2000] [--moves 60]
                                                     [--variant V --seats N]

Collects positions of seeded random games (basic 2, 4 and 7 seats and partners 6 in turn,
or the one table given) and times,
per call, ``State.legal_actions``, ``State.apply`` of a random legal action, the seat's
view and one determinization (``sample``); then times the strong bot's ``choose`` at the
first ``--moves`` of those positions, sampled evenly. Prints one JSON line: median
microseconds per call, and the strong bot's median and 95th-percentile milliseconds.
"""

import argparse
import json
import random
import statistics
import time

from games.onexeno.engine import RULES

from . import make_bot
from .sample import sample

TABLES = (("basic", 2), ("basic", 4), ("basic", 7), ("partners", 6))


def positions(count: int, tables=TABLES) -> list:
    found = []
    game = 0
    while len(found) < count:
        variant, seats = tables[game % len(tables)]
        state = RULES.new(variant, seats, RULES.deal(f"speed-{game}", variant, seats))
        rng = random.Random(game)
        while not state.over:
            found.append(state)
            state, _events = state.apply(rng.choice(state.legal_actions()))
        game += 1
    return found[:count]


def per_call(function, items, repeats: int = 3) -> float:
    """Median over ``repeats`` of the mean microseconds of ``function(item)``."""
    runs = []
    for _ in range(repeats):
        started = time.process_time()
        for item in items:
            function(item)
        runs.append((time.process_time() - started) / len(items) * 1e6)
    return statistics.median(runs)


def measure(count: int, moves: int, tables=TABLES) -> dict:
    states = positions(count, tables)
    rng = random.Random(1)
    moves_of = [(state, rng.choice(state.legal_actions())) for state in states]
    views = [RULES.seat_view(state, state.to_move) for state in states]
    bot = make_bot("strong")
    times = []
    for index in range(0, len(views), max(1, len(views) // moves))[:moves]:
        started = time.process_time()
        bot.choose(views[index], f"speed:{index}")
        times.append((time.process_time() - started) * 1000)
    times.sort()
    return {
        "tables": [f"{variant} {seats}" for variant, seats in tables],
        "positions": len(states),
        "mean_legal_actions": round(statistics.mean(len(s.legal_actions()) for s in states), 1),
        "legal_actions_us": round(per_call(lambda s: s.legal_actions(), states), 1),
        "apply_us": round(per_call(lambda pair: pair[0].apply(pair[1]), moves_of), 1),
        "seat_view_us": round(per_call(lambda s: RULES.seat_view(s, s.to_move), states), 1),
        "sample_us": round(per_call(lambda v: sample(v, rng), views), 1),
        "strong_moves": len(times),
        "strong_iterations": bot.iterations,
        "strong_median_ms": round(statistics.median(times), 1),
        "strong_p95_ms": round(times[min(len(times) - 1, int(0.95 * len(times)))], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--variant", help="one table only: its variant (with --seats)")
    parser.add_argument("--seats", type=int)
    options = parser.parse_args()
    tables = ((options.variant, options.seats),) if options.variant else TABLES
    print(json.dumps(measure(options.positions, options.moves, tables)))


if __name__ == "__main__":
    main()
