"""Turn signals in Chromium, two people on the test game tally: bob asked to confirm each
move (a dismissed question sends nothing; an accepted one sends the move); alice asked for
a sound, and her open page chimes once, and counts the game in its tab title, when bob's
move makes it hers."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.e2e.test_onexeno_game import logged_in
from tests.e2e.test_play_through import expect_text
from tests.factories import UserFactory, start_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_confirmation_sound_and_title(live_server, new_page, served_tally, artifacts):
    base = live_server.url
    alice = UserFactory(username="alice", turn_sound=True)
    bob = UserFactory(username="bob", confirm_moves=True)
    game = start_table("tally", "duel", [alice, bob], seed="signals")
    if game.players[game.to_move] != bob:  # bob first: swap the seats' people
        game = start_table("tally", "duel", [bob, alice], seed="signals")
    url = f"{base}{game.get_absolute_url()}"

    alices = logged_in(new_page, live_server, alice)
    alices.goto(url)
    expect_text(alices, ".turn", "Waiting for bob")
    assert not alices.title().startswith("(")

    bobs = logged_in(new_page, live_server, bob)
    bobs.goto(url)
    assert bobs.title().startswith("(1) ")
    card = bobs.locator("#your-hand button").first
    label = card.get_attribute("aria-label")

    questions = []

    def answer(dialog, accept):
        questions.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    bobs.once("dialog", lambda dialog: answer(dialog, False))
    card.click()
    bobs.wait_for_timeout(500)
    assert questions == [f"{label}?"]
    assert Game.objects.get(pk=game.pk).n_actions == 0  # nothing was sent

    bobs.once("dialog", lambda dialog: answer(dialog, True))
    card.click()
    expect_text(bobs, ".turn", "Waiting for alice")
    assert questions == [f"{label}?", f"{label}?"]
    assert Game.objects.get(pk=game.pk).n_actions == 1

    # alice's page learns of it from its poll: her move, one chime, "(1)" in the title.
    expect_text(alices, ".turn", "Your turn")
    expect(alices).to_have_title(re.compile(r"^\(1\) "))
    assert alices.evaluate("document.body.dataset.chimes") == "1"
    assert alices.locator("#favicon").get_attribute("href").endswith("favicon-turn.svg")
    alices.screenshot(path=artifacts("turn-signals-alice.png"))
