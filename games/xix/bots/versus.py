"""XIX bots head to head, the unlisted ``flat`` level included, with budgets per side.

``manage.py bot_arena`` offers the levels of ``LEVELS`` and one budget for every strong
bot; measuring the strong bot against the flat bot it replaced at equal time per move needs
both the unlisted level and a budget per side::

    python -m games.xix.bots.versus --variant standard --games 400 --seed 1 \\
        --a strong:100 --b flat:150

``LEVEL:N`` gives a search bot (strong, expert) N iterations and the flat bot N playouts.
The match and its report are ``games.arena``'s (``run_match``, ``report``): the same deals,
seat swaps, seeds, Wilson interval and times per move as ``bot_arena``.
"""

import argparse

from games.arena import report, run_match

from . import LEVELS, make_bot

BUDGETED = {"strong": "iterations", "expert": "iterations", "flat": "playouts"}


def entrant(text: str) -> tuple[str, dict]:
    """``"strong:100"`` -> ("strong", {"iterations": 100}); a bare level takes no option."""
    level, _, budget = text.partition(":")
    if level not in (*LEVELS, "flat"):
        raise argparse.ArgumentTypeError(f"no XIX bot level {level!r}")
    if not budget:
        return level, {}
    if level not in BUDGETED or not budget.isdigit() or int(budget) < 1:
        raise argparse.ArgumentTypeError(
            f"{text!r}: a budget is a positive count for {', '.join(BUDGETED)}"
        )
    return level, {BUDGETED[level]: int(budget)}


def main(argv=None) -> list[str]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--games", type=int, default=400, help="total games (even)")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--a", type=entrant, required=True, help="LEVEL or LEVEL:BUDGET")
    parser.add_argument("--b", type=entrant, required=True, help="LEVEL or LEVEL:BUDGET")
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error("--games must be a positive even number")
    (level_a, options_a), (level_b, options_b) = args.a, args.b
    make_bot(level_a, **options_a), make_bot(level_b, **options_b)  # reject bad options now
    head = f"{level_a} {options_a} (A) vs {level_b} {options_b} (B), variant {args.variant}"
    match = run_match(
        "xix",
        args.variant,
        2,
        [level_a, level_b],
        args.seed,
        args.games // 2,
        jobs=args.jobs,
        options=[options_a, options_b],
    )
    lines = [f"{head}, seed {args.seed}", *report(match)]
    print("\n".join(lines), flush=True)
    return lines


if __name__ == "__main__":
    main()
