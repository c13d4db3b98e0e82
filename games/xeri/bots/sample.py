"""Determinizations for Xeri: a full engine state consistent with one seat's view.

Everything of Xeri is public except the other hands and the stock (rulings 21, 22, 27),
so a seat knows exactly which cards it cannot see: the view's ``unseen`` list, every card
that is in no hand of its own, on no pile and in no capture pile. ``sample(view, rng)``
deals those cards afresh: each other seat gets as many as it holds, the rest become the
stock in a random order. One inference is certain and kept: during the first deal of a
round, a card of a rejected starting pile (a ``redeal`` event of the round) cannot be in a
hand, since the hands were dealt before the pile (ruling 5), so it goes to the stock. From
the second deal on, the hands come from the stock and such a card may be anywhere unseen.
The likelihood of the redeals is the same for every deal of the hands that keeps those
cards out, so each consistent deal is equally likely and the draw is uniform among them.

A second inference is about play, not rules: a player takes the pile when it can. So a
seat that left a pile on the table in the deal in progress (dropped a card without
taking) is taken to hold no card of the rank that was on top then, since it keeps what is
left of that hand; and if that pile was worth taking with a Jack (``worth_a_jack``: a
lone Jack, or a pile worth the heuristic bot's ``JACK_VALUE``), no Jack either. The cards
of the ranks a seat is known not to hold are dealt to the other places (``excluded``).
Where the seats' play contradicts these (a player who kept a match back), the sample
drops the Jack inference, then all of them, and deals as if nothing were inferred.

The state itself is the engine's: the match is replayed once per view from a set-up
rebuilt from the public history (every finished round's deck follows from its plays, its
starting pile and its redeals, ruling 32), and each sample is a copy of that state with
the hidden cards dealt again into the hands and the round's deck, and the later rounds
(which nobody has seen) drawn fresh as the engine draws them.
"""

import random

from games.xeri.engine.cards import JACK, ORDER, RANK, sort_cards
from games.xeri.engine.setup import HAND, dealt_round
from games.xeri.engine.state import State, replay

from .heuristic import JACK_VALUE, pile_value

TRIES = 8  # constrained deals tried at four seats before an inference is dropped


class Prepared:
    """What one view fixes: the replayed state and the places of the hidden cards."""

    def __init__(self, view: dict):
        if view["viewer"] not in range(view["seats"]):
            raise ValueError("a determinization is drawn for a seat's view")
        self.view = view
        self.seats = seats = view["seats"]
        self.me = view["viewer"]
        rounds, actions = _rounds_of(view["history"])
        self.first_dealer = rounds[0]["dealer"]
        self.current = rounds[-1]
        self.plays_by_seat = _plays_by_deal(self.current, seats)
        self.deal_index = view["deal"] - 1
        self.counts = view["hand_counts"]
        forced = set()
        if self.deal_index == 0:  # ruling 5: a rejected card was in no first hand
            forced = {card for pile in self.current["redeals"] for card in pile}
        unseen = view["unseen"]
        self.free = [card for card in unseen if card not in forced]
        self.forced = [card for card in unseen if card in forced]
        self.excluded = excluded(self.current, seats, self.me, self.deal_index)
        self.jackless = {
            seat: ranks - {JACK} for seat, ranks in self.excluded.items() if JACK in ranks
        }
        self.finished = [_deck_of(one, seats) for one in rounds[:-1]]
        # Any consistent deal starts the replay (each sample deals the hidden cards again);
        # its later rounds serve the samples that keep them (``sample_round``).
        rng = random.Random(0)
        self.later = [dealt_round(rng, seats) for _ in range(view["rounds"] - len(rounds))]
        first = self.draw(rng, fresh=False)
        self.base = replay(view["variant"], seats, first[0], actions)

    def draw(self, rng: random.Random, fresh: bool) -> tuple[dict, list[list[str]]]:
        """(a set-up, the hands in progress) with the hidden cards dealt at random, and
        the later rounds drawn afresh (``fresh``) or the preparation's."""
        seats, me = self.seats, self.me
        free = list(self.free)
        rng.shuffle(free)
        hands, stock = self.deal(free, rng)
        hands[me] = list(self.view["hand"])
        if self.forced:  # the free cards are shuffled already; the forced ones join them
            stock += self.forced
            rng.shuffle(stock)
        current = self.current
        blocks = [list(played) for played in self.plays_by_seat[self.deal_index]]
        for seat in range(seats):
            blocks[seat] += hands[seat]
        deck = _lay_out(current, self.plays_by_seat[: self.deal_index] + [blocks], seats)
        deck += stock
        rounds = [
            *self.finished,
            {"deck": deck, "redeals": current["redeals"]},
            *([dealt_round(rng, seats) for _ in self.later] if fresh else self.later),
        ]
        return {"first_dealer": self.first_dealer, "rounds": rounds}, hands

    def deal(self, free: list[str], rng: random.Random) -> tuple[list[list[str]], list[str]]:
        """(the other seats' hands, the stock) from the shuffled ``free`` cards, each seat
        given only cards of ranks it may hold (``excluded``), the rest left in the stock in
        their shuffled order. The inferences are dropped, the Jack ones first, when the
        cards cannot be dealt so."""
        if self.excluded:
            for rules in (self.excluded, self.jackless):
                for _ in range(TRIES if self.seats > 2 else 1):
                    dealt = self.deal_with(free, rules)
                    if dealt is not None:
                        return dealt
                    rng.shuffle(free)
        return self.deal_with(free, {})

    def deal_with(self, free: list[str], rules: dict) -> tuple | None:
        """``deal`` under the exclusions ``rules`` (seat -> ranks), or None if they leave
        a seat short. The most restricted seats choose first."""
        hands = [[] for _ in range(self.seats)]
        order = sorted(
            (seat for seat in range(self.seats) if seat != self.me),
            key=lambda seat: -len(rules.get(seat, ())),
        )
        left = free
        for seat in order:
            want = self.counts[seat]
            ranks = rules.get(seat)
            if not ranks:
                hands[seat] = sort_cards(left[:want])
                left = left[want:]
                continue
            taken, rest = [], []
            for card in left:
                if len(taken) < want and RANK[card] not in ranks:
                    taken.append(card)
                else:
                    rest.append(card)
            if len(taken) < want:
                return None
            hands[seat] = sort_cards(taken)
            left = rest
        return hands, left

    def sample(self, rng: random.Random, fresh: bool = True) -> State:
        setup, hands = self.draw(rng, fresh)
        state = self.base.copy()
        state.setup = setup
        state.hands = hands
        return state


