"""The game state and the one function that changes it.

A game is fully determined by (variant, deal, first leader) and its list of actions:
``replay`` folds the actions over the set-up. ``State`` objects are never changed once
returned; ``apply`` returns a new state and the events the action caused, or raises
``IllegalAction`` naming the rule that forbids it (and the state is untouched).

Hands are bitmasks (bit ``c`` set when card ``c`` is there), which keeps copying and the
"is this card in your hands" checks cheap: bots replay thousands of positions a move.
"""

from games.kit import errors as kit_errors

from . import rules
from .actions import ABANDON, DRAFT, PLAY, RAISE, SLIDE, TRADE, make_action, parse_action
from .errors import IllegalAction
from .rules import DECIDE, OVER, SLIDE as SLIDE_PHASE, STANDARD, TALON, TRADE as TRADE_PHASE, V2

PLAY_PHASE = rules.PLAY
DRAFT_PHASE = rules.DRAFT


class InvalidSetup(kit_errors.InvalidSetup):
    """The variant, deal or first leader of a game is not valid (a kind of the kit's)."""


def cards_of(mask: int) -> list[int]:
    """The cards of a bitmask, in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def check_setup(variant, deal, first_leader) -> None:
    """Raise InvalidSetup unless (variant, deal, first_leader) can start a game (ruling 1)."""
    if type(variant) is not str or variant not in rules.VARIANTS:
        raise InvalidSetup(f'"variant" must be "standard", "talon" or "v2", not {variant!r}')
    if not isinstance(deal, list | tuple) or len(deal) != rules.DEAL_SIZE:
        raise InvalidSetup('"deal" must be a list of 18 cards')
    if any(type(c) is not int for c in deal) or sorted(deal) != list(rules.CARDS):
        raise InvalidSetup('"deal" must hold each integer from 1 to 18 exactly once')
    if type(first_leader) is not int or first_leader not in (0, 1):
        raise InvalidSetup(f'"first_leader" must be 0 or 1, not {first_leader!r}')


class State:
    """One position of a game. Treat as immutable: ``apply`` returns a new one.

    Attributes (read-only by convention):
      variant, deal, first_leader  the set-up
      closed, open                 per seat, bitmasks of the closed and open hands
      row, row_up, row_by          the row/talon: card, face up?, seat that placed it face
                                   down (-1 for dealt cards and face-up cards)
      row_known                    v2: per row position, a bitmask of the seats (bit s) that
                                   know its card: the placer, and each seat that slid it
                                   since it was placed (rulings 20 and 28)
      slid                         v2: per row position, the seat that slid it this
                                   exchange, -1 if none (cleared by the trade, ruling 26)
      discard                      the unused card
      scores                       per seat
      exchange                     1 for the first exchange
      phase                        play / decide / slide / draft / trade / over
      to_move                      seat to act (None when over)
      leader                       leader of the current trick (next trick in decide phase)
      led                          card led to the current trick, 0 when none
      strikes                      per seat, in the current exchange
      pool                         cards played this exchange (the draft pool in draft)
      ex_winner, ex_loser          of the last finished exchange (-1 before the first)
      winner, reason               the result once over (winner None for a talon draw)
      n_actions                    actions applied so far
      seen                         per seat, bitmask of every card that seat has seen
      public                       bitmask of every card ever played (face up for good)
      known                        per seat, cards it knows are in the opponent's closed hand
                                   (in v2, the single hand: stored as the closed hand)
      last_trick                   (leader, led, followed, taker) of the last trick or None
      log                          events so far as a chain (previous_chain, events_tuple)
    """

    __slots__ = (
        "variant",
        "deal",
        "first_leader",
        "closed",
        "open",
        "row",
        "row_up",
        "row_by",
        "row_known",
        "slid",
        "discard",
        "scores",
        "exchange",
        "phase",
        "to_move",
        "leader",
        "led",
        "strikes",
        "pool",
        "ex_winner",
        "ex_loser",
        "winner",
        "reason",
        "n_actions",
        "seen",
        "public",
        "known",
        "last_trick",
        "log",
    )

    # --- construction -------------------------------------------------------------------

    @classmethod
    def new(cls, variant: str, deal, first_leader: int) -> "State":
        """The position before the first action (ruling 1 lays out the deal)."""
        check_setup(variant, deal, first_leader)
        s = cls.__new__(cls)
        s.variant = variant
        s.deal = tuple(deal)
        s.first_leader = first_leader
        s.closed = [mask_of(deal[0:6]), mask_of(deal[6:12])]
        s.open = [0, 0]
        s.row = list(deal[12:17])
        s.row_up = [False] * rules.ROW_SIZE
        s.row_by = [-1] * rules.ROW_SIZE
        s.row_known = [0] * rules.ROW_SIZE
        s.slid = [-1] * rules.ROW_SIZE
        s.discard = deal[17]
        s.scores = [0, 0]
        s.exchange = 1
        s.phase = PLAY_PHASE
        s.to_move = first_leader
        s.leader = first_leader
        s.led = 0
        s.strikes = [0, 0]
        s.pool = 0
        s.ex_winner = -1
        s.ex_loser = -1
        s.winner = None
        s.reason = None
        s.n_actions = 0
        s.seen = list(s.closed)
        s.public = 0
        s.known = [0, 0]
        s.last_trick = None
        s.log = (None, (("start", first_leader, 1),))
        return s

    def copy(self) -> "State":
        s = State.__new__(State)
        s.variant = self.variant
        s.deal = self.deal
        s.first_leader = self.first_leader
        s.closed = self.closed[:]
        s.open = self.open[:]
        s.row = self.row[:]
        s.row_up = self.row_up[:]
        s.row_by = self.row_by[:]
        s.row_known = self.row_known[:]
        s.slid = self.slid[:]
        s.discard = self.discard
        s.scores = self.scores[:]
        s.exchange = self.exchange
        s.phase = self.phase
        s.to_move = self.to_move
        s.leader = self.leader
        s.led = self.led
        s.strikes = self.strikes[:]
        s.pool = self.pool
        s.ex_winner = self.ex_winner
        s.ex_loser = self.ex_loser
        s.winner = self.winner
        s.reason = self.reason
        s.n_actions = self.n_actions
        s.seen = self.seen[:]
        s.public = self.public
        s.known = self.known[:]
        s.last_trick = self.last_trick
        s.log = self.log
        return s

    # --- reading ------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def stakes(self) -> int:
        """Points the exchange is worth now (0 before the first strike)."""
        return rules.STAKES[self.variant][self.strikes[0] + self.strikes[1]]

    @property
    def stakes_next(self) -> int | None:
        """Points the exchange is worth after one more strike (None once it cannot get one)."""
        total = self.strikes[0] + self.strikes[1]
        table = rules.STAKES[self.variant]
        return table[total + 1] if total + 1 < len(table) else None

    def hand(self, seat: int) -> int:
        return self.closed[seat] | self.open[seat]

    def events(self) -> list[tuple]:
        """Every event since the start, oldest first."""
        chunks = []
        node = self.log
        while node is not None:
            node, chunk = node
            chunks.append(chunk)
        out = []
        for chunk in reversed(chunks):
            out.extend(chunk)
        return out

    def legal_actions(self) -> list[dict]:
        """The legal actions of the seat to move, in a stable order."""
        return [make_action(*a) for a in self.legal_tuples()]

    def legal_tuples(self) -> list[tuple]:
        """Legal actions as (type, seat, card, position) tuples, in the same order."""
        seat = self.to_move
        phase = self.phase
        if phase == PLAY_PHASE:
            return [(PLAY, seat, c, 0) for c in cards_of(self.closed[seat] | self.open[seat])]
        if phase == DECIDE:
            return [(RAISE, seat, 0, 0), (ABANDON, seat, 0, 0)]
        if phase == SLIDE_PHASE:
            slid = self.slid
            return [(SLIDE, seat, 0, p) for p in range(rules.ROW_SIZE) if slid[p] < 0]
        if phase == DRAFT_PHASE:
            return [(DRAFT, seat, c, 0) for c in cards_of(self.pool)]
        if phase == TRADE_PHASE:
            cards, positions = self.trade_options()
            return [(TRADE, seat, c, p) for c in cards for p in positions]
        return []

    def trade_options(self) -> tuple[list[int], list[int]]:
        """(hand cards, row positions) the exchange loser may trade (rulings 10, 13, 25)."""
        seat = self.to_move
        if self.variant == TALON:
            down = [p for p in range(rules.ROW_SIZE) if not self.row_up[p]]
            return cards_of(self.open[seat]), down or list(range(rules.ROW_SIZE))
        return cards_of(self.closed[seat] | self.open[seat]), list(range(rules.ROW_SIZE))

    # --- changing -----------------------------------------------------------------------

    def apply(self, action) -> tuple["State", tuple]:
        """Return (new state, events) or raise IllegalAction; ``self`` never changes."""
        kind, seat, card, position = parse_action(action)
        new = self.copy()
        events = new._step(kind, seat, card, position)
        return new, events

    def _step(self, kind: str, seat: int, card: int, position: int) -> tuple:
        """Apply a shape-checked action in place. Checks every rule before changing anything."""
        if self.variant == V2:
            if kind in (RAISE, ABANDON):
                raise IllegalAction(
                    f"XIX 2.0 has no {kind}: a strike is followed by a slide (ruling 17)"
                )
        elif kind == SLIDE:
            raise IllegalAction(
                f"there is no slide in the {self.variant} variant (only in XIX 2.0)"
            )
        phase = self.phase
        if phase == OVER:
            raise IllegalAction("the game is over")
        if seat != self.to_move:
            raise IllegalAction("it is not your turn")
        if phase == SLIDE_PHASE:
            if kind != SLIDE:
                raise IllegalAction(
                    "you just received a strike: you must slide a row card first (ruling 19)"
                )
            events = self._slide(seat, position)
        elif kind == SLIDE:
            raise IllegalAction("you can only slide right after you receive a strike (ruling 19)")
        elif phase == PLAY_PHASE:
            if kind != PLAY:
                raise IllegalAction(_WRONG_KIND_IN_PLAY[kind])
            events = self._play(seat, card)
        elif phase == DECIDE:
            if kind == RAISE:
                events = self._raise(seat)
            elif kind == ABANDON:
                events = self._end_exchange(1 - seat, [("abandon", seat)])
            else:
                raise IllegalAction("you must raise or abandon first")
        elif phase == DRAFT_PHASE:
            if kind != DRAFT:
                raise IllegalAction("the draft is on: you must draft a card")
            events = self._draft(seat, card)
        else:
            if kind != TRADE:
                raise IllegalAction("you lost the exchange: you must trade a card with the row")
            events = self._trade(seat, card, position)
        self.n_actions += 1
        events = tuple(events)
        self.log = (self.log, events)
        return events

    def _play(self, seat: int, card: int) -> list:
        bit = 1 << card
        if self.variant == V2:
            if not self.closed[seat] & bit:
                raise IllegalAction(f"card {card} is not in your hand (ruling 17)")
            self.closed[seat] ^= bit
        elif self.closed[seat] & bit:
            self.closed[seat] ^= bit
        elif self.open[seat] & bit:
            self.open[seat] ^= bit
        else:
            raise IllegalAction(f"card {card} is not in your hands")
        self.public |= bit
        self.seen[0] |= bit
        self.seen[1] |= bit
        self.known[1 - seat] &= ~bit
        self.pool |= bit
        led = self.led
        if not led:
            self.led = card
            self.to_move = 1 - seat
            return [("lead", seat, card)]
        leader = self.leader
        taker = rules.trick_taker(self.variant, leader, led, card)
        loser = 1 - taker
        self.led = 0
        self.last_trick = (leader, led, card, taker)
        self.strikes[loser] += 1
        events = [
            ("follow", seat, card),
            ("trick", taker, leader, led, card),
            ("strike", loser, self.strikes[loser], self.strikes[0] + self.strikes[1]),
        ]
        self.leader = taker
        if self.variant == V2:
            # Ruling 19: every strike is followed by the struck seat's slide; ruling 21: a
            # third strike ends the exchange and scores it first (ruling 22: maybe the game).
            self.phase = SLIDE_PHASE
            self.to_move = loser
            if self.strikes[loser] == rules.MAX_STRIKES_PER_SEAT:
                return self._end_exchange(taker, events)
            return events
        if self.strikes[loser] == rules.MAX_STRIKES_PER_SEAT:
            return self._end_exchange(taker, events)  # ruling 3: no action for the third
        self.phase = DECIDE
        self.to_move = loser
        return events

    def _raise(self, seat: int) -> list:
        self.phase = PLAY_PHASE
        self.to_move = self.leader
        return [("raise", seat, self.stakes_next)]

    def _end_exchange(self, winner: int, events: list) -> list:
        loser = 1 - winner
        points = self.stakes
        self.scores[winner] += points
        self.ex_winner = winner
        self.ex_loser = loser
        self.leader = winner  # ruling 5
        events.append(("exchange", winner, points, self.exchange, tuple(self.scores)))
        if self.variant == STANDARD:
            over, game_winner, reason = rules.standard_game_end(self.scores)
        elif self.variant == V2:
            over, game_winner = rules.v2_game_end(self.scores)
            reason = rules.REACHED_19
            if not over:
                return events  # the loser's slide comes first (rulings 19 and 21)
        else:
            over = all(self.row_up) and (self.closed[0] == 0 or self.closed[1] == 0)
            game_winner = rules.talon_winner(self.scores) if over else None
            reason = rules.TALON_END
        if over:
            self.phase = OVER
            self.to_move = None
            self.winner = game_winner
            self.reason = reason
            events.append(("over", game_winner, reason, tuple(self.scores)))
            return events
        self.phase = DRAFT_PHASE
        self.to_move = loser  # ruling 6: the loser drafts first
        return events

    def _slide(self, seat: int, position: int) -> list:
        """Ruling 19: slide the row card at ``position``; ruling 20: the seat sees it."""
        if self.slid[position] >= 0:
            raise IllegalAction(
                f"row position {position + 1} has already been slid in this exchange (ruling 19)"
            )
        card = self.row[position]
        self.slid[position] = seat
        self.row_known[position] |= 1 << seat
        self.seen[seat] |= 1 << card
        events = [("slide", seat, position, card)]
        if self.strikes[seat] == rules.MAX_STRIKES_PER_SEAT:
            # The exchange was scored at the strike (ruling 21); the slid cards go back
            # (ruling 23) and the loser drafts first (ruling 24).
            events.append(("slid_back", self.exchange))
            self.phase = DRAFT_PHASE
            self.to_move = seat
        else:
            self.phase = PLAY_PHASE
            self.to_move = self.leader
        return events

    def _draft(self, seat: int, card: int) -> list:
        bit = 1 << card
        if not self.pool & bit:
            raise IllegalAction(f"card {card} is not in the draft pool")
        self.pool ^= bit
        if self.variant == V2:
            # Ruling 24: into the single hand, where the opponent knows it is (ruling 28).
            self.closed[seat] |= bit
            self.known[1 - seat] |= bit
        else:
            self.open[seat] |= bit
        if self.pool:
            self.to_move = 1 - seat
        else:
            self.phase = TRADE_PHASE
            self.to_move = self.ex_loser
        return [("draft", seat, card)]

    def _trade(self, seat: int, card: int, position: int) -> list:
        if self.variant == V2:
            return self._trade_v2(seat, card, position)
        bit = 1 << card
        from_closed = bool(self.closed[seat] & bit)
        if not from_closed and not self.open[seat] & bit:
            raise IllegalAction(f"card {card} is not in your hands")
        talon = self.variant == TALON
        if talon:
            if from_closed:
                raise IllegalAction(
                    "in the talon variant the hand card must come from your open hand"
                )
            if self.row_up[position] and not all(self.row_up):
                raise IllegalAction("you must take a face-down talon card while any is left")
        taken = self.row[position]
        taken_down = not self.row_up[position]
        taken_bit = 1 << taken
        opponent = 1 - seat
        # Out of the hand...
        if from_closed:
            self.closed[seat] ^= bit
            # The opponent can no longer be sure which closed cards remain (ruling 15).
            self.known[opponent] = 0
        else:
            self.open[seat] ^= bit
        # ...into the row: face down from the closed hand in standard, else face up.
        place_down = from_closed and not talon
        self.row[position] = card
        self.row_up[position] = not place_down
        placed_by = self.row_by[position]
        self.row_by[position] = seat if place_down else -1
        if not place_down:
            self.seen[opponent] |= bit
        # The row card into the matching hand.
        if taken_down:
            self.closed[seat] |= taken_bit
            self.seen[seat] |= taken_bit
            if placed_by == opponent:
                self.known[opponent] |= taken_bit
        else:
            self.open[seat] |= taken_bit
        events = [("trade", seat, card, from_closed, position, taken, taken_down, placed_by)]
        return self._next_exchange(events)

    def _trade_v2(self, seat: int, card: int, position: int) -> list:
        """Ruling 25: the strike card at ``position`` into the hand, ``card`` (in the hand
        before the trade) face down in its place; ruling 28 for what each seat knows."""
        bit = 1 << card
        if not self.closed[seat] & bit:
            raise IllegalAction(
                f"card {card} is not in your hand: the card you place must be in your hand "
                "before the trade, so it cannot be the strike card (ruling 25)"
            )
        opponent = 1 - seat
        taken = self.row[position]
        taken_bit = 1 << taken
        knew = self.row_known[position]
        self.closed[seat] ^= bit | taken_bit
        self.seen[seat] |= taken_bit
        # The opponent no longer knows which of the cards it knew of are still in the hand;
        # a strike card it knew is surely there, as it cannot be the card put back.
        self.known[opponent] = taken_bit if knew >> opponent & 1 else 0
        self.row[position] = card
        self.row_by[position] = seat
        self.row_known[position] = 1 << seat
        events = [("swap", seat, card, position, taken, knew)]
        self.slid = [-1] * rules.ROW_SIZE  # ruling 26
        return self._next_exchange(events)

    def _next_exchange(self, events: list) -> list:
        # The next exchange: the last exchange's winner leads (rulings 5 and 26).
        self.exchange += 1
        self.strikes = [0, 0]
        self.pool = 0
        self.led = 0
        self.phase = PLAY_PHASE
        self.to_move = self.leader
        events.append(("start", self.leader, self.exchange))
        return events


_WRONG_KIND_IN_PLAY = {
    RAISE: "you can only raise right after you take a first or second strike",
    ABANDON: "you can only abandon right after you take a first or second strike",
    DRAFT: "there is nothing to draft: a trick is being played",
    TRADE: "you can only trade after the draft of an exchange you lost",
}


def new_game(variant: str, deal, first_leader: int) -> State:
    return State.new(variant, deal, first_leader)


def apply(state: State, action) -> tuple[State, tuple]:
    return state.apply(action)


def replay(variant: str, deal, first_leader: int, actions) -> State:
    """Fold the actions over the set-up; raise IllegalAction at the first illegal one.

    The raised error has ``index`` set to the position of the offending action.
    """
    state = State.new(variant, deal, first_leader)
    for index, action in enumerate(actions):
        try:
            kind, seat, card, position = parse_action(action)
            state._step(kind, seat, card, position)
        except IllegalAction as error:
            error.index = index
            raise
    return state
