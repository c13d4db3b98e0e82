"""Game-playing bots for XIX: pure Python (standard library, the XIX engine and games.kit).

A bot decides from its seat's view (``games.xix.engine.seat_view``) only, never from the
hidden state, and is deterministic for a given seed::

    >>> from games.xix.bots import choose_action
    >>> action = choose_action("heuristic", view, seed=f"{game_id}:{n_actions}")

Levels: ``random`` (a uniformly random legal action), ``heuristic`` (hand-written rules)
and ``strong`` (determinized Monte Carlo search). See ``docs/bots.md``.
"""

from games.kit.play import RandomBot

from .determinize import Determinizer, determinize
from .heuristic import HeuristicBot
from .knowledge import Knowledge
from .strong import StrongBot

LEVELS = ("random", "heuristic", "strong")


def make_bot(level: str, **options):
    """A bot of ``level``; ``options`` go to its constructor (``playouts`` for strong)."""
    if level == "random":
        return RandomBot(**options)
    if level == "heuristic":
        return HeuristicBot(**options)
    if level == "strong":
        return StrongBot(**options)
    raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(LEVELS)}")


_DEFAULT_BOTS = {}


def choose_action(level: str, view: dict, seed=None) -> dict:
    """An action from ``view["legal_actions"]`` chosen by a ``level`` bot.

    The same view and seed always give the same action.
    """
    bot = _DEFAULT_BOTS.get(level)
    if bot is None:
        bot = _DEFAULT_BOTS[level] = make_bot(level)
    return bot.choose(view, seed)


__all__ = [
    "LEVELS",
    "Determinizer",
    "HeuristicBot",
    "Knowledge",
    "RandomBot",
    "StrongBot",
    "choose_action",
    "determinize",
    "make_bot",
]
