"""Bot levels in templates: ``{% load bot_levels %}``, then ``{{ level|level_note }}``, a
line that says what a level's bot does (``accounts.bots.LEVEL_NOTES``), and
``{% levels_in_order %}``, every level's name from easy to hard."""

from django import template

from accounts.bots import level_note as note_of, levels_text
from accounts.models import User

register = template.Library()


@register.filter
def level_note(level: str) -> str:
    return note_of(level)


@register.simple_tag
def levels_in_order() -> str:
    """ "Beginner, Casual, Strong and Expert": every level, easy to hard."""
    return levels_text(User.BotLevel.values)
