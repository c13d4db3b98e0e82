"""The state of one ONEXENO game and the rules that move it on.

A ``State`` is never changed once built: ``apply`` returns a new one and the events the
action caused. Everything automatic (the draw at the start of a turn, tricks, skipping
seats that are out, the end) happens inside ``apply`` (``GAMES.md``). Rulings are cited
as (Rn) from ``onexeno-rulings.md``.
"""

from games.kit.errors import IllegalAction, InvalidSetup
from games.kit.play import fold_actions
from games.kit.shapes import check_action_shape

from .cards import (
    CANONICAL,
    DEMAND,
    EDGE_OFFSETS,
    FACE_OF,
    FACES,
    ID_SET,
    IDS,
    SIDE_NAMES,
    TOUCHING,
    VALUE,
    cells_text,
)

BASIC = "basic"
PARTNERS = "partners"
SEAT_COUNTS = {BASIC: (2, 3, 4, 5, 6, 7), PARTNERS: (4, 6)}
HAND = 5  # cards dealt to each seat (R26)
LIMIT = 5  # the field is at most 5 columns wide and 5 rows tall (R6)
SETUP_KEYS = ("first_dealer", "deck")
WENT_OUT = "went_out"
ALL_OUT = "all_out"
SCHEMA = {
    "place": {"card": int, "x": int, "y": int, "rotation": int},
    "pass": {},
}
LINE_NAMES = ("row", "column", "diagonal", "anti-diagonal")


def sides_of(variant: str, seats: int) -> tuple[tuple[int, ...], ...] | None:
    """Partners sit opposite: (0, 2), (1, 3) with 4 seats; (0, 3), (1, 4), (2, 5) with 6."""
    if variant != PARTNERS:
        return None
    half = seats // 2
    return tuple((seat, seat + half) for seat in range(half))


def check_table(variant, seats) -> None:
    if not isinstance(variant, str) or variant not in SEAT_COUNTS:
        raise InvalidSetup(f'the variant must be "basic" or "partners", not {variant!r}')
    counts = SEAT_COUNTS[variant]
    if type(seats) is not int or seats not in counts:
        allowed = "2 to 7" if variant == BASIC else "4 or 6"
        raise InvalidSetup(f"{variant} ONEXENO is played by {allowed} seats, not {seats!r}")


def check_setup(variant, seats, setup) -> None:
    """Raise InvalidSetup unless a game can start from this set-up (record index -1)."""
    check_table(variant, seats)
    if not isinstance(setup, dict) or set(setup) != set(SETUP_KEYS):
        raise InvalidSetup('an ONEXENO set-up holds exactly "first_dealer" and "deck"')
    dealer, deck = setup["first_dealer"], setup["deck"]
    if type(dealer) is not int or not 0 <= dealer < seats:
        raise InvalidSetup(f'"first_dealer" must be a seat from 0 to {seats - 1}')
    if (
        not isinstance(deck, list)
        or len(deck) != len(IDS)
        or any(type(card) is not int for card in deck)
        or set(deck) != ID_SET
    ):
        raise InvalidSetup('"deck" must list each of the 70 card ids once')


def fits(field: dict, x: int, y: int, face: int) -> bool:
    """Whether ``face`` at the empty cell (x, y) matches every card it touches (R3, R4)."""
    for offset, demands in DEMAND.items():
        neighbour = field.get((x + offset[0], y + offset[1]))
        if neighbour is not None:
            mask, want = demands[neighbour[2]]
            if face & mask != want:
                return False
    return True


def demand_at(field: dict, x: int, y: int) -> tuple[int, int] | None:
    """(mask, want) that a face must meet at (x, y), or None when no face can (two
    neighbours asking opposite colours of one cell)."""
    mask = want = 0
    for offset, demands in DEMAND.items():
        neighbour = field.get((x + offset[0], y + offset[1]))
        if neighbour is not None:
            more_mask, more_want = demands[neighbour[2]]
            if (want ^ more_want) & mask & more_mask:
                return None
            mask |= more_mask
            want |= more_want
    return mask, want


def extent(field: dict) -> tuple[int, int, int, int] | None:
    """(min x, max x, min y, max y) of the cards on the field, None when it is empty."""
    if not field:
        return None
    xs = [x for x, _y in field]
    ys = [y for _x, y in field]
    return min(xs), max(xs), min(ys), max(ys)


