"""The 52 cards of Xeri as the record writes them (ruling 31), and what each is worth.

A card is its code, a string: the rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` then the suit
``C D H S``. Ranks only match or do not match (ruling 1); suits matter only for the 2♣ and
the 10♦ (ruling 15). Every table here is built once, so the engine looks values up.
"""

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
JACK = "J"

# The canonical order (rank, then suit): hands and legal actions are listed in it.
CARDS = tuple(rank + suit for rank in RANKS for suit in SUITS)
ORDER = {card: index for index, card in enumerate(CARDS)}
RANK = {card: card[:-1] for card in CARDS}
HONOURS = frozenset(card for card in CARDS if RANK[card] in ("A", "K", "Q", "J", "10"))
TWO_OF_CLUBS = "2C"
TEN_OF_DIAMONDS = "10D"

# Card points (ruling 15): 1 per honour, 1 for the 2♣, 1 more for the 10♦ (22 in all).
POINTS = {
    card: (card in HONOURS) + (card == TWO_OF_CLUBS) + (card == TEN_OF_DIAMONDS) for card in CARDS
}
CARD_POINTS = sum(POINTS.values())

CODE_RULE = "a card is a rank A, 2-10, J, Q or K followed by a suit C, D, H or S (ruling 31)"


def is_card(value) -> bool:
    """Whether ``value`` is one of the 52 card codes (a str; "T", "1" and "as" are not)."""
    return isinstance(value, str) and value in ORDER


def sort_cards(cards) -> list[str]:
    """``cards`` in the canonical order."""
    return sorted(cards, key=ORDER.__getitem__)


def spell(cards) -> str:
    """Cards for a message: "2C 7H JS", or "nothing"."""
    return " ".join(cards) or "nothing"
