"""ONEXENO written the straightforward way, to measure the engine against (issue 18).

This is how a first implementation of ``/work/shared/rules/onexeno.md`` and its rulings
reads when it follows the words of the rules and nothing else: a card is a list of its 8
border cells, the field a dict from (x, y) to the card laid there with its rotation, a
match is found by comparing the cells on either side of an edge or a corner, a trick by
counting the field's cards on each line through the new card, the legal actions by trying
every card of the hand on every cell around the field in every rotation, and ``apply``
copies the whole state with ``copy.deepcopy`` (``new_plain``: by hand, ``PlainGame``). It
imports nothing of the engine (``games/onexeno/engine``); it has the same action format,
the same events and the same order of legal actions, so ``compare.py`` and
``tests/onexeno/test_naive_agrees.py`` can hold the two side by side.

    state = new("basic", 2, {"first_dealer": 0, "deck": [...70 card ids...]})
    state, events = state.apply(state.legal_actions()[0])
"""

import copy

LIMIT = 5  # the field is at most 5 columns wide and 5 rows tall
HAND = 5  # cards dealt to each seat
TABLES = (("basic", 2), ("basic", 4), ("basic", 7), ("partners", 4), ("partners", 6))
LINES = (("row", 1, 0), ("column", 0, 1), ("diagonal", 1, 1), ("anti-diagonal", 1, -1))


class IllegalMove(ValueError):
    """An action the rules do not allow."""


class Card:
    """A card: its 8 border cells, True for dark, clockwise from the top-left:

    0 1 2
    7 . 3
    6 5 4
    """

    def __init__(self, cells):
        self.cells = list(cells)
        # its id: the smallest number it shows in any rotation, bit i set for a dark cell i
        self.id = min(number_of(self.turned(rotation)) for rotation in range(4))
        self.value = sum(1 for dark in self.cells if dark)

    def __deepcopy__(self, memo):
        return self  # a card never changes

    def turned(self, rotation: int) -> list[bool]:
        """The cells it shows after ``rotation`` quarter turns clockwise: each turn moves
        cell i to cell i + 2."""
        cells = list(self.cells)
        for _ in range(rotation):
            cells = cells[-2:] + cells[:-2]
        return cells


def number_of(cells) -> int:
    return sum(1 << i for i, dark in enumerate(cells) if dark)


def all_cards() -> dict[int, Card]:
    """Every border pattern once, a pattern and its turns counting as one card."""
    cards = {}
    for number in range(256):
        card = Card([(number >> i) & 1 == 1 for i in range(8)])
        if card.id == number:
            cards[number] = card
    return cards


CARDS = all_cards()


# The three cells along each edge (left to right, top to bottom) and the corner cells.
def top(cells):
    return [cells[0], cells[1], cells[2]]


def bottom(cells):
    return [cells[6], cells[5], cells[4]]


def left(cells):
    return [cells[0], cells[7], cells[6]]


def right(cells):
    return [cells[2], cells[3], cells[4]]


def matches(cells, x, y, other, ox, oy) -> bool:
    """Whether a card showing ``cells`` at (x, y) matches ``other`` (cells) at (ox, oy)."""
    dx, dy = ox - x, oy - y
    if (dx, dy) == (1, 0):
        return right(cells) == left(other)
    if (dx, dy) == (-1, 0):
        return left(cells) == right(other)
    if (dx, dy) == (0, 1):
        return bottom(cells) == top(other)
    if (dx, dy) == (0, -1):
        return top(cells) == bottom(other)
    if (dx, dy) == (1, 1):
        return cells[4] == other[0]
    if (dx, dy) == (-1, -1):
        return cells[0] == other[4]
    if (dx, dy) == (1, -1):
        return cells[2] == other[6]
    if (dx, dy) == (-1, 1):
        return cells[6] == other[2]
    return True  # not touching


