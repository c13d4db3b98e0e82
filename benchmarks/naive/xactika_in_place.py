"""Xactika written the straightforward way, changing its state in place (issue 33).

The yardstick of docs/performance.md ("Xactika engine"): what a competent first version
of ``../shared/rules/xactika.md`` and ``xactika-rulings.md`` looks like when it need not
keep old states. A card is its code (``"2132"``: balls, cubes, cones, stars), a hand is a
sorted list of codes, a suit is a shape's index and a count's digit (a card follows it
when ``card[shape] == digit``), ``legal_actions`` scans the hand, and ``apply`` checks the
action, then changes the state itself and answers ``(self, events)``: no copy at all.

It imports nothing of ``games.xactika``: it shares with the engine the rulings, the
action format, the legal actions' order (bids rising; cards in code order, a lead's four
shapes in the order ball, cube, cone, star) and the events, which
``tests/xactika/test_naive_agrees.py`` compares action by action on random games.
"""

SHAPES = ("ball", "cube", "cone", "star")
PLURALS = ("balls", "cubes", "cones", "stars")
VARIANTS = ("bid", "win", "lose")
HAND_SIZE = 8
MAX_BID = 8

TABLES = (("bid", 2), ("bid", 4), ("win", 4), ("lose", 4), ("bid", 6), ("bid", 10))


class IllegalAction(ValueError):
    """An action the rules refuse."""


def value(card):
    return sum(int(digit) for digit in card)


def suit_name(shape, digit):
    return f"{digit} {SHAPES[shape] if digit == '1' else PLURALS[shape]}"


