"""CPU seconds of a post-game analysis (issue 36): what one analysed game costs the
analysis worker, per game, seat count and budget.

For each table named it plays a seeded game to its end with random legal actions, finds its
decisions (``analysis.engine.decision_points``) and times ``analyse_decision`` with
``time.process_time`` at ``--sample`` of them spread evenly over the game (all of them
with ``--sample 0``). The game's cost is the mean per decision times its number of
decisions. One JSON line per table and budget; ``--runs`` games (seeds) per table, the
median given. Pin it to one core to read one core's figures::

    taskset -c 0 .venv/bin/python benchmarks/analysis_cost.py --budgets ci standard \\
        --tables xix/standard/2 xeri/classic/2 xeri/classic/4 xactika/win/2 \\
        xactika/win/10 onexeno/basic/2 onexeno/basic/7

Standard library, the pure game packages and ``analysis.engine`` only (no Django).
"""

import argparse
import json
import pathlib
import random
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != ROOT / "benchmarks"]

from analysis import engine  # noqa: E402
from games import registry  # noqa: E402

TABLES = ("xix/standard/2", "xeri/classic/2", "xactika/win/2", "onexeno/basic/2")


def played(kind: str, variant: str, seats: int, seed: str) -> tuple[dict, list[dict]]:
    rules = registry.rules(kind)
    setup = rules.deal(seed, variant, seats)
    state = rules.new(variant, seats, setup)
    rng = random.Random(seed)
    actions = []
    while not state.over:
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state, _events = state.apply(action)
    return setup, actions


def spread(items: list, count: int) -> list:
    if count <= 0 or count >= len(items):
        return list(items)
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def one_game(table: str, budget: str, seed: str, sample: int) -> dict:
    kind, variant, seats = table.split("/")
    seats = int(seats)
    setup, actions = played(kind, variant, seats, seed)
    points = engine.decision_points(kind, variant, seats, setup, actions)
    timed = spread(points, sample)
    started = time.process_time()
    for index in timed:
        engine.analyse_decision(
            kind, variant, seats, setup, actions, index, budget=budget, seed=index
        )
    cpu = time.process_time() - started
    per_decision = cpu / len(timed) if timed else 0.0
    return {
        "actions": len(actions),
        "decisions": len(points),
        "timed": len(timed),
        "per_decision": per_decision,
        "game": per_decision * len(points),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", nargs="+", default=list(TABLES), help="kind/variant/seats")
    parser.add_argument("--budgets", nargs="+", default=["ci", "standard"])
    parser.add_argument("--sample", type=int, default=12, help="decisions timed per game (0: all)")
    parser.add_argument("--runs", type=int, default=3, help="games (seeds) per table")
    args = parser.parse_args()
    for table in args.tables:
        for budget in args.budgets:
            games = [one_game(table, budget, f"cost-{n}", args.sample) for n in range(args.runs)]
            print(
                json.dumps(
                    {
                        "table": table,
                        "budget": budget,
                        "games": args.runs,
                        "decisions_median": statistics.median(g["decisions"] for g in games),
                        "cpu_per_decision_median": round(
                            statistics.median(g["per_decision"] for g in games), 4
                        ),
                        "cpu_per_game_median": round(
                            statistics.median(g["game"] for g in games), 1
                        ),
                        "cpu_per_game_max": round(max(g["game"] for g in games), 1),
                    }
                ),
                flush=True,
            )


if __name__ == "__main__":
    main()
