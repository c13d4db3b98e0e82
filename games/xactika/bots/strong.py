"""Xactika's ``strong`` bot: information-set search (``games.kit.ismcts``) over deals
consistent with its seat's view (``sample.py``), to the end of the current round.

- Determinizations: the unseen cards dealt at random among the other hands and the
  set-aside cards, no card in a suit its holder failed to follow this round.
- Horizon: the end of the current round. A round's cards never carry over, so a round is
  scored on its own: each seat's round score against the others' mean (``margin``). After
  the last round the game's outcome counts (the share of the others a seat beat), with the
  margin as a tie-break.
- Playouts: a greedy policy for every seat, from the determinized state, with one random
  move in ten. A seat wants tricks while it is short of its bid (Play to Bid), always (Play
  to Win) or never (Play to Lose). Wanting, it leads its highest card calling the shape it
  has least of (low-count suits hold the low cards) and follows with its highest card of
  the suit (the cheapest winner when it plays last); not wanting, the reverse. A bid in a
  playout is its hand's count of likely winners (``BID_WORTH``).
- Budget: ``iterations_for(seats)`` iterations per move (1666 at two seats, 714 at six),
  or a fixed number given; a move depends on the view and the seed only.
"""

import random
from functools import lru_cache

from games.kit.ismcts import SearchBot, SearchGame, share_rewards
from games.xactika.engine import RULES
from games.xactika.engine.cards import CODES, COUNTS, DECK_SIZE, SHAPES, SUITS, VALUES, bits
from games.xactika.engine.state import BID, BIDDING, HAND, LOSE, MAX_BID

from .sample import Determinizer

WORK = 5000  # iterations per move times (seats + 1): playouts grow with the table


def iterations_for(seats: int) -> int:
    """The default budget: about the same time per move at every table size."""
    return WORK // (seats + 1)


EXPLORATION = 0.7
RANDOM_MOVE = 0.1  # the playouts' share of uniformly random moves
OUTCOME_WEIGHT = 0.8  # after the last round: the outcome's share, the rest the margin

# Lead preference per card: (shape to call when wanting tricks, shape when not).
_WIN_SHAPE = tuple(min(range(4), key=lambda s: (COUNTS[c][s], s)) for c in range(DECK_SIZE))
_LOSE_SHAPE = tuple(max(range(4), key=lambda s: (COUNTS[c][s], -s)) for c in range(DECK_SIZE))


@lru_cache(maxsize=16)
def bid_worth(seats: int) -> tuple[float, ...]:
    """Per card, the chance it takes a trick led with its best shape when the other seats
    hold 8 cards each of the 80 others: no card of that suit at least as high among them."""
    share = min(1.0, HAND * (seats - 1) / (DECK_SIZE - 1))
    worth = []
    for card in range(DECK_SIZE):
        best = 0.0
        for shape in range(4):
            suit = SUITS[shape][COUNTS[card][shape]]
            threats = sum(
                1 for other in bits(suit) if other != card and VALUES[other] >= VALUES[card]
            )
            best = max(best, (1.0 - share) ** threats)
        worth.append(best)
    return tuple(worth)


def _wants(state, seat: int) -> bool:
    if state.variant == BID:
        return state.taken[seat] < state.bids[seat]
    return state.variant != LOSE


def _bid(state, seat: int) -> dict:
    worth = bid_worth(state.seats)
    expected = sum(worth[card] for card in bits(state.hands[seat]))
    barred = state.barred
    n = min(
        (n for n in range(MAX_BID + 1) if n != barred),
        key=lambda n: (abs(n - expected), n),
    )
    return {"seat": seat, "type": "bid", "n": n}


