"""allauth account adapter: bots and suspended users cannot log in (a suspended user is
told why and until when), and sign-up refuses names that pose as bots, staff or another
player (accounts.names)."""

from allauth.account.adapter import DefaultAccountAdapter
from django import forms
from django.utils import dateformat, timezone

from accounts import login_limits, names


class AccountAdapter(DefaultAccountAdapter):
    error_messages = {
        **DefaultAccountAdapter.error_messages,
        "bot_login": "Bot accounts play from the server and cannot log in.",
        "suspended": "This account is suspended{until}. Reason: {reason}",
    }

    # --- failed log-ins, counted in the database (accounts.login_limits) -----------------

    def pre_authenticate(self, request, **credentials):
        # Instead of allauth's count in the cache, which is per process without Redis.
        self._login_attempt = login_limits.begin(
            request, _login_typed(credentials), self.get_client_ip(request)
        )

    def _delete_login_attempts_cached_email(self, request, **credentials):
        # allauth calls this for each of a user's addresses once the user has reset the
        # password by e-mail: the tries by that address and by the username are forgotten.
        from allauth.account.models import EmailAddress

        email = credentials.get("email", "")
        usernames = EmailAddress.objects.filter(email__iexact=email).values_list(
            "user__username", flat=True
        )
        login_limits.forget(email, *usernames)

    def authenticate(self, request, **credentials):
        user = super().authenticate(request, **credentials)
        if user is not None:
            login_limits.succeeded(getattr(self, "_login_attempt", None))
        # HumanAuthenticationBackend already refuses bots, but allauth hands back a user whose
        # password matched even when the backend refused it (to show "account inactive"), so
        # the refusal has to be repeated here.
        if user is not None and user.is_bot:
            raise self.validation_error("bot_login")
        if user is not None and user.is_suspended:
            raise self.suspended_error(user)
        return user

    def suspended_error(self, user):
        until = ""
        if user.suspended_until is not None:
            local = timezone.localtime(user.suspended_until, user.zone)
            until = " until " + dateformat.format(local, "j F Y, H:i") + f" ({local.tzname()})"
        return forms.ValidationError(
            self.error_messages["suspended"].format(
                until=until, reason=user.suspension_reason or "not given."
            ),
            code="suspended",
        )

    def clean_username(self, username, shallow=False):
        # allauth's checks first (the validators, then "taken" in any letter case), then
        # the look-alikes.
        username = super().clean_username(username, shallow=shallow)
        names.check_new_name(username)
        return username


def _login_typed(credentials) -> str:
    return credentials.get("email") or credentials.get("username") or ""
