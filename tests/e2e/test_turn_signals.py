"""Turn signals in Chromium, two people on the test game tally: bob asked to confirm each
move in the site's own dialog (Cancel or Escape sends nothing; Enter sends the move);
alice asked for a sound, and her open page chimes once, and counts the game in its tab
title, when bob's move makes it hers."""

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

    # The question is the site's own dialog (never the browser's confirm() box), naming
    # the move as its button does.
    browser_boxes = []
    bobs.on("dialog", lambda box: (browser_boxes.append(box.message), box.dismiss()))
    question = bobs.get_by_role("dialog", name=f"{label}?")

    card.click()
    expect(question).to_be_visible()
    bobs.get_by_role("button", name="Cancel").click()
    expect(question).to_be_hidden()
    bobs.wait_for_timeout(300)
    assert Game.objects.get(pk=game.pk).n_actions == 0  # nothing was sent

    card.click()  # Escape keeps the move unsent too
    expect(question).to_be_visible()
    bobs.keyboard.press("Escape")
    expect(question).to_be_hidden()
    bobs.wait_for_timeout(300)
    assert Game.objects.get(pk=game.pk).n_actions == 0

    card.click()  # Enter sends it: the dialog's "Send the move" has the focus
    expect(question).to_be_visible()
    bobs.screenshot(path=artifacts("turn-signals-confirm.png"))
    bobs.keyboard.press("Enter")
    expect_text(bobs, ".turn", "Waiting for alice")
    assert Game.objects.get(pk=game.pk).n_actions == 1
    assert browser_boxes == []

    # alice's page learns of it from its poll: her move, one chime, "(1)" in the title.
    expect_text(alices, ".turn", "Your turn")
    expect(alices).to_have_title(re.compile(r"^\(1\) "))
    assert alices.evaluate("document.body.dataset.chimes") == "1"
    assert alices.locator("#favicon").get_attribute("href").endswith("favicon-turn.svg")
    alices.screenshot(path=artifacts("turn-signals-alice.png"))
