"""Engine benchmark: random full games per second and replay time of a long log.

    python benchmarks/engine.py [--game KEY] [--variant V] [--seats N]
                                [--games N] [--repeats R] [--seed S]

XIX (the default): plays N games per variant with uniformly random legal actions from
seeded deals (the engine's fast playout, which tests prove identical to the reference
rules), R times, and prints one JSON line with the median figures, the replay figure being
a 200-action standard log. ``--variant V`` (standard, talon or v2) plays that variant alone,
adds its mean game length (and ``games_per_cpu_second``, the same figure under the name
the docs used before every figure was CPU time), and replays a 200-action log of it (v2
games are shorter: the longest of 2,000 seeds when none reaches 200).

Any other game (``--game xeri``, ``xactika``, ``onexeno``): N random games of one variant
and seat count (default: the game's first variant at its smallest table) through the
public rules (``RULES.new``, ``legal_actions``, ``apply``: what the site and the search
bots use), R times; the replay figure is ``RULES.replay`` of the longest game played.

Every time is CPU time (``time.process_time``, ``"clock"`` in the output): on a machine
shared with other work the wall clock counts the time other processes hold the core, and
halves a rate. Each figure is the median of the R runs. Pin it to one core for the
documented figures: ``taskset -c 0 python benchmarks/engine.py``.
"""

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

# The repository's root, not this folder, comes first: benchmarks/requests.py would
# otherwise stand in for the requests package that Django's apps import.
HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
sys.path.insert(0, str(HERE.parent))

from games.xix.engine import make_action, new_game, replay, shuffled_deal  # noqa: E402
from games.xix.engine.playout import random_playout  # noqa: E402


def play_games(variant: str, games: int, seed: int) -> tuple[float, int]:
    """CPU seconds taken and actions played for ``games`` random games."""
    actions = 0
    started = time.process_time()
    for number in range(games):
        game_seed = seed * 1_000_003 + number
        deal, leader = shuffled_deal(game_seed)
        record = []
        random_playout(new_game(variant, deal, leader), random.Random(game_seed).random, record)
        actions += len(record)
    return time.process_time() - started, actions


def long_log(seed: int, length: int = 200, variant: str = "standard") -> tuple[list, int, list]:
    """A deal, leader and the first ``length`` actions of a ``variant`` game that long (the
    longest of 2,000 seeds if none is)."""
    best = (0, None, None, None)
    for number in range(seed, seed + 2_000):
        deal, leader = shuffled_deal(number)
        record = []
        random_playout(new_game(variant, deal, leader), random.Random(number).random, record)
        if len(record) >= length:
            return deal, leader, [make_action(*a) for a in record[:length]]
        if len(record) > best[0]:
            best = (len(record), deal, leader, record)
    _, deal, leader, record = best
    return deal, leader, [make_action(*a) for a in record]


def other_game(args) -> dict:
    """The figures of a game other than XIX, played through its public ``RULES``."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "xix_site.settings")
    django.setup()
    from games import registry

    rules = registry.rules(args.game)
    variant = args.variant or next(iter(rules.variants))
    seats = args.seats or rules.variants[variant].seat_counts[0]
    rates, action_rates, longest, played = [], [], (0, None, None), 0
    for repeat in range(args.repeats):
        actions = 0
        started = time.process_time()
        for number in range(args.games):
            game_seed = f"{args.seed}:{repeat}:{number}"
            setup = rules.deal(game_seed, variant, seats)
            state = rules.new(variant, seats, setup)
            choice = random.Random(game_seed).choice
            log = []
            while not state.over:
                action = choice(state.legal_actions())
                log.append(action)
                state, _events = state.apply(action)
            actions += len(log)
            if len(log) > longest[0]:
                longest = (len(log), setup, log)
        seconds = time.process_time() - started
        played += actions
        rates.append(args.games / seconds)
        action_rates.append(actions / seconds)
    length, setup, log = longest
    timings = []
    for _ in range(max(10, 4 * args.repeats)):
        started = time.process_time()
        rules.replay(variant, seats, setup, log)
        timings.append(time.process_time() - started)
    return {
        "game": args.game,
        "variant": variant,
        "seats": seats,
        "games": args.games,
        "repeats": args.repeats,
        "games_per_second": round(statistics.median(rates), 1),
        "actions_per_second": round(statistics.median(action_rates)),
        "mean_actions_per_game": round(played / (args.games * args.repeats), 1),
        "replay_longest_actions": length,
        "replay_longest_ms": round(statistics.median(timings) * 1000, 3),
        "clock": "process_time",
        "python": sys.version.split()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="xix", help="the game's registry key")
    parser.add_argument("--variant", help="another game's variant (default: its first)")
    parser.add_argument("--seats", type=int, help="another game's seats (default: fewest)")
    parser.add_argument("--games", type=int, default=5000, help="games per variant per run")
    parser.add_argument("--repeats", type=int, default=5, help="runs; the median is kept")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.game != "xix":
        print(json.dumps(other_game(args)))
        return

    variants = (args.variant,) if args.variant else ("standard", "talon")
    rates, action_rates, played = [], [], 0
    for repeat in range(args.repeats):
        seconds = actions = 0
        for variant in variants:
            t, n = play_games(variant, args.games, args.seed + repeat)
            seconds += t
            actions += n
        played += actions
        rates.append(len(variants) * args.games / seconds)
        action_rates.append(actions / seconds)

    replayed = args.variant or "standard"
    deal, leader, log = long_log(args.seed, variant=replayed)
    replay(replayed, deal, leader, log)  # warm up
    timings = []
    for _ in range(max(50, 20 * args.repeats)):
        started = time.process_time()
        replay(replayed, deal, leader, log)
        timings.append(time.process_time() - started)

    extra = {}
    if args.variant:
        extra = {
            "variant": args.variant,
            "games_per_cpu_second": round(statistics.median(rates)),
            "mean_actions_per_game": round(played / (args.games * args.repeats), 1),
            "replay_actions": len(log),
            "replay_cpu_ms": round(statistics.median(timings) * 1000, 3),
        }
    print(
        json.dumps(
            {
                **extra,
                "games": len(variants) * args.games,
                "repeats": args.repeats,
                "games_per_second": round(statistics.median(rates)),
                "actions_per_second": round(statistics.median(action_rates)),
                **(
                    {}
                    if args.variant
                    else {"replay_200_actions_ms": round(statistics.median(timings) * 1000, 3)}
                ),
                "clock": "process_time",
                "python": sys.version.split()[0],
            }
        )
    )


if __name__ == "__main__":
    main()
