"""Expert against strong at two seats, deal by deal: one JSON line per deal as it ends.

The deals, seats and bot seeds are ``manage.py bot_arena``'s (``games.arena.play_tables``):
deal ``i`` of ``--seed S`` is set up from ``f"{S}:{i}"`` and played twice, seats swapped,
so a deal here is the deal ``i`` of ``bot_arena --game G --a expert --b strong --seed S``.
Unlike ``bot_arena``, which prints once the whole match is over, every finished deal is
kept: a run cut short still counts. Several processes can share a seed with
``--start`` and ``--step`` (deals start, start + step, ...). ``--pool FILE ...`` reads
such lines back and prints expert's share of the points with a 95% Wilson interval::

    nice .venv/bin/python benchmarks/expert_vs_strong.py --game xeri --seed lv --deals 10 > a.jsonl
    .venv/bin/python benchmarks/expert_vs_strong.py --pool a.jsonl b.jsonl

Standard library and the pure game packages only (no Django).
"""

import argparse
import json
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != ROOT / "benchmarks"]

from games import registry  # noqa: E402
from games.arena import play_tables, wilson  # noqa: E402


def play(game: str, variant: str, seed: str, deals) -> None:
    for deal in deals:
        started = time.process_time()
        match = play_tables(game, variant, 2, ["expert", "strong"], seed, [deal])
        expert, strong = match.entrants
        line = {
            "game": game,
            "variant": variant,
            "seed": seed,
            "deal": deal,
            "games": expert.games,
            "expert_points": expert.points,
            "expert_wins": expert.firsts,
            "strong_wins": strong.firsts,
            "cpu_s": round(time.process_time() - started, 1),
        }
        print(json.dumps(line), flush=True)


def pool(paths) -> None:
    rows = [json.loads(line) for path in paths for line in open(path) if line.strip()]
    for game in dict.fromkeys(row["game"] for row in rows):
        mine = [row for row in rows if row["game"] == game]
        games = sum(row["games"] for row in mine)
        points = sum(row["expert_points"] for row in mine)
        low, high = wilson(points, games)
        wins = sum(row["expert_wins"] for row in mine)
        losses = sum(row["strong_wins"] for row in mine)
        print(
            f"{game} {mine[0]['variant']}: {games} games ({len(mine)} deals, seats swapped), "
            f"expert {wins} wins, strong {losses}, draws {games - wins - losses}; "
            f"expert's share {points / games:.1%} (95% Wilson {low:.1%} to {high:.1%}); "
            f"CPU {sum(row['cpu_s'] for row in mine):.0f} s"
        )


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=registry.served())
    parser.add_argument("--variant", help="the variant (default: the game's first)")
    parser.add_argument("--seed", default="lv")
    parser.add_argument("--deals", type=int, default=10, help="deals to play (2 games each)")
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--step", type=int, default=1)
    parser.add_argument("--pool", nargs="+", metavar="FILE", help="sum the lines of FILEs")
    args = parser.parse_args(argv)
    if args.pool:
        pool(args.pool)
        return
    if not args.game:
        parser.error("--game is needed to play")
    variant = args.variant or next(iter(registry.rules(args.game).variants))
    deals = range(args.start, args.start + args.deals * args.step, args.step)
    play(args.game, variant, args.seed, deals)


if __name__ == "__main__":
    main()
