"""Issue 32, item 19 in the browser: "Play now" offers a new table first to the players
near its creator's rating who wait for a game, and the offer reaches such a player's open
lobby by push within seconds, worded for a person, and lets them take the seat.

bob waits at the Xeri table of four his "Play now" set up; alice, at the same (starting)
rating, asks "Play now" for a Xeri game of two, which bob's table does not fit: her new
table is offered to bob first."""

import time

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.e2e.test_lobby_follows_game import choose
from tests.e2e.test_onexeno_game import logged_in
from tests.e2e.test_push import asgi_server  # noqa: F401 (a fixture: uvicorn, push on)
from tests.factories import UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_play_now_table_reaches_a_player_waiting_near_that_rating_by_push(
    asgi_server,  # noqa: F811
    new_page,
    settings,
    artifacts,
):
    settings.PUSH_EVENTS = True  # this process publishes alice's offer, through Redis
    bob, alice = UserFactory(username="bob"), UserFactory(username="alice")
    url = asgi_server.url
    bobs = logged_in(new_page, asgi_server, bob)
    bobs.goto(f"{url}/lobby/?game=xeri")
    choose(bobs, "seats", "4")
    bobs.locator("#lobby-form form").get_by_role("button", name="Play now").click()
    mine = bobs.locator("#table-lists").get_by_role("region", name="Your challenges and tables")
    expect(mine).to_contain_text("Xeri")
    waiting = Game.objects.get(created_by=bob)
    assert (waiting.seats_count, waiting.status) == (4, Game.Status.WAITING)
    bobs.wait_for_timeout(1000)  # the lobby's own event stream is open

    alices = logged_in(new_page, asgi_server, alice)
    alices.goto(f"{url}/lobby/?game=xeri")
    alices.locator("#lobby-form form").get_by_role("button", name="Play now").click()
    sent = time.monotonic()
    offered = bobs.locator("#table-lists .table-card", has_text="alice")
    expect(offered.locator(".tag-offered")).to_have_text(
        "Near your rating: offered to you first", timeout=10_000
    )
    assert time.monotonic() - sent < 5, "bob's lobby did not learn of the offer by push"
    table = Game.objects.get(created_by=alice)
    assert table.seats_count == 2 and table.offered_until is not None
    bobs.screenshot(path=artifacts("play-now-offer-lobby.png"))

    # The notice, as bob reads it.
    bobs.goto(f"{url}/notifications/")
    notice = bobs.locator("main").get_by_text("alice has just set up a table of Xeri")
    expect(notice).to_contain_text("it is offered to you first: for the next 2 minutes only")
    expect(notice).to_contain_text("Take yours from the lobby.")
    bobs.screenshot(path=artifacts("play-now-offer-notice.png"))

    # He takes the seat from the lobby: the game of two begins.
    bobs.goto(f"{url}/lobby/")
    bobs.locator("#table-lists").get_by_role("button", name="Accept alice's Xeri").click()
    bobs.wait_for_url(f"{url}/games/{table.pk}/")
    table.refresh_from_db()
    assert table.status == Game.Status.ACTIVE
