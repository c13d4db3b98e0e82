"""A game of Xactika as an immutable state: the set-up, then one action at a time.

The state is a fold of the actions over the set-up (``xactika-rulings.md``). ``apply``
returns a new state and the events the action caused (the automatic steps of ruling 19
happen inside it: gathering a trick, the next leader, scoring, the next deal). A refused
action raises ``IllegalAction`` with a message naming the rule, and changes nothing.
"""

import random

from games.kit.actions import Action
from games.kit.errors import IllegalAction, InvalidSetup
from games.kit.outcome import competition_ranks
from games.kit.play import fold_actions
from games.kit.shapes import check_action_shape

from .cards import (
    ALL,
    CODES,
    COUNTS,
    DECK_SIZE,
    INDEX,
    SHAPE_INDEX,
    SHAPES,
    SUITS,
    VALUES,
    bits,
    codes,
    suit_name,
)

BID, WIN, LOSE = "bid", "win", "lose"
VARIANTS = (BID, WIN, LOSE)
LABELS = {BID: "Play to Bid", WIN: "Play to Win", LOSE: "Play to Lose"}
MIN_SEATS, MAX_SEATS = 2, 10
HAND = 8  # cards per hand and tricks per round
MAX_BID = 8
SETUP_KEYS = ("first_dealer", "rounds")

BIDDING, PLAY, OVER = "bidding", "play", "over"

# The two shapes of an action (GAMES.md): a lead names a shape, a follow does not.
_LEAD_SCHEMA = {"bid": {"n": int}, "play": {"card": str, "shape": str}}
_FOLLOW_SCHEMA = {"bid": {"n": int}, "play": {"card": str}}

# The legal actions, made once: unchangeable ``Action``s that ``legal_actions`` lists and
# ``apply`` trusts (their key: kind, seat, then the bid, or the card and the shape).
BIDS = tuple(
    tuple(Action((BID, seat, n), seat=seat, type="bid", n=n) for n in range(MAX_BID + 1))
    for seat in range(MAX_SEATS)
)
LEADS = tuple(
    tuple(
        tuple(
            Action((PLAY, seat, card, shape), seat=seat, type="play", card=code, shape=name)
            for shape, name in enumerate(SHAPES)
        )
        for card, code in enumerate(CODES)
    )
    for seat in range(MAX_SEATS)
)
FOLLOWS = tuple(
    tuple(
        Action((PLAY, seat, card, None), seat=seat, type="play", card=code)
        for card, code in enumerate(CODES)
    )
    for seat in range(MAX_SEATS)
)


def _well_formed(action) -> bool:
    """A quick yes for the usual action of the right shape (``check_action_shape`` says
    why for the rest): exactly its keys, integers that are not booleans, strings."""
    if type(action) is not dict or type(action.get("seat")) is not int:
        return False
    kind = action.get("type")
    if kind == "play":
        size = 4 if type(action.get("shape")) is str else 3
        return len(action) == size and type(action.get("card")) is str
    return kind == "bid" and len(action) == 3 and type(action.get("n")) is int


def rounds_for(seats: int) -> int:
    """8 rounds for 2 to 8 seats, one per seat for 9 or 10 (ruling 5)."""
    return max(HAND, seats)


def check_table(variant, seats) -> None:
    """Raise InvalidSetup unless ``variant`` and ``seats`` name a game of Xactika."""
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise InvalidSetup(f'"variant" must be "bid", "win" or "lose", not {variant!r}')
    if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
        raise InvalidSetup(f'"seats" must be a whole number from 2 to 10, not {seats!r}')


def check_setup(variant, seats, setup) -> None:
    """Raise InvalidSetup unless the game can start (the header rules of ``xactika/1``)."""
    check_table(variant, seats)
    if not isinstance(setup, dict) or set(setup) != set(SETUP_KEYS):
        raise InvalidSetup('"setup" must hold exactly "first_dealer" and "rounds"')
    dealer = setup["first_dealer"]
    if type(dealer) is not int or not 0 <= dealer < seats:
        raise InvalidSetup(f'"first_dealer" must be a seat from 0 to {seats - 1}, not {dealer!r}')
    rounds = setup["rounds"]
    wanted = rounds_for(seats)
    if not isinstance(rounds, list) or len(rounds) != wanted:
        raise InvalidSetup(f'"rounds" must be a list of {wanted} shuffles for {seats} seats')
    for number, deck in enumerate(rounds):
        if not isinstance(deck, list) or len(deck) != DECK_SIZE:
            raise InvalidSetup(f"round {number}'s shuffle must be a list of {DECK_SIZE} cards")
        if _card_set(deck) == INDEX.keys():  # every card once: the usual shuffle, at once
            continue
        for card in deck:
            if not isinstance(card, str) or card not in INDEX:
                raise InvalidSetup(f"round {number}'s shuffle holds {card!r}, which is no card")
        raise InvalidSetup(f"round {number}'s shuffle repeats a card (so misses another)")


