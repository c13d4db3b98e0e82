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
  the suit (the cheapest winner when it plays last); not wanting, the reverse. In Play to
  Win and Lose a lead is instead the card and shape the fewest unseen cards can beat (the
  most, not wanting), as the heuristic leads. A bid in a playout is its hand's count of
  likely winners (``bid_worth``).
- Play to Win and Play to Lose are not searched with the tree but by a paired flat search
  (``flat_search``): every candidate move (each card it may follow with; each card led
  with its ``LEAD_SHAPES`` best shapes) is played out on each drawn deal, the same deals
  for all, with the greedy policy and no random moves, to the end of the round; the move
  that takes most tricks in all (fewest in Play to Lose) is played. Paired on the same
  hidden cards, the candidates' differences are measured without the deal's own luck.
- Budget: ``iterations_for(seats)`` iterations (or playouts) per move (1666 at two seats,
  714 at six), or a fixed number given; a move depends on the view and the seed only.
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

# THREATS[card][shape]: the other cards of the suit ``card`` makes when led calling
# ``shape`` that would take the trick from it (as high or higher: the leader loses ties).
THREATS = tuple(
    tuple(
        sum(
            1 << other
            for other in bits(SUITS[shape][COUNTS[card][shape]])
            if other != card and VALUES[other] >= VALUES[card]
        )
        for shape in range(4)
    )
    for card in range(DECK_SIZE)
)


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


def _unseen(state, seat: int) -> int:
    """The cards ``seat`` cannot see: the other hands and the set-aside ones."""
    unseen = state.deals[state.round][1]
    for hand in state.hands:
        unseen |= hand
    return unseen & ~state.hands[seat]


def _lead(state, seat: int, cards, want: bool) -> tuple[int, int]:
    """Play to Win or Lose: the card and shape the fewest unseen cards can beat (wanting
    the trick) or the most can (not wanting it), the higher card on ties: the heuristic's
    lead, counted rather than weighed."""
    unseen = _unseen(state, seat)
    best, best_rank = None, None
    for card in cards:
        threats, value = THREATS[card], VALUES[card]
        for shape in range(4):
            n = (threats[shape] & unseen).bit_count()
            rank = (-n if want else n, value)
            if best_rank is None or rank > best_rank:
                best, best_rank = (card, shape), rank
    return best


def _greedy_card(state, seat: int) -> dict:
    """The playout's card for ``seat`` (see the module's note)."""
    want = _wants(state, seat)
    cards = bits(state.follow_cards(seat))
    if state.called is None:
        if state.variant == BID:
            by_value = VALUES.__getitem__
            card = max(cards, key=by_value) if want else min(cards, key=by_value)
            shape = _WIN_SHAPE[card] if want else _LOSE_SHAPE[card]
        else:
            card, shape = _lead(state, seat, cards, want)
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


LEAD_SHAPES = 2  # Play to Win / Lose: the shapes weighed per card led


def candidates(state, seat: int) -> list[dict]:
    """Play to Win / Lose: the moves weighed, the playout policy's own first. Following,
    every card the seat may play; leading, each card with the ``LEAD_SHAPES`` shapes that
    the fewest unseen cards beat (Play to Win) or the most (Play to Lose). They depend on
    the seat's hand, the trick and the unseen cards only: the same in every deal drawn."""
    first = _greedy_card(state, seat)
    moves = [first]
    if state.called is not None:
        cards = bits(state.follow_cards(seat))
        moves += [
            {"seat": seat, "type": "play", "card": CODES[card]}
            for card in cards
            if CODES[card] != first["card"]
        ]
        return moves
    unseen = _unseen(state, seat)
    sign = -1 if state.variant == LOSE else 1  # fewest threats first, or most
    for card in bits(state.hands[seat]):
        threats = THREATS[card]
        shapes = sorted(range(4), key=lambda s: (sign * (threats[s] & unseen).bit_count(), s))
        for shape in shapes[:LEAD_SHAPES]:
            move = {"seat": seat, "type": "play", "card": CODES[card], "shape": SHAPES[shape]}
            if move != first:
                moves.append(move)
    return moves


def tricks_to_round_end(state, seat: int) -> int:
    """The tricks ``seat`` takes this round when every seat plays the greedy policy (no
    random moves) from ``state`` on."""
    number = state.round
    while not state.over and state.round == number:
        state, _events = state.apply(_greedy_card(state, state.to_move))
    return state.past[-1].taken[seat]


def flat_search(view: dict, seed, budget: int) -> list[tuple[dict, int]]:
    """Play to Win / Lose: (move, tricks taken over all deals) for each candidate move.

    Each deal drawn from the view is played out once after every candidate, so the
    candidates are compared on the same hidden cards (their differences are exact for that
    deal); ``budget`` playouts in all, at least one deal."""
    determinizer = Determinizer(view)
    rng = random.Random(seed)
    seat = view["viewer"]
    state = determinizer.draw(rng, fresh=False)
    moves = candidates(state, seat)
    totals = [0] * len(moves)
    for deal in range(max(1, budget // len(moves))):
        if deal:
            state = determinizer.draw(rng, fresh=False)
        for index, move in enumerate(moves):
            after, _events = state.apply(move)
            totals[index] += tricks_to_round_end(after, seat)
    return list(zip(moves, totals, strict=True))


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
        legal = view["legal_actions"]
        # One legal card is searched like several: the time taken tells nothing.
        if view["variant"] == BID:
            return super().choose(view, rng)
        rows = flat_search(view, rng, self.iterations)
        sign = -1 if view["variant"] == LOSE else 1
        # Most tricks (fewest in Play to Lose); ties go to the earlier move, the policy's own.
        best = max(range(len(rows)), key=lambda j: (sign * rows[j][1], -j))
        return next(action for action in legal if action == rows[best][0])


__all__ = ["WORK", "iterations_for", "StrongBot", "bid_worth", "greedy_rollout"]
