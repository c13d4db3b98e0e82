"""Keyboard play: a "Skip to the game" link leads to the hand, and after each move (an htmx
swap of the table) the focus stays on the hand instead of going back to the top."""

import pytest
from allauth.account.models import EmailAddress
from playwright.sync_api import expect

from games.models import Game
from tests.e2e.test_csp import log_in
from tests.factories import UserFactory, make_challenge

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def focused_is_a_card_in_the_hand(page) -> bool:
    return page.evaluate(
        """() => {
          const el = document.activeElement;
          return !!el && el.matches("#your-hand button.card-button") && !el.disabled;
        }"""
    )


def focused_is_a_control(page) -> bool:
    """The focus is on a control of the table the player can use (a card, a decision)."""
    return page.evaluate(
        """() => {
          const el = document.activeElement;
          return !!el && el.matches("#game-controls button, #game-controls input")
            && !el.disabled && el.type !== "hidden";
        }"""
    )


def focused_description(page) -> str:
    return page.evaluate(
        "() => { const el = document.activeElement; return el ? el.outerHTML.slice(0, 200) : ''; }"
    )


def test_the_hand_keeps_the_focus_from_move_to_move(live_server, new_page, artifacts):
    base = live_server.url
    cleo = UserFactory(username="cleo")
    EmailAddress.objects.create(user=cleo, email=cleo.email, verified=True, primary=True)
    bot = UserFactory(username="bot-random", is_bot=True, bot_level="random")
    game = make_challenge(user=cleo, variant="standard", days_per_move=3, rated=False, invited=bot)
    page = new_page()
    log_in(page, base, "cleo")
    page.goto(f"{base}/games/{game.pk}/")
    game.refresh_from_db()
    assert game.players[game.to_move] == cleo, "the bot has led: cleo is to move"

    # The first Tab reaches the skip link; following it, the next Tab is on a card.
    page.keyboard.press("Tab")
    skip = page.locator(".skip-link")
    expect(skip).to_be_focused()
    expect(skip).to_have_text("Skip to the game")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert focused_is_a_card_in_the_hand(page), focused_description(page)

    moves = 0
    while moves < 8:
        page.locator("#game-live").evaluate("element => element.dataset.e2eStale = 'yes'")
        page.keyboard.press("Enter")  # play the focused card, or take the focused decision
        page.wait_for_selector("#game-live:not([data-e2e-stale])")
        page.wait_for_timeout(100)  # htmx settles, then the focus is placed
        moves += 1
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        # cleo is to move again (the bot answered in the same request): the focus is on
        # something she can play now, not back at the top of the page.
        assert game.players[game.to_move] == cleo
        focus = focused_description(page)
        assert focused_is_a_control(page), f"after move {moves} the focus is on {focus}"
        if not focus.startswith("<button"):
            break  # a trade's first choice (a radio button): Enter does not send it
    assert moves >= 3, f"only {moves} moves were made from the keyboard"
    page.screenshot(path=artifacts("e2e-keyboard.png"))
