"""Xeri written the straightforward way, changing its state in place (issue 33).

The yardstick of docs/performance.md ("Xeri engine"): what a competent first version of
``../shared/rules/xeri.md`` and ``xeri-rulings.md`` looks like when it need not keep old
states. A card is its code (``"10D"``), hands, the pile and the capture piles are lists of
codes, ``legal_actions`` scans the hand, and ``apply`` checks the action, then changes the
state itself and answers ``(self, events)``: no copy at all, which no engine whose
``apply`` must leave the old state as it was can do. Anyone holding the old state sees it
change; ``benchmarks/naive/compare.py`` plays whole games, where that never matters.

It imports nothing of ``games.xeri``: it shares with the engine the rulings, the action
format, the legal actions' order (the hand in rank-then-suit order) and the events, which
``tests/xeri/test_naive_agrees.py`` compares action by action on random matches.
"""

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
ORDER = {code: index for index, code in enumerate(r + s for r in RANKS for s in SUITS)}
HONOUR_RANKS = ("A", "K", "Q", "J", "10")
HAND_SIZE = 6
PILE_SIZE = 4
DECK_SIZE = 52

TABLES = (("classic", 2), ("classic", 4))  # what compare.py cycles through


class IllegalAction(ValueError):
    """An action the rules refuse."""


def rank(card):
    return card[:-1]


