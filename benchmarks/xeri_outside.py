"""An outside determinized Monte Carlo player for Xeri, and a match runner against the
site's strong bot at equal CPU time per move (issue 33, item 2).

The outside player is written on its own beside ``games/xeri/bots/strong.py``: it shares
only the engine and the public determinization ``games.xeri.bots.sample.prepared`` (deals
consistent with everything seen, and with what the seats' earlier plays make likely: a seat
that left a pile it could have taken holds no card of that rank, nor a Jack when the pile
was worth one). For each sampled deal every legal card is tried; while the stock lasts the
round is played on by a simple policy of its own (take with a match, take a worthwhile
pile with a Jack, else drop the card whose rank is most seen, a little chance), and once
the stock is empty the rest of the round is searched exactly (alpha-beta over that deal,
perfect information) when at most ``EXACT`` cards are left in the hands. Each card's value
is averaged over the samples; samples are drawn until ``seconds`` of CPU time
(``time.process_time``) are spent.

Runner: each deal from ``games.xeri.engine.deal`` is played twice with the seats swapped
(at 4 seats the strong partners sit 0 and 2, then 1 and 3), one JSON line per deal;
``--pool FILE...`` sums the lines with a 95% Wilson interval::

    nice -n 10 .venv/bin/python benchmarks/xeri_outside.py --seats 2 --ms 38 --deals 20
    .venv/bin/python benchmarks/xeri_outside.py --pool out.jsonl
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

from games.arena import pooled  # noqa: E402
from games.xeri.bots import make_bot  # noqa: E402
from games.xeri.bots.sample import prepared  # noqa: E402
from games.xeri.engine import RULES, deal, seat_view  # noqa: E402
from games.xeri.engine.cards import JACK, POINTS, RANK  # noqa: E402

VARIANT = "classic"
EXACT = 8  # cards left in all hands at most, with the stock empty, for the exact search
BONUS = 5.0  # winning the round, on top of its point lead
CHANCE = 0.1  # the playout drops a random card this often


def round_value(state, side: int) -> float:
    """The last scored round's point lead of ``side``, plus ``BONUS`` for its sign."""
    sides = state.sheets[-1]["sides"]
    lead = sides[side]["total"] - sides[1 - side]["total"]
    return lead + BONUS * ((lead > 0) - (lead < 0))


def _worth(pile) -> float:
    return sum(POINTS[card] for card in pile) + len(pile) / 9


def policy(state, rng: random.Random) -> str:
    """The playout's card for the seat to move (it sees the sampled deal's public part)."""
    hand = state.hands[state.to_move]
    pile = state.pile
    if pile:
        top = RANK[pile[-1]]
        takers = [card for card in hand if RANK[card] == top]
        if takers:
            return max(takers, key=POINTS.__getitem__)
    jacks = [card for card in hand if RANK[card] == JACK]
    plain = [card for card in hand if RANK[card] != JACK]
    if jacks and pile and (len(pile) == 1 and RANK[pile[0]] == JACK or _worth(pile) >= 2):
        return jacks[0]
    if not plain:
        return jacks[0]
    if jacks and pile and state.stock == 0 and len(hand) <= 2:
        return jacks[0]
    if rng.random() < CHANCE:
        return plain[rng.randrange(len(plain))]
    seen = {}
    for cards in (*state.captured, pile, hand):
        for card in cards:
            seen[RANK[card]] = seen.get(RANK[card], 0) + 1
    return max(plain, key=lambda card: (seen[RANK[card]], -POINTS[card], card))


def play_out(state, rng: random.Random):
    """Play the round on (on a copy) until it is scored."""
    state = state.copy()
    start = state.round
    while not state.over and state.round == start:
        state.play(state.to_move, policy(state, rng))
    return state


def exact(state, side: int, alpha: float = -1e9, beta: float = 1e9) -> float:
    """The round's value to ``side`` with every hand known, both sides playing their best
    (alpha-beta); ``state``'s stock is empty."""
    start = state.round
    seat = state.to_move
    maximize = seat % 2 == side
    best = -1e9 if maximize else 1e9
    for card in sorted(set(state.hands[seat])):
        after = state.copy()
        after.play(seat, card)
        if after.over or after.round != start:
            value = round_value(after, side)
        else:
            value = exact(after, side, alpha, beta)
        if maximize:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


