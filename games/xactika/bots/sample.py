"""Determinizations for Xactika: full engine states consistent with a seat's view.

What a seat knows for certain (rulings 20 and 10):

- its own hand, and every card played this round and in earlier rounds, with who played
  it: the rest of the deck (the *unseen* cards) lies in the other hands or set aside;
- how many cards each hand holds, and how many are set aside (81 - 8n);
- a seat that did not follow the called suit holds no card of that suit for the rest of
  the round (hands only shrink), so none of the unseen cards of that suit is in its hand.

Nothing else is certain: a bid hints at a hand but rules nothing out. ``sample`` deals the
unseen cards at random among the other hands (their counts, their voids) and the set-aside
cards, rebuilds the finished tricks and rounds from the view, and gives a ``State`` of the
engine whose ``seat_view`` for the seat is the view it came from. Earlier rounds are dealt
as they were played (the cards each seat played were its hand), their set-aside cards and
the shuffles of later rounds at random: nobody can know them.

``Determinizer`` does the work that depends on the view only once; the search
(``games.xactika.bots.strong``) draws thousands of states from one.
"""

import random

from games.xactika.engine.cards import ALL, CODES, DECK_SIZE, INDEX, SHAPE_INDEX, SUITS, bits
from games.xactika.engine.state import HAND, Game, Part, Round, State, Trick

_GREEDY_TRIES = 12


def _plays(shown) -> tuple:
    return tuple((play["seat"], INDEX[play["card"]]) for play in shown)


def _trick(shown) -> Trick:
    shape = SHAPE_INDEX[shown["shape"]]
    return Trick(shown["leader"], shape, shown["count"], _plays(shown["plays"]), shown["winner"])


def _bids(shown, seats: int) -> tuple:
    bids = [None] * seats
    for bid in shown:
        bids[bid["seat"]] = bid["n"]
    return tuple(bids)


def _deck(dealt, aside_cards, dealer: int) -> list[str]:
    """A round's shuffle of 81 codes dealing ``dealt[seat]`` (masks) by the dealing order
    (the first block to the dealer's left), then ``aside_cards`` (indices)."""
    seats = len(dealt)
    deck = []
    for block in range(seats):
        deck += [CODES[card] for card in bits(dealt[(dealer + 1 + block) % seats])]
    deck += [CODES[card] for card in aside_cards]
    return deck


def _mask(cards) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


class HiddenDeal:
    """Deals ``needs[seat]`` of ``cards`` (indices) to each seat, none from the mask
    ``voids[seat]``; the cards left over are the set-aside ones (no constraint). Made once
    per view, drawn from many times (``draw(rng)``: a mask per seat).

    Without voids a uniform draw. With voids the seats are filled most constrained first
    (fewest allowed cards to spare), each with a uniform draw from what it may hold; if
    that leaves a seat short (rare), a matching of cards to seats that always succeeds
    when any deal does, from a random order.
    """

    def __init__(self, cards: list, needs: dict, voids: dict):
        self.cards, self.needs = cards, needs
        self.total = sum(needs.values())
        self.unseen = _mask(cards)
        self.constrained = any(voids.get(seat, 0) & self.unseen for seat in needs)
        self.allowed = {seat: self.unseen & ~voids.get(seat, 0) for seat in needs}
        self.pools = {
            seat: [card for card in cards if self.allowed[seat] >> card & 1] for seat in needs
        }

    def draw(self, rng: random.Random) -> dict:
        needs = self.needs
        if not self.constrained:
            cards = rng.sample(self.cards, self.total)
            hands, at = {}, 0
            for seat, need in needs.items():
                hands[seat] = _mask(cards[at : at + need])
                at += need
            return hands
        for _ in range(_GREEDY_TRIES):
            hands = _greedy(self.unseen, needs, self.allowed, self.pools, rng)
            if hands is not None:
                return hands
        return _matched(needs, self.pools, rng)


def _greedy(unseen: int, needs: dict, allowed: dict, pools: dict, rng) -> dict | None:
    left, hands = unseen, {}
    todo = [seat for seat in needs if needs[seat]]
    rng.shuffle(todo)  # random order among equally constrained seats
    while todo:
        seat = min(todo, key=lambda s: (allowed[s] & left).bit_count() - needs[s])
        todo.remove(seat)
        pool = [card for card in pools[seat] if left >> card & 1]
        if len(pool) < needs[seat]:
            return None
        hands[seat] = _mask(rng.sample(pool, needs[seat]))
        left &= ~hands[seat]
    for seat in needs:
        hands.setdefault(seat, 0)
    return hands


def _matched(needs: dict, pools: dict, rng: random.Random) -> dict:
    """Cards to seat slots by augmenting paths (Kuhn's algorithm), in a random order."""
    slots = [seat for seat in needs for _ in range(needs[seat])]
    rng.shuffle(slots)
    card_slot: dict[int, int] = {}  # card -> the slot holding it

    def place(slot: int, seen: set) -> bool:
        options = pools[slots[slot]][:]
        rng.shuffle(options)
        for card in options:
            if card in seen:
                continue
            seen.add(card)
            if card not in card_slot or place(card_slot[card], seen):
                card_slot[card] = slot
                return True
        return False

    for slot in range(len(slots)):
        if not place(slot, set()):
            raise ValueError("no deal of the unseen cards fits the view")
    hands = dict.fromkeys(needs, 0)
    for card, slot in card_slot.items():
        hands[slots[slot]] |= 1 << card
    return hands


