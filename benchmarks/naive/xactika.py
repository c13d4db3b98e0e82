"""Xactika written the straightforward way, to measure the real engine against (issue 17).

This is what a first implementation of ``../shared/rules/xactika.md`` and
``xactika-rulings.md`` looks like when nobody has thought about speed: a card is a tuple of
its four counts ``(balls, cubes, cones, stars)``, a hand is a sorted list of them, the
follow rule is a scan of the hand, the trick's winner a loop over its plays, and a new
state is ``copy.deepcopy`` of the old one's data. It imports nothing of ``games.xactika``:
the only things it shares with the engine are the rulings, the action format, the order
of the legal actions (bids rising; cards in code order, a lead's four shapes in the order
ball, cube, cone, star) and the events ``apply`` answers with, so
``tests/xactika/test_naive_agrees.py`` can compare the two action by action.

The set-up is read once into a ``Match`` the states share (every round's hands, as lists
of card tuples); a state copies only its changing part (``State.data``: hands, bids, the
trick in progress, the finished tricks of the round, the totals and each finished round's
bids, tricks taken and scores). It keeps less history than the engine (no earlier round's
tricks), which if anything makes it faster.

Not for the site: ``benchmarks/naive/compare.py`` times it against the engine.
"""

import copy

SHAPES = ["ball", "cube", "cone", "star"]
PLURALS = ["balls", "cubes", "cones", "stars"]
VARIANTS = ["bid", "win", "lose"]
HAND_SIZE = 8
MAX_BID = 8

TABLES = (("bid", 2), ("bid", 4), ("win", 4), ("lose", 4), ("bid", 6))  # compare.py's


class IllegalAction(ValueError):
    """An action the rules refuse."""


def parse_card(code):
    """ "2132" -> (2, 1, 3, 2); anything else raises IllegalAction."""
    if not isinstance(code, str) or len(code) != 4:
        raise IllegalAction(f"{code!r} is not a card")
    counts = []
    for digit in code:
        if digit not in "123":
            raise IllegalAction(f"{code!r} is not a card")
        counts.append(int(digit))
    return tuple(counts)


def card_code(card):
    return "".join(str(count) for count in card)


def value(card):
    return sum(card)


def suit_name(shape, count):
    return f"{count} {SHAPES[shape] if count == 1 else PLURALS[shape]}"


class Match:
    """What never changes during a game: variant, seats, the number of rounds, the first
    dealer and every round's dealt hands (the set-aside cards take no part)."""

    def __init__(self, variant, seats, setup):
        if variant not in VARIANTS:
            raise IllegalAction(f"no variant {variant!r}")
        if type(seats) is not int or seats < 2 or seats > 10:
            raise IllegalAction(f"Xactika is played by 2 to 10 seats, not {seats!r}")
        self.variant = variant
        self.seats = seats
        self.first_dealer = setup["first_dealer"]
        self.rounds = len(setup["rounds"])
        self.hands = []
        for number, deck in enumerate(setup["rounds"]):
            dealer = (self.first_dealer + number) % seats
            hands = [None] * seats
            for block in range(seats):
                hand = [parse_card(code) for code in deck[8 * block : 8 * block + 8]]
                hand.sort()
                hands[(dealer + 1 + block) % seats] = hand
            self.hands.append(hands)


