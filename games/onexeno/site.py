"""ONEXENO's pages: what the platform's game page, replay and admin need from ONEXENO.

The shell (``games/views/play.py``, ``templates/games/game.html``) draws the players, the
turn, the log and the end; this object names ONEXENO's partials
(``games/onexeno/templates/onexeno/table.html``), its stylesheet and script, and builds
their context from the viewer's view only (``engine/views.py``): the field with the open
cells, the viewer's hand, the stack, every seat's taken cards, who is out.

A placement posts ``card``, ``rotation`` and ``cell``, the field cell as "x,y" (a cell's
button carries one value). Coordinates count from the first card and may be negative; as
lines leave the field it can drift, so they have no fixed range.
"""

import re

from games.kit.forms import BadForm, Field, parse_action_form
from games.kit.site import SiteDefaults
from games.onexeno.engine import ENDINGS, VALUE
from games.onexeno.engine.cards import CANONICAL, shown
from games.onexeno.engine.state import LIMIT
from games.onexeno.guide import GUIDE

ACTIONS = {
    "place": {
        "card": Field("card", 0, 255, "Choose a card from your hand."),
        "rotation": Field("rotation", 0, 3, "Choose how far to turn the card."),
    },
    "pass": {},
}
CELL = re.compile(r"(-?[0-9]{1,3}),(-?[0-9]{1,3})")  # ASCII digits only
TURNS = ("not turned", "a quarter turn right", "a half turn", "a quarter turn left")


def cell_code(x: int, y: int) -> str:
    """The value a cell's button posts."""
    return f"{x},{y}"


# --- cards and cells in words: what a player reads in the log, the hint and the boxes -----

# The border cells as the engine numbers them (clockwise from the top-left), in words.
CELL_WORDS = (
    "top left",
    "top",
    "top right",
    "right",
    "bottom right",
    "bottom",
    "bottom left",
    "left",
)


def number(n: int) -> str:
    """A field label: "2", "0", "−1" (a true minus sign, as the field's labels show it)."""
    return f"−{-n}" if n < 0 else str(n)


def place_words(x: int, y: int) -> str:
    """ "column −1, row 2": a cell by the labels written along the field's edges. Cells keep
    their numbers all game long (the first card is column 0, row 0; rows grow downwards,
    rules section 5), so a line of the log still finds its cell later."""
    return f"column {number(x)}, row {number(y)}"


def pattern_words(card: int, rotation: int = 0) -> str:
    """ "dark top left, top and right": the card's pattern as it lies, by its dark cells, or
    by its light ones when those are fewer ("light bottom and left" on a 6)."""
    face = shown(card, rotation)
    dark = [word for cell, word in enumerate(CELL_WORDS) if face >> cell & 1]
    light = [word for word in CELL_WORDS if word not in dark]
    if not dark:
        return "all light"
    if not light:
        return "all dark"
    shade, cells = ("dark", dark) if len(dark) <= len(light) else ("light", light)
    if len(cells) == 1:
        return f"{shade} {cells[0]}"
    return f"{shade} " + ", ".join(cells[:-1]) + " and " + cells[-1]


def card_words(card: int, rotation: int = 0) -> str:
    """ "a 3 (dark top left, top and right)": a card as a player sees it, its value (the
    number in its centre) and its pattern as it lies."""
    value = VALUE[card]
    article = "an" if value == 8 else "a"
    return f"{article} {value} ({pattern_words(card, rotation)})"


def _who(seat: int, view: dict) -> str:
    if seat == view["reader"]:
        return "You"
    names = view["names"]
    return names[seat] if names else f"Seat {seat + 1}"


def move_words(entry: dict, view: dict) -> str:
    """One move of the history as a sentence: "bob laid a 3 (dark top and right) at column 1,
    row 0 and took the row: 5 cards worth 17", "You passed for good"."""
    who = _who(entry["seat"], view)
    if entry["type"] == "pass":
        return f"{who} passed for good" if entry["final"] else f"{who} passed"
    text = (
        f"{who} laid {card_words(entry['card'], entry['rotation'])} at "
        f"{place_words(entry['x'], entry['y'])}"
    )
    if entry["taken"]:
        lines = " and the ".join(_line_words(name, entry) for name in entry["lines"])
        text += f" and took the {lines}: {len(entry['taken'])} cards worth {entry['value']}"
    return text


