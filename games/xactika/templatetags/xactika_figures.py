"""Xactika's cards drawn for people: ``{% xactika_card "2132" %}`` (the rules page) is an
inline SVG of the card (its balls, cubes, cones and stars, one row a shape) with a text
alternative and a caption; ``{% xactika_face "2132" %}`` (the table) is the SVG alone."""

import math

from django import template

from games.xactika.engine import cards

register = template.Library()

ROW_Y = (13, 31, 49, 67)  # the centre of each shape's row, in a 60 x 80 card
COLUMNS = {1: (30,), 2: (21, 39), 3: (13, 30, 47)}


def _star(x: float, y: float) -> str:
    points = []
    for i in range(10):
        radius = 7 if i % 2 == 0 else 3
        angle = math.pi / 5 * i - math.pi / 2
        points.append(f"{x + radius * math.cos(angle):.1f},{y + radius * math.sin(angle):.1f}")
    return " ".join(points)


def describe(code: str) -> str:
    """ "2132: 2 balls, 1 cube, 3 cones, 2 stars (value 8)" """
    parts = []
    for shape, plural, digit in zip(cards.SHAPES, cards.PLURALS, code, strict=True):
        parts.append(f"{digit} {shape if digit == '1' else plural}")
    return f"{code}: {', '.join(parts)} (value {cards.VALUES[cards.INDEX[code]]})"


@register.inclusion_tag("xactika/_card.html")
def xactika_card(code: str, note: str = ""):
    """The card ``code`` (four digits 1-3: balls, cubes, cones, stars); ``note`` is shown
    under it (who played it, "wins")."""
    return {**_figure(code), "note": note}


@register.inclusion_tag("xactika/_face.html")
def xactika_face(code: str, label: bool = True):
    """The card ``code`` as an inline SVG alone (phrasing content, for a button or a
    table seat): ``label`` False leaves the text alternative to the element around it."""
    return {**_figure(code), "labelled": label}


def _figure(code: str) -> dict:
    if code not in cards.INDEX:
        raise template.TemplateSyntaxError(f"{code!r} is no Xactika card")
    shapes = []
    for shape, digit, y in zip(cards.SHAPES, code, ROW_Y, strict=True):
        for x in COLUMNS[int(digit)]:
            shapes.append({"kind": shape, "x": x, "y": y, "points": _star(x, y)})
    return {
        "code": code,
        "value": cards.VALUES[cards.INDEX[code]],
        "label": describe(code),
        "shapes": shapes,
    }


@register.filter
def xactika_words(code: str) -> str:
    """A card in words, as the log names it: "2 balls, 1 cube, 3 cones, 2 stars"."""
    from games.xactika.site import card_words

    return card_words(code)


@register.inclusion_tag("xactika/_words.html")
def xactika_caption(code: str, hidden: bool = False):
    """A card's words under its face ("2 balls, 1 cube, 3 cones, 2 stars"), broken only
    between its shapes; ``hidden`` when the element around it is named already."""
    from games.xactika.site import card_words

    return {"parts": card_words(code).split(", "), "hidden": hidden}
