"""A person plays ONEXENO against two bots in the browser: picks a card in the hand, turns
it with the turn buttons and the R keys, presses a cell the page marks as fitting, or
passes, and lays one card with the keyboard alone. (A whole game to its end screen, by
clicking, is the newcomer's path: tests/e2e/test_newcomer_path.py, which uses
``place_or_pass``.) Each phase is saved as a screenshot at 1280 x 900 and at 390 x 844
(test-artifacts/onexeno/, to be looked at)."""

import re

import pytest
from django.conf import settings
from django.test import Client

from accounts.models import User
from games import services
from games.models import Game
from tests.e2e.test_play_through import game_over, your_turn
from tests.factories import UserFactory, start_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIZES = {"wide": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def logged_in(new_page, live_server, user):
    """A browser page with ``user``'s session (a test client's login, its cookie handed on)."""
    client = Client()
    client.force_login(user)
    page = new_page()
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    return page


def shoot(page, artifacts, name):
    page.wait_for_timeout(300)  # a picked card's quarter turn takes 0.2 s on screen
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=artifacts(f"onexeno-{name}-{size}.png"), full_page=True)
    page.set_viewport_size(SIZES["wide"])


def place_or_pass(page, shot=None) -> str:
    """Pick the cards in turn, turning each with the button, until the page marks a cell
    where it fits; press that cell. Pass when none fits. Returns what was done. ``shot``:
    called once the page marks the cells where the picked card fits, before the press."""
    page.locator("#game-live").evaluate("element => element.dataset.e2eStale = 'yes'")
    done = "pass"
    cards = page.locator("#oxt-place .oxt-hand-card").all()  # no form: nothing fits
    for card in cards:
        card.click()
        for _turn in range(4):
            fitting = page.locator("button.oxt-open.oxt-fits:enabled")
            if fitting.count():
                if shot:
                    shot()
                fitting.first.click()
                done = "place"
                break
            page.get_by_role("button", name="↻ Turn right").click()
        if done == "place":
            break
    if done == "pass":
        page.get_by_role("button", name=re.compile(r"^Pass")).click()
    page.wait_for_selector("#game-live:not([data-e2e-stale])")
    error = page.locator(".game-error")
    assert not error.count(), f"the site refused a move it offered: {error.inner_text()}"
    return done


def place_by_keyboard(page) -> bool:
    """Lay a card with the keyboard only: Space picks a card (its radio button), R turns
    it, Shift+Tab reaches the cells where it fits, Enter lays it. False when no card of
    the hand fits at any turn (nothing was done)."""
    page.locator("#game-live").evaluate("element => element.dataset.e2eStale = 'yes'")
    radios = page.locator('#oxt-place input[name="card"]')
    for index in range(radios.count()):
        radios.nth(index).focus()
        page.keyboard.press("Space")
        for _turn in range(4):
            if page.locator("button.oxt-open.oxt-fits:enabled").count():
                break
            page.keyboard.press("r")
        else:
            continue
        for _step in range(40):
            page.keyboard.press("Shift+Tab")
            focused = page.evaluate("document.activeElement.className")
            if "oxt-fits" in focused:
                page.keyboard.press("Enter")
                page.wait_for_selector("#game-live:not([data-e2e-stale])")
                assert not page.locator(".game-error").count()
                return True
        raise AssertionError("Shift+Tab never reached a cell that fits")
    page.locator("#game-live").evaluate("element => delete element.dataset.e2eStale")
    return False


def test_a_person_turns_and_lays_cards_by_mouse_and_keyboard(live_server, new_page, artifacts):
    person = UserFactory(username="cleo")
    bots = [
        User.objects.create(username="bot-random", is_bot=True, bot_level="random"),
        User.objects.create(username="bot-heuristic", is_bot=True, bot_level="heuristic"),
    ]
    game = start_table("onexeno", "basic", [person, *bots], seed="e2e-3")
    while game.to_move != 0:  # the bots before the person
        services.seat_autoplay(game_id=game.pk, expected_seq=game.n_actions)
        game = Game.objects.get(pk=game.pk)
    page = logged_in(new_page, live_server, person)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert your_turn(page)
    shoot(page, artifacts, "1-start")
    page.locator(".oxt-hand-card").first.click()
    shoot(page, artifacts, "2-card-picked-first")
    page.keyboard.press("r")
    assert page.locator(".oxt-hand-card.oxt-picked .ox-grid.oxt-turn-1").count() == 1
    page.keyboard.press("Shift+R")
    place_or_pass(page, shot=lambda: shoot(page, artifacts, "2-cells-that-fit"))
    keyboard_moves = 0
    while keyboard_moves == 0 and your_turn(page) and not game_over(page):
        if place_by_keyboard(page):
            keyboard_moves += 1
        else:
            place_or_pass(page)
    assert keyboard_moves == 1, "no card was laid with the keyboard"
    game = Game.objects.get(pk=game.pk)
    assert game.actions.filter(seat=0).count() >= 2
    assert game.actions.exclude(seat=0).count() >= 2
    assert your_turn(page) or game_over(page), "a bot left its move unplayed"
