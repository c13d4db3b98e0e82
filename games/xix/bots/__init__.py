"""Game-playing bots for XIX: pure Python (standard library, the XIX engine and games.kit).

A bot decides from its seat's view (``games.xix.engine.seat_view``) only, never from the
hidden state, and is deterministic for a given seed::

    >>> from games.xix.bots import choose_action
    >>> action = choose_action("heuristic", view, seed=f"{game_id}:{n_actions}")

Levels: ``random`` (a uniformly random legal action), ``heuristic`` (hand-written rules),
``strong`` (information-set Monte Carlo tree search) and ``expert`` (the same search with
a bigger budget, for correspondence play). ``flat``, the determinized flat Monte Carlo bot
that was the strong bot before, is built by ``make_bot`` for the arena but not offered.
See ``docs/bots.md``.
"""

from .determinize import Determinizer, determinize
from .flat import FlatBot
from .heuristic import HeuristicBot
from .knowledge import Knowledge
from .random_bot import RandomBot
from .strong import EXPERT_ITERATIONS, STRONG_ITERATIONS, search_bot

LEVELS = ("random", "heuristic", "strong", "expert")
SEARCH_ITERATIONS = {"strong": STRONG_ITERATIONS, "expert": EXPERT_ITERATIONS}
# The options the site passes its bots (level -> option -> the name of the site's setting
# that holds it): the search budgets of the strong and expert bots, set per deployment.
SITE_OPTIONS = {
    "strong": {"iterations": "BOT_STRONG_ITERATIONS"},
    "expert": {"iterations": "BOT_EXPERT_ITERATIONS"},
}


def make_bot(level: str, **options):
    """A bot of ``level``. Options: ``iterations`` for strong and expert (``playouts``
    means the same there: each iteration ends in one playout), ``exploration`` too;
    ``playouts`` for flat; none for random and heuristic."""
    if level == "random":
        return RandomBot(**options)
    if level == "heuristic":
        return HeuristicBot(**options)
    if level in SEARCH_ITERATIONS:
        if "playouts" in options:
            if "iterations" in options:
                raise ValueError("give iterations or playouts, not both")
            options["iterations"] = options.pop("playouts")
        iterations = options.pop("iterations", SEARCH_ITERATIONS[level])
        return search_bot(level, iterations, **options)
    if level == "flat":
        return FlatBot(**options)
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
    "SITE_OPTIONS",
    "Determinizer",
    "FlatBot",
    "HeuristicBot",
    "Knowledge",
    "RandomBot",
    "choose_action",
    "determinize",
    "make_bot",
    "search_bot",
]