def _card_set(deck: list) -> set | None:
    """The set of ``deck``'s items, None if one cannot be in a set."""
    try:
        return set(deck)
    except TypeError:
        return None


def draw_setup(seed, seats: int) -> dict:
    """First dealer, then one fresh shuffle per round, all from ``random.Random(seed)``."""
    rng = random.Random(seed)
    first_dealer = rng.randrange(seats)
    return {
        "first_dealer": first_dealer,
        "rounds": [rng.sample(CODES, DECK_SIZE) for _ in range(rounds_for(seats))],
    }


# A card's code -> its set; a checked deal's cards are different, so their sets add up.
BIT = {code: 1 << card for code, card in INDEX.items()}


def parse_deals(seats: int, setup: dict) -> tuple:
    """Per round: (hand of every seat as a card set, set-aside cards), by the dealing order.

    Positions 8j..8j+7 go to seat (dealer + 1 + j) mod n; the rest are set aside.
    """
    deals = []
    for number, deck in enumerate(setup["rounds"]):
        dealer = (setup["first_dealer"] + number) % seats
        hands = [0] * seats
        dealt = 0
        for block in range(seats):
            mask = sum(map(BIT.__getitem__, deck[HAND * block : HAND * block + HAND]))
            hands[(dealer + 1 + block) % seats] = mask
            dealt |= mask
        deals.append((tuple(hands), ALL ^ dealt))
    return tuple(deals)


def trick_winner(plays, shape: int, count: int) -> int:
    """The seat whose card takes the trick: highest value in suit, the latest on ties."""
    best_value, winner = -1, None
    for seat, card in plays:
        if COUNTS[card][shape] == count and VALUES[card] >= best_value:
            best_value, winner = VALUES[card], seat
    return winner


def barred_bid(bids, seats: int) -> int | None:
    """The dealer's forbidden bid, given everyone else's (ruling 8), or None if free."""
    barred = MAX_BID - sum(bid for bid in bids if bid is not None)
    return barred if barred >= 0 else None


def round_score(variant: str, bid, taken: int) -> int:
    """Rulings 13, 14 and 16."""
    if variant != BID:
        return taken
    return bid if bid == taken else -abs(bid - taken)


def ranks(variant: str, totals) -> tuple[int, ...]:
    """Ruling 15: 1 + the number of seats with a strictly better total (lower in lose)."""
    return competition_ranks([-total for total in totals] if variant == LOSE else totals)


class Trick:
    """A finished trick: leader, called shape and count, plays in order, winner.

    Never changed once made, and shared by every later state; ``shown`` is where the
    views keep what they drew of it (public, the same for every viewer).
    """

    __slots__ = ("leader", "shape", "count", "plays", "winner", "shown")

    def __init__(self, leader, shape, count, plays, winner):
        self.leader, self.shape, self.count = leader, shape, count
        self.plays, self.winner = plays, winner
        self.shown = {}


class Round:
    """A finished round: dealer, bids (None in win and lose), tricks taken, scores, tricks.

    Shared like ``Trick``, with its own ``shown``.
    """

    __slots__ = ("number", "dealer", "bids", "taken", "scores", "tricks", "shown")

    def __init__(self, number, dealer, bids, taken, scores, tricks):
        self.number, self.dealer, self.bids = number, dealer, bids
        self.taken, self.scores, self.tricks = taken, scores, tricks
        self.shown = {}


