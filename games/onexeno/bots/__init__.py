"""ONEXENO bots, pure (standard library and the ONEXENO engine only).

A bot is a function ``choose(view, rng)``: from one seat's view (``RULES.seat_view``) and
a ``random.Random``, a legal action of that seat. It reads nothing but the view. For the
platform (``games.registry.bots``) the same bots are objects from ``make_bot(level)`` that
answer ``choose(view, seed)``. The ``strong`` level is a search (``strong.py``): an
information-set Monte Carlo tree search over the cards the seat cannot see; ``expert`` is
the same search with ``EXPERT_FACTOR`` times its iterations per move. ``LEVELS`` runs from
easy to hard (``accounts.models.User.BotLevel`` names them for people).
"""

import random

from . import strong
from .heuristic import choose as choose_heuristic
from .random_bot import choose as choose_random

BOTS = {"random": choose_random, "heuristic": choose_heuristic}
LEVELS = (*BOTS, "strong", "expert")
EXPERT_FACTOR = 3  # the expert's iterations per move, in strong's (docs/bots.md, "Expert")
SEARCHES = {"strong": 1, "expert": EXPERT_FACTOR}  # level -> times strong.ITERATIONS


class Bot:
    """One level, seeded per move: the same view and seed give the same action."""

    def __init__(self, level: str):
        self.level = level
        self._choose = BOTS[level]

    def choose(self, view: dict, seed=None) -> dict:
        return self._choose(view, random.Random(seed))


def make_bot(level: str, **options):
    """The bot of ``level``; strong and expert take ``playouts`` (search iterations per move;
    by default ``strong.ITERATIONS`` times ``SEARCHES[level]``), the others no option."""
    if level in SEARCHES and set(options) <= {"playouts"}:
        default = SEARCHES[level] * strong.ITERATIONS
        bot = strong.make_strong(options.get("playouts") or default)
        bot.level = level
        return bot
    if level not in BOTS or options:
        raise ValueError(f"ONEXENO has no {level!r} bot with options {options}")
    return Bot(level)


__all__ = [
    "BOTS",
    "EXPERT_FACTOR",
    "LEVELS",
    "SEARCHES",
    "Bot",
    "choose_heuristic",
    "choose_random",
    "make_bot",
]
