"""Bots for Xeri: pure Python (standard library and ``games.xeri.engine`` only).

A bot decides from its seat's view (``RULES.seat_view``) alone and returns one of the
view's ``legal_actions``; ``rng`` is a ``random.Random`` or a seed, so a choice is
reproducible. ``games.registry.bots("xeri")`` finds this module::

    >>> from games.xeri.bots import make_bot
    >>> action = make_bot("heuristic").choose(view, rng)

Levels, easy to hard (``accounts.models.User.BotLevel`` names them for people): ``random``
(a uniformly random legal play), ``heuristic`` (the rules of thumb of ``heuristic.py``),
``strong`` (a search over the deals the seat cannot tell apart, each card played out in the
same deals, ``strong.py`` and ``sample.py``) and ``expert`` (the same search with
``EXPERT_FACTOR`` times as many samples per move). See ``docs/bots.md``, section Xeri.
"""

from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .strong import ITERATIONS, strong_bot

LEVELS = ("random", "heuristic", "strong", "expert")
EXPERT_FACTOR = 4  # the expert's samples per move, in strong's (docs/bots.md, "Expert")


def make_bot(level: str, **options):
    """A bot of ``level``. Only the strong and expert bots take options: ``playouts``,
    the deals they sample per move (``manage.py bot_arena --playouts``; the default is
    ``ITERATIONS`` for strong and ``EXPERT_FACTOR`` times that for expert), or ``seconds``,
    the CPU time per move instead (for equal-time matches)."""
    if level in ("strong", "expert") and set(options) <= {"playouts", "seconds"}:
        default = ITERATIONS if level == "strong" else EXPERT_FACTOR * ITERATIONS
        bot = strong_bot(options.get("playouts") or default, options.get("seconds"))
        bot.level = level
        return bot
    if options:
        raise ValueError(f"Xeri's {level} bot takes no options, not {', '.join(sorted(options))}")
    if level == "random":
        return RandomBot()
    if level == "heuristic":
        return HeuristicBot()
    raise ValueError(f"unknown Xeri bot level {level!r}; choose from {', '.join(LEVELS)}")


__all__ = ["EXPERT_FACTOR", "LEVELS", "HeuristicBot", "RandomBot", "make_bot", "strong_bot"]
