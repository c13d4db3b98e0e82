"""Vacation in the browser: alice begins one from her settings; bob, whose game page is
open, sees within a poll that she is away and that her clock is stopped; she comes back."""

import pytest

from games.models import Game
from games.selectors import game_state
from tests.e2e.test_onexeno_game import logged_in
from tests.e2e.test_play_through import expect_text
from tests.factories import UserFactory, play, start_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_player_goes_on_vacation_and_the_opponent_sees_it(live_server, new_page, artifacts):
    base = live_server.url
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob, seed="e2e-vacation", days_per_move=2)
    if game.players[game.to_move] != alice:
        game = play(game, [game_state(game).legal_actions()[0]])
    deadline = Game.objects.get(pk=game.pk).deadline

    bobs = logged_in(new_page, live_server, bob)
    bobs.goto(f"{base}{game.get_absolute_url()}")
    expect_text(bobs, ".turn", "Waiting for alice")
    assert bobs.locator(".away-note").count() == 0

    alices = logged_in(new_page, live_server, alice)
    alices.goto(f"{base}/settings/vacation/")
    alices.fill("input[name=days]", "5")
    alices.get_by_role("button", name="Begin vacation").click()
    expect_text(alices, ".messages", "your clocks are stopped for 5 days")
    alices.screenshot(path=artifacts("vacation-settings.png"), full_page=True)

    # bob's open page learns it from its poll (the deadline moved), without a reload.
    expect_text(bobs, ".away-note", "alice is on vacation: their clock is stopped until")
    expect_text(bobs, ".scoreboard", "on vacation")
    bobs.screenshot(path=artifacts("vacation-opponent.png"), full_page=True)
    assert (Game.objects.get(pk=game.pk).deadline - deadline).days == 5

    alices.get_by_role("button", name="Come back now").click()
    expect_text(alices, ".messages", "Welcome back")
    bobs.reload()
    assert bobs.locator(".away-note").count() == 0
