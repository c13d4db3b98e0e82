"""Xeri written the straightforward way, to measure the real engine against (issue 16).

This is what a first implementation of ``../shared/rules/xeri.md`` and ``xeri-rulings.md``
looks like when nobody has thought about speed: a card is a ``(rank, suit)`` tuple, hands,
the pile, the stock and the capture piles are lists of them, every rule is a scan over a
list, a new state is ``copy.deepcopy`` of the old one's data, and a round is scored by
looping over the captured cards. It imports nothing of ``games.xeri``: the only things it
shares with the engine are the rulings, the action format (``{"seat", "type": "play",
"card"}``), the order of the legal actions (the hand in rank-then-suit order) and the
events ``apply`` answers with, so ``tests/xeri/test_naive_agrees.py`` can compare the two
action by action. The set-up (every round's deck) is read once into a ``Match`` that the
states share; only the changing part of a state (``State.data``, a dict) is copied.

Not for the site: ``benchmarks/naive/compare.py`` times it against the engine.
"""

import copy

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["C", "D", "H", "S"]
HONOUR_RANKS = ["A", "K", "Q", "J", "10"]
HAND_SIZE = 6
PILE_SIZE = 4

TABLES = (("classic", 2), ("classic", 4))  # what compare.py cycles through


class IllegalAction(ValueError):
    """An action the rules refuse."""


def parse_card(code):
    """ "10D" -> ("10", "D"); anything else raises IllegalAction."""
    if not isinstance(code, str) or len(code) < 2:
        raise IllegalAction(f"{code!r} is not a card")
    rank, suit = code[:-1], code[-1]
    if rank not in RANKS or suit not in SUITS:
        raise IllegalAction(f"{code!r} is not a card")
    return (rank, suit)


def card_code(card):
    return card[0] + card[1]


def sort_key(card):
    return (RANKS.index(card[0]), SUITS.index(card[1]))


class Match:
    """What never changes during a match: seats, the number of rounds, every round's deck
    and rejected piles (as card tuples) and the first dealer."""

    def __init__(self, variant, seats, setup):
        if variant != "classic":
            raise IllegalAction(f"no variant {variant!r}")
        if seats not in (2, 4):
            raise IllegalAction(f"Xeri is played by 2 or 4 seats, not {seats!r}")
        self.variant = variant
        self.seats = seats
        self.first_dealer = setup["first_dealer"]
        self.decks = []
        self.redeals = []
        for one in setup["rounds"]:
            self.decks.append([parse_card(code) for code in one["deck"]])
            self.redeals.append([[parse_card(code) for code in pile] for pile in one["redeals"]])
        self.rounds = len(self.decks)


