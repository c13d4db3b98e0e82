"""allauth account adapter: bots cannot log in, and their name prefix is reserved."""

from allauth.account.adapter import DefaultAccountAdapter

BOT_USERNAME_PREFIX = "bot-"


class AccountAdapter(DefaultAccountAdapter):
    error_messages = {
        **DefaultAccountAdapter.error_messages,
        "bot_login": "Bot accounts play from the server and cannot log in.",
        "bot_username": f"Usernames starting with “{BOT_USERNAME_PREFIX}” are kept for bots.",
    }

    def authenticate(self, request, **credentials):
        # HumanAuthenticationBackend already refuses bots, but allauth hands back a user whose
        # password matched even when the backend refused it (to show "account inactive"), so
        # the refusal has to be repeated here.
        user = super().authenticate(request, **credentials)
        if user is not None and user.is_bot:
            raise self.validation_error("bot_login")
        return user

    def clean_username(self, username, shallow=False):
        if username.lower().startswith(BOT_USERNAME_PREFIX):
            raise self.validation_error("bot_username")
        return super().clean_username(username, shallow=shallow)
