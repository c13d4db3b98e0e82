"""The state of a Xeri match and the one action, ``play`` (rulings 6-20, 26, 34).

A state is a fold of the actions over the set-up. ``apply`` returns a new state and the
events the play caused; everything automatic (later deals, the last pile, scoring, the
next round's deal and its redeals) happens inside it, right after the play that causes it.

Speed (docs/performance.md, "Xeri and Xactika against an in-place engine"): a state is
nine fields, and a play changes few of them. What never changes in a match (variant,
seats, set-up, every deal's sorted hands, made once when first needed) is one ``Match``
that all its states share; what changes once a capture, a deal or a round (the capture
piles, xeris, deal number, score sheets) is one ``Tally``, shared until it changes; hands
and piles are lists that ``apply`` never changes once made (a play makes new ones), so a
new state shares every other list with the old one. The public log is a chain of tuples,
each pointing to the one before, so a play adds one tuple and no state holds a copy of
the log. ``legal_actions`` lists shared ``games.kit.actions.Action`` objects (one per seat
and card), and ``apply`` trusts such an action's shape and checks only that it is the
seat's turn and the card is held. ``copy`` gives a state that owns its lists, for ``play``
to change in place (``replay`` and the strong bot's playouts).
"""

from operator import attrgetter

from games.kit.actions import Action, Frozen, FrozenList
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


# The legal actions: one shared, unchangeable action per seat and card. Its key holds
# what ``apply`` reads: the seat, the card, its rank, and the events of the usual play
# (onto the pile, nothing automatic after it), made once.
NOTHING_TAKEN = FrozenList()
PLAYS = tuple(
    {
        card: Action(
            (
                seat,
                card,
                RANK[card],
                (Frozen(type=PLAY, seat=seat, card=card, captured=NOTHING_TAKEN, xeri=None),),
            ),
            seat=seat,
            type=PLAY,
            card=card,
        )
        for card in ORDER
    }
    for seat in range(4)
)

PLAY_OF = tuple(plays.__getitem__ for plays in PLAYS)  # PLAY_OF[seat](card): its action


def xeri_kind(pile, rank: str) -> str | None:
    """What a card of ``rank`` that takes ``pile`` makes: a xeri or a Jack xeri when the
    pile is one card of its rank (rulings 10, 11), else None."""
    if len(pile) == 1 and rank == RANK[pile[0]]:
        return JACK_XERI if rank == JACK else XERI
    return None


class Match:
    """What never changes in a match; ``hands`` deals each deal's sorted hands once."""

    __slots__ = ("variant", "seats", "setup", "rounds", "dealt", "nexts")

    def __init__(self, variant: str, seats: int, setup: dict):
        self.variant = variant
        self.seats = seats
        self.setup = setup
        self.rounds = len(setup["rounds"])
        self.dealt = {}
        self.nexts = tuple((seat + 1) % seats for seat in range(seats))

    def hands(self, index: int, deal_no: int) -> list:
        """Every seat's hand of deal ``deal_no`` (from 1) of round ``index``: six cards to
        each seat, the dealer's left first (ruling 32), each hand in canonical order."""
        found = self.dealt.get((index, deal_no))
        if found is None:
            seats = self.seats
            deck = self.setup["rounds"][index]["deck"]
            draw = 0 if deal_no == 1 else PILE + (deal_no - 1) * HAND * seats
            dealer = (self.setup["first_dealer"] + index) % seats
            found = [None] * seats
            at = ORDER.__getitem__
            for j in range(seats):
                start = draw + j * HAND
                found[(dealer + 1 + j) % seats] = sorted(deck[start : start + HAND], key=at)
            self.dealt[index, deal_no] = found
        return found


