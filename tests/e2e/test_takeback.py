"""Take-back in Chromium (issue 32, item 18): ann plays a card against a bot, the bot
answers, and "Take back your last move" puts her card back in her hand without a reload."""

import pytest
from playwright.sync_api import expect

from games.selectors import game_state
from tests.e2e.test_onexeno_game import logged_in
from tests.e2e.test_play_through import expect_text
from tests.factories import UserFactory, start_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_card_played_against_a_bot_comes_back(live_server, new_page, artifacts):
    ann = UserFactory(username="ann", email="ann@example.com")
    bot = UserFactory(username="bot-random", is_bot=True, bot_level="random")
    game = start_table("xeri", "classic", [ann, bot], seed="takeback-e2e")
    if game_state(game).to_move != 0:
        game = start_table("xeri", "classic", [bot, ann], seed="takeback-e2e")
    page = logged_in(new_page, live_server, ann)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    hand = page.locator("#your-hand button")
    expect(hand).to_have_count(6)
    take_back = page.get_by_role("button", name="Take back your last move")
    expect(take_back).to_have_count(0)

    hand.first.click()
    expect_text(page, ".turn", "Your turn")  # the bot has answered
    expect(hand).to_have_count(5)
    page.screenshot(path=artifacts("takeback-offered.png"))
    take_back.click()
    expect(hand).to_have_count(6)
    expect_text(page, ".turn", "Your turn")
    expect(take_back).to_have_count(0)  # back at the start: nothing more to take back
