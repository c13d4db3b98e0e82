"""CPU time per move of a game's strong and expert bots, at the same positions.

For each game named (every game with an expert level by default) it plays seeded games of
heuristic bots at the table given, keeps the positions where the seat to move has more
than one legal action, takes ``--moves`` of them spread evenly, and times each level's
``choose`` at every one of them with ``time.process_time`` (CPU: what the bot costs, not
how busy the machine is). Each run times every position once per level; the figures are
the median over ``--runs`` runs of each run's median and 95th percentile. One JSON line
per game and level. Pin it to one core to read one core's figures::

    taskset -c 0 .venv/bin/python benchmarks/bot_levels.py --games xeri xactika onexeno

Standard library and the pure game packages only (no Django).
"""

import argparse
import json
import math
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != ROOT / "benchmarks"]

from games import registry  # noqa: E402

LEVELS = ("strong", "expert")


def nearest_rank(values, q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method."""
    ordered = sorted(values)
    return ordered[max(1, math.ceil(q * len(ordered))) - 1]


def positions(key: str, variant: str, seats: int, count: int, seed: str) -> list[dict]:
    """``count`` seat views with a choice, spread evenly over seeded heuristic games."""
    rules = registry.rules(key)
    bot = registry.bots(key).make_bot("heuristic")
    views, game = [], 0
    while len(views) < count * 4 and game < 50:
        state = rules.new(variant, seats, rules.deal(f"{seed}:{game}", variant, seats))
        while not state.over:
            view = rules.seat_view(state, state.to_move)
            if len(view["legal_actions"]) > 1:
                views.append(view)
            action = bot.choose(view, f"{seed}:{game}:{state.n_actions}")
            state, _events = state.apply({"seat": state.to_move, **action})
        game += 1
    step = max(1, len(views) // count)
    return views[::step][:count]


def measure(key: str, variant: str, seats: int, moves: int, runs: int, seed: str) -> list:
    views = positions(key, variant, seats, moves, seed)
    game_bots = registry.bots(key)
    rows = []
    for level in LEVELS:
        bot = game_bots.make_bot(level)
        medians, p95s = [], []
        for run in range(runs):
            cpu = []
            for index, view in enumerate(views):
                started = time.process_time()
                bot.choose(view, f"{seed}:{run}:{index}")
                cpu.append(time.process_time() - started)
            medians.append(statistics.median(cpu))
            p95s.append(nearest_rank(cpu, 0.95))
        rows.append(
            {
                "game": key,
                "variant": variant,
                "seats": seats,
                "level": level,
                "positions": len(views),
                "runs": runs,
                "cpu_ms_median": round(statistics.median(medians) * 1000, 1),
                "cpu_ms_p95": round(statistics.median(p95s) * 1000, 1),
                "run_medians_ms": [round(m * 1000, 1) for m in medians],
            }
        )
    strong, expert = rows
    expert["times_strong"] = round(expert["cpu_ms_median"] / strong["cpu_ms_median"], 2)
    return rows


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games",
        nargs="+",
        default=[key for key in registry.served() if key != "xix"],
        help="game keys (default: every served game but XIX, whose levels docs/bots.md times)",
    )
    parser.add_argument("--variant", help="the variant (default: each game's first)")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--moves", type=int, default=20, help="positions timed per level")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", default="levels")
    args = parser.parse_args(argv)
    for key in args.games:
        variant = args.variant or next(iter(registry.rules(key).variants))
        for row in measure(key, variant, args.seats, args.moves, args.runs, args.seed):
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
