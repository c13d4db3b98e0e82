"""The move the site makes for an absent seat: legal, plain and always the same.

Take the pile with a card of the top card's rank if possible (a xeri when the pile is a
single card); else, on a pile worth taking, take it with a Jack; else drop the card that
gives away least (no Jack, fewest points), the first in the canonical order among equals.
"""

from .cards import JACK, ORDER, POINTS, RANK


def zombie_card(hand, pile) -> str:
    """The card to play from ``hand`` (canonical order) onto ``pile``."""
    top = RANK[pile[-1]] if pile else None
    matches = [card for card in hand if RANK[card] == top and top != JACK]
    if matches:
        return matches[0]
    jacks = [card for card in hand if RANK[card] == JACK]
    if pile and jacks and (len(pile) >= 3 or top == JACK or sum(POINTS[c] for c in pile) >= 2):
        return jacks[0]
    plain = [card for card in hand if RANK[card] != JACK] or list(hand)
    return min(plain, key=lambda card: (POINTS[card], ORDER[card]))
