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

The state itself is the engine's: the match is replayed once per view from a set-up
rebuilt from the public history (every finished round's deck follows from its plays, its
starting pile and its redeals, ruling 32), and each sample is a copy of that state with
the hidden cards dealt again into the hands and the round's deck, and the later rounds
(which nobody has seen) drawn fresh as the engine draws them.
"""

import random

from games.xeri.engine.cards import ORDER, sort_cards
from games.xeri.engine.setup import HAND, dealt_round
from games.xeri.engine.state import State, replay


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
        seats, me, counts = self.seats, self.me, self.counts
        free = list(self.free)
        rng.shuffle(free)
        hands, at = [], 0
        for seat in range(seats):
            if seat == me:
                hands.append(list(self.view["hand"]))
            else:
                hands.append(sort_cards(free[at : at + counts[seat]]))
                at += counts[seat]
        stock = free[at:]
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
