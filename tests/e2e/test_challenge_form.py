"""The lobby's table form ("Challenge a player or set up a table") says that games
against bots are unrated before the challenge is sent: naming a bot turns the choice to
Casual, disables Rated and says why."""

import re

import pytest
from allauth.account.models import EmailAddress
from playwright.sync_api import expect

from games.models import Game
from tests.e2e.test_csp import log_in
from tests.factories import UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_naming_a_bot_makes_the_challenge_casual_and_says_why(live_server, new_page):
    base = live_server.url
    ann = UserFactory(username="ann")
    EmailAddress.objects.create(user=ann, email=ann.email, verified=True, primary=True)
    UserFactory(username="bob")
    UserFactory(username="bot-random", is_bot=True, bot_level="random")
    page = new_page()
    log_in(page, base, "ann")
    page.goto(f"{base}/lobby/")

    form = page.locator("form[data-bot-names]")
    rated = form.get_by_label("Rated", exact=True)
    casual = form.get_by_label("Casual", exact=True)
    expect(form).to_contain_text("Games against bots are always casual (unrated).")
    expect(rated).to_be_checked()

    form.get_by_label("Players I name").check()
    form.get_by_label("Players to invite").fill("Bot-Random")
    expect(casual).to_be_checked()
    expect(rated).to_be_disabled()
    expect(form.locator(".bot-unrated-note")).to_have_text(
        "Bot-Random is a bot: bot games are casual (unrated)."
    )

    # A person again: Rated can be chosen once more.
    form.get_by_label("Players to invite").fill("bob")
    expect(rated).to_be_enabled()
    expect(form.locator(".bot-unrated-note")).to_have_text("")

    form.get_by_label("Players to invite").fill("bot-random")
    form.get_by_role("button", name="Challenge").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE and game.rated is False
