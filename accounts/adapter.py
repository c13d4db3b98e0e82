"""allauth account adapter: bots and suspended users cannot log in (a suspended user is
told why and until when), and sign-up refuses names that pose as bots, staff or another
player (accounts.names)."""

from allauth.account.adapter import DefaultAccountAdapter
from django import forms
from django.utils import dateformat, timezone

from accounts import names


class AccountAdapter(DefaultAccountAdapter):
    error_messages = {
        **DefaultAccountAdapter.error_messages,
        "bot_login": "Bot accounts play from the server and cannot log in.",
        "suspended": "This account is suspended{until}. Reason: {reason}",
    }

    def authenticate(self, request, **credentials):
        # HumanAuthenticationBackend already refuses bots, but allauth hands back a user whose
        # password matched even when the backend refused it (to show "account inactive"), so
        # the refusal has to be repeated here.
        user = super().authenticate(request, **credentials)
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
