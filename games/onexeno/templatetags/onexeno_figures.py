"""ONEXENO's cards drawn for its rules page: ``{% onexeno_card 23 rotation=3 %}`` is the 3 x 3
pattern of the card as laid (dark and light border cells, the value in the centre), with a
text alternative that names the dark cells."""

from django import template

from games.onexeno.engine import cards

register = template.Library()

# The border cells as the engine numbers them (clockwise from the top-left), in reading
# order; None is the centre, which shows the value.
READING_ORDER = (0, 1, 2, 7, None, 3, 6, 5, 4)
CELL_NAMES = (
    "top left",
    "top",
    "top right",
    "right",
    "bottom right",
    "bottom",
    "bottom left",
    "left",
)


@register.inclusion_tag("onexeno/_card.html")
def onexeno_card(card: int, rotation: int = 0, note: str = "", seam: str = "", label: str = ""):
    """The card ``card`` (its id) laid with ``rotation`` quarter turns clockwise; ``seam``
    ("left" or "right") outlines that column, the edge it shares with a neighbour;
    ``label``, when given, is its text alternative (the table names a laid card with its
    cell and whether it is new)."""
    if card not in cards.ID_SET or rotation not in range(4):
        raise template.TemplateSyntaxError(f"no ONEXENO card {card!r} at rotation {rotation!r}")
    face = cards.shown(card, rotation)
    seam_cells = {"left": (0, 7, 6), "right": (2, 3, 4)}.get(seam, ())
    # Every cell names "centre": a key missing from a dict costs the template engine a
    # failed lookup and a dir() of the dict, eight times a card on every page.
    cells = [
        {"centre": True}
        if cell is None
        else {"centre": False, "dark": bool(face >> cell & 1), "seam": cell in seam_cells}
        for cell in READING_ORDER
    ]
    dark = [name for cell, name in enumerate(CELL_NAMES) if face >> cell & 1]
    label = label or f"Card of value {cards.VALUE[card]}, " + (
        f"dark at {', '.join(dark)}" if dark else "all light"
    )
    return {"cells": cells, "value": cards.VALUE[card], "label": label, "note": note}
