"""ONEXENO bots, pure (standard library and the ONEXENO engine only).

A bot is a function ``choose(view, rng)``: from one seat's view (``RULES.seat_view``) and
a ``random.Random``, a legal action of that seat. It reads nothing but the view.
"""

from .heuristic import choose as choose_heuristic
from .random_bot import choose as choose_random

BOTS = {"random": choose_random, "heuristic": choose_heuristic}

__all__ = ["BOTS", "choose_heuristic", "choose_random"]
