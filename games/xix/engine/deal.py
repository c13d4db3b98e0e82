"""Seeded shuffles, so tests, bots and the site can reproduce a game's set-up."""

import random

from .rules import CARDS


def shuffled_deal(seed) -> tuple[list[int], int]:
    """A deal (laid out as in ruling 1) and a first leader, both drawn from ``seed``.

    The same seed always gives the same set-up; any int, str or bytes seed works.
    """
    rng = random.Random(seed)
    deal = list(CARDS)
    rng.shuffle(deal)
    return deal, rng.randrange(2)
