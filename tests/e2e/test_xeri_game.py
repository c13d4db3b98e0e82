"""A person plays a Xeri partnership match against three bots by clicking cards in
Chromium, on a desktop window and (a second window on the same account) a phone's, into
its second round: the bots answer before the table comes back; screenshots of each phase
go to ``test-artifacts/xeri/`` (``XERI_SHOTS`` changes that) at 1280x900 and 390x844. (A
whole match to its end screen, by clicking, is the newcomer's path:
tests/e2e/test_newcomer_path.py; a finished partnership's page: tests/xeri.)"""

import os
from pathlib import Path

import pytest
from allauth.account.models import EmailAddress

from games import services
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_csp import log_in
from tests.e2e.test_play_through import expect_text, your_turn
from tests.factories import UserFactory, start_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


SHOTS = Path(os.environ.get("XERI_SHOTS", ARTIFACTS / "xeri"))
PHONE = {"width": 390, "height": 844}


def shoot(pages, name):
    """The same moment at both sizes: the desktop page as it stands, the phone reloaded."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    desk, phone = pages
    desk.screenshot(path=SHOTS / f"{name}-1280.png", full_page=True)
    phone.reload()
    phone.screenshot(path=SHOTS / f"{name}-390.png", full_page=True)


def play_first_card(page):
    """Click the first card of the hand (as a person would) and wait for the table."""
    page.locator("#game-live").evaluate("element => element.dataset.e2eStale = 'yes'")
    page.locator("#your-hand button.xc-button").first.click()
    page.wait_for_selector("#game-live:not([data-e2e-stale])")
    error = page.locator(".game-error")
    assert not error.count(), f"the site refused a move it offered: {error.inner_text()}"


def test_a_person_plays_a_partnership_round_against_bots_by_clicking(live_server, new_page):
    base = live_server.url
    cleo = UserFactory(username="cleo")
    EmailAddress.objects.create(user=cleo, email=cleo.email, verified=True, primary=True)
    bots = [
        UserFactory(username=f"bot-{level}{n}", is_bot=True, bot_level=level)
        for n, level in enumerate(("heuristic", "random", "heuristic"), start=1)
    ]
    game = start_table("xeri", "classic", [cleo, *bots], seed="e2e-xeri")
    if game.to_move != 0:
        services.seat_autoplay(game_id=game.pk, expected_seq=0)
    desk, phone = new_page(), new_page(viewport=PHONE)
    for page in (desk, phone):
        log_in(page, base, "cleo")
        page.goto(f"{base}/games/{game.pk}/")
    expect_text(desk, ".exchange", "your partner is bot-random2")
    assert your_turn(desk)
    shoot((desk, phone), "1-start")

    # The keyboard reaches the hand: "Skip to the game" leads there, Tab to a card.
    desk.keyboard.press("Tab")
    skip = desk.locator(":focus")
    assert "Skip to the game" in skip.inner_text()

    shots = {"capture", "round-sheet"}
    clicks = 0
    while "round-sheet" in shots:
        assert clicks < 13, f"no second round after {clicks} moves"
        assert your_turn(desk), "the bots left a move unplayed"
        play_first_card(desk)
        clicks += 1
        if clicks == 3:
            shoot((desk, phone), "2-mid-round")
        if "capture" in shots and "took" in desk.locator(".xeri-last").inner_text():
            shots.discard("capture")
            shoot((desk, phone), "3-capture")
        if desk.locator("#sheet-1-title").count():
            shots.discard("round-sheet")
            expect_text(desk, ".xeri-sheet", "Honours")
            expect_text(desk, ".exchange", "Round 2 of 4")
            shoot((desk, phone), "4-round-two")
    # 12 cards for each seat a round; each seat's move was answered by the three bots
    assert clicks == 12
    game.refresh_from_db()
    assert game.n_actions >= 48 and game.actions.filter(seat=0).count() == 12


def test_a_person_plays_a_strong_bot_from_the_keyboard(live_server, new_page, monkeypatch):
    """Skip to the game, Tab to a card, Enter plays it; after the strong bot's answer
    comes back the focus is on a card of the hand again, so Enter plays the next one."""
    from games.xeri.bots import strong

    monkeypatch.setattr(strong, "ITERATIONS", 40)  # the search itself is tested elsewhere
    base = live_server.url
    cleo = UserFactory(username="cleo")
    EmailAddress.objects.create(user=cleo, email=cleo.email, verified=True, primary=True)
    bot = UserFactory(username="bot-strong", is_bot=True, bot_level="strong")
    game = start_table("xeri", "classic", [cleo, bot], seed="e2e-keys")
    if game.to_move != 0:
        services.seat_autoplay(game_id=game.pk, expected_seq=0)
    page = new_page()
    log_in(page, base, "cleo")
    page.goto(f"{base}/games/{game.pk}/")
    assert your_turn(page)
    page.keyboard.press("Tab")
    assert "Skip to the game" in page.locator(":focus").inner_text()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    on_a_card = "() => !!document.activeElement?.matches('#your-hand button.xc-button')"
    assert page.evaluate(on_a_card)
    for move in range(1, 9):
        page.locator("#game-live").evaluate("element => element.dataset.e2eStale = 'yes'")
        page.keyboard.press("Enter")
        page.wait_for_selector("#game-live:not([data-e2e-stale])")
        page.wait_for_timeout(100)  # htmx settles, then the focus is placed
        game.refresh_from_db()
        assert game.n_actions >= 2 * move, "the strong bot left its move unplayed"
        assert game.players[game.to_move] == cleo
        assert page.evaluate(on_a_card), f"after move {move} the focus left the hand"
    assert game.actions.filter(seat=1).count() >= 8  # the bot's seat answered each move
