"""What a new player meets (issue 14, item 22): a first-time welcome, one "forgotten
password" link on the log-in page and the site's own account e-mails (the links in
e-mails that follow the port `python3 dev.py run` serves on: tests/test_dev_run.py)."""

import re

import pytest
from django.core import mail

from tests.accounts.helpers import PASSWORD, confirmation_link, log_in, sign_up
from tests.factories import UserFactory, start_game

pytestmark = pytest.mark.django_db

STOCK_TEXT = re.compile(
    r"Hello from|Thank you for using|You're receiving this email|You are receiving this|"
    r"Please Confirm|Password Reset Email|testserver!"
)


def greeting(client) -> str:
    page = client.get("/").content.decode()
    match = re.search(r"<p>(Welcome[^<]*)<strong>", page)
    assert match, "no greeting on the home page"
    return match.group(1)


def test_a_new_player_is_welcomed_not_welcomed_back(client):
    sign_up(client)
    client.post(confirmation_link("carol@example.com"))

    assert greeting(client) == "Welcome to XIX Online, "


def test_a_player_who_has_played_is_welcomed_back(client):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    start_game(alice, bob)
    client.force_login(alice)

    assert greeting(client) == "Welcome back, "


def test_the_log_in_page_offers_one_forgotten_password_link(client):
    page = client.get("/accounts/login/").content.decode()

    links = re.findall(r"Forgot(?:ten)? your password\?", page)
    assert links == ["Forgotten your password?"]
    assert page.count('href="/accounts/password/reset/"') == 1


def only_mail_to(address):
    sent = [m for m in mail.outbox if m.to == [address]]
    assert len(sent) == 1, [m.subject for m in mail.outbox]
    return sent[0]


def assert_in_our_voice(message, subject):
    assert message.subject == f"[XIX Online] {subject}"
    assert not STOCK_TEXT.search(message.subject + message.body), message.body
    assert message.body.rstrip().endswith("XIX Online")


def test_the_sign_up_mail_is_the_sites_own(client):
    sign_up(client)

    message = only_mail_to("carol@example.com")
    assert_in_our_voice(message, "Confirm your e-mail address to start playing")
    assert message.body.startswith("Hello carol,\n")
    assert "Welcome to XIX Online" in message.body
    assert re.search(r"http://testserver/accounts/confirm-email/\S+/", message.body)


def test_the_password_reset_mail_is_the_sites_own(client, verified_user):
    client.post("/accounts/password/reset/", {"email": "carol@example.com"})

    message = only_mail_to("carol@example.com")
    assert_in_our_voice(message, "Reset your password")
    assert '"carol"' in message.body
    assert re.search(r"http://testserver/accounts/password/reset/key/\S+/", message.body)


def test_the_mail_for_a_taken_address_is_the_sites_own(client, verified_user):
    sign_up(client, username="someone", email="carol@example.com")

    message = only_mail_to("carol@example.com")
    assert_in_our_voice(message, "You already have an account")
    assert "http://testserver/accounts/password/reset/" in message.body


def test_the_mail_for_an_unknown_address_is_the_sites_own(client):
    client.post("/accounts/password/reset/", {"email": "nobody@example.com"})

    message = only_mail_to("nobody@example.com")
    assert_in_our_voice(message, "No account with this address")
    assert "http://testserver/accounts/signup/" in message.body


def test_the_address_confirmation_mail_is_the_sites_own(client, verified_user):
    log_in(client, "carol", PASSWORD)
    client.post(
        "/accounts/email/", {"action_add": "", "email": "carol.new@example.com"}, follow=True
    )

    message = only_mail_to("carol.new@example.com")
    assert_in_our_voice(message, "Confirm your e-mail address")
    assert '"carol"' in message.body


def test_the_sign_up_page_says_what_confirming_does_and_confirming_does_it(client):
    """The sign-up page promised a log-in after confirming, although confirming logs the
    new player in (issue 32): it says so now, and it is so."""
    page = re.sub(r"\s+", " ", client.get("/accounts/signup/").content.decode())
    assert "follow it to confirm the address, and you are logged in and can play at once" in page
    assert "before you log in" not in page
    sign_up(client)
    assert not client.session.get("_auth_user_id")  # not before the address is confirmed
    client.get(confirmation_link("carol@example.com"))
    client.post(confirmation_link("carol@example.com"))
    assert "carol" in client.get("/").content.decode()
    assert client.session.get("_auth_user_id")
