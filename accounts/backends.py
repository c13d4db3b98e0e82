"""Authentication backend: allauth's (log in by username or e-mail), minus bots."""

from allauth.account.auth_backends import AuthenticationBackend


class HumanAuthenticationBackend(AuthenticationBackend):
    """Refuses bot accounts everywhere Django authenticates: log-in forms, admin, sessions."""

    def user_can_authenticate(self, user) -> bool:
        return super().user_can_authenticate(user) and not getattr(user, "is_bot", False)
