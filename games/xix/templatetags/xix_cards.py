"""XIX's cards as the table draws them: a card is its number. Built in Python, not in
template partials, which were most of the time it took to render the table on every page
load, move and poll (docs/performance.md, "Where the time goes"). Each tag escapes what it
is given (``format_html``), as the template did. ``{% load xix_cards %}``: a library of
XIX's app (``games.xix``), beside its templates.
"""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

register = template.Library()

# {0}: the card's number. The numerals drawn on a card; the element around them names it.
FACE = (
    '<span class="card-corner" aria-hidden="true">{0}</span>'
    '<span class="card-num" aria-hidden="true">{0}</span>'
)
CARD = '<span class="card" role="img" aria-label="{0}">' + FACE + "</span>"
# {1}: what the button does with the card ("Play", "Draft").
BUTTON = (
    '<button type="submit" class="card card-button" name="card" value="{0}" '
    'aria-label="{1} {0}">' + FACE + "</button>"
)
BACK = '<span class="card card-back" aria-hidden="true"></span>'
EMPTY = mark_safe('<span class="empty">empty</span>')


@register.simple_tag
def card_face(card):
    """The numerals of one card, for an element that names the card itself."""
    return format_html(FACE, card)


@register.simple_tag
def card(card):
    """One face-up card."""
    return format_html(CARD, card)


@register.simple_tag
def cards(cards):
    """Face-up cards; "empty" when there are none."""
    if not cards:
        return EMPTY
    return format_html_join("", CARD, ((c,) for c in cards))


@register.simple_tag
def card_buttons(cards, verb):
    """One submit button per card, ``name="card"``, labelled "<verb> <card>"."""
    return format_html_join("", BUTTON, ((c, verb) for c in cards))


@register.simple_tag
def card_backs(count):
    """``count`` face-down cards; "empty" when there are none."""
    return mark_safe(BACK * count) if count > 0 else EMPTY
