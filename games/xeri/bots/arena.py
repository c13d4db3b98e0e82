"""Bot against bot with the Xeri engine (no database), and random-play records.

    python -m games.xeri.bots.arena duel --a heuristic --b random --seats 2 --games 400
    python -m games.xeri.bots.arena records --seats 2 --count 10000 > records.jsonl

A duel plays each set-up twice, the bots swapping sides, so neither gains from a lucky
deal. Set-up ``i`` is ``deal(f"{seed}:{i}")``; the bot to move at action ``n`` of game
``(i, swap)`` gets ``random.Random(f"{seed}:{i}:{swap}:{n}")``. With four seats each bot
plays both seats of its side. It prints A's wins, B's wins and draws, A's share (a draw
counts one half) with a 95% Wilson interval, and each bot's median time per move (its
decision only, not the building of the view).
"""

import argparse
import json
import math
import random
import statistics
import sys
import time

from games.xeri.engine import RULES, VARIANT, make_record

from . import make_bot


def play(bots, setup: dict, seats: int, seed: str, times=None):
    """The final state of a match, ``bots[seat]`` choosing for each seat; ``times[seat]``
    collects each decision's seconds when given."""
    state = RULES.new(VARIANT, seats, setup)
    while not state.over:
        seat = state.to_move
        view = RULES.seat_view(state, seat)
        rng = random.Random(f"{seed}:{state.n_actions}")
        start = time.perf_counter()
        action = bots[seat].choose(view, rng)
        if times is not None:
            times[seat].append(time.perf_counter() - start)
        state, _events = RULES.apply(state, action)
    return state


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)


def duel(a: str, b: str, seats: int, games: int, seed: str = "1") -> dict:
    """``games`` matches (an even number) of bot ``a`` against bot ``b``."""
    if games % 2:
        raise ValueError("games must be even: each set-up is played twice")
    bots = {a: make_bot(a), b: make_bot(b)}
    wins_a = wins_b = draws = 0
    times = {"a": [], "b": []}
    for i in range(games // 2):
        setup = RULES.deal(f"{seed}:{i}", VARIANT, seats)
        for swap in (0, 1):
            side_a = swap  # A plays the seats of side ``swap``
            order = [bots[a] if seat % 2 == side_a else bots[b] for seat in range(seats)]
            spent = [[] for _ in range(seats)]
            end = play(order, setup, seats, f"{seed}:{i}:{swap}", spent)
            ranks = RULES.outcome(end).ranks
            mine, theirs = ranks[side_a], ranks[1 - side_a]
            wins_a += mine < theirs
            wins_b += theirs < mine
            draws += mine == theirs
            for seat in range(seats):
                times["a" if seat % 2 == side_a else "b"] += spent[seat]
    share = wins_a + draws / 2
    low, high = wilson(share, games)
    return {
        "a": a,
        "b": b,
        "seats": seats,
        "games": games,
        "wins_a": wins_a,
        "wins_b": wins_b,
        "draws": draws,
        "share_a": share / games,
        "wilson_95": [round(low, 4), round(high, 4)],
        "median_ms_a": round(1000 * statistics.median(times["a"]), 3),
        "median_ms_b": round(1000 * statistics.median(times["b"]), 3),
    }


def random_records(seats: int, count: int, seed: str = "records"):
    """``count`` records of uniformly random legal plays (for ``check_records`` timings;
    the random bot's choice, taken from the legal list without building views)."""
    for i in range(count):
        setup = RULES.deal(f"{seed}:{i}", VARIANT, seats)
        state = RULES.new(VARIANT, seats, setup)
        rng = random.Random(f"{seed}:{i}")
        actions = []
        while not state.over:
            action = rng.choice(RULES.legal_actions(state))
            state, _events = RULES.apply(state, action)
            actions.append(action)
        yield make_record(VARIANT, seats, setup, actions)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    match = commands.add_parser("duel")
    match.add_argument("--a", default="heuristic")
    match.add_argument("--b", default="random")
    match.add_argument("--seats", type=int, default=2)
    match.add_argument("--games", type=int, default=400)
    match.add_argument("--seed", default="1")
    records = commands.add_parser("records")
    records.add_argument("--seats", type=int, default=2)
    records.add_argument("--count", type=int, default=10000)
    records.add_argument("--seed", default="records")
    options = parser.parse_args(argv)
    if options.command == "duel":
        result = duel(options.a, options.b, options.seats, options.games, options.seed)
        print(json.dumps(result))
    else:
        for record in random_records(options.seats, options.count, options.seed):
            sys.stdout.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    main()
