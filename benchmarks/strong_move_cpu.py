"""CPU time per move of a game's strong bot on fixed views: does an engine change slow it?

    taskset -c 1 python benchmarks/strong_move_cpu.py --game xactika --variant bid --seats 4
                 [--iterations 60] [--games 3] [--every 7] [--views 24] [--repeats 5]

Plays ``--games`` seeded random games (``RULES.deal(f"b{g}")``, ``random.Random(g)``),
keeps the mover's seat view at every ``--every``-th action (the first ``--views`` of
them), then times ``StrongBot(iterations).choose(view, random.Random(i))`` on each view
with ``time.process_time``, ``--repeats`` times, and prints one JSON line with the median
CPU milliseconds per move and every run's figure. The views and seeds depend on the game's
rules alone, so two checkouts (``main`` and a branch) run from their own roots time the
same moves.
"""

import argparse
import importlib
import json
import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
sys.path.insert(0, str(HERE.parent))


def views_of(rules, variant: str, seats: int, games: int, every: int, count: int) -> list:
    found = []
    for number in range(games):
        state = rules.new(variant, seats, rules.deal(f"b{number}", variant, seats))
        rng = random.Random(number)
        step = 0
        while not state.over:
            if step % every == every // 2:
                found.append(rules.seat_view(state, state.to_move))
            state, _events = state.apply(rng.choice(state.legal_actions()))
            step += 1
    return found[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, help="a game with bots/strong.py")
    parser.add_argument("--variant", required=True)
    parser.add_argument("--seats", type=int, required=True)
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--views", type=int, default=24)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    rules = importlib.import_module(f"games.{args.game}.engine").RULES
    strong = importlib.import_module(f"games.{args.game}.bots.strong")
    views = views_of(rules, args.variant, args.seats, args.games, args.every, args.views)
    bot = strong.StrongBot(args.iterations)
    runs = []
    for _ in range(args.repeats):
        started = time.process_time()
        for index, view in enumerate(views):
            bot.choose(view, random.Random(index))
        runs.append((time.process_time() - started) / len(views) * 1e3)
    print(
        json.dumps(
            {
                "game": args.game,
                "variant": args.variant,
                "seats": args.seats,
                "iterations": args.iterations,
                "views": len(views),
                "cpu_ms_per_move": round(statistics.median(runs), 2),
                "runs": [round(run, 2) for run in runs],
                "python": sys.version.split()[0],
            }
        )
    )


if __name__ == "__main__":
    main()
