"""On a phone (390 x 844) no page scrolls sideways, the game page shows the player's hand in
the first screen, and the header's menu opens without JavaScript."""

import pytest
from allauth.account.models import EmailAddress

from tests.e2e.test_csp import log_in
from tests.factories import UserFactory, start_game
from tests.games.fixtures_play import finished_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}

OVERFLOW = """() => {
  const page = document.scrollingElement;
  const wide = [...document.querySelectorAll("body *")]
    .filter(el => el.getBoundingClientRect().right > window.innerWidth + 1)
    .slice(0, 5).map(el => el.tagName + "." + el.className);
  return {scrollWidth: page.scrollWidth, innerWidth: window.innerWidth, wide};
}"""


@pytest.fixture
def player_with_games():
    alice = UserFactory(username="alice-with-a-long-name")
    EmailAddress.objects.create(user=alice, email=alice.email, verified=True, primary=True)
    bob = UserFactory(username="bartholomew-the-second")
    for n in range(3):
        finished_game(alice, bob, seed=f"phone-{n}", rated=n != 1)
    game = start_game(alice, bob, seed="phone-live")
    return alice, game


def test_no_page_scrolls_sideways_and_the_hand_is_in_the_first_screen(
    live_server, new_page, browser, player_with_games, artifacts
):
    alice, game = player_with_games
    base = live_server.url
    page = new_page(viewport=PHONE)
    log_in(page, base, alice.username)
    pages = {
        "profile": f"/players/{alice.username}/",
        "history": f"/players/{alice.username}/history/",
        "game": f"/games/{game.pk}/",
        "my games": "/games/",
        "lobby": "/lobby/",
    }
    for name, path in pages.items():
        page.goto(base + path)
        measured = page.evaluate(OVERFLOW)
        page.screenshot(path=artifacts(f"e2e-phone-{name.replace(' ', '-')}.png"))
        assert measured["scrollWidth"] <= measured["innerWidth"], (name, measured)

    page.goto(f"{base}/games/{game.pk}/")
    top = page.evaluate("() => document.getElementById('your-hand').getBoundingClientRect().top")
    assert 0 <= top < PHONE["height"], f"the hand starts {top:.0f} px down, below the fold"
    # Its first card is in the first screen too, not only the hand's heading.
    card = page.locator("#your-hand .card").first.bounding_box()
    assert card["y"] + card["height"] <= PHONE["height"], card
    page.screenshot(path=artifacts("e2e-phone-game-hand.png"))

    # The header is one row; its links are behind the Menu button, which opens without
    # JavaScript and shows them over the page. A desktop shows them without a click.
    context = browser.new_context(java_script_enabled=False, viewport=PHONE)
    try:
        plain = context.new_page()
        plain.goto(base + "/")
        rules = plain.locator(".nav-links").get_by_role("link", name="Rules")
        assert not rules.is_visible()
        plain.locator("summary", has_text="Menu").click()
        assert rules.is_visible()
        assert plain.get_by_role("button", name="Dark").is_visible()
        plain.screenshot(path=artifacts("e2e-phone-menu-open.png"))
        plain.set_viewport_size({"width": 1280, "height": 800})
        plain.goto(base + "/")
        assert rules.is_visible() and not plain.locator("summary", has_text="Menu").is_visible()
    finally:
        context.close()
