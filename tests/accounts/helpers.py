"""Driving allauth's pages the way a browser does, and reading the mails they send."""

import re

from django.core import mail

PASSWORD = "correct-horse-battery"


def sign_up(client, username="carol", email="carol@example.com", password=PASSWORD):
    return client.post(
        "/accounts/signup/",
        {"username": username, "email": email, "password1": password, "password2": password},
        follow=True,
    )


def log_in(client, login, password=PASSWORD):
    return client.post("/accounts/login/", {"login": login, "password": password}, follow=True)


def log_out(client):
    return client.post("/accounts/logout/", follow=True)


def link_in_last_mail(to: str, path_pattern: str) -> str:
    """The path of the link matching ``path_pattern`` in the last mail sent to ``to``."""
    sent = [m for m in mail.outbox if m.to == [to]]
    assert sent, f"no mail was sent to {to}"
    match = re.search(r"https?://testserver(" + path_pattern + r")", sent[-1].body)
    assert match, f"no {path_pattern} link in the mail: {sent[-1].body}"
    return match.group(1)


def confirmation_link(to: str) -> str:
    return link_in_last_mail(to, r"/accounts/confirm-email/[^/\s]+/")


def logged_in_user_id(client):
    return client.session.get("_auth_user_id")
