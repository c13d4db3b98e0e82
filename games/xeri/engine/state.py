"""The state of a Xeri match and the one action, ``play`` (rulings 6-20, 26, 34).

A state is a fold of the actions over the set-up. ``apply`` returns a new state and the
events the play caused; everything automatic (later deals, the last pile, scoring, the
next round's deal and its redeals) happens inside it, right after the play that causes it.

Speed: ``replay`` copies the first state once and plays every action into that copy, and
the public log is an append-only list that states share (each reads its own prefix), so a
long match costs neither a copy per action nor a log per state.
"""

from games.kit.errors import IllegalAction, InvalidSetup
from games.kit.shapes import check_action_shape

from .cards import CODE_RULE, JACK, ORDER, POINTS, RANK, TEN_OF_DIAMONDS, TWO_OF_CLUBS, spell
from .events import event_json
from .setup import DECK, HAND, PILE, check_setup, copy_setup

PLAY = "play"
SCHEMA = {PLAY: {"card": str}}
NO_SUCH_ACTIONS = {
    "pass": "there is no pass: you must play a card on your turn (ruling 9)",
    "deal": "dealing is done by the site, not by an action (ruling 34)",
    "cut": "there is no cut: the site's shuffle stands for it (ruling 3)",
}
XERI, JACK_XERI = "xeri", "jack_xeri"
XERI_POINTS = {XERI: 10, JACK_XERI: 20}  # a Jack xeri is 20 in all (ruling 10)
MORE_CARDS = 3  # ruling 16
HALF = DECK // 2
# What a copy of a state shares with it: numbers, the set-up, and the append-only log.
SHARED = (
    "variant",
    "seats",
    "setup",
    "rounds",
    "round",
    "dealer",
    "deal_no",
    "draw",
    "last_capturer",
    "plays",
    "to_move",
    "n_actions",
    "log",
    "log_len",
)


def side_of(seat: int) -> int:
    """Side 0 is seat 0 (and its partner 2), side 1 is seat 1 (and 3)."""
    return seat % 2


def score_sheet(captured, xeris) -> list[dict]:
    """Each side's score lines for a finished round (rulings 15-17), side 0 first."""
    sheets = []
    for side in (0, 1):
        cards = captured[side]
        count = len(cards)
        plain, jack = xeris[side]
        two = int(TWO_OF_CLUBS in cards)
        ten = int(TEN_OF_DIAMONDS in cards)
        honours = sum(POINTS[card] for card in cards) - two - ten
        more = MORE_CARDS if count > HALF else 0
        xeri_points = plain * XERI_POINTS[XERI] + jack * XERI_POINTS[JACK_XERI]
        sheets.append(
            {
                "side": side,
                "cards": count,
                "honours": honours,
                "two_of_clubs": two,
                "ten_of_diamonds": ten,
                "more_cards": more,
                "xeris": plain,
                "jack_xeris": jack,
                "xeri_points": xeri_points,
                "total": honours + two + ten + more + xeri_points,
            }
        )
    return sheets