class State:
    """A match between two actions: the shared ``match`` and this moment's ``data``."""

    def __init__(self, match, data):
        self.match = match
        self.data = data

    @classmethod
    def new(cls, variant, seats, setup):
        match = Match(variant, seats, setup)
        data = {
            "round": 0,
            "dealer": 0,
            "deal_no": 1,
            "stock": [],
            "hands": [],
            "pile": [],
            "captured": [[], []],
            "xeris": [0, 0],
            "jack_xeris": [0, 0],
            "last_capturer": None,
            "plays": 0,
            "to_move": None,
            "over": False,
            "n_actions": 0,
            "rounds_won": [0, 0],
            "totals": [0, 0],
            "sheets": [],
        }
        state = cls(match, data)
        state.start_round(0, [])
        return state

    # --- reading -----------------------------------------------------------------------

    @property
    def over(self):
        return self.data["over"]

    @property
    def to_move(self):
        return self.data["to_move"]

    def scores(self):
        return [self.data["totals"][seat % 2] for seat in range(self.match.seats)]

    def ranks(self):
        """Once over: 1 for the winning side's seats, 2 for the other's, all 1 on a draw."""
        if not self.data["over"]:
            return None
        won = self.data["rounds_won"]
        totals = self.data["totals"]
        if won[0] > won[1] or (won[0] == won[1] and totals[0] > totals[1]):
            winner = 0
        elif won[1] > won[0] or (won[0] == won[1] and totals[1] > totals[0]):
            winner = 1
        else:
            return [1] * self.match.seats
        return [1 if seat % 2 == winner else 2 for seat in range(self.match.seats)]

    def legal_actions(self):
        if self.data["over"]:
            return []
        seat = self.data["to_move"]
        actions = []
        for card in self.data["hands"][seat]:
            actions.append({"seat": seat, "type": "play", "card": card_code(card)})
        return actions

    # --- acting ------------------------------------------------------------------------

    def apply(self, action):
        """(new state, the events of this play as dicts), or IllegalAction."""
        if self.data["over"]:
            raise IllegalAction("the match is over")
        if not isinstance(action, dict) or sorted(action.keys()) != ["card", "seat", "type"]:
            raise IllegalAction("an action is {seat, type, card}")
        if action["type"] != "play":
            raise IllegalAction("the only action is play")
        seat = action["seat"]
        if type(seat) is not int or seat < 0 or seat >= self.match.seats:
            raise IllegalAction(f"there is no seat {seat!r}")
        if seat != self.data["to_move"]:
            raise IllegalAction(f"it is seat {self.data['to_move']}'s turn")
        card = parse_card(action["card"])
        if card not in self.data["hands"][seat]:
            raise IllegalAction(f"{action['card']} is not in your hand")
        new = type(self)(self.match, self.copy_data())
        events = []
        new.play(seat, card, events)
        return new, events

    def copy_data(self):
        return copy.deepcopy(self.data)

    def play(self, seat, card, events):
        data = self.data
        data["hands"][seat].remove(card)
        pile = data["pile"]
        side = seat % 2
        captured = []
        xeri = None
        if len(pile) > 0 and (card[0] == "J" or card[0] == pile[-1][0]):
            if len(pile) == 1 and pile[0][0] == card[0]:
                if card[0] == "J":
                    xeri = "jack_xeri"
                    data["jack_xeris"][side] += 1
                else:
                    xeri = "xeri"
                    data["xeris"][side] += 1
            for taken in pile:
                captured.append(taken)
            captured.append(card)
            for taken in captured:
                data["captured"][side].append(taken)
            data["pile"] = []
            data["last_capturer"] = seat
        else:
            pile.append(card)
        data["n_actions"] += 1
        data["plays"] += 1
        events.append(
            {
                "type": "play",
                "seat": seat,
                "card": card_code(card),
                "captured": [card_code(c) for c in captured],
                "xeri": xeri,
            }
        )
        data["to_move"] = (seat + 1) % self.match.seats
        empty = True
        for hand in data["hands"]:
            if len(hand) > 0:
                empty = False
        if empty:
            if len(data["stock"]) > 0:
                self.deal_hands()
                data["deal_no"] += 1
                events.append({"type": "deal", "round": data["round"] + 1, "deal": data["deal_no"]})
            else:
                self.end_round(events)

    def deal_hands(self):
        data = self.data
        seats = self.match.seats
        for j in range(seats):
            seat = (data["dealer"] + 1 + j) % seats
            hand = []
            for _ in range(HAND_SIZE):
                hand.append(data["stock"].pop(0))
            hand.sort(key=sort_key)
            data["hands"][seat] = hand

    def start_round(self, number, events):
        data = self.data
        seats = self.match.seats
        data["round"] = number
        data["dealer"] = (self.match.first_dealer + number) % seats
        data["deal_no"] = 1
        data["plays"] = 0
        data["stock"] = list(self.match.decks[number])
        data["hands"] = [[] for _ in range(seats)]
        data["captured"] = [[], []]
        data["xeris"] = [0, 0]
        data["jack_xeris"] = [0, 0]
        data["last_capturer"] = None
        events.append({"type": "round", "round": number + 1, "dealer": data["dealer"]})
        for rejected in self.match.redeals[number]:
            events.append(
                {"type": "redeal", "round": number + 1, "cards": [card_code(c) for c in rejected]}
            )
        self.deal_hands()
        data["pile"] = []
        for _ in range(PILE_SIZE):
            data["pile"].append(data["stock"].pop(0))
        events.append(
            {"type": "pile", "round": number + 1, "cards": [card_code(c) for c in data["pile"]]}
        )
        data["to_move"] = (data["dealer"] + 1) % seats

    def end_round(self, events):
        data = self.data
        number = data["round"] + 1
        if len(data["pile"]) > 0:
            side = data["last_capturer"] % 2
            for card in data["pile"]:
                data["captured"][side].append(card)
            events.append(
                {
                    "type": "last_pile",
                    "round": number,
                    "seat": data["last_capturer"],
                    "side": side,
                    "cards": [card_code(c) for c in data["pile"]],
                }
            )
            data["pile"] = []
        sides = []
        for side in range(2):
            honours = 0
            two = 0
            ten = 0
            for card in data["captured"][side]:
                if card[0] in HONOUR_RANKS:
                    honours += 1
                if card == ("2", "C"):
                    two = 1
                if card == ("10", "D"):
                    ten = 1
            count = len(data["captured"][side])
            more = 3 if count > 26 else 0
            xeri_points = 10 * data["xeris"][side] + 20 * data["jack_xeris"][side]
            sides.append(
                {
                    "side": side,
                    "cards": count,
                    "honours": honours,
                    "two_of_clubs": two,
                    "ten_of_diamonds": ten,
                    "more_cards": more,
                    "xeris": data["xeris"][side],
                    "jack_xeris": data["jack_xeris"][side],
                    "xeri_points": xeri_points,
                    "total": honours + two + ten + more + xeri_points,
                }
            )
        if sides[0]["total"] > sides[1]["total"]:
            winner = 0
        elif sides[1]["total"] > sides[0]["total"]:
            winner = 1
        else:
            winner = None
        if winner is not None:
            data["rounds_won"][winner] += 1
        for side in range(2):
            data["totals"][side] += sides[side]["total"]
        sheet = {"round": number, "sides": sides, "winner": winner}
        data["sheets"].append(sheet)
        events.append({"type": "score", **copy.deepcopy(sheet)})
        if number < self.match.rounds:
            self.start_round(number, events)
        else:
            data["over"] = True
            data["to_move"] = None
            events.append({"type": "end"})


class PlainState(State):
    """The same rules with the copy written out by hand (each list copied, nothing else):
    how much of the naive version's time is ``copy.deepcopy``."""

    def copy_data(self):
        data = self.data
        return {
            **data,
            "stock": list(data["stock"]),
            "hands": [list(hand) for hand in data["hands"]],
            "pile": list(data["pile"]),
            "captured": [list(cards) for cards in data["captured"]],
            "xeris": list(data["xeris"]),
            "jack_xeris": list(data["jack_xeris"]),
            "rounds_won": list(data["rounds_won"]),
            "totals": list(data["totals"]),
            "sheets": list(data["sheets"]),
        }


def new(variant, seats, setup):
    """The state before the first action (what ``compare.py`` calls)."""
    return State.new(variant, seats, setup)


def new_plain(variant, seats, setup):
    """The same, copying its state by hand on ``apply`` (``PlainState``)."""
    return PlainState.new(variant, seats, setup)
