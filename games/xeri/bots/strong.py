"""The strong Xeri bot: information-set search (``games.kit.ismcts``) over Xeri's own
determinizations (``sample.py``).

Each iteration deals the cards the seat cannot see afresh, descends the tree (every seat,
partners and opponents, choosing its best reply), then plays on with a cheap rule of thumb
(``rollout``) for a few plays (``HORIZON``, or to the end of the round if that comes
first) and scores the position by the round's points (``reward``): the points each side
has taken so far in the round, or its score sheet if the round ended. A short horizon
keeps the later deals' luck, which no play can change, out of the comparison of moves.
"""

import random

from games.kit.ismcts import SearchBot, SearchGame
from games.xeri.engine import RULES
from games.xeri.engine.cards import JACK, RANK
from games.xeri.engine.state import JACK_XERI, XERI, XERI_POINTS

from .heuristic import pile_value
from .sample import sample_round

ITERATIONS = 2000  # per move: a median of about 0.2 s of CPU (docs/bots.md, Xeri)
HORIZON = {2: 8, 4: 12}  # plays searched ahead of the move, by seat count
JACK_PILE = 3  # the rollout takes a pile with a Jack from this many cards (or a lone Jack)
SPAN = 20.0  # a lead of this many round points scores 1, as far behind scores 0
EXPLORATION = 0.5


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


def ahead(start, state) -> bool:
    """Stop ``HORIZON`` plays after the move searched, or where the round is scored."""
    return state.round != start.round or state.plays - start.plays >= HORIZON[state.seats]


def taken_value(captured, xeris) -> float:
    """A side's points so far in a round in progress: its card points, its xeris and a
    share of the 3 points for more cards per card taken."""
    plain, jack = xeris
    return pile_value(captured) + plain * XERI_POINTS[XERI] + jack * XERI_POINTS[JACK_XERI]


def reward(state) -> list[float]:
    """Per seat, in [0, 1]: one half plus its side's lead in the round's points over twice
    ``SPAN`` (the score sheet once the round has ended, else ``taken_value``)."""
    if state.over or state.plays == 0:  # the round searched has just been scored
        sides = state.sheets[-1]["sides"]
        lead = sides[0]["total"] - sides[1]["total"]
    else:
        lead = taken_value(state.captured[0], state.xeris[0]) - taken_value(
            state.captured[1], state.xeris[1]
        )
    first = min(1.0, max(0.0, 0.5 + lead / (2 * SPAN)))
    return [first if seat % 2 == 0 else 1 - first for seat in range(state.seats)]


def card_key(action: dict) -> str:
    return action["card"]


GAME = SearchGame(
    rules=RULES,
    sample=sample_round,
    reward=reward,
    rollout=rollout,
    horizon=ahead,
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
    budget = ITERATIONS if iterations is None else iterations
    return StrongBot(GAME, "strong", budget, exploration=EXPLORATION)
