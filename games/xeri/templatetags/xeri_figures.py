"""Xeri's cards drawn for its rules page: ``{% xeri_card "7H" %}`` is a small playing card
(rank and suit sign) whose text for screen readers spells it out ("7 of hearts")."""

from django import template
from django.utils.html import format_html

from games.xeri.engine import cards

register = template.Library()

SUITS = {"C": ("♣", "clubs"), "D": ("♦", "diamonds"), "H": ("♥", "hearts"), "S": ("♠", "spades")}
RANKS = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}


@register.simple_tag
def xeri_card(code: str, extra: str = ""):
    """The card ``code`` (``cards.CARDS``: "7H", "10D", "JC"); ``extra`` adds a class."""
    if code not in cards.ORDER:
        raise template.TemplateSyntaxError(f"{code!r} is no Xeri card")
    rank, suit = code[:-1], code[-1]
    sign, name = SUITS[suit]
    colour = "pc-red" if suit in "DH" else "pc-black"
    return format_html(
        '<span class="pc {} {}"><span aria-hidden="true">{}{}</span>'
        '<span class="visually-hidden">{} of {}</span></span>',
        colour,
        extra,
        rank,
        sign,
        RANKS.get(rank, rank),
        name,
    )
