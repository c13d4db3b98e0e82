"""Authentication backend: allauth's (log in by username or e-mail), minus bots."""

from allauth.account.auth_backends import AuthenticationBackend


class HumanAuthenticationBackend(AuthenticationBackend):
    """Refuses bot and suspended accounts everywhere Django authenticates: log-in forms,
    admin, and every request of an existing session (``get_user`` asks the same question),
    so a suspension takes effect at the suspended user's next request."""

    def user_can_authenticate(self, user) -> bool:
        return (
            super().user_can_authenticate(user)
            and not getattr(user, "is_bot", False)
            and not getattr(user, "is_suspended", False)
        )
