"""The outside XIX player of issue 33: a well-tuned single-observer ISMCTS, and matches
against the site's strong bot at equal CPU time per move.

The player (``OutsideBot``) is written here on its own, apart from the site's search
(``games/xix/bots/strong.py``): it shares only the engine (``State``, stepped in place on
copies) and the sampler of consistent deals (``games.xix.bots.Determinizer``). It is the
honest baseline the strong bot must beat, so it does what issue 33 lists of a well-tuned
single-observer ISMCTS (Cowling, Powley and Whitehouse 2012):

- **one tree** for its information set, shared by every sampled deal, descended by UCB1
  with availability counts (exploration 0.7), one node added per iteration;
- **standard: a horizon at the exchange's end.** An iteration stops once an exchange
  has been scored after the root position (or the game is over). Its rollout plays random
  cards (and draft picks and trades) until a seat takes a strike; that seat raises or
  abandons by playing the rest of the exchange out greedily with all the deal's cards
  shown (each side leads the cheapest card the other cannot beat, else its cheapest, and
  follows with the cheapest card that takes, else its cheapest; every later raise or
  abandon decided the same way), keeps the better of the two, and the exchange ends as
  that greedy play says. The reward is the chance of winning the game from the score the
  exchange leaves, from an exact table of the 19-point end rules (ruling 11; each later
  exchange won by either seat with even chances and worth 1, 2, 3, 5 or 8 points with
  the chances in ``STRIKE_CHANCES``); a finished game scores 1 or 0;
- **talon: to the end of the game.** The talon game ends on the talon, not the score, and
  a table of the lead (ruling 14, as many more exchanges as face-down talon cards) played
  worse there than random playouts to the end (docs/bots.md, issue 33): the tree and the
  rollout run to the end of the game, the rollout's first raise or abandon decided by the
  greedy play above (read with that table), every later one by a coin, every card at
  random; the result scores 1, 1/2 or 0 (``to_end``, ``greedy``);
- **grouped trades at the root**: face-down row positions it cannot tell apart (their
  possible cards are the same) are one action, tried at the first such position.

A match plays deals of ``games.arena`` (``RULES.deal(f"{seed}:{i}")``), each twice with
the seats swapped, the outside player and the site's strong bot each searching for
``--ms`` milliseconds of CPU time (``time.process_time``) per move; a move with a single
legal action is played at once by both. One JSON line per finished deal; ``--pool`` reads
them back and prints the strong bot's share with a 95% Wilson interval::

    nice -n 10 .venv/bin/python benchmarks/xix_ismcts.py --variant standard --ms 20 \\
        --seed o1 --deals 50 > standard.jsonl
    .venv/bin/python benchmarks/xix_ismcts.py --pool standard.jsonl

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

from games.arena import pooled  # noqa: E402
from games.kit.ismcts import Node, select  # noqa: E402
from games.xix.bots import Determinizer, Knowledge, make_bot  # noqa: E402
from games.xix.engine import RULES, seat_view  # noqa: E402
from games.xix.engine.playout import random_playout  # noqa: E402
from games.xix.engine.rules import (  # noqa: E402
    DECIDE,
    DRAFT,
    OVER,
    PLAY,
    STAKES,
    STANDARD,
    TALON,
    TRADE,
    trick_taker,
)
from games.xix.engine.state import cards_of  # noqa: E402

# The chances of an exchange ending at 1..5 strikes, for the table.
STRIKE_CHANCES = (0.45, 0.25, 0.15, 0.1, 0.05)
EXPLORATION = 0.7


def _standard_table() -> dict:
    """(a, b) -> the chance that the seat with ``a`` points wins, ruling 11."""
    stakes = STAKES[STANDARD][1:]
    table = {}
    for total in range(36, -1, -1):
        for a in range(0, min(total, 18) + 1):
            b = total - a
            if b > 18:
                continue
            if total == 19:
                table[(a, b)] = 1.0 if a < b else 0.0
                continue
            value = 0.0
            for chance, k in zip(STRIKE_CHANCES, stakes, strict=True):
                for mine, theirs in ((a + k, b), (a, b + k)):
                    if mine + theirs == 19:
                        end = 1.0 if mine < theirs else 0.0
                    elif mine >= 19 or theirs >= 19:
                        end = 1.0 if mine > theirs else 0.0
                    else:
                        end = table[(mine, theirs)]
                    value += chance * 0.5 * end
            table[(a, b)] = value
    return table


def _talon_table(rounds: int = 8) -> list[dict]:
    """[k][lead] -> the chance of winning with ``lead`` after ``k`` more exchanges, ruling
    14 (a draw counts one half)."""
    stakes = STAKES[TALON][1:]
    span = 16 * 15 * (rounds + 1)
    tables = [{d: 1.0 if d > 0 else 0.5 if d == 0 else 0.0 for d in range(-span, span + 1)}]
    for k in range(1, rounds + 1):
        last = tables[-1]
        reach = span - 15 * k
        tables.append(
            {
                d: sum(
                    chance * 0.5 * (last[d + s] + last[d - s])
                    for chance, s in zip(STRIKE_CHANCES, stakes, strict=True)
                )
                for d in range(-reach, reach + 1)
            }
        )
    return tables


STANDARD_TABLE = _standard_table()
TALON_TABLE = _talon_table()


def chance_to_win(variant: str, scores, down: int, seat: int) -> float:
    """``seat``'s chance to win from ``scores`` at the end of an exchange that did not end
    the game (``down``: face-down talon cards)."""
    mine, theirs = scores[seat], scores[1 - seat]
    if variant == TALON:
        table = TALON_TABLE[min(max(down, 1), len(TALON_TABLE) - 1)]
        return table.get(mine - theirs, 1.0 if mine > theirs else 0.0)
    return STANDARD_TABLE[(mine, theirs)]


def game_result(variant: str, scores, down: int, closed, seat: int) -> float | None:
    """``seat``'s result (1, 1/2 or 0) if the exchange just scored ends the game, else
    None (rulings 11 and 14)."""
    a, b = scores[seat], scores[1 - seat]
    if variant == TALON:
        if not down and (not closed[0] or not closed[1]):
            return 1.0 if a > b else 0.5 if a == b else 0.0
    elif a + b == 19:
        return 1.0 if a < b else 0.0
    elif a >= 19 or b >= 19:
        return 1.0 if a > b else 0.0
    return None


def end_value(variant: str, scores, down: int, closed, seat: int) -> float:
    """``seat``'s value once an exchange is scored: the game's result if it is over."""
    result = game_result(variant, scores, down, closed, seat)
    return chance_to_win(variant, scores, down, seat) if result is None else result


def greedy_exchange(variant, hands, leader, led, strikes, scores, down, closed):
    """Seat 0's value after the rest of the exchange is played greedily, all cards shown.

    ``hands`` are both seats' cards (bitmasks), ``led`` the card led to the current trick
    (0 if none), ``strikes`` and ``scores`` as now, before the next card."""
    table = STAKES[variant]
    hands = list(hands)
    strikes = list(strikes)
    while True:
        follower = 1 - leader
        mine, theirs = cards_of(hands[leader]), cards_of(hands[follower])
        if not led:
            led = mine[0]
            for card in mine:
                if all(trick_taker(variant, 0, card, f) == 0 for f in theirs):
                    led = card
                    break
            hands[leader] ^= 1 << led
            theirs = cards_of(hands[follower])
        followed = theirs[0]
        for card in theirs:
            if trick_taker(variant, 0, led, card) == 1:
                followed = card
                break
        hands[follower] ^= 1 << followed
        taker = trick_taker(variant, leader, led, followed)
        loser = 1 - taker
        strikes[loser] += 1
        led = 0
        leader = taker
        points = table[strikes[0] + strikes[1]]
        won = list(scores)
        won[taker] += points
        abandon = end_value(variant, won, down, closed, 0)
        if strikes[loser] == 3:
            return abandon
        go_on = greedy_exchange(variant, hands, taker, 0, strikes, scores, down, closed)
        # The struck seat keeps the better of the two for itself.
        if loser == 0:
            return max(abandon, go_on)
        return min(abandon, go_on)


def rollout(state, rng, to_end: bool = False, greedy: int = 1 << 30) -> float:
    """Seat 0's value: random play to the first strike (drafts and trades random too),
    then the greedy rest of that exchange decides it, scored by the table. With
    ``to_end``, every raise or abandon is decided so but play goes on at random to the
    end of the game, which scores 1, 1/2 or 0; there only the first ``greedy`` decisions
    are made greedily, the later ones by a coin."""
    variant = state.variant
    talon = variant == TALON
    closed, opened = state.closed[:], state.open[:]
    row, row_up = state.row[:], state.row_up[:]
    scores, strikes = state.scores[:], state.strikes[:]
    phase, seat, leader, led = state.phase, state.to_move, state.leader, state.led
    pool, loser = state.pool, state.ex_loser
    down = row_up.count(False)
    rand = rng.random
    while True:
        winner = None
        if phase == DRAFT:
            cards = cards_of(pool)
            card = cards[int(rand() * len(cards))]
            pool ^= 1 << card
            opened[seat] |= 1 << card
            if pool:
                seat = 1 - seat
            else:
                phase, seat = TRADE, loser
        elif phase == TRADE:
            if talon:
                cards = cards_of(opened[seat])
                positions = [p for p in range(5) if not row_up[p]] or list(range(5))
            else:
                cards = cards_of(closed[seat] | opened[seat])
                positions = list(range(5))
            card = cards[int(rand() * len(cards))]
            position = positions[int(rand() * len(positions))]
            bit = 1 << card
            from_closed = closed[seat] & bit
            if from_closed:
                closed[seat] ^= bit
            else:
                opened[seat] ^= bit
            taken = row[position]
            if row_up[position]:
                opened[seat] |= 1 << taken
            else:
                closed[seat] |= 1 << taken
            row[position] = card
            row_up[position] = talon or not from_closed
            down = row_up.count(False)
            strikes = [0, 0]
            phase, seat = PLAY, leader
        elif phase == DECIDE and to_end and greedy <= 0:
            if rand() < 0.5:
                winner = 1 - seat
            else:
                phase, seat = PLAY, leader
        elif phase == DECIDE:
            greedy -= 1
            hands = [closed[0] | opened[0], closed[1] | opened[1]]
            won = scores[:]
            won[1 - seat] += STAKES[variant][strikes[0] + strikes[1]]
            abandon = end_value(variant, won, down, closed, 0)
            go_on = greedy_exchange(variant, hands, leader, 0, strikes, scores, down, closed)
            if not to_end:
                return max(abandon, go_on) if seat == 0 else min(abandon, go_on)
            if (abandon > go_on) == (seat == 0) and abandon != go_on:
                winner = 1 - seat
            else:
                phase, seat = PLAY, leader
        else:
            cards = cards_of(closed[seat] | opened[seat])
            card = cards[int(rand() * len(cards))]
            bit = 1 << card
            if closed[seat] & bit:
                closed[seat] ^= bit
            else:
                opened[seat] ^= bit
            pool |= bit
            if not led:
                led, seat = card, 1 - seat
                continue
            taker = trick_taker(variant, leader, led, card)
            led = 0
            leader = taker
            strikes[1 - taker] += 1
            if strikes[1 - taker] < 3:
                phase, seat = DECIDE, 1 - taker
                continue
            winner = taker
        if winner is None:
            continue
        scores[winner] += STAKES[variant][strikes[0] + strikes[1]]
        if not to_end:
            return end_value(variant, scores, down, closed, 0)
        result = game_result(variant, scores, down, closed, 0)
        if result is not None:
            return result
        leader, loser = winner, 1 - winner
        phase, seat = DRAFT, loser


def _stage(state) -> int:
    """Twice the exchange number, plus one once it is scored."""
    return 2 * state.exchange + (state.phase in (DRAFT, TRADE, OVER))


def _value(state, stage: int, rng, to_end: bool, greedy: int) -> float:
    """Seat 0's reward for an iteration that left the tree at ``state``."""
    if state.phase == OVER:
        return 1.0 if state.winner == 0 else 0.5 if state.winner is None else 0.0
    if to_end and not greedy:
        # Random play to the end, every decision by a coin: the engine's fast loop.
        _scores, winner = random_playout(state, rng.random)
        return 1.0 if winner == 0 else 0.5 if winner is None else 0.0
    if _stage(state) > stage and state.phase == DRAFT:
        return end_value(state.variant, state.scores, state.row_up.count(False), state.closed, 0)
    return rollout(state, rng, to_end, greedy)