def _line_words(name: str, entry: dict) -> str:
    if name == "row":
        return f"row {number(entry['y'])}"
    if name == "column":
        return f"column {number(entry['x'])}"
    return name


def _cards(cards) -> str:
    return " ".join(str(c) for c in cards) if cards else "none"


def _last_place(view: dict) -> dict | None:
    """The latest placement in the history (with what it took), or None."""
    for entry in reversed(view["history"]):
        if entry["type"] == "place":
            return _told(entry, view)
    return None


def _told(entry: dict, view: dict) -> dict:
    return {**entry, "text": move_words(entry, view), "who": _who(entry["seat"], view)}


def since_your_turn(view: dict) -> bool:
    """Whether ``recent_moves`` are the moves since the viewer's last turn (a seat while the
    game is on), rather than the last round (a spectator, or anyone once it is over)."""
    return type(view["viewer"]) is int and not view["over"]


def recent_moves(view: dict) -> list[dict]:
    """The moves a player has not seen yet, oldest first: every move since the viewer's own
    last move (all of them before it has moved). A spectator, or anyone once the game is
    over, gets the last round: one move per seat. Each move carries its sentence and its
    number in this list (1 first), which the field shows on the cards still lying there."""
    history = view["history"]
    viewer = view["viewer"]
    if since_your_turn(view):
        mine = [i for i, entry in enumerate(history) if entry["seat"] == viewer]
        start = mine[-1] + 1 if mine else 0
    else:
        start = max(0, len(history) - view["seats"])
    return [{**_told(entry, view), "mark": n} for n, entry in enumerate(history[start:], 1)]


def recent_text(view: dict, moves: list[dict]) -> str:
    """The moves since the viewer's last turn in one text, for a screen reader to announce
    when they appear: "Since your last turn: bob laid a 3 (…) at column 1, row 0; cy
    passed." Empty for a spectator, once the game is over, or when nothing happened."""
    if not moves or not since_your_turn(view):
        return ""
    return "Since your last turn: " + "; ".join(move["text"] for move in moves) + "."


def _marks(moves: list[dict], cards: dict) -> dict[tuple[int, int], int]:
    """{cell: mark} for each recent placement whose card still lies where it was laid."""
    marks = {}
    for move in moves:
        if move["type"] != "place" or move["taken"]:
            continue
        cell = (move["x"], move["y"])
        if cell in cards and cards[cell]["card"] == move["card"]:
            marks[cell] = move["mark"]
    return marks


def _fits(view: dict) -> dict[tuple[int, int], list[str]]:
    """Per open cell, every "card-rotation" the mover may lay there: each rotation showing
    a legal face (the engine lists one rotation per face, ruling 2)."""
    fits: dict[tuple[int, int], list[str]] = {}
    for action in view["legal_actions"]:
        if action["type"] != "place":
            continue
        card, canonical = action["card"], action["rotation"]
        cell = fits.setdefault((action["x"], action["y"]), [])
        cell.extend(f"{card}-{r}" for r in range(4) if CANONICAL[card][r] == canonical)
    return fits


def _open_cells(view: dict) -> set[tuple[int, int]]:
    """Empty cells next to a card where the field may still grow (R5, R6), from the view's
    field and extent; whether a face fits there is the engine's question."""
    placed = {(c["x"], c["y"]) for c in view["field"]}
    box = view["extent"]
    if box is None:
        return {(0, 0)}
    cells = set()
    for x, y in placed:
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            cx, cy = x + dx, y + dy
            if (cx, cy) in placed:
                continue
            if max(box["max_x"], cx) - min(box["min_x"], cx) >= LIMIT:
                continue
            if max(box["max_y"], cy) - min(box["min_y"], cy) >= LIMIT:
                continue
            cells.add((cx, cy))
    return cells


