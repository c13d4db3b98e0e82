"""Issue 32, items 15 and 19 in the browser: the lobby picks the game first (a card per
game with its picture, seat counts and one line), and then every form acts on that game
alone and offers its options (Xeri's match length), which the table list and the game page
then show; at 1280x800 and 390x844, with and without JavaScript. Screenshots go to
test-artifacts/."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.e2e import test_lobby_follows_game as follows
from tests.e2e.test_csp import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ann = follows.ann  # the fixture: ann, verified, and the Beginner bot
option_values = follows.option_values

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("size", SIZES)
def test_each_game_card_has_its_picture_and_the_forms_follow_the_card_chosen(
    live_server, new_page, ann, artifacts, size
):
    base = live_server.url
    page = new_page(viewport=SIZES[size])
    log_in(page, base, "ann")
    page.goto(f"{base}/lobby/")
    cards = page.locator("#choose-game .game-choice-card")
    expect(cards).to_have_count(4)
    for index in range(4):
        picture = cards.nth(index).locator("img.game-choice-picture")
        expect(picture).to_be_visible()
        # The SVG loaded and was drawn (a broken image has no natural width).
        assert picture.evaluate("(img) => img.complete && img.naturalWidth > 0")
    page.screenshot(path=artifacts(f"lobby-cards-{size}.png"))

    page.locator("#choose-game").get_by_role("link", name="Xeri").click()
    expect(page.locator(".game-choice-card.is-chosen")).to_contain_text("Xeri")
    expect(page.get_by_role("button", name="Play Xeri now")).to_be_in_viewport()
    table = page.locator("#set-up-table form")
    # The table form, the bots' forms and Play now offer Xeri alone, with its match length.
    assert option_values(table.get_by_label("Game and variant")) == ["xeri/classic"]
    assert option_values(table.get_by_label("Players")) == ["2", "4"]
    bot_form = page.locator("#play-bot form").first
    assert option_values(bot_form.locator("select[name=game]")) == ["xeri/classic"]
    for form in (page.locator("form.play-now"), table, bot_form):
        assert option_values(form.get_by_label("Match length")) == ["1", "2", "3", "4"]
    page.screenshot(path=artifacts(f"lobby-xeri-chosen-{size}.png"))

    table.get_by_label("Match length").select_option(label="Each player deals twice")
    table.get_by_role("button", name="Post").click()
    row = page.locator("#table-lists .table-card", has_text="Xeri")
    expect(row).to_contain_text("Match length: each player deals twice")
    page.screenshot(path=artifacts(f"lobby-xeri-table-listed-{size}.png"), full_page=True)
    game = Game.objects.get(created_by=ann)
    assert game.options == {"deals": 2}
    # The lobby answered in place keeps Xeri chosen, in every form.
    expect(page.locator(".game-choice-card.is-chosen")).to_contain_text("Xeri")
    assert option_values(table.get_by_label("Game and variant")) == ["xeri/classic"]
    expect(table.get_by_label("Match length")).to_have_value("1")

    # Another card: the forms are that game's, and Xeri's option is gone.
    page.locator("#choose-game").get_by_role("link", name="ONEXENO").click()
    expect(page.locator(".game-choice-card.is-chosen")).to_contain_text("ONEXENO")
    assert all(
        v.startswith("onexeno/") for v in option_values(table.get_by_label("Game and variant"))
    )
    expect(page.locator("select[name=option_deals]")).to_have_count(0)


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_bot_game_of_xeri_with_a_longer_match_shows_it_on_the_game_page(
    live_server, new_page, ann, artifacts, javascript
):
    base = live_server.url
    page = new_page(viewport=SIZES["phone"], java_script_enabled=javascript)
    log_in(page, base, "ann")
    page.goto(f"{base}/lobby/?game=xeri")
    bot_form = page.locator("#play-bot form").first
    bot_form.get_by_label("Match length").select_option("3")
    bot_form.get_by_role("button").click()
    page.wait_for_url(re.compile(r"/games/\d+/(#.*)?$"))
    facts = page.locator(".game-facts")
    expect(facts).to_contain_text("Match length: each player deals three times")
    expect(page.locator("#game-live")).to_contain_text("of 6")  # round 1 of 6
    name = "script" if javascript else "no-script"
    page.screenshot(path=artifacts(f"xeri-bot-long-match-phone-{name}.png"))
    game = Game.objects.get(created_by=ann)
    assert game.options == {"deals": 3} and len(game.setup["rounds"]) == 6
