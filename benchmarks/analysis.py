"""CPU seconds per analysed game (issue 36): the post-game analysis's search, game by game.

For each case (game, variant, seats) it plays one seeded game of heuristic bots (one move
in ten random), then
analyses every decision of it (``analysis.engine.decision_points`` and
``analyse_decision`` at the ``--budget``), as the platform's tasks do, and times the whole
analysis with ``time.process_time`` (CPU: what the analysis costs, not how busy the machine
is). The figure is the median over ``--runs`` runs of the same game. One JSON line per
case, then a Markdown table. Pin it to one core to read one core's figures::

    taskset -c 0 .venv/bin/python benchmarks/analysis.py
    taskset -c 0 .venv/bin/python benchmarks/analysis.py --cases xactika/bid/10 --runs 1

Standard library and the pure game packages only (no Django).
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

CASES = (
    "xix/standard/2",
    "xix/talon/2",
    "xix/v2/2",
    "xeri/classic/2",
    "xeri/classic/4",
    "xactika/bid/2",
    "xactika/bid/4",
    "xactika/bid/10",
    "onexeno/basic/2",
    "onexeno/basic/4",
    "onexeno/basic/7",
)


RANDOM_MOVE = 0.1  # the players' share of random legal moves


def heuristic_game(key: str, variant: str, seats: int, seed: str) -> tuple[dict, list]:
    """(setup, actions) of a whole game from ``deal(seed)`` of the game's heuristic bots,
    with one move in ten a random legal one (people err, and two heuristic bots can trade
    back and forth for ever in XIX's talon game)."""
    rules = registry.rules(key)
    bot = registry.bots(key).make_bot("heuristic")
    setup = rules.deal(seed, variant, seats)
    state = rules.new(variant, seats, setup)
    rng = random.Random(f"{seed}:moves")
    actions = []
    while not state.over:
        view = rules.seat_view(state, state.to_move)
        if rng.random() < RANDOM_MOVE:
            action = dict(rng.choice(state.legal_actions()))
        else:
            action = {"seat": state.to_move, **bot.choose(view, f"{seed}:{state.n_actions}")}
        actions.append(action)
        state, _events = state.apply(action)
    return setup, actions


def analyse(key, variant, seats, setup, actions, budget, seed) -> list[dict]:
    """Every decision of the game analysed, in order (what the platform's tasks do)."""
    return [
        engine.analyse_decision(
            key, variant, seats, setup, actions, index, budget=budget, seed=seed
        )
        for index in engine.decision_points(key, variant, seats, setup, actions)
    ]


def measure(case: str, budget: str, runs: int, seed: str) -> dict:
    key, variant, seats = case.split("/")
    seats = int(seats)
    setup, actions = heuristic_game(key, variant, seats, f"{seed}:{case}")
    cpu, results = [], []
    for run in range(runs):
        started = time.process_time()
        results = analyse(key, variant, seats, setup, actions, budget, run)
        cpu.append(time.process_time() - started)
    verdicts = [result["verdict"] for result in results]
    return {
        "case": case,
        "budget": budget,
        "actions": len(actions),
        "decisions": len(results),
        "choices": round(statistics.mean(len(r["choices"]) for r in results), 1),
        "runs": runs,
        "cpu_s": round(statistics.median(cpu), 2),
        "cpu_ms_per_decision": round(1000 * statistics.median(cpu) / max(1, len(results)), 1),
        "mistakes": verdicts.count("mistake"),
        "blunders": verdicts.count("blunder"),
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", nargs="+", default=list(CASES), help="game/variant/seats")
    parser.add_argument("--budget", default="standard", choices=sorted(engine.BUDGETS))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args(argv)
    rows = []
    for case in args.cases:
        row = measure(case, args.budget, args.runs, args.seed)
        print(json.dumps(row), flush=True)
        rows.append(row)
    print()
    print("| game | seats | actions | decisions | mean choices | CPU s per game (median) |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        key, variant, seats = row["case"].split("/")
        print(
            f"| {key} {variant} | {seats} | {row['actions']} | {row['decisions']} | "
            f"{row['choices']} | {row['cpu_s']} |"
        )


if __name__ == "__main__":
    main()