class Tally:
    """The part of a state that changes once a capture, a deal or a round: the round in
    progress, its capture piles and xeris, and the finished rounds' sheets and totals.
    Shared by the states between two such changes; ``copy`` before changing one."""

    __slots__ = (
        "dealer",
        "deal_no",
        "start",
        "captured",
        "xeris",
        "last_capturer",
        "sheets",
        "won",
        "totals",
    )

    def copy(self) -> "Tally":
        other = Tally.__new__(Tally)
        other.dealer = self.dealer
        other.deal_no = self.deal_no
        other.start = self.start
        other.captured = self.captured
        other.xeris = self.xeris
        other.last_capturer = self.last_capturer
        other.sheets = self.sheets
        other.won = self.won
        other.totals = self.totals
        return other


def _field(path: str, doc: str) -> property:
    """A read-only attribute of the state that lives on its tally or its match."""
    return property(attrgetter(path), doc=doc)


_new = object.__new__


class State:
    """A Xeri match between two actions. Read it; never change it (``apply`` makes a new
    one; ``copy`` then ``play`` is the in-place path of the strong bot's playouts)."""

    __slots__ = (
        "match",
        "round",
        "draw",
        "hands",
        "pile",
        "to_move",
        "n_actions",
        "log",
        "tally",
        "over",
    )

    @classmethod
    def new(cls, variant: str, seats: int, setup: dict) -> "State":
        check_setup(variant, seats, setup)
        state = cls()
        # the caller's set-up may change; ours must not
        state.match = Match(variant, seats, copy_setup(setup))
        tally = state.tally = Tally()
        tally.sheets = []
        tally.won = [0, 0]
        tally.totals = [0, 0]
        state.n_actions = 0
        state.log = None
        state.over = False
        state._start_round(0)
        return state

    # --- reading -----------------------------------------------------------------------

    variant = _field("match.variant", "The variant.")
    seats = _field("match.seats", "The number of seats.")
    rounds = _field("match.rounds", "The number of rounds of the match.")
    dealer = _field("tally.dealer", "The dealer of the round in progress.")
    deal_no = _field("tally.deal_no", "The deal of the round in progress (from 1).")
    captured = _field("tally.captured", "Each side's capture pile this round.")
    xeris = _field("tally.xeris", "Each side's [xeris, Jack xeris] this round.")
    last_capturer = _field("tally.last_capturer", "The seat that took last, or None.")
    sheets = _field("tally.sheets", "The finished rounds' score sheets.")
    won = _field("tally.won", "Rounds won by each side.")
    totals = _field("tally.totals", "Each side's points over the finished rounds.")

    @property
    def setup(self) -> dict:
        return self.match.setup

    @setup.setter
    def setup(self, setup: dict) -> None:
        """Another set-up from here on (the bots' samples): later deals and rounds come
        from it. Only on a copy, as ``play``."""
        self.match = Match(self.match.variant, self.match.seats, setup)

    @property
    def deck(self) -> list:
        """The deck of the round in progress (of the last round once the match is over)."""
        return self.match.setup["rounds"][self.round]["deck"]

    @property
    def stock(self) -> int:
        return DECK - self.draw

    @property
    def plays(self) -> int:
        """Cards played in the round in progress."""
        return self.n_actions - self.tally.start

    def events(self) -> list[tuple]:
        """The public log of the match so far, as tuples (``events.event_json`` spells them)."""
        found = []
        node = self.log
        while node is not None:
            found.append(node[1:])
            node = node[0]
        found.reverse()
        return found

    @property
    def scores(self) -> list[int]:
        """Each seat's side's points over the finished rounds (ruling 26)."""
        totals = self.tally.totals
        return [totals[side_of(seat)] for seat in range(self.match.seats)]

    def legal_actions(self) -> list[dict]:
        seat = self.to_move
        if seat is None:
            return []
        return list(map(PLAY_OF[seat], self.hands[seat]))

    # --- acting ------------------------------------------------------------------------

    def apply(self, action) -> tuple["State", tuple]:
        """(new state, the events of this play), or IllegalAction naming the rule."""
        hands = self.hands
        if type(action) is Action:  # one of ours: only the turn and the hand to check
            seat, card, rank, events = action.key
            if seat != self.to_move or card not in hands[seat]:
                seat, card = self.check(action)
                rank = RANK[card]
        else:
            seat, card = self.check(action)
            rank = RANK[card]
            events = PLAYS[seat][card].key[3]
        after = _new(State)
        after.match = match = self.match
        after.round = self.round
        after.draw = self.draw
        after.tally = self.tally
        after.over = False
        pile = self.pile
        hand = hands[seat]
        following = match.nexts[seat]
        if (pile and (rank == JACK or rank == RANK[pile[-1]])) or (
            len(hand) == 1 and not hands[following]  # the last card of the deal
        ):
            return self._apply_move(after, seat, card)
        # The usual play: the card goes on the pile and nothing automatic follows.
        at = hand.index(card)
        hands = list(hands)
        hands[seat] = hand[:at] + hand[at + 1 :]
        after.hands = hands
        after.pile = [*pile, card]
        after.n_actions = self.n_actions + 1
        after.log = (self.log, PLAY, seat, card, (), None)
        after.to_move = following
        return after, events

    def _apply_move(self, after: "State", seat: int, card: str) -> tuple["State", tuple]:
        """``apply`` of a play that takes the pile or empties the hands: ``_move`` into
        ``after``, and the events it logged."""
        if not self._move(after, seat, card):  # a capture, and nothing automatic after it
            node = after.log
            return after, (
                {
                    "type": PLAY,
                    "seat": seat,
                    "card": card,
                    "captured": [*node[4], card],
                    "xeri": node[5],
                },
            )
        events = []
        node = after.log
        while node is not self.log:
            events.append(node[1:])
            node = node[0]
        sheets = after.tally.sheets
        return after, tuple(event_json(event, sheets) for event in reversed(events))

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
        seats = self.match.seats
        if not 0 <= seat < seats:
            raise IllegalAction(f"there is no seat {seat}: the seats are 0 to {seats - 1}")
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
        """A state equal to this one that owns every list ``play`` changes: the hands, the
        pile, the capture piles and the xeri counts (the rest it shares)."""
        other = _new(State)
        other.match = self.match
        other.over = self.over
        other.round = self.round
        other.draw = self.draw
        other.hands = [list(hand) for hand in self.hands]
        other.pile = list(self.pile)
        other.to_move = self.to_move
        other.n_actions = self.n_actions
        other.log = self.log
        tally = other.tally = self.tally.copy()
        tally.captured = [list(cards) for cards in tally.captured]
        tally.xeris = [list(pair) for pair in tally.xeris]
        return other

    # --- in place: only on a fresh copy, never applied from -----------------------------

    def play(self, seat: int, card: str) -> None:
        """Play a checked card and everything that follows from it (rulings 7-14, 20), in
        place: the strong bot's playouts and ``replay`` play into one ``copy``."""
        self.hands[seat].remove(card)
        pile = self.pile
        rank = RANK[card]
        if pile and (rank == JACK or rank == RANK[pile[-1]]):
            tally = self.tally
            side = seat & 1
            kind = xeri_kind(pile, rank)
            if kind:
                tally.xeris[side][kind == JACK_XERI] += 1
            taken = tuple(pile)
            tally.captured[side] += [*pile, card]
            tally.last_capturer = seat
            self.pile = []
        else:
            pile.append(card)
            taken = ()
            kind = None
        count = self.n_actions = self.n_actions + 1
        self.log = (self.log, PLAY, seat, card, taken, kind)
        seats = self.match.seats
        self.to_move = (seat + 1) % seats
        if not (count - self.tally.start) % (HAND * seats):
            self._after_the_hands()
            # the new hands are the match's, to share with every state of it: copy them
            # (the tally's lists are this state's: a deal shares them with a tally nobody
            # else holds, a new round makes new ones)
            self.hands = [list(hand) for hand in self.hands]

    def _move(self, after: "State", seat: int, card: str) -> bool:
        """Play a checked card from this state into ``after`` (a fresh state sharing this
        one's match and tally, or this state itself), then deal or end the round when the
        hands are empty; whether it did (rulings 7-14, 20)."""
        hands = self.hands
        hand = hands[seat]
        at = hand.index(card)
        hands = list(hands)
        hands[seat] = hand[:at] + hand[at + 1 :]
        pile = self.pile
        rank = RANK[card]
        if pile and (rank == JACK or rank == RANK[pile[-1]]):
            tally = after.tally = self.tally.copy()
            side = seat & 1
            kind = xeri_kind(pile, rank)
            if kind:
                xeris = [list(pair) for pair in tally.xeris]
                xeris[side][kind == JACK_XERI] += 1
                tally.xeris = xeris
            taken = tuple(pile)
            captured = list(tally.captured)
            captured[side] = [*captured[side], *pile, card]
            tally.captured = captured
            tally.last_capturer = seat
            after.pile = []
        else:
            after.pile = [*pile, card]
            taken = ()
            kind = None
        after.hands = hands
        count = after.n_actions = self.n_actions + 1
        after.log = (self.log, PLAY, seat, card, taken, kind)
        seats = self.match.seats
        after.to_move = (seat + 1) % seats
        if (count - after.tally.start) % (HAND * seats):
            return False
        after._after_the_hands()
        return True

    def _after_the_hands(self) -> None:
        """The hands are empty: the next deal, or the end of the round."""
        if self.draw < DECK:
            self._deal()
        else:
            self._end_round()

    def _log(self, *event) -> None:
        self.log = (self.log, *event)

    def _deal(self) -> None:
        """The next six cards to each seat (ruling 32)."""
        tally = self.tally = self.tally.copy()
        tally.deal_no += 1
        self.hands = self.match.hands(self.round, tally.deal_no)
        self.draw += HAND * self.match.seats
        self._log("deal", self.round + 1, tally.deal_no)

    def _start_round(self, index: int) -> None:
        """Deal round ``index`` (rulings 2, 4-6, 32), on a tally of this state alone."""
        match = self.match
        one = match.setup["rounds"][index]
        tally = self.tally
        self.round = index
        tally.dealer = (match.setup["first_dealer"] + index) % match.seats
        tally.deal_no = 1
        tally.start = self.n_actions
        tally.captured = [[], []]
        tally.xeris = [[0, 0], [0, 0]]
        tally.last_capturer = None
        self._log("round", index + 1, tally.dealer)
        for rejected in one["redeals"]:
            self._log("redeal", index + 1, tuple(rejected))
        self.hands = match.hands(index, 1)
        dealt = HAND * match.seats
        self.pile = one["deck"][dealt : dealt + PILE]
        self.draw = dealt + PILE
        self._log("pile", index + 1, tuple(self.pile))
        self.to_move = (tally.dealer + 1) % match.seats

    def _end_round(self) -> None:
        """The last pile, the score sheet, and the next round or the end (rulings 14-19)."""
        tally = self.tally = self.tally.copy()
        number = self.round + 1
        if self.pile:  # ruling 14: never a xeri, whatever is left
            side = side_of(tally.last_capturer)
            captured = list(tally.captured)
            captured[side] = [*captured[side], *self.pile]
            tally.captured = captured
            self._log("last_pile", number, tally.last_capturer, tuple(self.pile))
            self.pile = []
        sheet = score_sheet(tally.captured, tally.xeris)
        first, second = sheet[0]["total"], sheet[1]["total"]
        winner = None if first == second else int(second > first)
        if winner is not None:
            won = list(tally.won)
            won[winner] += 1
            tally.won = won
        tally.totals = [tally.totals[side] + sheet[side]["total"] for side in (0, 1)]
        tally.sheets = [*tally.sheets, {"round": number, "sides": sheet, "winner": winner}]
        self._log("score", number, winner)
        if number < self.match.rounds:
            self._start_round(number)
        else:
            self.to_move = None
            self.over = True
            self._log("end")


def replay(variant: str, seats: int, setup: dict, actions) -> State:
    """The state after ``actions``; an IllegalAction raised carries the action's index.

    Each action is checked (a record may hold anything) and played into one copy."""
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
