"""When the site answers 503 (its database is down) or does not answer at all, the open
game page says so above the table, keeps the table, and drops the message once a request
goes through again."""

import re

import pytest
from allauth.account.models import EmailAddress

from tests.e2e.test_csp import log_in
from tests.factories import UserFactory, start_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DOWN = (
    "The site cannot reach its database right now; your move was not recorded. "
    "Please try again in a minute."
)


def test_the_game_page_says_when_the_site_cannot_answer(live_server, new_page):
    base = live_server.url
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    for user in (alice, bob):
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    game = start_game(alice, bob, seed="e2e-outage")
    waiting = game.players[1 - game.to_move]  # their page polls every 3 s

    page = new_page()
    log_in(page, base, waiting.username)
    page.goto(f"{base}/games/{game.pk}/")
    table = page.locator("#game-live").inner_html()

    def outage(route):
        route.fulfill(status=503, body=DOWN, content_type="text/plain; charset=utf-8")

    poll = re.compile(r".*/poll\?.*")
    page.route(poll, outage)
    note = page.locator("#game-outage")
    note.wait_for(timeout=10_000)
    assert note.inner_text() == DOWN
    assert note.get_attribute("role") == "alert"
    assert page.locator("#game-live").inner_html() == table  # the table stays

    page.unroute(poll)
    note.wait_for(state="detached", timeout=10_000)
