"""A game's engine against its straightforward implementation (``benchmarks/naive/``).

    python benchmarks/naive/compare.py --game xeri|xactika [--variant V] [--seats N]
                                       [--games N] [--positions N] [--repeats R] [--seed S]

Plays the same seeded games of uniformly random legal actions through the engine
(``State.new``, ``legal_actions``, ``apply``: the public rules) and through the naive
version, and times, in CPU time (``time.process_time``), R runs of:

- whole games (the set-ups are drawn before the clock starts): games and actions a second;
- ``legal_actions`` and ``apply`` alone, each called once on each of the first
  ``--positions`` positions of those games (the action applied is the one the game took).

One JSON line: the median of the R runs for each implementation, and the naive time over
the engine's (``ratio``: how many times faster the engine is). ``naive_plain`` is the naive
version with the state copy written out by hand instead of ``copy.deepcopy``
(``PlainState``). For Xeri, ``engine_in_place`` plays the same games the way the strong
bot's playouts do (one copy, then ``State.play`` in place). Pin it to one core:
``taskset -c 1 python benchmarks/naive/compare.py --game xeri``.

A game is added to ``GAMES`` with its engine's ``RULES`` and its naive module, which
offers ``State`` (and ``PlainState``) with ``new(variant, seats, setup)``,
``legal_actions()``, ``apply(action)`` -> (state, events), ``over`` and ``scores()``.
"""

import argparse
import importlib
import json
import random
import statistics
import sys
import time
from pathlib import Path

# The repository's root comes first, and not this folder or benchmarks/ (whose
# requests.py would stand in for the requests package).
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() not in (HERE, HERE.parent)]
sys.path.insert(0, str(ROOT))

# key: (engine package, naive module, default variant, default seats)
GAMES = {
    "xeri": ("games.xeri.engine", "benchmarks.naive.xeri", "classic", 2),
    "xactika": ("games.xactika.engine", "benchmarks.naive.xactika", "bid", 4),
}


def play(new, variant, seats, setups, seeds):
    """CPU seconds and actions for one game per set-up, random legal actions from seeds."""
    actions = 0
    started = time.process_time()
    for setup, seed in zip(setups, seeds, strict=True):
        state = new(variant, seats, setup)
        choice = random.Random(seed).choice
        while not state.over:
            state, _events = state.apply(choice(state.legal_actions()))
            actions += 1
    return time.process_time() - started, actions


def play_in_place(new, variant, seats, setups, seeds):
    """The same games through Xeri's in-place ``State.play`` (the strong bot's playouts):
    the k-th card of the hand is the k-th legal action, so the choices are the same."""
    actions = 0
    started = time.process_time()
    for setup, seed in zip(setups, seeds, strict=True):
        state = new(variant, seats, setup).copy()
        choice = random.Random(seed).choice
        while not state.over:
            seat = state.to_move
            state.play(seat, choice(state.hands[seat]))
            actions += 1
    return time.process_time() - started, actions


def positions(new, variant, seats, setups, seeds, limit):
    """The first ``limit`` positions of the games, each with the action taken there."""
    found = []
    for setup, seed in zip(setups, seeds, strict=True):
        state = new(variant, seats, setup)
        choice = random.Random(seed).choice
        while not state.over and len(found) < limit:
            action = choice(state.legal_actions())
            found.append((state, action))
            state, _events = state.apply(action)
        if len(found) >= limit:
            break
    return found


def per_call(found, call) -> float:
    """CPU microseconds per call of ``call(state, action)`` over the positions."""
    started = time.process_time()
    for state, action in found:
        call(state, action)
    return (time.process_time() - started) / len(found) * 1e6


def final_state(new, variant, seats, setup, seed):
    state = new(variant, seats, setup)
    choice = random.Random(seed).choice
    while not state.over:
        state, _events = state.apply(choice(state.legal_actions()))
    return state