class State:
    """A match; ``apply`` changes it and returns it."""

    def __init__(self, variant, seats, setup):
        if variant != "classic":
            raise IllegalAction(f"no variant {variant!r}")
        if seats not in (2, 4):
            raise IllegalAction(f"Xeri is played by 2 or 4 seats, not {seats!r}")
        self.seats = seats
        self.first_dealer = setup["first_dealer"]
        self.decks = [list(one["deck"]) for one in setup["rounds"]]
        self.redeals = [[list(pile) for pile in one["redeals"]] for one in setup["rounds"]]
        self.rounds = len(self.decks)
        self.over = False
        self.n_actions = 0
        self.rounds_won = [0, 0]
        self.totals = [0, 0]
        self.sheets = []
        self.start_round(0, [])

    @classmethod
    def new(cls, variant, seats, setup):
        return cls(variant, seats, setup)

    # --- reading -----------------------------------------------------------------------

    def scores(self):
        return [self.totals[seat % 2] for seat in range(self.seats)]

    def ranks(self):
        """Once over: 1 for the winning side's seats, 2 for the other's, all 1 on a draw."""
        if not self.over:
            return None
        won, totals = self.rounds_won, self.totals
        key = (won[0] - won[1], totals[0] - totals[1])
        if key == (0, 0):
            return [1] * self.seats
        winner = 0 if key > (0, 0) else 1
        return [1 if seat % 2 == winner else 2 for seat in range(self.seats)]

    def legal_actions(self):
        if self.over:
            return []
        seat = self.to_move
        return [{"seat": seat, "type": "play", "card": card} for card in self.hands[seat]]

    # --- acting ------------------------------------------------------------------------

    def apply(self, action):
        """(this state, changed, and the events of the play as dicts), or IllegalAction."""
        if self.over:
            raise IllegalAction("the match is over")
        if not isinstance(action, dict) or len(action) != 3 or action.get("type") != "play":
            raise IllegalAction("an action is {seat, type: play, card}")
        seat = action.get("seat")
        if seat != self.to_move or type(seat) is not int:
            raise IllegalAction(f"it is seat {self.to_move}'s turn, not {seat!r}'s")
        card = action.get("card")
        hand = self.hands[seat]
        if type(card) is not str or card not in hand:
            raise IllegalAction(f"{card!r} is not in your hand")
        hand.remove(card)
        events = []
        self.play(seat, card, events)
        return self, events

    def play(self, seat, card, events):
        pile = self.pile
        side = seat % 2
        captured = []
        xeri = None
        played = rank(card)
        if pile and (played == "J" or played == rank(pile[-1])):
            if len(pile) == 1 and played == rank(pile[0]):
                xeri = "jack_xeri" if played == "J" else "xeri"
                self.xeris[side][played == "J"] += 1
            captured = pile + [card]
            self.captured[side].extend(captured)
            self.pile = []
            self.last_capturer = seat
        else:
            pile.append(card)
        self.n_actions += 1
        self.plays += 1
        events.append(
            {"type": "play", "seat": seat, "card": card, "captured": captured, "xeri": xeri}
        )
        self.to_move = (seat + 1) % self.seats
        if self.plays % (HAND_SIZE * self.seats) == 0:
            if self.draw < DECK_SIZE:
                self.deal_hands()
                self.deal_no += 1
                events.append({"type": "deal", "round": self.round + 1, "deal": self.deal_no})
            else:
                self.end_round(events)

    def deal_hands(self):
        deck = self.decks[self.round]
        for j in range(self.seats):
            seat = (self.dealer + 1 + j) % self.seats
            self.hands[seat] = sorted(deck[self.draw : self.draw + HAND_SIZE], key=ORDER.get)
            self.draw += HAND_SIZE

    def start_round(self, number, events):
        self.round = number
        self.dealer = (self.first_dealer + number) % self.seats
        self.deal_no = 1
        self.plays = 0
        self.draw = 0
        self.hands = [[] for _ in range(self.seats)]
        self.captured = [[], []]
        self.xeris = [[0, 0], [0, 0]]
        self.last_capturer = None
        events.append({"type": "round", "round": number + 1, "dealer": self.dealer})
        for rejected in self.redeals[number]:
            events.append({"type": "redeal", "round": number + 1, "cards": list(rejected)})
        self.deal_hands()
        deck = self.decks[number]
        self.pile = deck[self.draw : self.draw + PILE_SIZE]
        self.draw += PILE_SIZE
        events.append({"type": "pile", "round": number + 1, "cards": list(self.pile)})
        self.to_move = (self.dealer + 1) % self.seats

    def end_round(self, events):
        number = self.round + 1
        if self.pile:
            side = self.last_capturer % 2
            self.captured[side].extend(self.pile)
            events.append(
                {
                    "type": "last_pile",
                    "round": number,
                    "seat": self.last_capturer,
                    "side": side,
                    "cards": list(self.pile),
                }
            )
            self.pile = []
        sides = [self.sheet_side(side) for side in (0, 1)]
        first, second = sides[0]["total"], sides[1]["total"]
        winner = None if first == second else int(second > first)
        if winner is not None:
            self.rounds_won[winner] += 1
        for side in (0, 1):
            self.totals[side] += sides[side]["total"]
        self.sheets.append({"round": number, "sides": sides, "winner": winner})
        events.append(
            {"type": "score", "round": number, "sides": [dict(s) for s in sides], "winner": winner}
        )
        if number < self.rounds:
            self.start_round(number, events)
        else:
            self.over = True
            self.to_move = None
            events.append({"type": "end"})

    def sheet_side(self, side):
        cards = self.captured[side]
        honours = sum(1 for card in cards if rank(card) in HONOUR_RANKS)
        two = int("2C" in cards)
        ten = int("10D" in cards)
        more = 3 if len(cards) > DECK_SIZE // 2 else 0
        plain, jack = self.xeris[side]
        xeri_points = 10 * plain + 20 * jack
        return {
            "side": side,
            "cards": len(cards),
            "honours": honours,
            "two_of_clubs": two,
            "ten_of_diamonds": ten,
            "more_cards": more,
            "xeris": plain,
            "jack_xeris": jack,
            "xeri_points": xeri_points,
            "total": honours + two + ten + more + xeri_points,
        }


def new(variant, seats, setup):
    """The state before the first action (what ``compare.py`` calls)."""
    return State(variant, seats, setup)