_last: tuple = (None, None)


def prepared(view: dict) -> Prepared:
    """The preparation of ``view``, kept for the next call with the same view object (a
    search draws thousands of samples of one view; views are never changed in place)."""
    global _last
    seen, ready = _last
    if seen is not view:
        ready = Prepared(view)
        _last = (view, ready)
    return ready


def sample(view: dict, rng: random.Random) -> State:
    """A full Xeri state consistent with ``view`` (a seat's view): the hidden cards of the
    round dealt at random, and every later round a fresh shuffle."""
    return prepared(view).sample(rng)


def sample_round(view: dict, rng: random.Random) -> State:
    """As ``sample``, but the later rounds are the same in every sample of ``view`` (one
    shuffle each, fixed by the view): for a search that stops at the end of the round in
    progress and never looks at them, this saves a shuffle per round per sample."""
    return prepared(view).sample(rng, fresh=False)


def _rounds_of(history) -> tuple[list[dict], list[dict]]:
    """Each round's dealer, redeals, starting pile and plays (seat, card), and every play
    of the match as an action, from the public history."""
    rounds, actions = [], []
    for event in history:
        kind = event["type"]
        if kind == "round":
            rounds.append({"dealer": event["dealer"], "redeals": [], "pile": [], "plays": []})
        elif kind == "redeal":
            rounds[-1]["redeals"].append(list(event["cards"]))
        elif kind == "pile":
            rounds[-1]["pile"] = list(event["cards"])
        elif kind == "play":
            rounds[-1]["plays"].append((event["seat"], event["card"]))
            actions.append({"seat": event["seat"], "type": "play", "card": event["card"]})
    return rounds, actions


def worth_a_jack(pile) -> bool:
    """Whether a player holding a Jack takes ``pile`` with it (the heuristic bot's rule,
    ``heuristic.py``): a lone Jack (a Jack xeri), or a pile worth ``JACK_VALUE``."""
    if len(pile) == 1 and RANK[pile[0]] == JACK:
        return True
    return pile_value(pile) >= JACK_VALUE


def excluded(one: dict, seats: int, me: int, deal_index: int) -> dict[int, set[str]]:
    """The ranks each other seat is taken not to hold, from its plays in the deal in
    progress of the round ``one``: the top card's rank of every pile it left on the table,
    and a Jack if such a pile was worth taking with one (``worth_a_jack``)."""
    per_deal = HAND * seats
    pile = list(one["pile"])
    ranks: dict[int, set[str]] = {}
    for index, (seat, card) in enumerate(one["plays"]):
        rank = RANK[card]
        takes = bool(pile) and (rank == JACK or rank == RANK[pile[-1]])
        if pile and index // per_deal == deal_index and seat != me:
            top = RANK[pile[-1]]
            if not takes:
                ranks.setdefault(seat, set()).add(top)
                if worth_a_jack(pile):
                    ranks[seat].add(JACK)
            elif rank == JACK and top != JACK:  # a Jack where a match would have done
                ranks.setdefault(seat, set()).add(top)
        if takes:
            pile = []
        else:
            pile.append(card)
    return ranks


def _plays_by_deal(one: dict, seats: int) -> list[list[list[str]]]:
    """The cards each seat played in each deal of a round: [deal][seat] -> cards (the
    deal in progress included, possibly empty)."""
    per_deal = HAND * seats
    plays = one["plays"]
    deals = len(plays) // per_deal + 1
    table = [[[] for _ in range(seats)] for _ in range(deals)]
    for index, (seat, card) in enumerate(plays):
        table[index // per_deal][seat].append(card)
    return table


def _lay_out(one: dict, blocks_by_deal, seats: int) -> list[str]:
    """A round's deck up to the deal ``blocks_by_deal`` ends with (ruling 32): each deal's
    hands from the dealer's left, the starting pile after the first deal."""
    deck = []
    for number, blocks in enumerate(blocks_by_deal):
        for j in range(seats):
            deck += sorted(blocks[(one["dealer"] + 1 + j) % seats], key=ORDER.__getitem__)
        if number == 0:
            deck += one["pile"]
    return deck


def _deck_of(one: dict, seats: int) -> dict:
    """A finished round's deck and redeals, rebuilt from its plays."""
    return {
        "deck": _lay_out(one, _plays_by_deal(one, seats)[:-1], seats),
        "redeals": one["redeals"],
    }
