"""What every page reads from the registry of games, so that no template names a game:
``{% load game_registry %}``.

- ``{% game_stylesheets %}``: the ``<link>`` of each stylesheet the games ask every page to
  carry (``games/<key>/about.py``, ``STYLESHEETS``: XIX's variant badges), in ``base.html``.
- ``{% default_game as name %}``: the game and variant a form offers first,
  ``"<key>/<variant>"`` (``games.registry.default_game``), in the lobby's "Play a bot".
"""

from django import template
from django.templatetags.static import static
from django.utils.html import format_html_join

from games import registry
from xix_site import rules_pages

register = template.Library()


@register.simple_tag
def game_stylesheets():
    """One ``<link rel="stylesheet">`` per game stylesheet, each on a line of its own."""
    return format_html_join(
        "\n  ",
        '<link rel="stylesheet" href="{}">',
        ((static(sheet),) for sheet in rules_pages.stylesheets()),
    )


@register.simple_tag
def default_game():
    return registry.default_game()
