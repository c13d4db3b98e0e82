"""Positions for the ONEXENO rulings tests, built from real cards that really match."""

import random

from games.onexeno.engine import IDS, RULES, shown
from games.onexeno.engine.cards import FACES
from games.onexeno.engine.state import State, fits


def place(seat, card, x, y, rotation=0) -> dict:
    return {"seat": seat, "type": "place", "card": card, "x": x, "y": y, "rotation": rotation}


def passing(seat) -> dict:
    return {"seat": seat, "type": "pass"}


def start(variant="basic", seats=2, dealer=0, deck=None) -> State:
    """A new game on ``deck`` (the ids in increasing order unless given)."""
    deck = list(IDS) if deck is None else deck
    return RULES.new(variant, seats, {"first_dealer": dealer, "deck": deck})


def arrange(state: State, *, field=None, **changes) -> State:
    """A copy of ``state`` with some parts replaced; ``field`` maps (x, y) to (card,
    rotation). Hands are given as lists per seat."""
    new = state._copy()
    if field is not None:
        new.field = {cell: (card, rot, shown(card, rot)) for cell, (card, rot) in field.items()}
    if "hands" in changes:
        changes["hands"] = tuple(tuple(sorted(hand)) for hand in changes["hands"])
    for name, value in changes.items():
        setattr(new, name, tuple(value) if isinstance(value, list) else value)
    return new


def build(cells, seed=0, avoid=()) -> dict:
    """A field on ``cells``, filled in that order, each card matching those before it (R3,
    R4): (x, y) -> (card, rotation). Seeded and retried until every cell is filled."""
    rng = random.Random(seed)
    for _attempt in range(200):
        field, faces, used = {}, {}, set(avoid)
        for cell in cells:
            choices = [
                (card, rotation, face)
                for card in IDS
                if card not in used
                for rotation, face in FACES[card]
                if fits(faces, *cell, face)
            ]
            if not choices:
                break
            card, rotation, face = rng.choice(choices)
            field[cell] = (card, rotation)
            faces[cell] = (card, rotation, face)
            used.add(card)
        else:
            return field
    raise AssertionError("no field found")
