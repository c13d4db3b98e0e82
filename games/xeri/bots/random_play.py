"""The random Xeri bot: a uniformly random legal play."""

import random


def as_rng(rng) -> random.Random:
    """``rng`` itself if it is a ``random.Random``, else a new one seeded with it."""
    return rng if isinstance(rng, random.Random) else random.Random(rng)


def legal_of(view: dict) -> list[dict]:
    """The view's legal actions; a ValueError if the seat is not to move."""
    legal = view["legal_actions"]
    if not legal:
        raise ValueError("the seat has no legal action")
    return legal


class RandomBot:
    level = "random"

    def choose(self, view: dict, rng=None) -> dict:
        return as_rng(rng).choice(legal_of(view))


def choose(view: dict, rng=None) -> dict:
    return RandomBot().choose(view, rng)
