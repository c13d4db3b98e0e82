"""Signing up, logging in and out through the pages, and bots being kept out."""

import pytest
from django.contrib.auth import authenticate
from django.core import mail
from django.db import IntegrityError, transaction

from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery"


def sign_up(client, username="carol", email="carol@example.com"):
    return client.post(
        "/accounts/signup/",
        {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD},
        follow=True,
    )


def log_in(client, login, password=PASSWORD):
    return client.post("/accounts/login/", {"login": login, "password": password}, follow=True)


def log_out(client):
    return client.post("/accounts/logout/", follow=True)


def test_sign_up_log_out_and_log_in_again(client, nav_text):
    form = client.get("/accounts/signup/")
    assert form.status_code == 200
    assert 'name="username"' in form.content.decode()
    assert 'name="email"' in form.content.decode()

    response = sign_up(client)
    assert response.status_code == 200
    assert "carol" in nav_text(response)
    assert "Log out" in nav_text(response)
    # Verification is optional by default: the address gets a confirmation mail.
    assert [m.to for m in mail.outbox] == [["carol@example.com"]]

    response = log_out(client)
    assert "carol" not in nav_text(response)
    assert "Log in" in nav_text(response)

    response = log_in(client, "carol")
    assert "carol" in nav_text(response)

    log_out(client)
    response = log_in(client, "carol@example.com")
    assert "carol" in nav_text(response)


def test_wrong_password_is_refused(client, nav_text):
    sign_up(client)
    log_out(client)

    response = log_in(client, "carol", "not-the-password")

    assert "not correct" in response.content.decode()
    assert "Log in" in nav_text(response)


def test_account_pages_use_the_site_layout(client, nav_text):
    for path in ("/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"):
        response = client.get(path)
        assert response.status_code == 200
        assert "Rules" in nav_text(response)
        assert "/static/css/site.css" in response.content.decode()


def test_bot_with_a_usable_password_cannot_log_in(client, nav_text):
    bot = User.objects.create_user(
        "bot-sneaky", "sneaky@example.com", PASSWORD, is_bot=True, bot_level="random"
    )
    assert bot.has_usable_password()

    for login in ("bot-sneaky", "sneaky@example.com"):
        response = log_in(client, login)
        assert "Bot accounts play from the server and cannot log in." in response.content.decode()
        assert "Log in" in nav_text(response)
        assert "_auth_user_id" not in client.session

    assert authenticate(username="bot-sneaky", password=PASSWORD) is None
    assert client.login(username="bot-sneaky", password=PASSWORD) is False


def test_bot_usernames_are_reserved(client):
    response = sign_up(client, username="bot-impostor", email="impostor@example.com")

    assert "are kept for bots" in response.content.decode()
    assert not User.objects.filter(username="bot-impostor").exists()


def test_a_bot_needs_a_level_and_a_person_has_none():
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user("bot-nolevel", is_bot=True)
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user("dave", bot_level="strong")