def root_actions(view: dict, know: Knowledge) -> list[tuple]:
    """The root's actions as (type, seat, card, position) tuples: a trade for each card
    and each class of row positions the seat cannot tell apart (the first of each)."""
    classes = {}
    for slot in view["row"]:
        p = slot["position"]
        if slot["card"] is None:
            key = ("hidden", tuple(sorted(c for c, ps in know.lost_places.items() if p in ps)))
        else:
            key = ("known", p)
        classes.setdefault(key, p)
    firsts = set(classes.values())
    out = []
    for action in view["legal_actions"]:
        if action["type"] == TRADE and action["position"] not in firsts:
            continue
        out.append(
            (action["type"], action["seat"], action.get("card", 0), action.get("position", 0))
        )
    return out


class OutsideBot:
    """The outside player: ``seconds`` of CPU time per move, or ``iterations``."""

    level = "outside"

    def __init__(
        self,
        seconds: float | None = None,
        iterations: int | None = None,
        to_end: bool | None = None,
        greedy: int = 1,
    ):
        if (seconds is None) == (iterations is None):
            raise ValueError("give seconds or iterations")
        self.to_end = to_end
        self.greedy = greedy
        self.seconds = seconds
        self.iterations = iterations
        self.last_iterations = 0

    def choose(self, view: dict, seed=None) -> dict:
        legal = view["legal_actions"]
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        rng = random.Random(seed)
        to_end = self.to_end if self.to_end is not None else view["variant"] == TALON
        know = Knowledge(view)
        draw = Determinizer(view, know).deal
        allowed = set(root_actions(view, know))
        root = Node(None)
        deadline = None if self.seconds is None else time.process_time() + self.seconds
        done = 0
        while True:
            if deadline is None:
                if done >= self.iterations:
                    break
            elif done and time.process_time() >= deadline:
                break
            done += 1
            state = draw(rng)
            stage = 1 << 30 if to_end else _stage(state)
            node, path = root, []
            while state.phase != OVER and not (_stage(state) > stage and state.phase == DRAFT):
                legal_here = state.legal_tuples()
                if node is root:
                    legal_here = [a for a in legal_here if a in allowed]
                keyed = [(action, action) for action in legal_here]
                untried, best, action = select(node.children, keyed, EXPLORATION)
                if untried:
                    action = untried[rng.randrange(len(untried))][0]
                    child = node.children[action] = Node(state.to_move)
                    path.append(child)
                    state = state.copy()
                    state._step(*action)
                    break
                path.append(best)
                state = state.copy()
                state._step(*action)
                node = best
            value = _value(state, stage, rng, to_end, self.greedy)
            for child in path:
                child.visits += 1
                child.total += value if child.mover == 0 else 1.0 - value
        self.last_iterations = done
        kind, seat, card, position = max(
            root.children.items(), key=lambda item: (item[1].visits, item[1].total)
        )[0]
        for action in legal:
            if (
                action["type"] == kind
                and action.get("card", 0) == card
                and action.get("position", 0) == position
            ):
                return action
        raise AssertionError("the root's best action is not legal")