def _card_name(words: str, where: str, mark: int | None, last: bool, view: dict) -> str:
    """A laid card as the field names it, to the eye (its title) and to a screen reader:
    "A 3 (dark top and right) at column 1, row 0: move 2 since your last turn"."""
    name = f"{words[:1].upper()}{words[1:]} at {where}"
    if mark:
        since = "since your last turn" if since_your_turn(view) else "of the last moves"
        return f"{name}: move {mark} {since}"
    return f"{name}: the last card laid" if last else name


def field_rows(view: dict, *, mover: bool, recent=None) -> list[list[dict]]:
    """The field as rows of cells, top row first: cards, open cells (buttons for the mover,
    with the card-rotations that fit there) and empty places that keep the grid square.
    Each row carries its label, each cell its column's and row's, and a card laid among
    ``recent`` (``recent_moves``) its mark; the very last card is "last". A card's name
    says its value and pattern as it lies, its cell, and its mark."""
    cards = {(c["x"], c["y"]): c for c in view["field"]}
    open_cells = _open_cells(view) if not view["over"] else set()
    fits = _fits(view) if mover else {}
    last = _last_place(view)
    last_cell = (last["x"], last["y"]) if last and not last["taken"] else None
    marks = _marks(recent or [], cards)
    every = set(cards) | open_cells
    if not every:
        return []
    xs = [x for x, _y in every]
    ys = [y for _x, y in every]
    rows = []
    for y in range(min(ys), max(ys) + 1):
        cells = []
        for x in range(min(xs), max(xs) + 1):
            cell = {"x": x, "y": y, "code": cell_code(x, y), "where": place_words(x, y)}
            if (x, y) in cards:
                cell["card"] = cards[x, y]
                cell["last"] = (x, y) == last_cell
                cell["mark"] = marks.get((x, y))
                words = card_words(cards[x, y]["card"], cards[x, y]["rotation"])
                cell["name"] = _card_name(words, cell["where"], cell["mark"], cell["last"], view)
            elif (x, y) in open_cells:
                cell["open"] = True
                cell["fits"] = " ".join(fits.get((x, y), ()))
            cells.append(cell)
        rows.append({"label": number(y), "cells": cells})
    return rows


def column_labels(rows: list[dict]) -> list[str]:
    """The labels along the top of the field, one per column of ``field_rows``."""
    return [number(cell["x"]) for cell in rows[0]["cells"]] if rows else []


def field_context(rows: list[dict]) -> dict:
    """The field's rows, its columns' labels and its name for a screen reader."""
    columns = column_labels(rows)
    label = "The field"
    if rows:
        label += (
            f": columns {columns[0]} to {columns[-1]} from left to right, "
            f"rows {rows[0]['label']} to {rows[-1]['label']} from top to bottom"
        )
    return {"field_rows": rows, "field_columns": columns, "field_label": label}


def extent_text(view: dict) -> str:
    """ "3 of 5 columns, 2 of 5 rows": how far the field may still grow each way."""
    box = view["extent"]
    if box is None:
        return "The field is empty."
    parts = []
    for size, closed, word in (
        (box["width"], box["closed_x"], "columns"),
        (box["height"], box["closed_y"], "rows"),
    ):
        parts.append(f"{size} {word}, closed" if closed else f"{size} of {LIMIT} {word}, open")
    return "Field: " + "; ".join(parts) + "."


