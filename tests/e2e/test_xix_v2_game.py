"""A person plays a whole game of XIX 2.0 (2023 rules) against a bot by clicking: picks the
variant in the lobby's "Play a bot", plays cards, slides a row card and sees it, drafts,
trades, and reaches the end. Each phase is photographed at 1280x900 and 390x844 (into
``test-artifacts/v2/``, or ``V2_SHOTS`` when set) and the 390-pixel page must not scroll
sideways. After every move the focus is back on something the player can use."""

import os
import re
from pathlib import Path

import pytest

from accounts.models import User
from games.models import Game
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_keyboard import focused_description, focused_is_a_control
from tests.e2e.test_lobby_follows_game import choose
from tests.e2e.test_play_through import MAX_CLICKS, expect_text, game_over, sign_up, your_turn

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIZES = {"1280": {"width": 1280, "height": 900}, "390": {"width": 390, "height": 844}}


def shots_dir() -> Path:
    folder = Path(os.environ.get("V2_SHOTS") or ARTIFACTS / "v2")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def photograph(page, name: str):
    """``name``-1280.png and ``name``-390.png; the phone page must fit its width."""
    folder = shots_dir()
    for label, size in SIZES.items():
        page.set_viewport_size(size)
        page.wait_for_timeout(50)
        page.screenshot(path=str(folder / f"{name}-{label}.png"), full_page=True)
        if label == "390":
            overflow = page.evaluate(
                "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 0, f"{name}: the phone page scrolls {overflow}px sideways"
    page.set_viewport_size(SIZES["1280"])


def phase_of(page) -> str:
    if page.locator("form.slide-form").count():
        return "slide"
    if page.locator("form.trade-form").count():
        return "trade"
    if page.get_by_role("button", name=re.compile(r"^Draft ")).count():
        return "draft"
    return "play"


def move(page, phase: str):
    """The first choice the page offers for ``phase``, clicked; waits for the table."""
    page.locator("#game-live").evaluate("element => element.dataset.e2eStale = 'yes'")
    if phase == "slide":
        page.locator("form.slide-form button").first.click()
    elif phase == "trade":
        for group in page.locator("form.trade-form fieldset").all():
            group.locator("input[type=radio]").first.check()
        page.get_by_role("button", name=re.compile(r"^Trade")).click()
    elif phase == "draft":
        page.get_by_role("button", name=re.compile(r"^Draft ")).first.click()
    else:
        page.locator("#your-hand button.card-button").first.click()
    page.wait_for_selector("#game-live:not([data-e2e-stale])")
    page.wait_for_timeout(100)  # htmx settles, then game.js places the focus
    error = page.locator(".game-error")
    assert not error.count(), f"the site refused a move it offered: {error.inner_text()}"


def test_a_person_plays_xix_2_0_against_a_bot_to_the_end(live_server, new_page, mailoutbox):
    base = live_server.url
    User.objects.create(username="bot-heuristic", is_bot=True, bot_level="heuristic")
    page = new_page()
    sign_up(page, base, mailoutbox, "cleo")

    page.goto(f"{base}/lobby/")
    choose(page, "game", "xix/v2")  # the lobby's one form comes back for XIX 2.0
    form = page.locator("#lobby-form form")
    form.get_by_label("Bots in the empty seats").check()
    form.get_by_role("radio", name=re.compile(r"^Casual bot-heuristic")).check()
    form.get_by_role("button", name="Play a bot").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get()
    assert (game.variant, game.status, game.rated) == ("v2", Game.Status.ACTIVE, False)
    expect_text(page, ".game-facts", "XIX 2.0 (2023 rules)")

    photographed, clicks = set(), 0
    while not game_over(page):
        assert clicks < MAX_CLICKS, f"no end after {clicks} moves"
        assert your_turn(page), "the bot left its move unplayed"
        phase = phase_of(page)
        if phase not in photographed:
            photographed.add(phase)
            photograph(page, phase)
        move(page, phase)
        clicks += 1
        peeked = page.locator(".slot-slid-bottom .card-peeked")
        if phase == "slide" and "peek" not in photographed and peeked.count():
            # The card just slid is shown to cleo alone, pushed out towards her (unless
            # that was a third strike: then the exchange is over and the row is back).
            assert "seen by you, slid by you" in peeked.first.get_attribute("aria-label")
            photographed.add("peek")
            photograph(page, "peek")
        if not game_over(page):
            focus = focused_description(page)
            assert focused_is_a_control(page), f"after move {clicks} the focus is on {focus}"
    assert {"play", "slide", "peek", "draft", "trade"} <= photographed, photographed
    photograph(page, "end")

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and max(game.scores) >= 19
    expect_text(page, "#game-live", "Game over")

    # The replay of the finished game, and its record.
    page.goto(f"{base}/games/{game.pk}/replay/")
    expect_text(page, "main", "XIX 2.0 (2023 rules)")
    photograph(page, "replay")

    # The rules of XIX 2.0, with the slid row drawn in the page.
    page.goto(f"{base}/rules/xix/v2/")
    expect_text(page, "h1", "How to play XIX 2.0 (2023 rules)")
    photograph(page, "rules")
