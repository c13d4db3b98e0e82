"""``{% webpush_key as key %}``: the VAPID public key browsers subscribe with, or "" when
the site sends no browser notifications (notifications.webpush.enabled).
``{% has_moved game seat as moved %}``: whether the seat has made a move in the game (the
game page offers browser notifications from then on)."""

from django import template
from django.conf import settings

from games.models import GameAction
from notifications import webpush

register = template.Library()


@register.simple_tag
def webpush_key() -> str:
    return settings.WEBPUSH_VAPID_PUBLIC_KEY if webpush.enabled() else ""


@register.simple_tag
def has_moved(game, seat) -> bool:
    return GameAction.objects.filter(game=game, seat=seat).exists()