class OnexenoSite(SiteDefaults):
    stylesheets = ("onexeno/table.css",)
    scripts = ("onexeno/table.js",)  # picks a card and turn, shows where it fits
    # The game page's partials (file#name): table, panel, side, progress, over-line and
    # score-extra (beside each score), fed the shell's context plus ``table_context``.
    table_template = "onexeno/table.html"
    guide = GUIDE  # the first-game guide's steps
    log_opens = ""  # ONEXENO has no rounds: no log line opens a part of play
    replay_template = "onexeno/replay.html"
    rules_template = "onexeno/rules.html"

    def history_lines(self, view: dict) -> list[str]:
        """The log: one sentence per move (the draw and the end write none), cards named by
        value and pattern, cells by the field's labels, the viewer as "You"."""
        return [move_words(entry, view) for entry in view["history"]]

    def lines_written(self, events) -> int:
        """How many lines of the history an action's events wrote (for the replay): the
        placement or pass is logged, the draw and the end are not."""
        return sum(1 for event in events if event["type"] in ("place", "pass"))

    def parse_action(self, post) -> dict:
        """A placement (card, rotation, and the cell decoded to x and y) or the pass."""
        action = parse_action_form(post, ACTIONS)
        if action["type"] == "place":
            raw = post.get("cell", "").strip()
            if not raw:
                raise BadForm("Choose a cell of the field.")
            cell = CELL.fullmatch(raw)
            if cell is None:
                raise BadForm(f"The cell must be two whole numbers x,y, not {raw[:20]!r}.")
            action["x"], action["y"] = int(cell[1]), int(cell[2])
        return action

    def _seat_facts(self, view: dict, entry: dict) -> None:
        s = entry["seat"]
        entry["hand_count"] = view["hand_counts"][s]
        entry["taken"] = view["taken"][s]
        entry["taken_value"] = view["taken_values"][s]
        entry["out"] = view["out"][s]
        # every hand once the game is over (the view shows them to everyone then)
        entry["hand"] = view["hands"][s] if view["hands"] is not None else None

    def table_context(self, view: dict, seat, seats: list[dict]) -> dict:
        for entry in seats:
            self._seat_facts(view, entry)
        mover = bool(view["legal_actions"])
        hand = view["hand"] or []
        recent = recent_moves(view)
        return {
            **field_context(field_rows(view, mover=mover, recent=recent)),
            "extent_text": extent_text(view),
            "can_place": any(a["type"] == "place" for a in view["legal_actions"]),
            "can_pass": any(a["type"] == "pass" for a in view["legal_actions"]),
            "hand_cards": [
                {
                    "card": c,
                    "value": VALUE[c],
                    "new": c == view["drawn"],
                    # the card's name at each turn, for the hint (onexeno/table.js)
                    "names": "|".join(card_words(c, r) for r in range(4)),
                }
                for c in hand
            ],
            "turns": list(enumerate(TURNS)),
            "last_place": _last_place(view),
            "recent_moves": recent,
            "recent_text": recent_text(view, recent),
            "since_you": since_your_turn(view),
            "over_reason": ENDINGS[view["result"]["reason"]].sentence if view["result"] else "",
        }

    def replay_context(self, view: dict, names: list[str], seat) -> dict:
        return {
            **field_context(field_rows(view, mover=False)),
            "extent_text": extent_text(view),
            "last_place": _last_place(view),
            "replay_seats": [
                {
                    "seat": s,
                    "name": name,
                    "is_you": s == seat,
                    "hand": view["hands"][s],
                    "score": view["scores"][s],
                    "taken": view["taken"][s],
                    "taken_value": view["taken_values"][s],
                    "out": view["out"][s],
                    "to_move": view["to_move"] == s,
                }
                for s, name in enumerate(names)
            ],
        }

    def replay_status(self, view: dict, names: list[str]) -> str:
        mover = names[view["to_move"]]
        if view["endgame"]:
            return f"{mover} to lay a card or pass for good (the stack is empty)"
        return f"{mover} to lay a card or pass, {view['stack_count']} cards in the stack"

    def admin_rows(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        rows = [
            (f"{name} (seat {seat}), hand", _cards(view["hands"][seat]))
            for seat, name in enumerate(names)
        ]
        rows.append(("Stack, top first", _cards(view["stack"] or ())))
        rows.append(
            (
                "Field",
                ", ".join(
                    f"{c['card']} at ({c['x']}, {c['y']}) turned {c['rotation']}"
                    for c in view["field"]
                )
                or "empty",
            )
        )
        for seat, name in enumerate(names):
            rows.append((f"{name} (seat {seat}), taken", _cards(view["taken"][seat])))
        rows.append(("To move", names[view["to_move"]] if view["to_move"] is not None else "–"))
        rows.append(("Scores", " ".join(str(score) for score in view["scores"])))
        return rows


SITE = OnexenoSite()
