"""ONEXENO bots, pure (standard library and the ONEXENO engine only).

A bot is a function ``choose(view, rng)``: from one seat's view (``RULES.seat_view``) and
a ``random.Random``, a legal action of that seat. It reads nothing but the view. For the
platform (``games.registry.bots``) the same bots are objects from ``make_bot(level)`` that
answer ``choose(view, seed)``. The ``strong`` level is a search (``strong.py``): an
information-set Monte Carlo tree search over the cards the seat cannot see.
"""

import random

from . import strong
from .heuristic import choose as choose_heuristic
from .random_bot import choose as choose_random

BOTS = {"random": choose_random, "heuristic": choose_heuristic}
LEVELS = (*BOTS, "strong")


class Bot:
    """One level, seeded per move: the same view and seed give the same action."""

    def __init__(self, level: str):
        self.level = level
        self._choose = BOTS[level]

    def choose(self, view: dict, seed=None) -> dict:
        return self._choose(view, random.Random(seed))


def make_bot(level: str, **options):
    """The bot of ``level``; the strong one takes ``playouts`` (search iterations per move,
    ``strong.ITERATIONS`` by default), the others no option."""
    if level == "strong" and set(options) <= {"playouts"}:
        return strong.make_strong(options.get("playouts") or strong.ITERATIONS)
    if level not in BOTS or options:
        raise ValueError(f"ONEXENO has no {level!r} bot with options {options}")
    return Bot(level)


__all__ = ["BOTS", "LEVELS", "Bot", "choose_heuristic", "choose_random", "make_bot"]