class OutsideBot:
    """Determinized Monte Carlo with exact endgames; ``seconds`` of CPU per move (or a
    fixed ``samples`` count, for tests)."""

    def __init__(self, seconds: float | None = 0.038, samples: int | None = None):
        self.seconds = seconds
        self.samples = samples
        self.last_samples = 0

    def choose(self, view: dict, seed=None) -> dict:
        legal = view["legal_actions"]
        rng = random.Random(f"outside:{seed}")
        if len(legal) == 1:
            self.last_samples = 0
            return legal[0]
        deadline = None if self.samples else time.process_time() + self.seconds
        ready = prepared(view)
        me = view["viewer"]
        side = me % 2
        cards = [action["card"] for action in legal]
        totals = dict.fromkeys(cards, 0.0)
        done = 0
        while True:
            if deadline is None:
                if done >= self.samples:
                    break
            elif done and time.process_time() >= deadline:
                break
            done += 1
            state = ready.sample(rng)
            seed_here = rng.getrandbits(32)
            solve = state.stock == 0 and sum(len(hand) for hand in state.hands) <= EXACT
            for card in cards:
                after = state.copy()
                start = after.round
                after.play(me, card)
                if after.over or after.round != start:
                    totals[card] += round_value(after, side)
                elif solve:
                    totals[card] += exact(after, side)
                else:
                    totals[card] += round_value(play_out(after, random.Random(seed_here)), side)
        self.last_samples = done
        best = max(cards, key=lambda card: (totals[card], card))
        return next(action for action in legal if action["card"] == best)


def _strong(seconds: float, options: dict):
    if "iterations" in options or "playouts" in options:
        return make_bot("strong", **options)
    return make_bot("strong", seconds=seconds, **options)


def play_deal(seats: int, seed: str, number: int, seconds: float, options: dict) -> dict:
    """Deal ``number`` twice, the strong side swapped: its points (1 a win, 0.5 a draw)."""
    setup = deal(f"{seed}:{number}", VARIANT, seats)
    ours = _strong(seconds, options)
    theirs = OutsideBot(seconds=seconds)
    points, wins, losses = 0.0, 0, 0
    times = {"strong": [], "outside": []}
    for swap in (0, 1):
        state = RULES.new(VARIANT, seats, setup)
        strong_side = swap
        while not state.over:
            seat = state.to_move
            view = seat_view(state, seat)
            name = "strong" if seat % 2 == strong_side else "outside"
            bot = ours if name == "strong" else theirs
            started = time.process_time()
            action = bot.choose(view, f"{seed}:{number}:{swap}:{state.n_actions}")
            if len(view["legal_actions"]) > 1:
                times[name].append((time.process_time() - started) * 1000)
            state, _events = state.apply(action)
        key = [(state.won[s], state.totals[s]) for s in (0, 1)]
        if key[0] == key[1]:
            points += 0.5
        elif key[strong_side] > key[1 - strong_side]:
            points += 1
            wins += 1
        else:
            losses += 1
    return {
        "seats": seats,
        "seed": seed,
        "deal": number,
        "ms": seconds * 1000,
        "options": options,
        "strong_points": points,
        "strong_wins": wins,
        "outside_wins": losses,
        "strong_ms": round(statistics.median(times["strong"] or [0]), 1),
        "outside_ms": round(statistics.median(times["outside"] or [0]), 1),
    }


def pool(paths) -> str:
    return pooled(paths)[1]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=2, choices=(2, 4))
    parser.add_argument("--ms", type=float, default=38.0, help="CPU ms per move, both")
    parser.add_argument("--seed", default="x1")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE for ours")
    parser.add_argument("--pool", nargs="+", metavar="FILE")
    args = parser.parse_args(argv)
    if args.pool:
        print(pool(args.pool))
        return
    options = {}
    for text in args.option:
        name, _, value = text.partition("=")
        options[name] = json.loads(value)
    for index in range(args.deals):
        line = play_deal(args.seats, args.seed, args.start + index, args.ms / 1000, options)
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
