"""Xactika bots: pure Python (standard library and the Xactika engine's views only).

A bot decides from its seat's view (``RULES.seat_view``) alone, never from the hidden
state, and is deterministic for a given ``random.Random``::

    >>> from games.xactika.bots import make_bot
    >>> action = make_bot("heuristic").choose(view, random.Random(f"{game_id}:{n}"))

Levels: ``random`` (a uniformly random legal action) and ``heuristic`` (bids its likely
tricks, then plays to make its bid exactly). See ``docs/bots.md``.
"""

from .heuristic import HeuristicBot, legal_of

LEVELS = ("random", "heuristic")


class RandomBot:
    level = "random"

    def choose(self, view: dict, rng) -> dict:
        return rng.choice(legal_of(view))


def make_bot(level: str):
    if level == "random":
        return RandomBot()
    if level == "heuristic":
        return HeuristicBot()
    raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(LEVELS)}")


__all__ = ["LEVELS", "HeuristicBot", "RandomBot", "make_bot"]