class Determinizer:
    """Everything ``view`` fixes, ready to draw states from (``draw``)."""

    def __init__(self, view: dict):
        if type(view.get("viewer")) is not int or view["phase"] == "over":
            raise ValueError("a determinization needs a seat's view of a game in progress")
        self.view = view
        seats = self.seats = view["seats"]
        me = self.me = view["viewer"]
        number = view["round"]
        self.dealer = view["dealer"]
        self.first_dealer = (self.dealer - number) % seats
        self.past = tuple(
            Round(
                shown["round"],
                shown["dealer"],
                _bids(shown["bids"], seats) if shown["bids"] is not None else None,
                tuple(shown["taken"]),
                tuple(shown["scores"]),
                tuple(_trick(trick) for trick in shown["tricks"]),
            )
            for shown in view["past_rounds"]
        )
        # Earlier rounds: each seat was dealt the cards it played.
        self.past_dealt = []
        for past in self.past:
            dealt = [0] * seats
            for trick in past.tricks:
                for seat, card in trick.plays:
                    dealt[seat] |= 1 << card
            self.past_dealt.append(tuple(dealt))
        self.tricks = tuple(_trick(trick) for trick in view["tricks"])
        shown = view["trick"]
        self.called = None
        self.plays = ()
        if shown is not None:
            self.called = (SHAPE_INDEX[shown["shape"]], shown["count"])
            self.plays = _plays(shown["plays"])
        # This round: who played what, and the suits a seat showed it has none of.
        played = [0] * seats
        voids = [0] * seats
        finished = [(t.shape, t.count, t.plays) for t in self.tricks]
        if self.called is not None:
            finished.append((*self.called, self.plays))
        for shape, count, plays in finished:
            suit = SUITS[shape][count]
            for seat, card in plays:
                played[seat] |= 1 << card
                if not suit >> card & 1:
                    voids[seat] |= suit
        self.played = tuple(played)
        self.hand = _mask(INDEX[code] for code in view["hand"])
        self.unseen = ALL & ~self.hand & ~_mask(card for mask in played for card in bits(mask))
        counts = view["hand_counts"]
        self.unseen_cards = bits(self.unseen)
        self.needs = {seat: counts[seat] for seat in range(seats) if seat != me}
        self.hidden = HiddenDeal(self.unseen_cards, self.needs, dict(enumerate(voids)))
        self.bids = _bids(view["bids"], seats)
        self.n_rounds = view["n_rounds"]
        self.future = None

    def draw(self, rng: random.Random, fresh: bool = True) -> State:
        """A state consistent with the view. ``fresh=False`` reuses one arrangement of the
        unknowable cards outside this round (earlier set-aside cards, later shuffles) for
        every state, drawn once from a seed of the view's own, so ``rng`` draws only this
        round's hidden cards: for a search that stops at the end of the round, which never
        reaches the others."""
        seats = self.seats
        hidden = self.hidden.draw(rng)
        hands = [0] * seats
        hands[self.me] = self.hand
        for seat, mask in hidden.items():
            hands[seat] = mask
        held = 0
        for mask in hands:
            held |= mask
        aside = self.unseen & ~held
        dealt = tuple(hand | played for hand, played in zip(hands, self.played, strict=True))
        if fresh:
            future = self._unknowable(rng)
        else:
            if self.future is None:
                self.future = self._unknowable(random.Random(self.view["n_actions"]))
            future = self.future
        past_decks, past_deals, later_decks, later_deals = future
        aside_cards = [card for card in self.unseen_cards if aside >> card & 1]
        decks = [*past_decks, _deck(dealt, aside_cards, self.dealer), *later_decks]
        game = Game(
            self.view["variant"],
            seats,
            {"first_dealer": self.first_dealer, "rounds": decks},
            (*past_deals, (dealt, aside), *later_deals),
            self.n_rounds,
        )
        part = Part()
        part.round = len(self.past)
        part.dealer = self.dealer
        part.bids = self.bids
        part.leader = self.view["leader"]
        part.tricks = self.tricks
        part.taken = tuple(self.view["taken"])
        part.totals = tuple(self.view["scores"])
        part.past = self.past
        state = State.made(
            game,
            part,
            self.view["phase"],
            self.view["to_move"],
            tuple(hands),
            self.called,
            self.plays,
            self.view["n_actions"],
        )
        return state

    def _unknowable(self, rng: random.Random) -> tuple:
        """Set-aside cards of earlier rounds and the shuffles of later rounds, at random."""
        past_decks, past_deals = [], []
        for past, dealt in zip(self.past, self.past_dealt, strict=True):
            held = 0
            for mask in dealt:
                held |= mask
            rest = bits(ALL & ~held)
            rng.shuffle(rest)
            past_decks.append(_deck(dealt, rest, past.dealer))
            past_deals.append((dealt, _mask(rest)))
        later_decks, later_deals = [], []
        for number in range(len(self.past) + 1, self.n_rounds):
            order = list(range(DECK_SIZE))
            rng.shuffle(order)
            dealer = (self.first_dealer + number) % self.seats
            dealt = [0] * self.seats
            for block in range(self.seats):
                dealt[(dealer + 1 + block) % self.seats] = _mask(
                    order[HAND * block : HAND * block + HAND]
                )
            later_decks.append([CODES[card] for card in order])
            later_deals.append((tuple(dealt), _mask(order[HAND * self.seats :])))
        return past_decks, past_deals, later_decks, later_deals


def sample(view: dict, rng: random.Random) -> State:
    """A full state consistent with ``view`` (a seat's view of a game in progress)."""
    return Determinizer(view).draw(rng)
