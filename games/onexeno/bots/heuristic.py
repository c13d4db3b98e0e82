"""The heuristic bot: a one-move look at the field, from the seat's view only.

Each placement is scored by what a player weighs at a glance:
- the value of the cards its tricks take;
- the value of the card leaving the hand (a card still held at the end counts against
  you, so this weighs more once the stack is empty);
- minus a share of every line through the card that is left holding 4 cards, which the
  next player may complete and take.
A pass scores a little below an even placement while the stack lasts (the hand grows by
the next draw) and is never chosen in the end game unless it is the only action, since
it is final there. Ties are broken by ``rng``.
"""

from games.onexeno.engine import VALUE

LINES = ((1, 0), (0, 1), (1, 1), (1, -1))
FULL = 5
EXPOSURE = 0.6  # share of a 4-card line's value an opponent is expected to take
HAND_WEIGHT = 0.4  # weight of the card laid while the stack lasts (1 in the end game)
PASS_SCORE = -0.5


def _line(cells: dict, x: int, y: int, dx: int, dy: int) -> list[tuple[int, int]]:
    return [
        (x + k * dx, y + k * dy) for k in range(1 - FULL, FULL) if (x + k * dx, y + k * dy) in cells
    ]


def score(view: dict, action: dict) -> float:
    """How good ``action`` looks to the seat whose view this is."""
    if action["type"] == "pass":
        return PASS_SCORE if view["stack_count"] or not view["endgame"] else float("-inf")
    cells = {(cell["x"], cell["y"]): cell["card"] for cell in view["field"]}
    x, y, card = action["x"], action["y"], action["card"]
    cells[x, y] = card
    taken = set()
    for dx, dy in LINES:
        line = _line(cells, x, y, dx, dy)
        if len(line) == FULL:
            taken.update(line)
    gain = sum(VALUE[cells[cell]] for cell in taken)
    for cell in taken:
        del cells[cell]
    risk = 0.0
    if (x, y) in cells:
        for dx, dy in LINES:
            line = _line(cells, x, y, dx, dy)
            if len(line) == FULL - 1:
                risk += EXPOSURE * sum(VALUE[cells[cell]] for cell in line)
    weight = HAND_WEIGHT if view["stack_count"] else 1.0
    return gain + weight * VALUE[card] - risk


def choose(view: dict, rng) -> dict:
    legal = view["legal_actions"]
    if not legal:
        raise ValueError("this seat has no legal action: it is not its turn")
    scored = [(score(view, action), rng.random(), index) for index, action in enumerate(legal)]
    return legal[max(scored)[2]]