class Game:
    """One moment of a game; ``apply`` returns a new one."""

    def __init__(self, variant, seats, setup):
        if variant not in ("basic", "partners"):
            raise ValueError(f"no variant {variant!r}")
        allowed = [2, 3, 4, 5, 6, 7] if variant == "basic" else [4, 6]
        if seats not in allowed:
            raise ValueError(f"{variant} is not played by {seats} seats")
        deck = [CARDS[number] for number in setup["deck"]]
        if sorted(setup["deck"]) != sorted(CARDS):
            raise ValueError("the deck must hold each card once")
        self.variant = variant
        self.seats = seats
        self.dealer = setup["first_dealer"]
        if variant == "partners":
            half = seats // 2
            self.teams = [[seat, seat + half] for seat in range(half)]
        else:
            self.teams = [[seat] for seat in range(seats)]
        self.hands = [[] for _ in range(seats)]
        for block in range(seats):
            seat = (self.dealer + 1 + block) % seats
            self.hands[seat] = deck[block * HAND : block * HAND + HAND]
        self.field = {(0, 0): {"card": deck[seats * HAND], "rotation": 0}}
        self.stack = deck[seats * HAND + 1 :]
        self.taken = [[] for _ in range(seats)]
        self.out = [False] * seats
        self.history = []
        self.reason = None
        self.to_move = None
        self.endgame = False
        self.start_turn((self.dealer + 1) % seats)

    @property
    def over(self) -> bool:
        return self.reason is not None

    # --- the field ---------------------------------------------------------------------

    def shown(self, cell):
        placed = self.field[cell]
        return placed["card"].turned(placed["rotation"])

    def candidate_cells(self):
        """Every cell of the field's extent and one cell around it, row by row."""
        if not self.field:
            return [(0, 0)]
        xs = [x for x, y in self.field]
        ys = [y for x, y in self.field]
        cells = []
        for y in range(min(ys) - 1, max(ys) + 2):
            for x in range(min(xs) - 1, max(xs) + 2):
                cells.append((x, y))
        return cells

    def placement_problem(self, cells, x, y):
        """Why a card showing ``cells`` may not go to (x, y), or None."""
        if not self.field:
            if (x, y) != (0, 0):
                return "on an empty field the card goes to (0, 0)"
            return None
        if (x, y) in self.field:
            return "the cell is taken"
        touching = False
        for dx, dy in [(-1, 0), (1, 0), (0, -1), (0, 1)]:
            if (x + dx, y + dy) in self.field:
                touching = True
        if not touching:
            return "the card must share an edge with a card on the field"
        xs = [cx for cx, cy in self.field] + [x]
        ys = [cy for cx, cy in self.field] + [y]
        if max(xs) - min(xs) + 1 > LIMIT or max(ys) - min(ys) + 1 > LIMIT:
            return "the field may not be more than 5 by 5"
        for dx in [-1, 0, 1]:
            for dy in [-1, 0, 1]:
                neighbour = (x + dx, y + dy)
                if neighbour in self.field and neighbour != (x, y):
                    if not matches(cells, x, y, self.shown(neighbour), *neighbour):
                        return f"the card does not match the card at {neighbour}"
        return None

    # --- actions -----------------------------------------------------------------------

    def legal_actions(self):
        """Placements by card, then cell (row by row), then rotation; then the pass."""
        if self.over:
            return []
        seat = self.to_move
        actions = []
        for card in sorted(self.hands[seat], key=lambda card: card.id):
            for x, y in self.candidate_cells():
                seen = []
                for rotation in range(4):
                    cells = card.turned(rotation)
                    if cells in seen:
                        continue  # the same face is the same move
                    seen.append(cells)
                    if self.placement_problem(cells, x, y) is None:
                        actions.append(
                            {
                                "seat": seat,
                                "type": "place",
                                "card": card.id,
                                "x": x,
                                "y": y,
                                "rotation": rotation,
                            }
                        )
        if self.field:
            actions.append({"seat": seat, "type": "pass"})
        return actions

    def apply(self, action):
        """(the next state, the events), or raise IllegalMove; ``self`` is not changed."""
        if self.over:
            raise IllegalMove("the game is over")
        if not isinstance(action, dict):
            raise IllegalMove("an action is a dict")
        if action.get("type") == "pass":
            keys = ["seat", "type"]
        elif action.get("type") == "place":
            keys = ["seat", "type", "card", "x", "y", "rotation"]
        else:
            raise IllegalMove("the type is place or pass")
        if sorted(action) != sorted(keys):
            raise IllegalMove(f"the action has the keys {keys}")
        for key in keys:
            if key != "type" and (type(action[key]) is not int):
                raise IllegalMove(f"{key} must be a whole number")
        if action["seat"] != self.to_move:
            raise IllegalMove("it is not this seat's turn")
        new = self.copied()
        if action["type"] == "pass":
            events = new.do_pass(action["seat"])
        else:
            events = new.do_place(
                action["seat"], action["card"], action["x"], action["y"], action["rotation"]
            )
        return new, events

    def copied(self):
        return copy.deepcopy(self)

    def do_pass(self, seat):
        if not self.field:
            raise IllegalMove("on an empty field a card must be laid")
        entry = {"type": "pass", "seat": seat, "final": self.endgame}
        self.history.append(entry)
        if self.endgame:
            for team in self.teams:
                if seat in team:
                    for member in team:
                        self.out[member] = True
        return [entry] + self.next_turn(seat)

    def do_place(self, seat, number, x, y, rotation):
        card = None
        for held in self.hands[seat]:
            if held.id == number:
                card = held
        if card is None:
            raise IllegalMove(f"card {number} is not in the hand")
        if rotation not in [0, 1, 2, 3]:
            raise IllegalMove("the rotation is 0, 1, 2 or 3")
        cells = card.turned(rotation)
        problem = self.placement_problem(cells, x, y)
        if problem:
            raise IllegalMove(problem)
        for smaller in range(4):  # the same face is the same move: name it the first way
            if card.turned(smaller) == cells:
                rotation = smaller
                break
        self.field[(x, y)] = {"card": card, "rotation": rotation}
        self.hands[seat].remove(card)
        lines, cells_taken = [], []
        for name, dx, dy in LINES:
            on_line = [cell for cell in self.field if self.on_line(cell, x, y, dx, dy)]
            if len(on_line) == LIMIT:
                lines.append(name)
                for cell in on_line:
                    if cell not in cells_taken:
                        cells_taken.append(cell)
        cells_taken.sort(key=lambda cell: (cell[1], cell[0]))
        taken = []
        for cell in cells_taken:
            taken.append(self.field.pop(cell)["card"])
        self.taken[seat].extend(taken)
        entry = {
            "type": "place",
            "seat": seat,
            "card": number,
            "x": x,
            "y": y,
            "rotation": rotation,
            "lines": lines,
            "taken": [card.id for card in taken],
            "value": sum(card.value for card in taken),
        }
        self.history.append(entry)
        if not self.hands[seat]:
            return [entry] + self.end("went_out")
        return [entry] + self.next_turn(seat)

    @staticmethod
    def on_line(cell, x, y, dx, dy) -> bool:
        """Whether ``cell`` lies on the line through (x, y) in direction (dx, dy)."""
        cx, cy = cell
        if dx == 0:
            return cx == x
        if dy == 0:
            return cy == y
        return (cx - x) * dy == (cy - y) * dx

    # --- turns and the end -------------------------------------------------------------

    def next_turn(self, seat):
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if not self.out[candidate]:
                return self.start_turn(candidate)
        return self.end("all_out")

    def start_turn(self, seat):
        self.to_move = seat
        self.endgame = len(self.stack) == 0
        if self.endgame:
            return []
        self.hands[seat].append(self.stack.pop(0))
        return [{"type": "draw", "seat": seat, "stack": len(self.stack)}]

    def end(self, reason):
        self.reason = reason
        self.to_move = None
        return [{"type": "end", "reason": reason, "scores": self.scores()}]

    def scores(self):
        """Per seat, its team's score: taken so far, minus the hands once the game is over."""
        own = []
        for seat in range(self.seats):
            score = sum(card.value for card in self.taken[seat])
            if self.over:
                score -= sum(card.value for card in self.hands[seat])
            own.append(score)
        result = []
        for seat in range(self.seats):
            for team in self.teams:
                if seat in team:
                    result.append(sum(own[member] for member in team))
        return result


class PlainGame(Game):
    """The same rules with the copy written out by hand: each list and dict the next state
    changes is copied, nothing else (placed cards and history entries never change). It
    shows how much of the naive version's time is ``copy.deepcopy``."""

    def copied(self):
        new = copy.copy(self)
        new.field = dict(self.field)
        new.hands = [list(hand) for hand in self.hands]
        new.stack = list(self.stack)
        new.taken = [list(cards) for cards in self.taken]
        new.out = list(self.out)
        new.history = list(self.history)
        return new


def new(variant, seats, setup) -> Game:
    """The state before the first action (what ``compare.py`` calls)."""
    return Game(variant, seats, setup)


def new_plain(variant, seats, setup) -> Game:
    """The same, copying its state by hand on ``apply`` (``PlainGame``)."""
    return PlainGame(variant, seats, setup)