class State:
    """A Xeri match between two actions. Read it; never change it (``apply`` copies)."""

    __slots__ = (*SHARED, "hands", "pile", "captured", "xeris", "sheets", "won", "totals")

    @classmethod
    def new(cls, variant: str, seats: int, setup: dict) -> "State":
        check_setup(variant, seats, setup)
        state = cls()
        state.variant = variant
        state.seats = seats
        state.setup = copy_setup(setup)  # the caller's set-up may change; ours must not
        state.rounds = len(setup["rounds"])
        state.n_actions = 0
        state.sheets = []
        state.won = [0, 0]
        state.totals = [0, 0]
        state.log = []
        state.log_len = 0
        state._start_round(0)
        return state

    # --- reading -----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.to_move is None

    @property
    def deck(self) -> list:
        """The deck of the round in progress (of the last round once the match is over)."""
        return self.setup["rounds"][self.round]["deck"]

    @property
    def stock(self) -> int:
        return DECK - self.draw

    def events(self) -> list[tuple]:
        """The public log of the match so far, as tuples (``events.event_json`` spells them)."""
        return self.log[: self.log_len]

    @property
    def scores(self) -> list[int]:
        """Each seat's side's points over the finished rounds (ruling 26)."""
        return [self.totals[side_of(seat)] for seat in range(self.seats)]

    def legal_actions(self) -> list[dict]:
        if self.to_move is None:
            return []
        seat = self.to_move
        return [{"seat": seat, "type": PLAY, "card": card} for card in self.hands[seat]]

    # --- acting ------------------------------------------------------------------------

    def apply(self, action) -> tuple["State", tuple]:
        """(new state, the events of this play), or IllegalAction naming the rule."""
        seat, card = self.check(action)
        after = self.copy()
        start = after.log_len
        after.play(seat, card)
        events = after.log[start : after.log_len]
        return after, tuple(event_json(event, after.sheets) for event in events)

    def check(self, action) -> tuple[int, str]:
        """(seat, card) of a legal action, or raise IllegalAction (ruling 34)."""
        if self.to_move is None:
            raise IllegalAction("the match is over: no card is played after its last round")
        if not (  # the shape of every action of a good record, checked in a few steps
            type(action) is dict
            and len(action) == 3
            and action.get("type") == PLAY
            and type(action.get("seat")) is int
            and type(action.get("card")) is str
        ):
            if isinstance(action, dict) and action.get("type") in NO_SUCH_ACTIONS:
                raise IllegalAction(NO_SUCH_ACTIONS[action["type"]])
            check_action_shape(action, SCHEMA)
        seat, card = action["seat"], action["card"]
        if not 0 <= seat < self.seats:
            raise IllegalAction(f"there is no seat {seat}: the seats are 0 to {self.seats - 1}")
        if seat != self.to_move:
            raise IllegalAction(f"it is seat {self.to_move}'s turn, not seat {seat}'s")
        if card not in ORDER:
            raise IllegalAction(f"{card!r} is not a card: {CODE_RULE}")
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalAction(
                f"you must play a card from your hand: {card} is not in it (you hold {spell(hand)})"
            )
        return seat, card

    def is_legal(self, action) -> bool:
        """Whether ``apply`` would accept ``action`` (any object; never raises)."""
        try:
            self.check(action)
        except IllegalAction:
            return False
        return True

    def copy(self) -> "State":
        other = State.__new__(State)
        # Written out, not a loop over SHARED with getattr/setattr: the copy is nearly half
        # of an ``apply`` (docs/performance.md, "Xeri ... straightforward versions").
        other.variant = self.variant
        other.seats = self.seats
        other.setup = self.setup
        other.rounds = self.rounds
        other.round = self.round
        other.dealer = self.dealer
        other.deal_no = self.deal_no
        other.draw = self.draw
        other.last_capturer = self.last_capturer
        other.plays = self.plays
        other.to_move = self.to_move
        other.n_actions = self.n_actions
        other.log = self.log
        other.log_len = self.log_len
        other.hands = [list(hand) for hand in self.hands]
        other.pile = list(self.pile)
        other.captured = [list(cards) for cards in self.captured]
        other.xeris = [list(pair) for pair in self.xeris]
        other.sheets = list(self.sheets)
        other.won = list(self.won)
        other.totals = list(self.totals)
        return other

    # --- in place: only on a fresh copy --------------------------------------------------

    def _log(self, *event) -> None:
        if len(self.log) != self.log_len:  # another state grew this log: branch off
            self.log = self.log[: self.log_len]
        self.log.append(event)
        self.log_len += 1

    def play(self, seat: int, card: str) -> None:
        """Play a checked card and everything that follows from it (rulings 7-14, 20)."""
        self.hands[seat].remove(card)
        pile = self.pile
        rank = RANK[card]
        kind = None
        taken = ()
        if pile and (rank == JACK or rank == RANK[pile[-1]]):
            side = side_of(seat)
            if len(pile) == 1 and rank == RANK[pile[0]]:
                kind = JACK_XERI if rank == JACK else XERI
                self.xeris[side][kind == JACK_XERI] += 1
            taken = tuple(pile)
            self.captured[side] += [*pile, card]
            self.pile = []
            self.last_capturer = seat
        else:
            pile.append(card)
        self.n_actions += 1
        self.plays += 1
        self._log("play", seat, card, taken, kind)
        self.to_move = (seat + 1) % self.seats
        if self.plays % (HAND * self.seats) == 0:
            if self.draw < DECK:
                self._deal_hands()
            else:
                self._end_round()

    def _deal_hands(self) -> None:
        """Six cards to each seat, the dealer's left first (ruling 32)."""
        deck = self.deck
        for j in range(self.seats):
            seat = (self.dealer + 1 + j) % self.seats
            self.hands[seat] = sorted(deck[self.draw : self.draw + HAND], key=ORDER.__getitem__)
            self.draw += HAND
        if self.plays:
            self.deal_no += 1
            self._log("deal", self.round + 1, self.deal_no)

    def _start_round(self, index: int) -> None:
        """Deal round ``index`` (rulings 2, 4-6, 32)."""
        one = self.setup["rounds"][index]
        self.round = index
        self.dealer = (self.setup["first_dealer"] + index) % self.seats
        self.deal_no = 1
        self.draw = 0
        self.plays = 0
        self.hands = [[] for _ in range(self.seats)]
        self.captured = [[], []]
        self.xeris = [[0, 0], [0, 0]]
        self.last_capturer = None
        self._log("round", index + 1, self.dealer)
        for rejected in one["redeals"]:
            self._log("redeal", index + 1, tuple(rejected))
        self._deal_hands()
        self.pile = self.deck[self.draw : self.draw + PILE]
        self.draw += PILE
        self._log("pile", index + 1, tuple(self.pile))
        self.to_move = (self.dealer + 1) % self.seats

    def _end_round(self) -> None:
        """The last pile, the score sheet, and the next round or the end (rulings 14-19)."""
        number = self.round + 1
        if self.pile:  # ruling 14: never a xeri, whatever is left
            side = side_of(self.last_capturer)
            self.captured[side] += self.pile
            self._log("last_pile", number, self.last_capturer, tuple(self.pile))
            self.pile = []
        sheet = score_sheet(self.captured, self.xeris)
        first, second = sheet[0]["total"], sheet[1]["total"]
        winner = None if first == second else int(second > first)
        if winner is not None:
            self.won[winner] += 1
        self.totals = [self.totals[side] + sheet[side]["total"] for side in (0, 1)]
        self.sheets.append({"round": number, "sides": sheet, "winner": winner})
        self._log("score", number, winner)
        if number < self.rounds:
            self._start_round(number)
        else:
            self.to_move = None
            self._log("end")


def replay(variant: str, seats: int, setup: dict, actions) -> State:
    """The state after ``actions``; an IllegalAction raised carries the action's index."""
    state = State.new(variant, seats, setup).copy()
    if not isinstance(actions, list):
        raise InvalidSetup('"actions" must be a list')
    for index, action in enumerate(actions):
        try:
            seat, card = state.check(action)
        except IllegalAction as error:
            error.index = index
            raise
        state.play(seat, card)
    return state