class State:
    """One moment of a game. Never changed in place: ``apply`` returns a new state."""

    __slots__ = (
        "variant",
        "seats",
        "setup",
        "deals",
        "n_rounds",
        "round",
        "dealer",
        "phase",
        "to_move",
        "hands",
        "bids",
        "leader",
        "called",
        "plays",
        "tricks",
        "taken",
        "totals",
        "past",
        "n_actions",
    )

    @classmethod
    def new(cls, variant: str, seats: int, setup: dict) -> "State":
        check_setup(variant, seats, setup)
        state = cls()
        state.variant, state.seats, state.setup = variant, seats, setup
        state.deals = parse_deals(seats, setup)
        state.n_rounds = len(state.deals)
        state.totals = (0,) * seats
        state.past = ()
        state.n_actions = 0
        state._start_round(0)
        return state

    def _start_round(self, number: int) -> None:
        """The deal of round ``number`` (automatic): its hands, bidding or the first lead."""
        self.round = number
        self.dealer = (self.setup["first_dealer"] + number) % self.seats
        self.hands = self.deals[number][0]
        self.bids = (None,) * self.seats
        self.phase = BIDDING if self.variant == BID else PLAY
        self.to_move = (self.dealer + 1) % self.seats
        self.leader = self.to_move
        self.called = None
        self.plays = ()
        self.tricks = ()
        self.taken = (0,) * self.seats

    def _copy(self) -> "State":
        """A copy to change (written out: the replay of records spends its time here)."""
        other = State.__new__(State)
        other.variant = self.variant
        other.seats = self.seats
        other.setup = self.setup
        other.deals = self.deals
        other.n_rounds = self.n_rounds
        other.round = self.round
        other.dealer = self.dealer
        other.phase = self.phase
        other.to_move = self.to_move
        other.hands = self.hands
        other.bids = self.bids
        other.leader = self.leader
        other.called = self.called
        other.plays = self.plays
        other.tricks = self.tricks
        other.taken = self.taken
        other.totals = self.totals
        other.past = self.past
        other.n_actions = self.n_actions
        return other

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's total over the finished rounds (``GameState.scores``)."""
        return self.totals

    @property
    def barred(self) -> int | None:
        """The dealer's barred bid while the dealer is to bid, else None."""
        if self.phase != BIDDING or self.to_move != self.dealer:
            return None
        return barred_bid(self.bids, self.seats)

    def follow_cards(self, seat: int) -> int:
        """The cards ``seat`` may play now (its whole hand when leading or void)."""
        hand = self.hands[seat]
        if self.called is None:
            return hand
        in_suit = hand & SUITS[self.called[0]][self.called[1]]
        return in_suit or hand

    # --- legal actions ------------------------------------------------------------------

    def legal_actions(self) -> list[dict]:
        """Bids in rising order; cards in code order, each lead with its shapes in order."""
        phase = self.phase
        seat = self.to_move
        if phase == PLAY:
            hand = self.hands[seat]
            called = self.called
            if called is None:
                leads = LEADS[seat]
                return [action for card in bits(hand) for action in leads[card]]
            follows = FOLLOWS[seat]
            return [follows[card] for card in bits(hand & SUITS[called[0]][called[1]] or hand)]
        if phase == OVER:
            return []
        barred = self.barred
        return [action for action in BIDS[seat] if action.key[2] != barred]

    # --- applying an action -------------------------------------------------------------

    def apply(self, action) -> tuple["State", tuple]:
        """(new state, events), or raise IllegalAction; ``self`` never changes."""
        if type(action) is Action and action.key[1] == self.to_move:
            # One of ``legal_actions``' own: its shape is right, and it is this seat's turn.
            key = action.key
            if key[0] == BID:
                if self.phase == BIDDING and key[2] != self.barred:
                    return self._bid(key[1], key[2])
            elif self.phase == PLAY and self.hands[key[1]] >> key[2] & 1:
                called = self.called
                if key[3] is None:
                    if called is not None:
                        suit = self.hands[key[1]] & SUITS[called[0]][called[1]]
                        if not suit or suit >> key[2] & 1:
                            return self._play(key[1], key[2], called, None)
                elif called is None:
                    return self._play(key[1], key[2], None, key[3])
        # Any other object: every rule checked, in the order of the rulings.
        if self.phase == OVER:
            raise IllegalAction("the game is over: no action is legal any more (ruling 19)")
        if not _well_formed(action):
            if isinstance(action, dict) and action.get("type") == "bid" and self.variant != BID:
                raise IllegalAction(f"{LABELS[self.variant]} has no bidding (ruling 16)")
            lead = isinstance(action, dict) and "shape" in action
            check_action_shape(action, _LEAD_SCHEMA if lead else _FOLLOW_SCHEMA)
        elif action["type"] == "bid" and self.variant != BID:
            raise IllegalAction(f"{LABELS[self.variant]} has no bidding (ruling 16)")
        seat = action["seat"]
        if seat != self.to_move:
            if not 0 <= seat < self.seats:
                raise IllegalAction(f"there is no seat {seat}: the seats are 0 to {self.seats - 1}")
            raise IllegalAction(f"it is seat {self.to_move}'s turn, not seat {seat}'s")
        if action["type"] == "bid":
            return self._check_bid(seat, action["n"])
        return self._check_play(seat, action)

    def _check_bid(self, seat: int, n: int):
        if self.phase != BIDDING:
            raise IllegalAction("the bidding of this round is over: play a card (ruling 6)")
        if not 0 <= n <= MAX_BID:
            raise IllegalAction(f"a bid is a whole number from 0 to {MAX_BID}, not {n} (ruling 7)")
        if n == self.barred:
            others = self.bids
            total = sum(bid for bid in others if bid is not None)
            raise IllegalAction(
                f"the dealer may not bid {n}: the others bid {total}, and the bids may not "
                f"total exactly {MAX_BID} (the hook, ruling 8)"
            )
        return self._bid(seat, n)

    def _bid(self, seat: int, n: int):
        """A checked bid."""
        state = self._copy()
        bids = list(self.bids)
        bids[seat] = n
        state.bids = tuple(bids)
        state.n_actions += 1
        events = [{"type": "bid", "seat": seat, "n": n}]
        if seat == self.dealer:
            state.phase = PLAY
            state.to_move = state.leader
            events.append({"type": "lead_next", "seat": state.leader})
        else:
            state.to_move = (seat + 1) % self.seats
        return state, tuple(events)

    def _check_play(self, seat: int, action: dict):
        if self.phase != PLAY:
            raise IllegalAction(
                f"no card is played before all {self.seats} bids are made: "
                f"it is seat {seat}'s turn to bid (ruling 6)"
            )
        code = action["card"]
        card = INDEX.get(code)
        if card is None:
            raise IllegalAction(
                f"{code!r} is not a card: a card is four digits 1 to 3, "
                "the balls, cubes, cones and stars on it (ruling 1)"
            )
        hand = self.hands[seat]
        if not hand >> card & 1:
            raise IllegalAction(f"you do not hold {code}: you hold {', '.join(codes(hand))}")
        if self.called is None:
            if "shape" not in action:
                raise IllegalAction(
                    f"you lead this trick: call a shape of {code} too "
                    "(ball, cube, cone or star; ruling 9)"
                )
            shape = SHAPE_INDEX.get(action["shape"])
            if shape is None:
                raise IllegalAction(
                    f"{action['shape']!r} is not a shape: call ball, cube, cone or star (ruling 9)"
                )
            return self._play(seat, card, None, shape)
        called = self.called
        if "shape" in action:
            raise IllegalAction(
                f"only the leader calls a shape: this trick is {suit_name(*called)} (ruling 9)"
            )
        in_suit = hand & SUITS[called[0]][called[1]]
        if in_suit and not in_suit >> card & 1:
            raise IllegalAction(
                f"you must follow {suit_name(*called)}: you hold "
                f"{', '.join(codes(in_suit))} (ruling 10)"
            )
        return self._play(seat, card, called, None)

    def _play(self, seat: int, card: int, called, shape):
        """A checked card: a lead calling ``shape`` (``called`` None), or a follow of
        ``called``."""
        code = CODES[card]
        if called is None:
            count = COUNTS[card][shape]
            called = (shape, count)
            event = {
                "type": "lead",
                "seat": seat,
                "card": code,
                "shape": SHAPES[shape],
                "count": count,
            }
        else:
            event = {"type": "play", "seat": seat, "card": code}
        state = self._copy()
        state.n_actions += 1
        hands = list(self.hands)
        hands[seat] ^= 1 << card
        state.hands = tuple(hands)
        plays = (*self.plays, (seat, card))
        if len(plays) < self.seats:
            state.called, state.plays = called, plays
            state.to_move = (seat + 1) % self.seats
            return state, (event,)
        events = [event]
        state._gather(called, plays, events)
        return state, tuple(events)

    def _gather(self, called, plays, events) -> None:
        """The trick is complete: its winner takes it and leads; after 8, the round ends."""
        winner = trick_winner(plays, *called)
        taken = list(self.taken)
        taken[winner] += 1
        self.taken = tuple(taken)
        self.tricks = (*self.tricks, Trick(self.leader, called[0], called[1], plays, winner))
        events.append({"type": "trick", "winner": winner, "suit": suit_name(*called)})
        self.called, self.plays = None, ()
        self.leader = self.to_move = winner
        if len(self.tricks) < HAND:
            return
        scores = tuple(
            round_score(self.variant, self.bids[seat], self.taken[seat])
            for seat in range(self.seats)
        )
        self.totals = tuple(total + score for total, score in zip(self.totals, scores, strict=True))
        bids = self.bids if self.variant == BID else None
        self.past = (
            *self.past,
            Round(self.round, self.dealer, bids, self.taken, scores, self.tricks),
        )
        events.append(
            {
                "type": "round_end",
                "round": self.round,
                "scores": list(scores),
                "totals": list(self.totals),
            }
        )
        if self.round + 1 < self.n_rounds:
            self._start_round(self.round + 1)
            events.append({"type": "deal", "round": self.round, "dealer": self.dealer})
            return
        self.phase, self.to_move = OVER, None
        events.append({"type": "game_over", "totals": list(self.totals)})


def replay(variant: str, seats: int, setup: dict, actions) -> State:
    """The state after ``actions``; an IllegalAction raised carries the action's index."""
    return fold_actions(State.new(variant, seats, setup), actions)
