"""The 70 cards, their faces and what neighbouring faces demand of each other.

A face is an 8-bit number, bit i set when border cell i is dark; cells are numbered
clockwise from the top-left (``onexeno-rulings.md``, "Records")::

    0 1 2
    7 . 3
    6 5 4

A quarter turn clockwise moves cell i to cell i + 2. A card's id is the smallest face it
can show, and its value the number of dark cells.
"""


def turn(face: int) -> int:
    """The face after one quarter turn clockwise."""
    return ((face << 2) | (face >> 6)) & 0xFF


def shown(card: int, rotation: int) -> int:
    """The face of ``card`` laid with ``rotation`` quarter turns clockwise."""
    face = card
    for _ in range(rotation):
        face = turn(face)
    return face


def _card_of(face: int) -> int:
    return min(shown(face, rotation) for rotation in range(4))


IDS: tuple[int, ...] = tuple(sorted({_card_of(face) for face in range(256)}))
ID_SET = frozenset(IDS)
VALUE: dict[int, int] = {card: card.bit_count() for card in IDS}

# card -> ((rotation, face), ...): one entry per distinct face, at its smallest rotation
# (ruling 2: rotations that show the same face are the same move)
FACES: dict[int, tuple[tuple[int, int], ...]] = {}
# card -> rotation -> the face it shows
FACE_OF: dict[int, tuple[int, ...]] = {
    card: tuple(shown(card, r) for r in range(4)) for card in IDS
}
# card -> rotation -> the smallest rotation showing the same face
CANONICAL: dict[int, tuple[int, ...]] = {}
for _card in IDS:
    _first: dict[int, int] = {}
    for _rotation in range(4):
        _first.setdefault(shown(_card, _rotation), _rotation)
    FACES[_card] = tuple((rotation, face) for face, rotation in _first.items())
    CANONICAL[_card] = tuple(_first[shown(_card, rotation)] for rotation in range(4))

# A neighbour at offset (dx, dy) from a new card: pairs (cell of the new card, cell of the
# neighbour) that must be equal. The first four share an edge, the last four a corner.
EDGE_OFFSETS = ((-1, 0), (1, 0), (0, -1), (0, 1))
CORNER_OFFSETS = ((-1, -1), (1, 1), (1, -1), (-1, 1))
TOUCHING: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {
    (-1, 0): ((0, 2), (7, 3), (6, 4)),
    (1, 0): ((2, 0), (3, 7), (4, 6)),
    (0, -1): ((0, 6), (1, 5), (2, 4)),
    (0, 1): ((6, 0), (5, 1), (4, 2)),
    (-1, -1): ((0, 4),),
    (1, 1): ((4, 0),),
    (1, -1): ((2, 6),),
    (-1, 1): ((6, 2),),
}
SIDE_NAMES = {
    (-1, 0): "left edge",
    (1, 0): "right edge",
    (0, -1): "top edge",
    (0, 1): "bottom edge",
    (-1, -1): "top-left corner",
    (1, 1): "bottom-right corner",
    (1, -1): "top-right corner",
    (-1, 1): "bottom-left corner",
}


def _demand(offset, neighbour_face: int) -> tuple[int, int]:
    mask = want = 0
    for mine, theirs in TOUCHING[offset]:
        mask |= 1 << mine
        if neighbour_face >> theirs & 1:
            want |= 1 << mine
    return mask, want


# offset -> face of the neighbour -> (mask, want): a new face f fits when f & mask == want
DEMAND: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {
    offset: tuple(_demand(offset, face) for face in range(256)) for offset in TOUCHING
}


def cells_text(face: int, cells) -> str:
    """ "dark, dark, light": the colours of ``cells`` of ``face``, for a message."""
    return ", ".join("dark" if face >> cell & 1 else "light" for cell in cells)
