"""The strong Xeri bot: information-set search (``games.kit.ismcts``) over Xeri's own
determinizations (``sample.py``).

Each iteration deals the cards the seat cannot see afresh, descends the tree (every seat,
partners and opponents, choosing its best reply), then plays the round out with a cheap
rule of thumb (``rollout``) and scores it at the end of the round (``reward``): the match
result if that was the last round, otherwise the match standing (rounds won, then
points) that the round leaves. The search never looks past the round in progress: the
next round's cards are unknown to everyone and a fresh shuffle.
"""

import math
import random

from games.kit.ismcts import Game, SearchBot, share_rewards
from games.xeri.engine import RULES
from games.xeri.engine.cards import JACK, RANK

from .sample import sample_round

ITERATIONS = 600  # per move: about 0.4 s on a quiet core (docs/bots.md, Xeri)
JACK_PILE = 3  # the rollout takes a pile with a Jack from this many cards (or a lone Jack)
ROUND_WEIGHT = 0.5  # a round won, in the logistic of the match standing
POINT_SCALE = 15.0  # points of lead worth one unit of that logistic
MARGIN_WEIGHT = 0.1  # at the end of the match: this share of the reward follows the margin


def rollout(state, rng: random.Random, stop=None):
    """Play on in place (on a copy) until ``stop`` or the end: take the pile with a card
    of its top's rank when one is held; take it with a Jack when it is a lone Jack or at
    least ``JACK_PILE`` cards; otherwise drop a random card that is not a Jack (a Jack
    only when nothing else is left)."""
    state = state.copy()
    play = state.play
    uniform = rng.random
    while not state.over and not (stop and stop(state)):
        seat = state.to_move
        hand = state.hands[seat]
        pile = state.pile
        card = None
        if pile:
            top = RANK[pile[-1]]
            jack = None
            for held in hand:
                rank = RANK[held]
                if rank == top:
                    card = held
                    break
                if rank == JACK:
                    jack = held
            if card is None and jack is not None and (len(pile) >= JACK_PILE or top == JACK):
                card = jack
        if card is None:
            plain = [held for held in hand if RANK[held] != JACK]
            choices = plain or hand
            card = choices[int(uniform() * len(choices))]
        play(seat, card)
    return state


def end_of_round(start, state) -> bool:
    """The search stops where the round it started in is scored."""
    return state.round != start.round


def reward(state) -> list[float]:
    """Per seat, in [0, 1]: at the end of the match its side's result (a win 1, a draw
    one half) with a little of the point margin; at the end of an earlier round, a
    logistic of the standing (rounds won ahead, then points ahead)."""
    won, totals = state.won, state.totals
    lead = totals[0] - totals[1]
    if state.over:
        sides = RULES.variants[state.variant].sides(state.seats)
        shares = share_rewards(RULES.outcome(state).ranks, sides)
        margin = 1 / (1 + math.exp(-lead / POINT_SCALE))
        first = (1 - MARGIN_WEIGHT) * shares[0] + MARGIN_WEIGHT * margin
    else:
        first = 1 / (1 + math.exp(-(ROUND_WEIGHT * (won[0] - won[1]) + lead / POINT_SCALE)))
    return [first if seat % 2 == 0 else 1 - first for seat in range(state.seats)]


def card_key(action: dict) -> str:
    return action["card"]


GAME = Game(
    rules=RULES,
    sample=sample_round,
    reward=reward,
    rollout=rollout,
    horizon=end_of_round,
    key=card_key,
)


class StrongBot(SearchBot):
    """The kit's search bot; like Xeri's other bots it takes a seed or a
    ``random.Random`` (whose next 64 bits then seed the search)."""

    def visits(self, view: dict, seed=None):
        if isinstance(seed, random.Random):
            seed = seed.getrandbits(64)
        return super().visits(view, seed)


def strong_bot(iterations: int | None = None) -> StrongBot:
    """The strong bot with ``iterations`` per move (``ITERATIONS`` unless given)."""
    return StrongBot(GAME, "strong", ITERATIONS if iterations is None else iterations)
