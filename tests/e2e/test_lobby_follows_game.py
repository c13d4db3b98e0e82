"""Issue 32, items 4 and 19 in the browser: the lobby's one form follows the game and the
variant chosen (seat counts, partnerships), and a refusal shows on the first screen by the
field that caused it (with and without JavaScript), at 1280x800."""

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


def lobby_form(page):
    """The lobby's one form for the game chosen (issue 32, item 19)."""
    return page.locator("#lobby-form form")


def choose(page, name: str, value: str) -> None:
    """Choose ``value`` in the one form's select ``name`` (the variant or the players)
    and wait for the form to come back for it (htmx swaps in a new one)."""
    page.locator("#lobby-form form").evaluate("form => form.dataset.e2eStale = 'yes'")
    page.locator(f"#lobby-form select[name={name}]").select_option(value)
    expect(page.locator("#lobby-form form:not([data-e2e-stale])")).to_have_count(1)


def test_the_seat_choices_follow_the_game_and_an_error_shows_by_its_form(
    live_server, new_page, ann
):
    base = live_server.url
    page = new_page(viewport=DESKTOP)
    log_in(page, base, "ann")
    page.get_by_role("link", name="Play Xeri").click()
    form = lobby_form(page)
    seats = form.get_by_label("Players", exact=True)
    expect(form.get_by_label("Variant")).to_have_value("xeri/classic")
    assert option_values(seats) == ["2", "4"]
    # The form acts on the game chosen: its variants alone (issue 32, item 19).
    assert option_values(form.get_by_label("Variant")) == ["xeri/classic"]

    page.locator("#choose-game").get_by_role("link", name="ONEXENO").click()
    expect(form.get_by_label("Variant")).to_have_value("onexeno/basic")
    choose(page, "game", "onexeno/partners")
    expect(seats.locator("option")).to_have_count(2)
    assert option_values(seats) == ["4", "6"]
    # The form comes back for the variant: 4 players play in two partnerships.
    expect(form.locator(".partnership-note")).to_contain_text("2 partnerships of 2")
    choose(page, "game", "onexeno/basic")
    expect(seats.locator("option")).to_have_count(6)
    expect(form.locator(".partnership-note")).to_have_count(0)
    page.goto(f"{base}/lobby/?game=xeri")

    # A name nobody has: the reason stands by the field, on the screen.
    form.get_by_label("Players I name").check()
    form.get_by_label("Players to invite").fill("nobody-here")
    form.get_by_role("button", name="Challenge").click()
    error = form.locator(".errorlist", has_text="There is no player called")
    expect(error).to_be_visible()
    # The script scrolls once htmx has settled the swap, a moment after the error shows.
    expect(error).to_be_in_viewport(ratio=1)
    expect(form.get_by_label("Players to invite")).to_have_value("nobody-here")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/item4-table-error-desktop.png")


def test_without_javascript_the_form_follows_the_variant_and_an_error_is_by_its_field(
    live_server, new_page, ann
):
    base = live_server.url
    page = new_page(viewport=DESKTOP, java_script_enabled=False)
    log_in(page, base, "ann")
    page.goto(f"{base}/lobby/?game=onexeno")
    form = lobby_form(page)
    assert option_values(form.locator("select[name=seats]")) == [str(n) for n in range(2, 8)]
    # Without the script the choices stay those of the variant the page opened on until
    # "Show the choices" brings the form back for the variant chosen.
    form.locator("select[name=game]").select_option("onexeno/partners")
    form.get_by_label("Bots in the empty seats").check()
    form.get_by_role("button", name="Show the choices for this variant and seats").click()
    assert "game=onexeno&variant=partners" in page.url and "csrf" not in page.url
    assert option_values(form.locator("select[name=seats]")) == ["4", "6"]
    expect(form.get_by_label("Bots in the empty seats")).to_be_checked()
    expect(form.get_by_role("button", name="Play 3 bots")).to_be_visible()
    expect(form.get_by_role("button", name="Play now")).to_be_hidden()

    # A count the variant is not played by (a page opened before): said by the field.
    page.goto(f"{base}/lobby/?game=onexeno&who=bots")
    form.locator("select[name=game]").select_option("onexeno/partners")
    form.locator("select[name=seats]").select_option("3")
    form.get_by_role("button", name="Play a bot").click()
    error = form.locator(".errorlist", has_text="Partners is played by 4 or 6 players.")
    expect(error).to_be_visible()
    assert page.url.endswith("/bots/play#lobby-form")
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
        expect(lobby_form(page).locator("select[name=game]")).to_have_value("xactika/bid")
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/item19-lobby-{name}.png")
    page.get_by_role("button", name="Play now").click()
    expect(page.locator("#table-lists")).to_contain_text("Xactika")
    assert page.locator("#table-lists").get_by_role("button", name="Cancel").count() == 1
