"""Xactika bots: pure Python (standard library and the Xactika engine's views only).

A bot decides from its seat's view (``RULES.seat_view``) alone, never from the hidden
state, and returns one of the view's ``legal_actions``; ``rng`` is a ``random.Random`` or
a seed, so a choice is reproducible. ``games.registry.bots("xactika")`` finds this module::

    >>> from games.xactika.bots import make_bot
    >>> action = make_bot("heuristic").choose(view, random.Random(f"{game_id}:{n}"))

Levels, easy to hard (``accounts.models.User.BotLevel`` names them for people): ``random``
(a uniformly random legal action), ``heuristic`` (bids its likely tricks, then plays to
make its bid exactly), ``strong`` (an information-set search over deals consistent with
its view, to the end of the round; ``strong.py``) and ``expert`` (the same search with
``EXPERT_FACTOR`` times strong's iterations per move). See ``docs/bots.md``, section
Xactika.
"""

from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .strong import StrongBot, iterations_for

LEVELS = ("random", "heuristic", "strong", "expert")
EXPERT_FACTOR = 4  # the expert's iterations per move, in strong's (docs/bots.md, "Expert")


class ExpertBot(StrongBot):
    """The strong bot's search with ``factor`` times its default iterations per move
    (``iterations_for`` the table's seats), or ``iterations`` when given."""

    def __init__(self, iterations: int | None = None, factor: int = EXPERT_FACTOR):
        super().__init__(iterations)
        self.level = "expert"
        self.given = iterations
        self.factor = factor

    def choose(self, view: dict, rng=None) -> dict:
        self.fixed = self.given or self.factor * iterations_for(view["seats"])
        return super().choose(view, rng)


def make_bot(level: str, **options):
    """A bot of ``level``. Only ``strong`` and ``expert`` take an option: ``playouts``, their
    iterations per move (``bot_arena --playouts``); the other bots take none."""
    if level == "strong" and set(options) <= {"playouts"}:
        return StrongBot(options.get("playouts"))
    if level == "expert" and set(options) <= {"playouts"}:
        return ExpertBot(options.get("playouts"))
    if options:
        raise ValueError(
            f"Xactika's {level} bot takes no options, not {', '.join(sorted(options))}"
        )
    if level == "random":
        return RandomBot()
    if level == "heuristic":
        return HeuristicBot()
    raise ValueError(f"unknown Xactika bot level {level!r}; choose from {', '.join(LEVELS)}")


__all__ = [
    "EXPERT_FACTOR",
    "LEVELS",
    "ExpertBot",
    "HeuristicBot",
    "RandomBot",
    "StrongBot",
    "make_bot",
]
