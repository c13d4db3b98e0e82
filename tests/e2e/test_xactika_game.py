"""A person plays Xactika against two bots in the browser, by clicking: bids, leads (a card,
then the shape called; by mouse and from the keyboard) and follows, until each has come
and a lead was made from the keyboard. (A whole game to its end screen, by clicking, is
the newcomer's path: tests/e2e/test_newcomer_path.py.) A screenshot of each phase is saved
at 1280x900 and at 390x844 (a phone), under ``test-artifacts/xactika/`` (or
``XACTIKA_SHOTS``), for people to look at."""

import os
from pathlib import Path

import pytest

from accounts.models import User
from games import services
from games.selectors import game_state
from tests.e2e.test_onexeno_game import logged_in
from tests.e2e.test_play_through import expect_text, your_turn
from tests.factories import UserFactory, start_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def shots(artifacts):
    folder = os.environ.get("XACTIKA_SHOTS")
    base = Path(folder) if folder else artifacts("xactika")
    base.mkdir(parents=True, exist_ok=True)
    taken = set()

    def shoot(page, phase: str):
        """Each phase once, at both sizes (the page is put back to the desktop size)."""
        if phase in taken:
            return
        taken.add(phase)
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            page.screenshot(path=base / f"{phase}-{size}.png", full_page=True)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= viewport["width"], f"{phase} is {width} px wide at {size} size"
        page.set_viewport_size(SIZES["desktop"])

    return shoot


def move(page, shoot, by_keyboard: bool) -> str:
    """Make the move the page offers, as a person would: the lowest bid allowed; a lead's
    first card, then its first shape (by mouse, or ``by_keyboard``); the first card that
    may be played. Returns the phase."""
    page.locator("#game-live").evaluate("element => element.dataset.e2eStale = 'yes'")
    bids = page.locator("form.xk-bids button:enabled")
    lead = page.locator("form.xk-lead")
    if bids.count():
        phase = "bid"
        shoot(page, phase)
        bids.first.click()
    elif lead.count():
        phase = "lead"
        calls = lead.locator(".xk-calls button:visible")
        assert calls.count() == 0, "no call is offered before a card is chosen"
        if by_keyboard:  # the card's radio button, Space, Tab to its first call, Enter
            lead.locator("input.xk-pick").first.focus()
            page.keyboard.press("Space")
            page.keyboard.press("Tab")
            assert calls.count() == 4, "choosing a card shows its four calls"
            assert page.evaluate("document.activeElement.getAttribute('aria-label')").startswith(
                "Lead "
            )
            shoot(page, phase)
            page.keyboard.press("Enter")
        else:
            lead.locator("label.xk-card-btn").first.click()
            assert calls.count() == 4, "choosing a card shows its four calls"
            shoot(page, phase)
            calls.first.click()
    else:
        phase = "follow"
        shoot(page, phase)
        page.locator("form.xk-cards button.xk-playable").first.click()
    page.wait_for_selector("#game-live:not([data-e2e-stale])")
    error = page.locator(".game-error")
    assert not error.count(), f"the site refused a move it offered: {error.inner_text()}"
    return phase


def test_a_person_bids_leads_by_mouse_and_keyboard_and_follows(live_server, new_page, shots):
    cleo = UserFactory(username="cleo")
    bots = [
        User.objects.create(username="bot-random", is_bot=True, bot_level="random"),
        User.objects.create(username="bot-heuristic", is_bot=True, bot_level="heuristic"),
    ]
    game = start_table("xactika", "bid", [bots[0], cleo, bots[1]], seed="e2e")
    if game.to_move != 1:
        services.seat_autoplay(game_id=game.pk, expected_seq=0)
    page = logged_in(new_page, live_server, cleo)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect_text(page, ".scoreboard", "bot-heuristic")

    clicks, phases, keyed_leads = 0, set(), 0
    while not (phases == {"bid", "lead", "follow"} and keyed_leads):
        assert clicks < 40, f"no keyboard lead after {clicks} moves"
        assert your_turn(page), "a bot left its move unplayed"
        if page.locator(".xk-trick .xk-play").count() >= 2:
            shots(page, "trick")
        phase = move(page, shots, by_keyboard=clicks % 2 == 1)
        phases.add(phase)
        keyed_leads += phase == "lead" and clicks % 2 == 1
        clicks += 1
    assert game.actions.filter(seat=1).count() == clicks
    assert game.actions.exclude(seat=1).count() > 0  # the bots answered


def test_a_table_of_ten_in_the_middle_of_a_trick(live_server, new_page, shots):
    """Ten seats around one trick, seen by the player to move, at both sizes."""
    users = [UserFactory(username=f"player-{i}") for i in range(9)]
    users.insert(4, UserFactory(username="cleo"))
    game = start_table("xactika", "bid", users, seed="ten")
    while True:
        state = game_state(game)
        if state.to_move == 4 and state.plays:
            break
        game, _, _ = services.game_act(
            user=users[state.to_move],
            game_id=game.pk,
            action=state.legal_actions()[0],
            expected_seq=game.n_actions,
        )
    page = logged_in(new_page, live_server, users[4])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect_text(page, ".xk-trick", "Called:")
    assert page.locator(".xk-seat").count() == 10
    assert page.locator(".xk-trick .xk-play").count() == len(state.plays)
    shots(page, "ten-seats")
