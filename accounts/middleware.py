"""Dates and times in each signed-in player's own time zone."""

from django.utils import timezone


class UserTimeZoneMiddleware:
    """Activates ``request.user.zone`` for the request (templates and ``localtime`` then
    show times in it); everyone else sees the default, UTC. Must come after
    ``AuthenticationMiddleware``."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            timezone.activate(user.zone)
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
