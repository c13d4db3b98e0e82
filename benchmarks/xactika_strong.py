"""Time per move of Xactika's strong bot: one JSON line per table.

One game from the seed: a strong seat 0 against heuristic seats; each of seat 0's
searched moves (more than one legal action) is timed by ``time.process_time`` (CPU) and
``time.perf_counter`` (wall) until ``--moves`` are timed or the game ends. Pin it to one
core to read the CPU figure as one core's::

    taskset -c 0 .venv/bin/python benchmarks/xactika_strong.py --variant win --seats 2

Standard library and the pure Xactika package only (no Django).
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

from games.xactika.bots import make_bot  # noqa: E402
from games.xactika.engine import RULES  # noqa: E402


def nearest_rank(values, q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method."""
    ordered = sorted(values)
    return ordered[max(1, math.ceil(q * len(ordered))) - 1]


def measure(variant: str, seats: int, moves: int, seed: str, playouts: int | None) -> dict:
    strong = make_bot("strong", playouts=playouts) if playouts else make_bot("strong")
    heuristic = make_bot("heuristic")
    state = RULES.new(variant, seats, RULES.deal(seed, variant, seats))
    cpu, wall = [], []
    while not state.over and len(cpu) < moves:
        seat = state.to_move
        view = RULES.seat_view(state, seat)
        bot = strong if seat == 0 else heuristic
        if seat == 0 and len(view["legal_actions"]) > 1:
            start_cpu, start_wall = time.process_time(), time.perf_counter()
            action = bot.choose(view, f"{seed}:{state.n_actions}")
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start_wall)
        else:
            action = bot.choose(view, f"{seed}:{state.n_actions}")
        state, _events = state.apply(action)
    return {
        "variant": variant,
        "seats": seats,
        "playouts": playouts or "default",
        "moves": len(cpu),
        "cpu_median_ms": round(statistics.median(cpu) * 1000, 1),
        "cpu_p95_ms": round(nearest_rank(cpu, 0.95) * 1000, 1),
        "wall_median_ms": round(statistics.median(wall) * 1000, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="bid", choices=("bid", "win", "lose"))
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--moves", type=int, default=40, help="searched moves to time")
    parser.add_argument("--seed", default="timing")
    parser.add_argument("--playouts", type=int, default=None, help="default: the bot's own")
    args = parser.parse_args()
    print(json.dumps(measure(args.variant, args.seats, args.moves, args.seed, args.playouts)))


if __name__ == "__main__":
    main()
