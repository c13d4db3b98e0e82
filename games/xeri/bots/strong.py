"""The strong Xeri bot: a search over the deals the seat cannot tell apart, each played
out as careful players would (perfect-information Monte Carlo with paired playouts).

For each of ``ITERATIONS`` samples the cards the seat cannot see are dealt afresh
(``sample.py``: consistent with the view, keeping what the other seats' plays show they
do not hold); then every card of the hand is tried in that same deal, and the match is
played on from it to the end of the round by ``rollout`` (every seat playing the heuristic
bot's rules of thumb, with a little chance), with the same random numbers for every card.
Each card is scored by the round it leads to (``score``: the side's lead in the round's
points, plus ``ROUND`` for winning the round, or ``MATCH`` for winning the match when the
round is the last), and the card with the best total is played.

Trying every card in the same sample (and the same playout chance) means the luck of the
deal, the same for all of them, cancels out of their comparison: the differences left are
what the card itself changes. A move depends only on the view and the seed.
"""

import random
import time
from functools import partial

from games.xeri.engine.cards import JACK, POINTS, RANK
from games.xeri.engine.state import XERI, XERI_POINTS

from .heuristic import CARD_SHARE, JACK_VALUE, pile_value
from .sample import prepared

ITERATIONS = 120  # samples per move, each played out once per card (docs/bots.md, Xeri)
WHIM = 0.15  # the rollout drops a random card instead of the safest this often
ROUND = 5.0  # what winning a round is worth on top of its points
MATCH = 10.0  # what winning the match is worth, in its last round
LONE = XERI_POINTS[XERI]


def rollout(state, rng: random.Random, stop=None):
    """Play on (on a copy, in place) until ``stop`` or the end, each seat as the heuristic
    bot would from what it can see: take the pile with a card of its top's rank; take it
    with a Jack when it is a lone Jack, worth ``JACK_VALUE`` or the seat's last plays of
    the round; otherwise drop the card that risks least (``WHIM`` of the time a random
    one), never a Jack while another card can go. The risk of a card counts the cards of
    its rank and the Jacks the seat has not seen (not played, not in its hand) times what
    the pile would be worth, and a xeri's 10 for the cards of its rank when it would lie
    alone."""
    state = state.copy()
    play = state.play
    uniform = rng.random
    gone = dict.fromkeys(RANK.values(), 0)  # cards of each rank played this round
    for cards in (*state.captured, state.pile):
        for card in cards:
            gone[RANK[card]] += 1
    while not state.over and not (stop and stop(state)):
        seat = state.to_move
        hand = state.hands[seat]
        pile = state.pile
        card = _pick(hand, pile, gone, state.stock, uniform)
        gone[RANK[card]] += 1
        round_before = state.round
        play(seat, card)
        if state.round != round_before:  # a new round: nothing of it is played yet
            gone = dict.fromkeys(gone, 0)
            for card in state.pile:
                gone[RANK[card]] += 1
    return state


def _pick(hand, pile, gone, stock, uniform) -> str:
    """The rollout's card for ``hand`` facing ``pile`` (``rollout``)."""
    jacks = 0
    if pile:
        top = RANK[pile[-1]]
        best = None
        for held in hand:
            rank = RANK[held]
            if rank == top and (best is None or POINTS[held] > POINTS[best]):
                best = held
            elif rank == JACK:
                jacks += 1
        if best is not None:
            return best
        if jacks and (
            jacks == len(hand)
            or (top == JACK and len(pile) == 1)
            or (stock == 0 and len(hand) <= 2)
            or pile_value(pile) >= JACK_VALUE
        ):
            return next(held for held in hand if RANK[held] == JACK)
    else:
        jacks = sum(1 for held in hand if RANK[held] == JACK)
    if jacks == len(hand):
        return hand[0]
    plain = [held for held in hand if RANK[held] != JACK]
    if len(plain) == 1:
        return plain[0]
    if uniform() < WHIM:
        return plain[int(uniform() * len(plain))]
    unseen_jacks = 4 - gone[JACK] - jacks
    worth = pile_value(pile) + CARD_SHARE if pile else CARD_SHARE
    best, best_risk = None, None
    for held in plain:
        rank = RANK[held]
        same = 4 - gone[rank] - sum(1 for other in hand if RANK[other] == rank)
        risk = (same + unseen_jacks) * (worth + POINTS[held])
        if not pile:
            risk += same * LONE
        if best_risk is None or risk < best_risk:
            best, best_risk = held, risk
    return best


def round_ended(start, state) -> bool:
    """Whether ``state`` is past the round ``start`` is in (the round has been scored)."""
    return state.round != start.round or state.over


def score(state, side: int) -> float:
    """What the round just scored in ``state`` is worth to ``side``: its lead in the round's
    points, plus ``ROUND`` for winning the round (minus for losing it); in the match's last
    round, plus ``MATCH`` for winning the match (rounds won, then points) instead."""
    other = 1 - side
    sides = state.sheets[-1]["sides"]
    lead = sides[side]["total"] - sides[other]["total"]
    if state.over:
        key = (state.won[side] - state.won[other], state.totals[side] - state.totals[other])
        return lead + MATCH * ((key > (0, 0)) - (key < (0, 0)))
    return lead + ROUND * ((lead > 0) - (lead < 0))


class StrongBot:
    """The search; ``iterations`` samples per move, or with ``seconds`` as many as fit in
    that much CPU time (``time.process_time``, at least one; for equal-time matches). Like
    Xeri's other bots it takes a seed or a ``random.Random`` (whose next 64 bits then seed
    the search)."""

    level = "strong"

    def __init__(self, iterations: int = ITERATIONS, seconds: float | None = None):
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        self.iterations = iterations
        self.seconds = seconds

    def values(self, view: dict, seed=None) -> dict[str, float]:
        """Each legal card's mean ``score`` over the samples, in the order of the view's
        legal actions."""
        legal = view["legal_actions"]
        if not legal:
            raise ValueError("the seat has no legal action")
        if isinstance(seed, random.Random):
            seed = seed.getrandbits(64)
        rng = random.Random(seed)
        ready = prepared(view)
        me = view["viewer"]
        side = me % 2
        cards = [action["card"] for action in legal]
        totals = dict.fromkeys(cards, 0.0)
        deadline = None if self.seconds is None else time.process_time() + self.seconds
        done = 0
        while (
            done < self.iterations
            if deadline is None
            else not done or time.process_time() < deadline
        ):
            done += 1
            state = ready.sample(rng, fresh=False)
            chance = rng.getrandbits(64)
            stop = partial(round_ended, state)
            for card in cards:
                after = state.copy()
                after.play(me, card)
                end = rollout(after, random.Random(chance), stop)
                totals[card] += score(end, side)
        return {card: total / done for card, total in totals.items()}

    def choose(self, view: dict, seed=None) -> dict:
        legal = view["legal_actions"]
        # A single legal card is searched all the same: the time taken tells nothing.
        values = self.values(view, seed)
        best = max(range(len(legal)), key=lambda j: (values[legal[j]["card"]], -j))
        return legal[best]


def strong_bot(iterations: int | None = None, seconds: float | None = None) -> StrongBot:
    """The strong bot with ``iterations`` samples per move (``ITERATIONS`` unless given),
    or with ``seconds`` of CPU time per move."""
    return StrongBot(ITERATIONS if iterations is None else iterations, seconds)