def _site_bot(seconds: float, options: dict):
    """The strong bot at ``seconds`` per move, or at a fixed ``iterations`` option; with
    ``"outside": {...}`` another outside player instead (to tune the baseline)."""
    if "outside" in options:
        return OutsideBot(seconds=seconds, **options["outside"])
    if "iterations" in options:
        return make_bot("strong", **options)
    return make_bot("strong", seconds=seconds, **options)


def play_deal(
    variant: str, seed: str, deal: int, seconds: float, options: dict, outside: dict
) -> dict:
    """Deal ``deal`` twice, seats swapped: the strong bot's points and both sides' CPU
    milliseconds per searched move."""
    setup = RULES.deal(f"{seed}:{deal}", variant, 2)
    ours = _site_bot(seconds, options)
    theirs = OutsideBot(seconds=seconds, **outside)
    points, wins, losses = 0.0, 0, 0
    times = {"strong": [], "outside": []}
    iterations = {"strong": [], "outside": []}
    for swap in (0, 1):
        state = RULES.new(variant, 2, setup)
        bots = [ours, theirs] if swap == 0 else [theirs, ours]
        names = ["strong", "outside"] if swap == 0 else ["outside", "strong"]
        while not state.over:
            seat = state.to_move
            view = seat_view(state, seat)
            started = time.process_time()
            action = bots[seat].choose(view, f"{seed}:{deal}:{swap}:{state.n_actions}")
            spent = time.process_time() - started
            if len(view["legal_actions"]) > 1:
                times[names[seat]].append(spent * 1000)
                iterations[names[seat]].append(getattr(bots[seat], "last_iterations", 0))
            state, _events = state.apply(action)
        strong_seat = swap
        if state.winner is None:
            points += 0.5
        elif state.winner == strong_seat:
            points += 1
            wins += 1
        else:
            losses += 1
    return {
        "variant": variant,
        "seed": seed,
        "deal": deal,
        "ms": seconds * 1000,
        "options": options,
        "outside": outside,
        "strong_points": points,
        "strong_wins": wins,
        "outside_wins": losses,
        "strong_ms": round(statistics.median(times["strong"]), 1),
        "outside_ms": round(statistics.median(times["outside"]), 1),
        "strong_iterations": statistics.median(iterations["strong"]),
        "outside_iterations": statistics.median(iterations["outside"]),
    }


def pool(paths) -> str:
    lines, text = pooled(paths)
    med = statistics.median
    return (
        f"{text}; median iterations strong {med(x['strong_iterations'] for x in lines):.0f}, "
        f"outside {med(x['outside_iterations'] for x in lines):.0f}"
    )


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default=STANDARD, choices=(STANDARD, TALON))
    parser.add_argument("--ms", type=float, default=20.0, help="CPU ms per move, both")
    parser.add_argument("--seed", default="o1")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--step", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE for ours")
    parser.add_argument("--outside", action="append", default=[], help="NAME=VALUE")
    parser.add_argument("--pool", nargs="+", metavar="FILE")
    args = parser.parse_args(argv)
    if args.pool:
        print(pool(args.pool))
        return
    options, outside = {}, {}
    for into, texts in ((options, args.option), (outside, args.outside)):
        for text in texts:
            name, _, value = text.partition("=")
            into[name] = json.loads(value)
    for index in range(args.deals):
        deal = args.start + index * args.step
        line = play_deal(args.variant, args.seed, deal, args.ms / 1000, options, outside)
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
