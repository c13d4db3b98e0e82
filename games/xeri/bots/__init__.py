"""Bots for Xeri: pure Python (standard library and ``games.xeri.engine`` only).

A bot decides from its seat's view (``RULES.seat_view``) alone and returns one of the
view's ``legal_actions``; ``rng`` is a ``random.Random`` or a seed, so a choice is
reproducible. ``games.registry.bots("xeri")`` finds this module::

    >>> from games.xeri.bots import make_bot
    >>> action = make_bot("heuristic").choose(view, rng)

Levels: ``random`` (a uniformly random legal play), ``heuristic`` (the rules of thumb of
``heuristic.py``) and ``strong`` (a search over the deals the seat cannot tell apart, each
card played out in the same deals, ``strong.py`` and ``sample.py``). See ``docs/bots.md``,
section Xeri.
"""

from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .strong import strong_bot

LEVELS = ("random", "heuristic", "strong")


def make_bot(level: str, **options):
    """A bot of ``level``. Only the strong bot takes an option: ``playouts``, the deals it
    samples per move (``manage.py bot_arena --playouts``); the default is its own."""
    if level == "strong" and set(options) <= {"playouts"}:
        return strong_bot(options.get("playouts"))
    if options:
        raise ValueError(f"Xeri's {level} bot takes no options, not {', '.join(sorted(options))}")
    if level == "random":
        return RandomBot()
    if level == "heuristic":
        return HeuristicBot()
    raise ValueError(f"unknown Xeri bot level {level!r}; choose from {', '.join(LEVELS)}")


__all__ = ["LEVELS", "HeuristicBot", "RandomBot", "make_bot", "strong_bot"]