def open_cells(field: dict) -> list[tuple[int, int]]:
    """Empty cells sharing an edge with a card, inside the 5 x 5 limit, by (y, x) (R5, R6)."""
    if not field:
        return [(0, 0)]
    low_x, high_x, low_y, high_y = extent(field)
    cells = set()
    for x, y in field:
        for dx, dy in EDGE_OFFSETS:
            cell = (x + dx, y + dy)
            if cell in field:
                continue
            if max(high_x, cell[0]) - min(low_x, cell[0]) >= LIMIT:
                continue
            if max(high_y, cell[1]) - min(low_y, cell[1]) >= LIMIT:
                continue
            cells.add(cell)
    return sorted(cells, key=lambda cell: (cell[1], cell[0]))


def line_counts(field: dict, x: int, y: int) -> tuple[int, int, int, int]:
    """The cards of ``field`` on the row, column, diagonal and anti-diagonal through (x, y)
    (a card at (x, y) itself counts on all four). The field holds at most 25 cards, so one
    pass counts all four lines."""
    row = column = diagonal = anti = 0
    for cx, cy in field:
        row += cy == y
        column += cx == x
        diagonal += cx - cy == x - y
        anti += cx + cy == x + y
    return row, column, diagonal, anti


def tricks(field: dict, x: int, y: int) -> tuple[tuple[str, ...], tuple[tuple[int, int], ...]]:
    """(names of the lines through (x, y) holding 5 cards, their cells without repeats) (R7, R8).

    Only lines through the new card can be complete."""
    row, column, diagonal, anti = line_counts(field, x, y)
    if max(row, column, diagonal, anti) < LIMIT:
        return (), ()
    names = tuple(
        name
        for name, count in zip(LINE_NAMES, (row, column, diagonal, anti), strict=True)
        if count == LIMIT
    )
    cells = [
        (cx, cy)
        for cx, cy in field
        if (row == LIMIT and cy == y)
        or (column == LIMIT and cx == x)
        or (diagonal == LIMIT and cx - cy == x - y)
        or (anti == LIMIT and cx + cy == x + y)
    ]
    return names, tuple(sorted(cells, key=lambda cell: (cell[1], cell[0])))


