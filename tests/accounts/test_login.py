"""Signing up with mandatory e-mail confirmation, logging in and out, and bots kept out."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import authenticate
from django.core import mail
from django.db import IntegrityError, transaction

from accounts.models import User
from tests.accounts.helpers import (
    PASSWORD,
    confirmation_link,
    log_in,
    log_out,
    logged_in_user_id,
    sign_up,
)

pytestmark = pytest.mark.django_db


def test_sign_up_confirm_by_post_then_log_in(client, nav_text):
    form = client.get("/accounts/signup/")
    assert form.status_code == 200
    for field in ("username", "email", "password1", "password2"):
        assert f'name="{field}"' in form.content.decode()

    response = sign_up(client)

    # Not logged in yet: the page says to check the mail, and the mail has the link.
    assert response.redirect_chain[-1][0] == "/accounts/confirm-email/"
    assert "Check your e-mail" in response.content.decode()
    assert logged_in_user_id(client) is None
    assert "Log in" in nav_text(response)
    assert [m.to for m in mail.outbox] == [["carol@example.com"]]
    assert mail.outbox[0].subject.startswith("[XIX Online] ")
    carol = User.objects.get(username="carol")
    assert not EmailAddress.objects.get(user=carol).verified

    # Opening the link only shows a Confirm button: mail scanners that follow links
    # must not confirm anything.
    link = confirmation_link("carol@example.com")
    page = client.get(link)
    assert page.status_code == 200
    assert "carol@example.com" in page.content.decode()
    # The form posts to a confirmation link for the same address (allauth signs a fresh
    # one as it draws the page, so its time stamp may be a second later than ``link``'s).
    action = re.search(
        r'<form class="account-form" method="post" action="([^"]+)">', page.content.decode()
    )
    assert action and action[1].startswith("/accounts/confirm-email/")
    assert action[1].split(":")[0] == link.split(":")[0]  # the same e-mail address's key
    assert not EmailAddress.objects.get(user=carol).verified

    # Confirming in the browser that signed up logs the new player in.
    response = client.post(link, follow=True)
    assert EmailAddress.objects.get(user=carol).verified
    assert logged_in_user_id(client) == str(carol.pk)
    assert "carol" in nav_text(response)

    log_out(client)
    for login in ("carol", "carol@example.com"):
        response = log_in(client, login)
        assert "carol" in nav_text(response)
        assert logged_in_user_id(client) == str(carol.pk)
        log_out(client)


def test_log_in_before_confirming_is_refused(client, nav_text):
    sign_up(client)

    response = log_in(client, "carol")

    assert logged_in_user_id(client) is None
    assert response.redirect_chain[-1][0] == "/accounts/confirm-email/"
    assert "Check your e-mail" in response.content.decode()
    assert "Log in" in nav_text(response)


def test_confirming_in_another_browser_does_not_log_in(client, nav_text):
    from django.test import Client

    sign_up(client)
    other = Client()

    response = other.post(confirmation_link("carol@example.com"), follow=True)

    assert EmailAddress.objects.get(email="carol@example.com").verified
    assert logged_in_user_id(other) is None
    assert "Log in" in nav_text(response)
    log_in(other, "carol")
    assert logged_in_user_id(other) is not None


def test_a_bad_confirmation_link_says_so(client):
    response = client.get("/accounts/confirm-email/not-a-real-key/")

    assert response.status_code == 200
    assert "expired or is not valid" in response.content.decode()
    assert client.post("/accounts/confirm-email/not-a-real-key/").status_code in (200, 404)
    assert not EmailAddress.objects.filter(verified=True).exists()


def test_wrong_password_is_refused(client, nav_text, verified_user):
    response = log_in(client, "carol", "not-the-password")

    assert "not correct" in response.content.decode()
    assert "Log in" in nav_text(response)
    assert logged_in_user_id(client) is None


def test_log_out_needs_a_post(client, nav_text, verified_user):
    log_in(client, "carol")

    page = client.get("/accounts/logout/")
    assert page.status_code == 200
    assert "Do you want to log out" in page.content.decode()
    assert logged_in_user_id(client) is not None

    response = log_out(client)
    assert logged_in_user_id(client) is None
    assert "Log in" in nav_text(response)


@pytest.mark.parametrize(
    "path",
    [
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/password/reset/",
        "/accounts/password/reset/done/",
        "/accounts/confirm-email/",
    ],
)
def test_account_pages_use_the_site_layout(client, nav_text, path):
    response = client.get(path)

    assert response.status_code == 200
    assert "Rules" in nav_text(response)
    html = response.content.decode()
    assert "/static/css/site.css" in html
    assert "/static/css/profile.css" in html
    assert "<script>" not in html


def test_bot_with_a_usable_password_cannot_log_in(client, nav_text):
    bot = User.objects.create_user(
        "bot-sneaky", "sneaky@example.com", PASSWORD, is_bot=True, bot_level="random"
    )
    EmailAddress.objects.create(user=bot, email="sneaky@example.com", verified=True, primary=True)
    assert bot.has_usable_password()

    for login in ("bot-sneaky", "sneaky@example.com"):
        response = log_in(client, login)
        assert "Bot accounts play from the server and cannot log in." in response.content.decode()
        assert "Log in" in nav_text(response)
        assert logged_in_user_id(client) is None

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
