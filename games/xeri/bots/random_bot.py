"""The random Xeri bot: the kit's uniformly random legal play, also from a ``random.Random``."""

import random

from games.kit.play import RandomBot as KitRandomBot


def legal_of(view: dict) -> list[dict]:
    """The view's legal actions; a ValueError if the seat is not to move."""
    legal = view["legal_actions"]
    if not legal:
        raise ValueError("the seat has no legal action")
    return legal


class RandomBot(KitRandomBot):
    def choose(self, view: dict, rng=None) -> dict:
        """``rng`` is a ``random.Random`` or a seed (the kit's bots take a seed)."""
        if isinstance(rng, random.Random):
            return rng.choice(legal_of(view))
        return super().choose(view, rng)


def choose(view: dict, rng=None) -> dict:
    return RandomBot().choose(view, rng)
