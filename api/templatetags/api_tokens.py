from django import template

from api import bots, tokens
from api.models import AccessToken

register = template.Library()


@register.inclusion_tag("api/_tokens.html", takes_context=True)
def access_tokens(context):
    """The settings page's section of the signed-in person's access tokens."""
    request = context["request"]
    return {
        "tokens": tokens.tokens_of(request.user),
        "scopes": AccessToken.Scope.choices,
        "csrf_token": context.get("csrf_token"),
        "max_tokens": tokens.MAX_TOKENS,
        "accepts_bots": bots.accepts_bots(request.user),
    }