class State:
    """A game between two actions: the shared ``match`` and this moment's ``data``."""

    def __init__(self, match, data):
        self.match = match
        self.data = data

    @classmethod
    def new(cls, variant, seats, setup):
        match = Match(variant, seats, setup)
        data = {
            "n_actions": 0,
            "totals": [0] * seats,
            "history": [],
            "over": False,
        }
        state = cls(match, data)
        state.start_round(0)
        return state

    def start_round(self, number):
        data = self.data
        seats = self.match.seats
        data["round"] = number
        data["dealer"] = (self.match.first_dealer + number) % seats
        data["hands"] = [list(hand) for hand in self.match.hands[number]]
        data["bids"] = [None] * seats
        data["phase"] = "bidding" if self.match.variant == "bid" else "play"
        data["to_move"] = (data["dealer"] + 1) % seats
        data["leader"] = data["to_move"]
        data["called"] = None
        data["plays"] = []
        data["tricks"] = []
        data["taken"] = [0] * seats

    # --- reading -----------------------------------------------------------------------

    @property
    def over(self):
        return self.data["over"]

    @property
    def to_move(self):
        return self.data["to_move"]

    def scores(self):
        return list(self.data["totals"])

    def ranks(self):
        """Once over: 1 + the seats with a strictly better total (lower in ``lose``)."""
        if not self.data["over"]:
            return None
        totals = self.data["totals"]
        ranks = []
        for mine in totals:
            better = 0
            for other in totals:
                if self.match.variant == "lose":
                    if other < mine:
                        better += 1
                elif other > mine:
                    better += 1
            ranks.append(1 + better)
        return ranks

    def barred(self):
        """The dealer's forbidden bid when the dealer is to bid, else None."""
        data = self.data
        if data["phase"] != "bidding" or data["to_move"] != data["dealer"]:
            return None
        total = 0
        for bid in data["bids"]:
            if bid is not None:
                total += bid
        if MAX_BID - total >= 0:
            return MAX_BID - total
        return None

    def playable(self, seat):
        """The cards ``seat`` may play: its suit cards when following and holding some."""
        hand = self.data["hands"][seat]
        called = self.data["called"]
        if called is None:
            return list(hand)
        shape, count = called
        in_suit = [card for card in hand if card[shape] == count]
        if in_suit:
            return in_suit
        return list(hand)

    def legal_actions(self):
        data = self.data
        if data["over"]:
            return []
        seat = data["to_move"]
        actions = []
        if data["phase"] == "bidding":
            barred = self.barred()
            for n in range(MAX_BID + 1):
                if n != barred:
                    actions.append({"seat": seat, "type": "bid", "n": n})
            return actions
        for card in self.playable(seat):
            if data["called"] is None:
                for shape in SHAPES:
                    actions.append(
                        {"seat": seat, "type": "play", "card": card_code(card), "shape": shape}
                    )
            else:
                actions.append({"seat": seat, "type": "play", "card": card_code(card)})
        return actions

    # --- acting ------------------------------------------------------------------------

    def apply(self, action):
        """(new state, the events of this action as dicts), or IllegalAction."""
        data = self.data
        if data["over"]:
            raise IllegalAction("the game is over")
        if not isinstance(action, dict) or type(action.get("seat")) is not int:
            raise IllegalAction("an action is a dict with a seat")
        seat = action["seat"]
        if seat != data["to_move"]:
            raise IllegalAction(f"it is seat {data['to_move']}'s turn")
        if action.get("type") == "bid":
            if sorted(action.keys()) != ["n", "seat", "type"] or type(action["n"]) is not int:
                raise IllegalAction("a bid is {seat, type, n}")
            if data["phase"] != "bidding":
                raise IllegalAction("no bid now")
            if action["n"] < 0 or action["n"] > MAX_BID or action["n"] == self.barred():
                raise IllegalAction(f"you may not bid {action['n']}")
            new = type(self)(self.match, self.copy_data())
            return new, new.bid(seat, action["n"])
        if action.get("type") != "play" or data["phase"] != "play":
            raise IllegalAction("no such action now")
        card = parse_card(action["card"])
        if card not in data["hands"][seat]:
            raise IllegalAction(f"you do not hold {action['card']}")
        if data["called"] is None:
            if sorted(action.keys()) != ["card", "seat", "shape", "type"]:
                raise IllegalAction("a lead is {seat, type, card, shape}")
            if action["shape"] not in SHAPES:
                raise IllegalAction(f"{action['shape']!r} is not a shape")
            shape = SHAPES.index(action["shape"])
        else:
            if sorted(action.keys()) != ["card", "seat", "type"]:
                raise IllegalAction("a follow is {seat, type, card}")
            if card not in self.playable(seat):
                raise IllegalAction("you must follow suit")
            shape = None
        new = type(self)(self.match, self.copy_data())
        return new, new.play(seat, card, shape)

    def copy_data(self):
        return copy.deepcopy(self.data)

    def bid(self, seat, n):
        data = self.data
        data["bids"][seat] = n
        data["n_actions"] += 1
        events = [{"type": "bid", "seat": seat, "n": n}]
        if seat == data["dealer"]:
            data["phase"] = "play"
            data["to_move"] = data["leader"]
            events.append({"type": "lead_next", "seat": data["leader"]})
        else:
            data["to_move"] = (seat + 1) % self.match.seats
        return events

    def play(self, seat, card, shape):
        data = self.data
        data["hands"][seat].remove(card)
        data["n_actions"] += 1
        if shape is not None:
            data["called"] = [shape, card[shape]]
            events = [
                {
                    "type": "lead",
                    "seat": seat,
                    "card": card_code(card),
                    "shape": SHAPES[shape],
                    "count": card[shape],
                }
            ]
        else:
            events = [{"type": "play", "seat": seat, "card": card_code(card)}]
        data["plays"].append([seat, card])
        if len(data["plays"]) < self.match.seats:
            data["to_move"] = (seat + 1) % self.match.seats
            return events
        self.gather(events)
        return events

    def gather(self, events):
        """The trick is complete: the highest suit card, the latest among equals, takes it."""
        data = self.data
        shape, count = data["called"]
        winner = None
        best = -1
        for seat, card in data["plays"]:
            if card[shape] == count and value(card) >= best:
                best = value(card)
                winner = seat
        data["taken"][winner] += 1
        data["tricks"].append(
            {
                "leader": data["leader"],
                "called": data["called"],
                "plays": data["plays"],
                "winner": winner,
            }
        )
        events.append({"type": "trick", "winner": winner, "suit": suit_name(shape, count)})
        data["called"] = None
        data["plays"] = []
        data["leader"] = winner
        data["to_move"] = winner
        if len(data["tricks"]) < HAND_SIZE:
            return
        scores = []
        for seat in range(self.match.seats):
            bid = data["bids"][seat]
            taken = data["taken"][seat]
            if self.match.variant != "bid":
                scores.append(taken)
            elif bid == taken:
                scores.append(bid)
            else:
                scores.append(-abs(bid - taken))
        for seat in range(self.match.seats):
            data["totals"][seat] += scores[seat]
        data["history"].append(
            {
                "round": data["round"],
                "dealer": data["dealer"],
                "bids": list(data["bids"]),
                "taken": list(data["taken"]),
                "scores": scores,
            }
        )
        events.append(
            {
                "type": "round_end",
                "round": data["round"],
                "scores": list(scores),
                "totals": list(data["totals"]),
            }
        )
        if data["round"] + 1 < self.match.rounds:
            self.start_round(data["round"] + 1)
            events.append({"type": "deal", "round": data["round"], "dealer": data["dealer"]})
            return
        data["over"] = True
        data["phase"] = "over"
        data["to_move"] = None
        events.append({"type": "game_over", "totals": list(data["totals"])})


class PlainState(State):
    """The same rules with the copy written out by hand (each list copied, the finished
    tricks and rounds shared, since they never change): how much of the naive version's
    time is ``copy.deepcopy``."""

    def copy_data(self):
        data = self.data
        return {
            **data,
            "hands": [list(hand) for hand in data["hands"]],
            "bids": list(data["bids"]),
            "plays": list(data["plays"]),
            "tricks": list(data["tricks"]),
            "taken": list(data["taken"]),
            "totals": list(data["totals"]),
            "history": list(data["history"]),
        }


def new(variant, seats, setup):
    """The state before the first action (what ``compare.py`` calls)."""
    return State.new(variant, seats, setup)


def new_plain(variant, seats, setup):
    """The same, copying its state by hand on ``apply`` (``PlainState``)."""
    return PlainState.new(variant, seats, setup)
