"""The signed-in user's unread notification count for the navigation (one query, and
only on pages that show it)."""

from functools import cached_property

from django.contrib.auth.models import AnonymousUser

from notifications.services import unread_count


class Unread:
    def __init__(self, user):
        self.user = user

    @cached_property
    def count(self) -> int:
        return unread_count(self.user) if self.user.is_authenticated else 0


def unread_notifications(request) -> dict:
    # No user before the middleware ran: Django's 400 page (a bad Host header) is one.
    return {"unread_notifications": Unread(getattr(request, "user", AnonymousUser()))}
