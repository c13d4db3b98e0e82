"""CPU time per move of an XIX search bot, at the positions of seeded random games.

    taskset -c 0 python -m games.xix.bots.speed [--variant v2] [--level strong] [--moves 60]

Plays random games (seeds ``speed-0``, ``speed-1``, ...) of the variant, keeps every
position where the seat to move has more than one legal action (a bot answers a single
legal action at once), and times the bot's ``choose`` on ``--moves`` of them, spread
evenly, with ``time.process_time`` (CPU time, so a shared machine slows the wall clock but
not the figure). Prints one JSON line: the moves timed per phase, the median and
95th-percentile milliseconds, and the slowest.
"""

import argparse
import json
import random
import statistics
import time
from collections import Counter

from games.xix.engine import new_game, seat_view, shuffled_deal

from . import make_bot


def decisions(variant: str, count: int) -> list[dict]:
    """Views of the seat to move at ``count`` positions with a real choice."""
    views = []
    game = 0
    while len(views) < count:
        deal, leader = shuffled_deal(f"speed-{game}")
        state = new_game(variant, deal, leader)
        rng = random.Random(game)
        while not state.over:
            legal = state.legal_actions()
            if len(legal) > 1:
                views.append(seat_view(state, state.to_move))
            state, _events = state.apply(rng.choice(legal))
        game += 1
    return views


def measure(variant: str, level: str, moves: int) -> dict:
    pool = decisions(variant, moves * 5)
    step = len(pool) / moves
    chosen = [pool[int(i * step)] for i in range(moves)]
    bot = make_bot(level)
    times = []
    for index, view in enumerate(chosen):
        started = time.process_time()
        bot.choose(view, f"speed:{index}")
        times.append((time.process_time() - started) * 1000)
    ordered = sorted(times)
    return {
        "variant": variant,
        "level": level,
        "iterations": bot.iterations,
        "moves": moves,
        "phases": dict(Counter(view["phase"] for view in chosen)),
        "cpu_median_ms": round(statistics.median(times), 1),
        "cpu_p95_ms": round(ordered[min(moves - 1, int(0.95 * moves))], 1),
        "cpu_max_ms": round(ordered[-1], 1),
    }


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="v2", choices=("standard", "talon", "v2"))
    parser.add_argument("--level", default="strong", choices=("strong", "expert"))
    parser.add_argument("--moves", type=int, default=60)
    args = parser.parse_args(argv)
    if args.moves < 1:
        parser.error("--moves must be at least 1")
    figures = measure(args.variant, args.level, args.moves)
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    main()
