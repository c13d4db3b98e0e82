"""A game of Xactika as an immutable state: the set-up, then one action at a time.

The state is a fold of the actions over the set-up (``xactika-rulings.md``). ``apply``
returns a new state and the events the action caused (the automatic steps of ruling 19
happen inside it: gathering a trick, the next leader, scoring, the next deal). A refused
action raises ``IllegalAction`` with a message naming the rule, and changes nothing.
"""

import random
from operator import attrgetter

from games.kit.actions import Action, Frozen
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
# ``apply`` trusts. A key holds what ``apply`` needs, worked out once: its kind, the seat,
# then for a bid the number and its event; for a lead the card, its bit, the call (shape,
# count), the called suit's cards, its event and its play (seat, card); for a follow the
# card, its bit, its event and its play.
KEY_BID, KEY_LEAD, KEY_FOLLOW = 0, 1, 2
BIDS = tuple(
    tuple(
        Action(
            (KEY_BID, seat, n, (Frozen(type="bid", seat=seat, n=n),)),
            seat=seat,
            type="bid",
            n=n,
        )
        for n in range(MAX_BID + 1)
    )
    for seat in range(MAX_SEATS)
)
# BID_LISTS[seat][barred]: the seat's bids without ``barred`` (MAX_BID + 1: none barred).
BID_LISTS = tuple(
    tuple(tuple(bid for bid in BIDS[seat] if bid["n"] != barred) for barred in range(MAX_BID + 2))
    for seat in range(MAX_SEATS)
)
LEAD_NEXT = tuple(Frozen(type="lead_next", seat=seat) for seat in range(MAX_SEATS))
CALLS = tuple(tuple((shape, count) for count in range(4)) for shape in range(len(SHAPES)))
LEADS = tuple(
    tuple(
        tuple(
            Action(
                (
                    KEY_LEAD,
                    seat,
                    card,
                    1 << card,
                    CALLS[shape][COUNTS[card][shape]],
                    SUITS[shape][COUNTS[card][shape]],
                    (
                        Frozen(
                            type="lead",
                            seat=seat,
                            card=code,
                            shape=name,
                            count=COUNTS[card][shape],
                        ),
                    ),
                    (seat, card),
                ),
                seat=seat,
                type="play",
                card=code,
                shape=name,
            )
            for shape, name in enumerate(SHAPES)
        )
        for card, code in enumerate(CODES)
    )
    for seat in range(MAX_SEATS)
)
FOLLOWS = tuple(
    tuple(
        Action(
            (
                KEY_FOLLOW,
                seat,
                card,
                1 << card,
                (Frozen(type="play", seat=seat, card=code),),
                (seat, card),
            ),
            seat=seat,
            type="play",
            card=code,
        )
        for card, code in enumerate(CODES)
    )
    for seat in range(MAX_SEATS)
)
# Per seat, a card's bit -> its follow, or its four leads (``legal_actions`` walks a
# hand's bits).
FOLLOW_OF_BIT = tuple(
    {1 << card: FOLLOWS[seat][card] for card in range(DECK_SIZE)} for seat in range(MAX_SEATS)
)
LEADS_OF_BIT = tuple(
    {1 << card: LEADS[seat][card] for card in range(DECK_SIZE)} for seat in range(MAX_SEATS)
)
# WORTH[shape][count][card]: what ``card`` is worth in the trick of that call: its value
# in the called suit, 0 outside it (values are 4 or more).
WORTH = tuple(
    tuple(
        tuple(VALUES[card] if SUITS[shape][count] >> card & 1 else 0 for card in range(DECK_SIZE))
        for count in range(4)
    )
    for shape in range(len(SHAPES))
)
# TRICK_EVENTS[winner][shape][count]: the event of a trick taken.
TRICK_EVENTS = tuple(
    tuple(
        tuple(
            Frozen(type="trick", winner=winner, suit=suit_name(shape, count)) if count else None
            for count in range(4)
        )
        for shape in range(len(SHAPES))
    )
    for winner in range(MAX_SEATS)
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


def _own(action) -> Action | None:
    """The engine's ``Action`` equal to ``action``, a plain dict of the usual shape (its
    seat and card may still be wrong for the state: ``apply`` checks those), else None."""
    if type(action) is not dict or type(seat := action.get("seat")) is not int:
        return None
    if not 0 <= seat < MAX_SEATS:
        return None
    kind = action.get("type")
    if kind == "play":
        code = action.get("card")
        card = INDEX.get(code) if type(code) is str else None
        if card is None:
            return None
        if len(action) == 3:
            return FOLLOWS[seat][card]
        shape = action.get("shape")
        if len(action) == 4 and type(shape) is str and shape in SHAPE_INDEX:
            return LEADS[seat][card][SHAPE_INDEX[shape]]
        return None
    n = action.get("n")
    if kind == "bid" and len(action) == 3 and type(n) is int and 0 <= n <= MAX_BID:
        return BIDS[seat][n]
    return None


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


class Game:
    """What never changes in a game, shared by all its states: the table, the set-up,
    each round's deal, and each seat's left-hand neighbour."""

    __slots__ = ("variant", "seats", "setup", "deals", "n_rounds", "nexts")

    def __init__(self, variant: str, seats: int, setup: dict, deals: tuple, n_rounds: int):
        self.variant, self.seats, self.setup = variant, seats, setup
        self.deals, self.n_rounds = deals, n_rounds
        self.nexts = tuple((seat + 1) % seats for seat in range(seats))


class Part:
    """What changes only with a bid, a trick or a round, shared by the states between two
    such actions: the round, its dealer, bids, leader, finished tricks and tricks taken,
    the totals and the finished rounds. Never changed once a state holds it (``copy``)."""

    __slots__ = ("round", "dealer", "bids", "leader", "tricks", "taken", "totals", "past")

    def copy(self) -> "Part":
        other = Part.__new__(Part)
        other.round = self.round
        other.dealer = self.dealer
        other.bids = self.bids
        other.leader = self.leader
        other.tricks = self.tricks
        other.taken = self.taken
        other.totals = self.totals
        other.past = self.past
        return other


def _field(path: str, doc: str) -> property:
    """A read-only attribute of the state that lives on its game or its part."""
    return property(attrgetter(path), doc=doc)


_new = object.__new__


class State:
    """One moment of a game. Never changed in place: ``apply`` returns a new state.

    Ten fields (docs/performance.md, "Xeri and Xactika against an in-place engine"): the
    ``Game`` and the ``Part`` it shares with other states, then what a card changes (the
    phase, the seat to move, the hands as card sets, the call and its suit's cards, the
    plays of the trick in progress, the action count, whether the game is over)."""

    __slots__ = (
        "game",
        "part",
        "phase",
        "to_move",
        "hands",
        "called",
        "suit",
        "plays",
        "n_actions",
        "over",
    )

    variant = _field("game.variant", "The variant: bid, win or lose.")
    seats = _field("game.seats", "The number of seats.")
    setup = _field("game.setup", "The set-up the game started from.")
    deals = _field("game.deals", "Per round: (each seat's dealt hand, the set-aside cards).")
    n_rounds = _field("game.n_rounds", "The number of rounds.")
    round = _field("part.round", "The round in progress (from 0; the last once over).")
    dealer = _field("part.dealer", "The dealer of the round in progress.")
    bids = _field("part.bids", "Each seat's bid this round, None before it bids.")
    leader = _field("part.leader", "The seat that leads (or led) the trick in progress.")
    tricks = _field("part.tricks", "The finished tricks of the round in progress.")
    taken = _field("part.taken", "Tricks taken by each seat this round.")
    totals = _field("part.totals", "Each seat's total over the finished rounds.")
    past = _field("part.past", "The finished rounds.")

    @classmethod
    def new(cls, variant: str, seats: int, setup: dict) -> "State":
        check_setup(variant, seats, setup)
        deals = parse_deals(seats, setup)
        part = Part()
        part.totals = (0,) * seats
        part.past = ()
        state = _new(State)
        state.game = Game(variant, seats, setup, deals, len(deals))
        state.part = part
        state.n_actions = 0
        state.over = False
        state._start_round(0)
        return state

    @classmethod
    def made(
        cls,
        game: Game,
        part: Part,
        phase: str,
        to_move,
        hands: tuple,
        called,
        plays,
        n_actions: int,
    ) -> "State":
        """A state of ``game`` in the middle of a round (the strong bot's samples)."""
        state = _new(State)
        state.game, state.part, state.phase, state.to_move = game, part, phase, to_move
        state.hands, state.plays, state.n_actions = hands, plays, n_actions
        state.called = None if called is None else CALLS[called[0]][called[1]]
        state.suit = 0 if called is None else SUITS[called[0]][called[1]]
        state.over = phase == OVER
        return state

    def _start_round(self, number: int) -> None:
        """The deal of round ``number`` (automatic): its hands, bidding or the first lead,
        into this new state and its own part."""
        game = self.game
        part = self.part
        seats = game.seats
        part.round = number
        part.dealer = dealer = (game.setup["first_dealer"] + number) % seats
        part.bids = (None,) * seats
        part.leader = self.to_move = (dealer + 1) % seats
        part.tricks = ()
        part.taken = (0,) * seats
        self.hands = game.deals[number][0]
        self.phase = BIDDING if game.variant == BID else PLAY
        self.called = None
        self.suit = 0
        self.plays = ()

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's total over the finished rounds (``GameState.scores``)."""
        return self.part.totals

    @property
    def barred(self) -> int | None:
        """The dealer's barred bid while the dealer is to bid, else None."""
        if self.phase != BIDDING or self.to_move != self.part.dealer:
            return None
        return barred_bid(self.part.bids, self.game.seats)

    def follow_cards(self, seat: int) -> int:
        """The cards ``seat`` may play now (its whole hand when leading or void)."""
        hand = self.hands[seat]
        return hand & self.suit or hand

    # --- legal actions ------------------------------------------------------------------

    def legal_actions(self) -> list[dict]:
        """Bids in rising order; cards in code order, each lead with its shapes in order."""
        seat = self.to_move
        suit = self.suit
        if suit:  # a follow: the seat's cards of the called suit, or all if it has none
            hand = self.hands[seat]
            cards = hand & suit or hand
            follows = FOLLOW_OF_BIT[seat]
            found = []
            while cards:
                low = cards & -cards
                found.append(follows[low])
                cards ^= low
            return found
        phase = self.phase
        if phase == PLAY:
            cards = self.hands[seat]
            leads = LEADS_OF_BIT[seat]
            found = []
            while cards:
                low = cards & -cards
                found += leads[low]
                cards ^= low
            return found
        if phase == OVER:
            return []
        barred = self.barred
        return list(BID_LISTS[seat][MAX_BID + 1 if barred is None else barred])

    # --- applying an action -------------------------------------------------------------

    def apply(self, action) -> tuple["State", tuple]:
        """(new state, events), or raise IllegalAction; ``self`` never changes."""
        if type(action) is not Action:  # a plain dict (a record, a form) of the usual shape
            action = _own(action) or action  # is one of ours, and goes the same way
        if type(action) is Action:  # one of ``legal_actions``' own: its shape is right
            key = action.key
            seat = key[1]
            if seat == self.to_move:
                kind = key[0]
                hands = self.hands
                if kind == KEY_FOLLOW:
                    suit = self.suit
                    hand = hands[seat]
                    bit = key[3]
                    if suit and hand & bit and (suit & bit or not hand & suit):
                        hands = list(hands)
                        hands[seat] = hand ^ bit
                        hands = tuple(hands)
                        plays = (*self.plays, key[5])
                        game = self.game
                        if len(plays) == game.seats:
                            return self._trick_taken(hands, plays, key[4][0])
                        after = _new(State)
                        after.game = game
                        after.part = self.part
                        after.phase = PLAY
                        after.to_move = game.nexts[seat]
                        after.hands = hands
                        after.called = self.called
                        after.suit = suit
                        after.plays = plays
                        after.n_actions = self.n_actions + 1
                        after.over = False
                        return after, key[4]
                elif kind == KEY_LEAD:
                    hand = hands[seat]
                    bit = key[3]
                    if not self.suit and hand & bit and self.phase == PLAY:
                        hands = list(hands)
                        hands[seat] = hand ^ bit
                        after = _new(State)
                        after.game = game = self.game
                        after.part = self.part
                        after.phase = PLAY
                        after.to_move = game.nexts[seat]
                        after.hands = tuple(hands)
                        after.called = key[4]
                        after.suit = key[5]
                        after.plays = (key[7],)
                        after.n_actions = self.n_actions + 1
                        after.over = False
                        return after, key[6]
                elif self.phase == BIDDING:
                    part = self.part
                    if seat != part.dealer or key[2] != barred_bid(part.bids, self.game.seats):
                        return self._bid(seat, key)
        # Any other object: every rule checked, in the order of the rulings.
        if self.phase == OVER:
            raise IllegalAction("the game is over: no action is legal any more (ruling 19)")
        variant = self.game.variant
        if not _well_formed(action):
            if isinstance(action, dict) and action.get("type") == "bid" and variant != BID:
                raise IllegalAction(f"{LABELS[variant]} has no bidding (ruling 16)")
            lead = isinstance(action, dict) and "shape" in action
            check_action_shape(action, _LEAD_SCHEMA if lead else _FOLLOW_SCHEMA)
        elif action["type"] == "bid" and variant != BID:
            raise IllegalAction(f"{LABELS[variant]} has no bidding (ruling 16)")
        seat = action["seat"]
        if seat != self.to_move:
            seats = self.game.seats
            if not 0 <= seat < seats:
                raise IllegalAction(f"there is no seat {seat}: the seats are 0 to {seats - 1}")
            raise IllegalAction(f"it is seat {self.to_move}'s turn, not seat {seat}'s")
        if action["type"] == "bid":
            return self.apply(self._check_bid(seat, action["n"]))
        return self.apply(self._check_play(seat, action))

    def _check_bid(self, seat: int, n: int) -> Action:
        """The engine's own action for a bid, or IllegalAction naming the rule."""
        if self.phase != BIDDING:
            raise IllegalAction("the bidding of this round is over: play a card (ruling 6)")
        if not 0 <= n <= MAX_BID:
            raise IllegalAction(f"a bid is a whole number from 0 to {MAX_BID}, not {n} (ruling 7)")
        if n == self.barred:
            others = self.part.bids
            total = sum(bid for bid in others if bid is not None)
            raise IllegalAction(
                f"the dealer may not bid {n}: the others bid {total}, and the bids may not "
                f"total exactly {MAX_BID} (the hook, ruling 8)"
            )
        return BIDS[seat][n]

    def _bid(self, seat: int, key: tuple):
        """A checked bid."""
        part = self.part.copy()
        bids = list(part.bids)
        bids[seat] = key[2]
        part.bids = tuple(bids)
        after = _new(State)
        after.game = game = self.game
        after.part = part
        after.hands = self.hands
        after.called = None
        after.suit = 0
        after.plays = ()
        after.n_actions = self.n_actions + 1
        after.over = False
        if seat == part.dealer:
            after.phase = PLAY
            after.to_move = part.leader
            return after, (key[3][0], LEAD_NEXT[part.leader])
        after.phase = BIDDING
        after.to_move = game.nexts[seat]
        return after, key[3]

    def _check_play(self, seat: int, action: dict) -> Action:
        """The engine's own action for a card, or IllegalAction naming the rule."""
        if self.phase != PLAY:
            raise IllegalAction(
                f"no card is played before all {self.game.seats} bids are made: "
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
            return LEADS[seat][card][shape]
        called = self.called
        if "shape" in action:
            raise IllegalAction(
                f"only the leader calls a shape: this trick is {suit_name(*called)} (ruling 9)"
            )
        in_suit = hand & self.suit
        if in_suit and not in_suit >> card & 1:
            raise IllegalAction(
                f"you must follow {suit_name(*called)}: you hold "
                f"{', '.join(codes(in_suit))} (ruling 10)"
            )
        return FOLLOWS[seat][card]

    def _trick_taken(self, hands: tuple, plays: tuple, event: dict):
        """The card that completes a trick (its ``event``): the winner takes the trick and
        leads; after the eighth, the round is scored and the next dealt (or the game
        ends)."""
        shape, count = self.called
        worth = WORTH[shape][count]
        best = 0
        for seat, card in plays:  # the highest value in suit, the latest among equals
            if worth[card] >= best:
                best, winner = worth[card], seat
        before = self.part
        part = _new(Part)
        part.round, part.dealer, part.bids = before.round, before.dealer, before.bids
        part.totals, part.past, part.tricks = before.totals, before.past, before.tricks
        taken = list(before.taken)
        taken[winner] += 1
        part.taken = tuple(taken)
        trick = _new(Trick)
        trick.leader, trick.shape, trick.count = before.leader, shape, count
        trick.plays, trick.winner, trick.shown = plays, winner, {}
        part.tricks = (*part.tricks, trick)
        part.leader = winner
        after = _new(State)
        after.game = self.game
        after.part = part
        after.phase = PLAY
        after.to_move = winner
        after.hands = hands
        after.called = None
        after.suit = 0
        after.plays = ()
        after.n_actions = self.n_actions + 1
        after.over = False
        if len(part.tricks) < HAND:
            return after, (event, TRICK_EVENTS[winner][shape][count])
        events = [event, TRICK_EVENTS[winner][shape][count]]
        after._end_round(events)
        return after, tuple(events)

    def _end_round(self, events: list) -> None:
        """The round's eighth trick is taken: score it, then deal the next round or end the
        game (this new state and its part only)."""
        game = self.game
        part = self.part
        seats = game.seats
        variant = game.variant
        scores = tuple(
            round_score(variant, part.bids[seat], part.taken[seat]) for seat in range(seats)
        )
        part.totals = tuple(total + score for total, score in zip(part.totals, scores, strict=True))
        bids = part.bids if variant == BID else None
        part.past = (
            *part.past,
            Round(part.round, part.dealer, bids, part.taken, scores, part.tricks),
        )
        events.append(
            {
                "type": "round_end",
                "round": part.round,
                "scores": list(scores),
                "totals": list(part.totals),
            }
        )
        if part.round + 1 < game.n_rounds:
            self._start_round(part.round + 1)
            events.append({"type": "deal", "round": part.round, "dealer": part.dealer})
            return
        self.phase, self.to_move, self.over = OVER, None, True
        events.append({"type": "game_over", "totals": list(part.totals)})


def replay(variant: str, seats: int, setup: dict, actions) -> State:
    """The state after ``actions``; an IllegalAction raised carries the action's index."""
    return fold_actions(State.new(variant, seats, setup), actions)
