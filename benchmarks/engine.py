"""Engine benchmark: random full games per second and replay time of a 200-action log.

    python benchmarks/engine.py [--games N] [--repeats R] [--seed S]

Plays N games per variant with uniformly random legal actions from seeded deals (the
engine's fast playout, which tests prove identical to the reference rules), R times, and
prints one JSON line with the median figures. Pin it to one core for the documented
figure: ``taskset -c 0 python benchmarks/engine.py``.
"""

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.xix.engine import make_action, new_game, replay, shuffled_deal  # noqa: E402
from games.xix.engine.playout import random_playout  # noqa: E402


def play_games(variant: str, games: int, seed: int) -> tuple[float, int]:
    """Seconds taken and actions played for ``games`` random games."""
    actions = 0
    started = time.perf_counter()
    for number in range(games):
        game_seed = seed * 1_000_003 + number
        deal, leader = shuffled_deal(game_seed)
        record = []
        random_playout(new_game(variant, deal, leader), random.Random(game_seed).random, record)
        actions += len(record)
    return time.perf_counter() - started, actions


def long_log(seed: int, length: int = 200) -> tuple[list, int, list]:
    """A deal, leader and the first ``length`` actions of a standard game that long."""
    for number in range(seed, seed + 100_000):
        deal, leader = shuffled_deal(number)
        record = []
        random_playout(new_game("standard", deal, leader), random.Random(number).random, record)
        if len(record) >= length:
            return deal, leader, [make_action(*a) for a in record[:length]]
    raise RuntimeError("no game that long")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="games per variant per run")
    parser.add_argument("--repeats", type=int, default=5, help="runs; the median is kept")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rates, action_rates = [], []
    for repeat in range(args.repeats):
        seconds = actions = 0
        for variant in ("standard", "talon"):
            t, n = play_games(variant, args.games, args.seed + repeat)
            seconds += t
            actions += n
        rates.append(2 * args.games / seconds)
        action_rates.append(actions / seconds)

    deal, leader, log = long_log(args.seed)
    replay("standard", deal, leader, log)  # warm up
    timings = []
    for _ in range(max(50, 20 * args.repeats)):
        started = time.perf_counter()
        replay("standard", deal, leader, log)
        timings.append(time.perf_counter() - started)

    print(
        json.dumps(
            {
                "games": 2 * args.games,
                "repeats": args.repeats,
                "games_per_second": round(statistics.median(rates)),
                "actions_per_second": round(statistics.median(action_rates)),
                "replay_200_actions_ms": round(statistics.median(timings) * 1000, 3),
                "python": sys.version.split()[0],
            }
        )
    )


if __name__ == "__main__":
    main()