def _greedy_card(state, seat: int) -> dict:
    """The playout's card for ``seat`` (see the module's note)."""
    want = _wants(state, seat)
    cards = bits(state.follow_cards(seat))
    if state.called is None:
        card = max(cards, key=VALUES.__getitem__) if want else min(cards, key=VALUES.__getitem__)
        shape = _WIN_SHAPE[card] if want else _LOSE_SHAPE[card]
        return {"seat": seat, "type": "play", "card": CODES[card], "shape": SHAPES[shape]}
    shape, count = state.called
    suit = SUITS[shape][count]
    best = max(VALUES[card] for _seat, card in state.plays if suit >> card & 1)
    winners = [card for card in cards if suit >> card & 1 and VALUES[card] >= best]
    last = len(state.plays) == state.seats - 1
    if want:
        if winners:
            card = (
                min(winners, key=VALUES.__getitem__)
                if last
                else max(winners, key=VALUES.__getitem__)
            )
        else:
            card = min(cards, key=VALUES.__getitem__)
    else:
        losers = [card for card in cards if card not in winners]
        if losers:
            card = max(losers, key=VALUES.__getitem__)
        else:
            card = (
                max(winners, key=VALUES.__getitem__)
                if last
                else min(winners, key=VALUES.__getitem__)
            )
    return {"seat": seat, "type": "play", "card": CODES[card]}


def greedy_rollout(state, rng: random.Random, stop=None):
    """Plays on with the greedy policy (one move in ten at random) until ``stop``."""
    chance = rng.random
    while not state.over and not (stop and stop(state)):
        seat = state.to_move
        if chance() < RANDOM_MOVE:
            action = rng.choice(state.legal_actions())
        elif state.phase == BIDDING:
            action = _bid(state, seat)
        else:
            action = _greedy_card(state, seat)
        state, _events = state.apply(action)
    return state


def round_over(root, state) -> bool:
    """The horizon: the round searched from has ended (or the game has)."""
    return state.round != root.round or state.over


def margins(variant: str, scores) -> list[float]:
    """Per seat, its round score against the mean of the others', scaled to [0, 1]."""
    seats = len(scores)
    span = 2 * (2 * HAND if variant == BID else HAND)
    sign = -1 if variant == LOSE else 1
    total = sum(scores)
    rewards = []
    for score in scores:
        others = (total - score) / (seats - 1)
        rewards.append(min(1.0, max(0.0, 0.5 + sign * (score - others) / span)))
    return rewards


def reward(state) -> list[float]:
    last = margins(state.variant, state.past[-1].scores)
    if not state.over:
        return last
    outcome = RULES.outcome(state)
    shares = share_rewards(outcome.ranks, None)
    return [
        OUTCOME_WEIGHT * share + (1 - OUTCOME_WEIGHT) * margin
        for share, margin in zip(shares, last, strict=True)
    ]


def key(action: dict):
    return action.get("card") or action["n"], action.get("shape")


class _Sampler:
    """``sample(view, rng)`` for the search: one ``Determinizer`` per view, kept while the
    same view object is searched (the determinizer is a function of the view alone)."""

    def __init__(self):
        self.view = None
        self.determinizer = None

    def __call__(self, view: dict, rng: random.Random):
        if view is not self.view:
            self.view, self.determinizer = view, Determinizer(view)
        return self.determinizer.draw(rng, fresh=False)


def game() -> SearchGame:
    return SearchGame(
        rules=RULES,
        sample=_Sampler(),
        reward=reward,
        rollout=greedy_rollout,
        horizon=round_over,
        key=key,
    )


class StrongBot(SearchBot):
    """``iterations`` per move, or None for ``iterations_for`` the table's seats."""

    def __init__(self, iterations: int | None = None):
        super().__init__(game(), "strong", iterations or 1, EXPLORATION)
        self.fixed = iterations

    def choose(self, view: dict, rng=None) -> dict:
        """``rng`` is a seed or a ``random.Random`` (one draw of it seeds the search)."""
        if isinstance(rng, random.Random):
            rng = rng.getrandbits(64)
        self.iterations = self.fixed or iterations_for(view["seats"])
        return super().choose(view, rng)


__all__ = ["WORK", "iterations_for", "StrongBot", "bid_worth", "greedy_rollout"]
