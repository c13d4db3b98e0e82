"""The 81-card deck (ruling 1), the twelve suits (ruling 9) and card sets as bitmasks.

A card is an index 0..80 inside the engine and a four-digit code outside it ("2132": balls,
cubes, cones, stars). Indices follow the codes' sorted order, so sorting indices sorts
codes. A set of cards (a hand, a suit) is an int with bit i set for card i.
"""

import itertools

SHAPES = ("ball", "cube", "cone", "star")
PLURALS = ("balls", "cubes", "cones", "stars")
SHAPE_INDEX = {shape: index for index, shape in enumerate(SHAPES)}

CODES = tuple("".join(digits) for digits in itertools.product("123", repeat=4))
INDEX = {code: index for index, code in enumerate(CODES)}
COUNTS = tuple(tuple(int(digit) for digit in code) for code in CODES)
VALUES = tuple(sum(counts) for counts in COUNTS)
DECK_SIZE = len(CODES)  # 81
ALL = (1 << DECK_SIZE) - 1

# SUITS[shape][count]: the 27 cards showing ``count`` of ``shape`` (index 0 unused).
SUITS = tuple(
    tuple(
        sum(1 << card for card in range(DECK_SIZE) if COUNTS[card][shape] == count) if count else 0
        for count in range(4)
    )
    for shape in range(len(SHAPES))
)


def bits(mask: int) -> list[int]:
    """The cards of ``mask``, lowest index (so lowest code) first."""
    cards = []
    while mask:
        cards.append((mask & -mask).bit_length() - 1)
        mask &= mask - 1  # drop the lowest card
    return cards


def codes(mask: int) -> list[str]:
    """The codes of the cards of ``mask``, in sorted order."""
    return [CODES[card] for card in bits(mask)]


def suit_name(shape: int, count: int) -> str:
    """For people: "3 cones", "1 cube"."""
    return f"{count} {SHAPES[shape] if count == 1 else PLURALS[shape]}"
