"""The chat on pages that are not the chat's own: the game page (``chat/_game.html``,
included by ``games/game.html``, and its header's unread mark, ``chat/_unread.html``)
and the settings page (``chat/_settings.html``)."""

from django import template

from chat.selectors import chat_context, mutes_of, unread_count

register = template.Library()


@register.simple_tag(takes_context=True)
def chat_for_game(context):
    """The chat panel's context for the game page's viewer (its ``game`` and ``seat``);
    None when the game has no chat."""
    return chat_context(context["game"], context["request"].user, context.get("seat"))


@register.simple_tag(takes_context=True)
def chat_unread(context):
    """The game page viewer's unread chat messages (the header's "Chat (2 new)"); None
    for a viewer without the mark."""
    return unread_count(context["game"], context["request"].user, context.get("seat"))


@register.simple_tag(takes_context=True)
def chat_mutes(context):
    return mutes_of(context["request"].user)