def measure(args) -> dict:
    engine_name, naive_name, default_variant, default_seats = GAMES[args.game]
    engine = importlib.import_module(engine_name)
    naive = importlib.import_module(naive_name)
    rules = engine.RULES
    variant = args.variant or default_variant
    seats = args.seats or default_seats
    seeds = [f"{args.seed}:{number}" for number in range(args.games)]
    setups = [rules.deal(seed, variant, seats) for seed in seeds]
    sides = {"engine": engine.State.new, "naive": naive.State.new}
    if hasattr(naive, "PlainState"):
        sides["naive_plain"] = naive.PlainState.new
    # The same games, or the comparison means nothing (the tests check it action by action).
    for setup, seed in zip(setups[:5], seeds, strict=False):
        results = [
            list(rules.outcome(final_state(sides["engine"], variant, seats, setup, seed)).scores)
        ]
        for name, new in sides.items():
            if name != "engine":
                results.append(final_state(new, variant, seats, setup, seed).scores())
        if any(scores != results[0] for scores in results):
            raise SystemExit(f"the implementations disagree on game {seed}: {results}")
    found = {
        name: positions(new, variant, seats, setups, seeds, args.positions)
        for name, new in sides.items()
    }
    runs = {name: {"games": [], "actions": [], "legal": [], "apply": []} for name in sides}
    if args.game == "xeri":
        runs["engine_in_place"] = {"games": [], "actions": []}
    for _repeat in range(args.repeats):
        for name, new in sides.items():
            seconds, actions = play(new, variant, seats, setups, seeds)
            runs[name]["games"].append(args.games / seconds)
            runs[name]["actions"].append(actions / seconds)
            runs[name]["legal"].append(per_call(found[name], lambda s, _a: s.legal_actions()))
            runs[name]["apply"].append(per_call(found[name], lambda s, a: s.apply(a)))
        if "engine_in_place" in runs:
            seconds, actions = play_in_place(sides["engine"], variant, seats, setups, seeds)
            runs["engine_in_place"]["games"].append(args.games / seconds)
            runs["engine_in_place"]["actions"].append(actions / seconds)
    figures = {}
    for name, run in runs.items():
        figures[name] = {
            "games_per_second": round(statistics.median(run["games"]), 1),
            "actions_per_second": round(statistics.median(run["actions"])),
        }
        if "legal" in run:
            figures[name]["legal_actions_us"] = round(statistics.median(run["legal"]), 2)
            figures[name]["apply_us"] = round(statistics.median(run["apply"]), 2)
    result = {
        "game": args.game,
        "variant": variant,
        "seats": seats,
        "games": args.games,
        "positions": len(found["engine"]),
        "repeats": args.repeats,
        "clock": "process_time",
        **figures,
    }
    for name in [n for n in sides if n != "engine"]:
        key = "ratio" if name == "naive" else f"ratio_{name.removeprefix('naive_')}"
        result[key] = ratios(figures["engine"], figures[name])
    if "engine_in_place" in figures:
        fast = figures["engine_in_place"]["games_per_second"]
        result["ratio_in_place"] = {
            name: round(fast / figures[name]["games_per_second"], 1)
            for name in sides
            if name != "engine"
        }
    result["python"] = sys.version.split()[0]
    return result


def ratios(engine: dict, naive: dict) -> dict:
    """How many times the engine is faster (naive time over engine time)."""
    return {
        "games": round(engine["games_per_second"] / naive["games_per_second"], 1),
        "legal_actions": round(naive["legal_actions_us"] / engine["legal_actions_us"], 1),
        "apply": round(naive["apply_us"] / engine["apply_us"], 1),
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--variant", help="default: xeri classic, xactika bid")
    parser.add_argument("--seats", type=int, help="default: xeri 2, xactika 4")
    parser.add_argument("--games", type=int, default=200, help="games per run")
    parser.add_argument("--positions", type=int, default=2000, help="positions timed")
    parser.add_argument("--repeats", type=int, default=3, help="runs; the median is kept")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(json.dumps(measure(args)))


if __name__ == "__main__":
    main()
