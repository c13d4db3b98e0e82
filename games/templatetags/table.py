"""The game page shell's template tags, for every game: ``{% load table %}``.

The log is built in Python: as a template loop it was a good part of the time it took to
render the table on every page load, move and poll (docs/performance.md, "Where the time
goes"). A game's cards are drawn by its own tags, in its package (XIX's: ``xix_cards``,
games/xix/templatetags/).
"""

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

from xix_site import rules_pages

register = template.Library()


@register.simple_tag
def rules_url(kind, variant):
    """The rules of a game's variant, for the game page's \"Rules\" link (``rules_pages``)."""
    return rules_pages.rules_url(kind, variant) or ""


@register.simple_tag
def log_lines(lines, opens=""):
    """The game log's lines as list items. A line that begins with ``opens`` (the words
    with which the game's log opens a new part of play, as XIX's "Exchange ") is marked.
    (A long game has 150 lines: ``escape`` each, not ``format_html``, which costs more.)"""
    if not lines:
        return mark_safe('<li class="note">No moves yet.</li>')
    # a game whose history entries are dicts (ONEXENO's) gives each line as its "text"
    lines = [line["text"] if isinstance(line, dict) else line for line in lines]
    return mark_safe(
        "".join(
            f'<li class="log-exchange">{escape(line)}</li>'
            if opens and line.startswith(opens)
            else f"<li>{escape(line)}</li>"
            for line in lines
        )
    )