class State:
    """One moment of a game. Read-only by convention: ``apply`` builds a new State.

    field        (x, y) -> (card, rotation, face) of the cards on the table
    hands        per seat, a sorted tuple of card ids
    stack        the cards still to draw, top first
    taken        per seat, the cards it took, in the order taken
    out          per seat, whether it is out (a final pass, its own or its partner's)
    endgame      whether the turn of ``to_move`` is an end-game turn (R13)
    drawn        per seat, the card it drew last (or None)
    log          the public history as a chain (previous chain, entry)
    """

    __slots__ = (
        "variant",
        "seats",
        "dealer",
        "sides",
        "field",
        "hands",
        "stack",
        "taken",
        "out",
        "to_move",
        "endgame",
        "drawn",
        "n_actions",
        "reason",
        "log",
    )

    @classmethod
    def new(cls, variant: str, seats: int, setup: dict) -> "State":
        check_setup(variant, seats, setup)
        dealer, deck = setup["first_dealer"], setup["deck"]
        state = cls()
        state.variant, state.seats, state.dealer = variant, seats, dealer
        state.sides = sides_of(variant, seats)
        hands = [()] * seats
        for block in range(seats):
            hands[(dealer + 1 + block) % seats] = tuple(
                sorted(deck[HAND * block : HAND * (block + 1)])
            )
        start = deck[HAND * seats]
        state.field = {(0, 0): (start, 0, start)}  # R10
        state.hands = tuple(hands)
        state.stack = tuple(deck[HAND * seats + 1 :])
        state.taken = ((),) * seats
        state.out = (False,) * seats
        state.drawn = (None,) * seats
        state.n_actions = 0
        state.reason = None
        state.log = None
        state.to_move = None
        state._start_turn((dealer + 1) % seats)
        return state

    def _copy(self) -> "State":
        new = State.__new__(State)
        new.variant, new.seats, new.dealer, new.sides = (
            self.variant,
            self.seats,
            self.dealer,
            self.sides,
        )
        new.field, new.hands, new.stack, new.taken = self.field, self.hands, self.stack, self.taken
        new.out, new.to_move, new.endgame, new.drawn = (
            self.out,
            self.to_move,
            self.endgame,
            self.drawn,
        )
        new.n_actions, new.reason, new.log = self.n_actions, self.reason, self.log
        return new

    # --- reading -----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.reason is not None

    def history(self) -> list[dict]:
        """The public move list, first move first (entries are shared: do not change them)."""
        entries, link = [], self.log
        while link is not None:
            link, entry = link
            entries.append(entry)
        entries.reverse()
        return entries

    def side_of(self, seat: int) -> tuple[int, ...]:
        if self.sides is None:
            return (seat,)
        return next(side for side in self.sides if seat in side)

    def taken_value(self, seat: int) -> int:
        return sum(VALUE[card] for card in self.taken[seat])

    def hand_value(self, seat: int) -> int:
        return sum(VALUE[card] for card in self.hands[seat])

    def seat_score(self, seat: int) -> int:
        """Taken so far during play (R28); taken minus hand at the end (R19)."""
        if self.over:
            return self.taken_value(seat) - self.hand_value(seat)
        return self.taken_value(seat)

    @property
    def scores(self) -> list[int]:
        """Per seat, the score of its side (partners show their team's number, R20)."""
        own = [self.seat_score(seat) for seat in range(self.seats)]
        return [sum(own[member] for member in self.side_of(seat)) for seat in range(self.seats)]

    # --- play --------------------------------------------------------------------------

    def legal_actions(self) -> list[dict]:
        """Placements by card, then cell (row by row), then rotation; then the pass."""
        if self.over:
            return []
        seat, field = self.to_move, self.field
        cells = []
        for x, y in open_cells(field):
            demand = demand_at(field, x, y)
            if demand is not None:
                cells.append((x, y, demand[0], demand[1]))
        actions = []
        for card in self.hands[seat]:
            faces = FACES[card]
            for x, y, mask, want in cells:
                for rotation, face in faces:
                    if face & mask == want:
                        actions.append(
                            {
                                "seat": seat,
                                "type": "place",
                                "card": card,
                                "x": x,
                                "y": y,
                                "rotation": rotation,
                            }
                        )
        if field:
            actions.append({"seat": seat, "type": "pass"})
        return actions

    def apply(self, action) -> tuple["State", tuple]:
        """(new state, events), or raise IllegalAction; ``self`` never changes."""
        if self.over:
            raise IllegalAction("the game is over")
        check_action_shape(action, SCHEMA)
        seat = action["seat"]
        if seat != self.to_move:
            if 0 <= seat < self.seats and self.out[seat]:
                raise IllegalAction(f"seat {seat} is out: it passed in the end game (ruling 14)")
            raise IllegalAction(f"it is seat {self.to_move}'s turn, not seat {seat}'s")
        new = self._copy()
        new.n_actions += 1
        if action["type"] == "pass":
            events = new._pass(seat)
        else:
            events = new._place(seat, action["card"], action["x"], action["y"], action["rotation"])
        return new, tuple(events)

    def placement_error(self, card: int, x: int, y: int, rotation: int) -> str | None:
        """Why laying ``card`` at (x, y) with ``rotation`` is illegal, or None (R3-R6, R11)."""
        seat, field = self.to_move, self.field
        if card not in self.hands[seat]:
            return (
                f"card {card} is not in your hand: you hold {', '.join(map(str, self.hands[seat]))}"
            )
        if not 0 <= rotation <= 3:
            return f"the rotation must be 0, 1, 2 or 3 quarter turns, not {rotation}"
        if not field:
            if (x, y) != (0, 0):
                return f"the field is empty: the card goes to (0, 0), not ({x}, {y}) (ruling 11)"
            return None
        if (x, y) in field:
            return f"({x}, {y}) already holds card {field[x, y][0]}: lay the card on an empty cell"
        if not any((x + dx, y + dy) in field for dx, dy in EDGE_OFFSETS):
            return f"({x}, {y}) shares no edge with a card on the field (ruling 5)"
        low_x, high_x, low_y, high_y = extent(field)
        wide = max(high_x, x) - min(low_x, x) + 1
        tall = max(high_y, y) - min(low_y, y) + 1
        if wide > LIMIT:
            return (
                f"at ({x}, {y}) the field would be {wide} columns wide: at most {LIMIT} (ruling 6)"
            )
        if tall > LIMIT:
            return f"at ({x}, {y}) the field would be {tall} rows tall: at most {LIMIT} (ruling 6)"
        face = FACE_OF[card][rotation]
        for offset, demands in DEMAND.items():
            there = (x + offset[0], y + offset[1])
            neighbour = field.get(there)
            if neighbour is None:
                continue
            mask, want = demands[neighbour[2]]
            if face & mask == want:
                continue
            pairs = TOUCHING[offset]
            mine = cells_text(face, [cell for cell, _theirs in pairs])
            theirs = cells_text(neighbour[2], [cell for _mine, cell in pairs])
            rule = "edge rule, ruling 3" if len(pairs) == 3 else "corner rule, ruling 4"
            return (
                f"card {card} turned {rotation} does not match the card at ({there[0]}, "
                f"{there[1]}): its {SIDE_NAMES[offset]} reads {mine} against {theirs} ({rule})"
            )
        return None

    def _place(self, seat: int, card: int, x: int, y: int, rotation: int) -> list[dict]:
        error = self.placement_error(card, x, y, rotation)
        if error:
            raise IllegalAction(error)
        rotation = CANONICAL[card][rotation]  # R2, R27: the same face is the same move
        field = dict(self.field)
        field[x, y] = (card, rotation, FACE_OF[card][rotation])
        hands = list(self.hands)
        hands[seat] = tuple(held for held in hands[seat] if held != card)
        self.hands = tuple(hands)
        lines, cells = tricks(field, x, y)
        taken_cards = tuple(field.pop(cell)[0] for cell in cells)
        if taken_cards:
            taken = list(self.taken)
            taken[seat] = taken[seat] + taken_cards
            self.taken = tuple(taken)
        self.field = field
        entry = {
            "type": "place",
            "seat": seat,
            "card": card,
            "x": x,
            "y": y,
            "rotation": rotation,
            "lines": list(lines),
            "taken": list(taken_cards),
            "value": sum(VALUE[taken] for taken in taken_cards),
        }
        self.log = (self.log, entry)
        events = [entry]
        if not self.hands[seat]:  # R15: going out ends the game at once
            return events + self._end(WENT_OUT)
        return events + self._next_turn(seat)

    def _pass(self, seat: int) -> list[dict]:
        if not self.field:
            raise IllegalAction("the field is empty: you must lay a card at (0, 0) (ruling 11)")
        final = self.endgame
        entry = {"type": "pass", "seat": seat, "final": final}
        self.log = (self.log, entry)
        if final:  # R14, R20: a final pass puts the whole side out
            out = list(self.out)
            for member in self.side_of(seat):
                out[member] = True
            self.out = tuple(out)
        return [entry, *self._next_turn(seat)]

    def _next_turn(self, seat: int) -> list[dict]:
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if not self.out[candidate]:
                return self._start_turn(candidate)
        return self._end(ALL_OUT)  # R16

    def _start_turn(self, seat: int) -> list[dict]:
        """The turn of ``seat`` begins: draw if the stack lasts (R12, R13)."""
        self.to_move = seat
        self.endgame = not self.stack
        if self.endgame:
            return []
        card, self.stack = self.stack[0], self.stack[1:]
        hands, drawn = list(self.hands), list(self.drawn)
        hands[seat] = tuple(sorted((*hands[seat], card)))
        drawn[seat] = card
        self.hands, self.drawn = tuple(hands), tuple(drawn)
        return [{"type": "draw", "seat": seat, "stack": len(self.stack)}]

    def _end(self, reason: str) -> list[dict]:
        self.reason = reason
        self.to_move = None
        return [{"type": "end", "reason": reason, "scores": self.scores}]


def replay(variant: str, seats: int, setup: dict, actions) -> State:
    """Fold ``actions`` over the set-up; an IllegalAction carries the index of the action."""
    return fold_actions(State.new(variant, seats, setup), actions)
