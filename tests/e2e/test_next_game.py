"""The key N takes a player from a game where they wait to the game waiting for their move
(issue 32, item 14); on a touch screen the key is not advertised."""

import pytest
from allauth.account.models import EmailAddress
from playwright.sync_api import expect

from games.xix.engine import shuffled_deal
from tests.e2e.test_csp import log_in
from tests.factories import UserFactory, start_game_with_deal

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_pressing_n_on_a_game_where_one_waits_opens_the_game_waiting_for_ones_move(
    live_server, new_page
):
    base = live_server.url
    alice, bob, carol = (UserFactory(username=name) for name in ("alice", "bob", "carol"))
    EmailAddress.objects.create(user=alice, email=alice.email, verified=True, primary=True)
    deal, _ = shuffled_deal("e2e-next")
    waiting = start_game_with_deal(alice, bob, deal, 1, seed="e2e-next")  # bob to move
    mine = start_game_with_deal(alice, carol, deal, 0, seed="e2e-next")  # alice to move

    page = new_page()
    log_in(page, base, "alice")
    page.goto(f"{base}/games/{waiting.pk}/")
    link = page.get_by_role("link", name="Next game (1 waiting)")
    expect(link).to_be_visible()
    expect(page.locator(".next-game .key-hint")).to_be_visible()

    page.keyboard.press("n")
    page.wait_for_url(f"{base}/games/{mine.pk}/")
    expect(page.locator(".turn-you")).to_have_text("Your turn")

    # Typing an "n" into the chat does not leave the page.
    page.goto(f"{base}/games/{waiting.pk}/")
    chat = page.locator("#chat textarea, #chat input[type=text]").first
    chat.click()
    page.keyboard.type("nice")
    page.wait_for_timeout(200)
    assert page.url == f"{base}/games/{waiting.pk}/"

    phone = new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    log_in(phone, base, "alice")
    phone.goto(f"{base}/games/{waiting.pk}/")
    expect(phone.get_by_role("link", name="Next game (1 waiting)")).to_be_visible()
    expect(phone.locator(".next-game .key-hint")).to_be_hidden()