class State:
    """A game; ``apply`` changes it and returns it."""

    def __init__(self, variant, seats, setup):
        if variant not in VARIANTS:
            raise IllegalAction(f"no variant {variant!r}")
        if type(seats) is not int or not 2 <= seats <= 10:
            raise IllegalAction(f"Xactika is played by 2 to 10 seats, not {seats!r}")
        self.variant = variant
        self.seats = seats
        self.first_dealer = setup["first_dealer"]
        self.decks = [list(deck) for deck in setup["rounds"]]
        self.rounds = len(self.decks)
        self.over = False
        self.n_actions = 0
        self.totals = [0] * seats
        self.history = []
        self.start_round(0)

    @classmethod
    def new(cls, variant, seats, setup):
        return cls(variant, seats, setup)

    def start_round(self, number):
        seats = self.seats
        self.round = number
        self.dealer = (self.first_dealer + number) % seats
        deck = self.decks[number]
        self.hands = [None] * seats
        for block in range(seats):
            self.hands[(self.dealer + 1 + block) % seats] = sorted(
                deck[HAND_SIZE * block : HAND_SIZE * block + HAND_SIZE]
            )
        self.bids = [None] * seats
        self.bidding = self.variant == "bid"
        self.to_move = self.leader = (self.dealer + 1) % seats
        self.called = None  # (shape index, count digit) of the trick in progress
        self.plays = []
        self.tricks = 0
        self.taken = [0] * seats

    # --- reading -----------------------------------------------------------------------

    def scores(self):
        return list(self.totals)

    def ranks(self):
        """Once over: 1 + the seats with a strictly better total (lower in ``lose``)."""
        if not self.over:
            return None
        sign = -1 if self.variant == "lose" else 1
        return [
            1 + sum(sign * other > sign * mine for other in self.totals) for mine in self.totals
        ]

    def barred(self):
        """The dealer's forbidden bid when the dealer is to bid, else None."""
        if not self.bidding or self.to_move != self.dealer:
            return None
        left = MAX_BID - sum(bid for bid in self.bids if bid is not None)
        return left if left >= 0 else None

    def playable(self, seat):
        """The cards ``seat`` may play: its suit cards when following and holding some."""
        hand = self.hands[seat]
        if self.called is None:
            return hand
        shape, digit = self.called
        return [card for card in hand if card[shape] == digit] or hand

    def legal_actions(self):
        if self.over:
            return []
        seat = self.to_move
        if self.bidding:
            barred = self.barred()
            return [
                {"seat": seat, "type": "bid", "n": n} for n in range(MAX_BID + 1) if n != barred
            ]
        if self.called is None:
            return [
                {"seat": seat, "type": "play", "card": card, "shape": shape}
                for card in self.hands[seat]
                for shape in SHAPES
            ]
        return [{"seat": seat, "type": "play", "card": card} for card in self.playable(seat)]

    # --- acting ------------------------------------------------------------------------

    def apply(self, action):
        """(this state, changed, and the events of the action as dicts), or IllegalAction."""
        if self.over:
            raise IllegalAction("the game is over")
        if not isinstance(action, dict) or type(action.get("seat")) is not int:
            raise IllegalAction("an action is a dict with a seat")
        seat = action["seat"]
        if seat != self.to_move:
            raise IllegalAction(f"it is seat {self.to_move}'s turn")
        kind = action.get("type")
        if kind == "bid":
            n = action.get("n")
            if len(action) != 3 or type(n) is not int:
                raise IllegalAction("a bid is {seat, type, n}")
            if not self.bidding:
                raise IllegalAction("no bid now")
            if not 0 <= n <= MAX_BID or n == self.barred():
                raise IllegalAction(f"you may not bid {n}")
            return self, self.bid(seat, n)
        if kind != "play" or self.bidding:
            raise IllegalAction("no such action now")
        card = action.get("card")
        if type(card) is not str or card not in self.hands[seat]:
            raise IllegalAction(f"you do not hold {card!r}")
        if self.called is None:
            if len(action) != 4 or action.get("shape") not in SHAPES:
                raise IllegalAction("a lead is {seat, type, card, shape: a shape}")
            shape = SHAPES.index(action["shape"])
        else:
            if len(action) != 3 or "card" not in action:
                raise IllegalAction("a follow is {seat, type, card}")
            if card not in self.playable(seat):
                raise IllegalAction("you must follow suit")
            shape = None
        return self, self.play(seat, card, shape)

    def bid(self, seat, n):
        self.bids[seat] = n
        self.n_actions += 1
        events = [{"type": "bid", "seat": seat, "n": n}]
        if seat == self.dealer:
            self.bidding = False
            self.to_move = self.leader
            events.append({"type": "lead_next", "seat": self.leader})
        else:
            self.to_move = (seat + 1) % self.seats
        return events

    def play(self, seat, card, shape):
        self.hands[seat].remove(card)
        self.n_actions += 1
        if shape is not None:
            self.called = (shape, card[shape])
            event = {
                "type": "lead",
                "seat": seat,
                "card": card,
                "shape": SHAPES[shape],
                "count": int(card[shape]),
            }
        else:
            event = {"type": "play", "seat": seat, "card": card}
        events = [event]
        self.plays.append((seat, card))
        if len(self.plays) < self.seats:
            self.to_move = (seat + 1) % self.seats
        else:
            self.gather(events)
        return events

    def gather(self, events):
        """The trick is complete: the highest suit card, the latest among equals, takes it."""
        shape, digit = self.called
        winner, best = None, -1
        for seat, card in self.plays:
            if card[shape] == digit and value(card) >= best:
                winner, best = seat, value(card)
        self.taken[winner] += 1
        self.tricks += 1
        events.append({"type": "trick", "winner": winner, "suit": suit_name(shape, digit)})
        self.called = None
        self.plays = []
        self.leader = self.to_move = winner
        if self.tricks < HAND_SIZE:
            return
        scores = []
        for seat in range(self.seats):
            bid, taken = self.bids[seat], self.taken[seat]
            if self.variant != "bid":
                scores.append(taken)
            else:
                scores.append(bid if bid == taken else -abs(bid - taken))
        for seat in range(self.seats):
            self.totals[seat] += scores[seat]
        self.history.append((self.round, self.dealer, list(self.bids), self.taken, scores))
        events.append(
            {
                "type": "round_end",
                "round": self.round,
                "scores": list(scores),
                "totals": list(self.totals),
            }
        )
        if self.round + 1 < self.rounds:
            self.start_round(self.round + 1)
            events.append({"type": "deal", "round": self.round, "dealer": self.dealer})
            return
        self.over = True
        self.to_move = None
        events.append({"type": "game_over", "totals": list(self.totals)})


def new(variant, seats, setup):
    """The state before the first action (what ``compare.py`` calls)."""
    return State(variant, seats, setup)
