"""The first-game guide in Chromium (issue 32, item 13): a newcomer's first Xeri game
against a bot explains the table, then the turn; "Got it" moves on without a reload, and
"Stop the guide" puts it away for good."""

import pytest
from playwright.sync_api import expect

from games.selectors import game_state
from tests.e2e.test_onexeno_game import logged_in
from tests.factories import UserFactory, start_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_guide_explains_then_goes(live_server, new_page, artifacts):
    ann = UserFactory(username="ann")
    bot = UserFactory(username="bot-random", is_bot=True, bot_level="random")
    game = start_table("xeri", "classic", [ann, bot], seed="guide-e2e")
    if game_state(game).to_move != 0:  # ann to move, so that the turn's step comes next
        game = start_table("xeri", "classic", [bot, ann], seed="guide-e2e")
    page = logged_in(new_page, live_server, ann)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")

    box = page.locator("aside.guide")
    expect(box.get_by_role("heading")).to_have_text("First-game guide · Welcome to Xeri")
    page.screenshot(path=artifacts("guide-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=artifacts("guide-phone.png"))
    page.set_viewport_size({"width": 1280, "height": 800})

    box.get_by_role("button", name="Got it").click()
    expect(box.get_by_role("heading")).to_have_text("First-game guide · Your turn: play one card")
    box.get_by_role("button", name="Stop the guide for Xeri").click()
    expect(box).to_have_count(0)
    page.reload()
    expect(page.locator("#your-hand button").first).to_be_visible()
    expect(box).to_have_count(0)
