"""Issue 32, item 4 in the browser: the players' choices follow the game chosen, and a
refusal shows on the first screen next to the form that was sent (with and without
JavaScript), at 1280x800."""

import os

import pytest
from allauth.account.models import EmailAddress
from playwright.sync_api import expect

from tests.e2e.test_csp import log_in
from tests.factories import UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 800}
SHOTS = os.environ.get("LOBBY_SHOTS", "")


def option_values(select) -> list[str]:
    return select.locator("option").evaluate_all("(options) => options.map((o) => o.value)")


@pytest.fixture
def ann():
    user = UserFactory(username="ann")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    UserFactory(username="bot-random", is_bot=True, bot_level="random")
    return user


def test_the_seat_choices_follow_the_game_and_an_error_shows_by_its_form(
    live_server, new_page, ann
):
    base = live_server.url
    page = new_page(viewport=DESKTOP)
    log_in(page, base, "ann")
    page.get_by_role("link", name="Play Xeri").click()
    table = page.locator("#set-up-table form")
    seats = table.get_by_label("Players")
    expect(table.get_by_label("Game and variant")).to_have_value("xeri/classic")
    assert option_values(seats) == ["2", "4"]

    # The forms act on the game chosen: its variants alone (issue 32, item 19).
    assert option_values(table.get_by_label("Game and variant")) == ["xeri/classic"]

    page.locator("#choose-game").get_by_role("link", name="ONEXENO").click()
    expect(table.get_by_label("Game and variant")).to_have_value("onexeno/basic")
    table.get_by_label("Game and variant").select_option("onexeno/partners")
    expect(seats.locator("option")).to_have_count(2)
    assert option_values(seats) == ["4", "6"]
    bot_form = page.locator("#play-bot form").first
    bot_form.locator("select[name=game]").select_option("onexeno/partners")
    assert option_values(bot_form.locator("select[name=seats]")) == ["4", "6"]
    bot_form.locator("select[name=game]").select_option("onexeno/basic")
    assert option_values(bot_form.locator("select[name=seats]")) == [str(n) for n in range(2, 8)]
    page.goto(f"{base}/lobby/?game=xeri")

    # A name nobody has: the reason stands by the field, on the screen.
    table.get_by_label("Invite players (optional)").fill("nobody-here")
    table.get_by_role("button", name="Post").click()
    error = page.locator("#set-up-table .errorlist", has_text="There is no player called")
    expect(error).to_be_visible()
    # The script scrolls once htmx has settled the swap, a moment after the error shows.
    expect(error).to_be_in_viewport(ratio=1)
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/item4-table-error-desktop.png")


def test_without_javascript_a_wrong_count_is_said_next_to_the_bots_form(live_server, new_page, ann):
    base = live_server.url
    page = new_page(viewport=DESKTOP, java_script_enabled=False)
    log_in(page, base, "ann")
    page.goto(f"{base}/lobby/?game=onexeno")
    bot_form = page.locator("#play-bot form").first
    assert option_values(bot_form.locator("select[name=seats]")) == [str(n) for n in range(2, 8)]
    # Without the script the choices stay those of the variant the page opened on; the
    # partnership variant is played by 4 or 6 only.
    bot_form.locator("select[name=game]").select_option("onexeno/partners")
    bot_form.locator("select[name=seats]").select_option("3")
    bot_form.get_by_role("button").click()
    error = page.locator("#bot-error")
    expect(error).to_have_text("Partners is played by 4 or 6 players.")
    assert page.url.endswith("/bots/play#play-bot")
    expect(error).to_be_in_viewport(ratio=1)
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/item4-bot-error-nojs-desktop.png")


def test_the_game_cards_choose_the_game_and_play_now_sets_up_a_table(live_server, new_page, ann):
    base = live_server.url
    for name, viewport in (("desktop", DESKTOP), ("phone", {"width": 390, "height": 844})):
        page = new_page(viewport=viewport)
        log_in(page, base, "ann")
        page.goto(f"{base}/lobby/")
        page.locator("#choose-game").get_by_role("link", name="Xactika").click()
        expect(page.locator(".game-choice-card.is-chosen")).to_contain_text("Xactika")
        expect(page.locator("#set-up-table select[name=game]")).to_have_value("xactika/bid")
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/item19-lobby-{name}.png")
    page.get_by_role("button", name="Play Xactika now").click()
    expect(page.locator("#table-lists")).to_contain_text("Xactika")
    assert page.locator("#table-lists").get_by_role("button", name="Cancel").count() == 1
