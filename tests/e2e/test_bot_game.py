"""A person sets their time zone, challenges a bot from the lobby and plays it to the end
in the browser: the bot answers each move before the table comes back, and the news of
the game waits on the notifications page."""

import re

import pytest

from accounts.models import User
from games.models import Game
from tests.e2e.test_play_through import (
    MAX_CLICKS,
    expect_text,
    game_over,
    sign_up,
    take_first_choice,
    your_turn,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_person_plays_a_bot_from_the_lobby_to_the_end(
    live_server, new_page, mailoutbox, artifacts
):
    base = live_server.url
    User.objects.create(username="bot-random", is_bot=True, bot_level="random")
    page = new_page()
    sign_up(page, base, mailoutbox, "cleo")

    page.goto(f"{base}/settings/")
    page.select_option("select[name=time_zone]", "Asia/Tokyo")
    page.get_by_role("button", name="Save").click()
    expect_text(page, ".messages", "times are shown in Asia/Tokyo")

    page.goto(f"{base}/lobby/")
    page.get_by_role("button", name="Play the Beginner bot (bot-random)").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    expect_text(page, ".messages", "bot-random accepted: the game is on.")
    expect_text(page, ".local-time", "(Asia/Tokyo)")
    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE and not game.rated

    clicks = 0
    while not game_over(page):
        assert clicks < MAX_CLICKS, f"no end after {clicks} moves"
        assert your_turn(page), "the bot left its move unplayed"
        take_first_choice(page)
        clicks += 1
    page.screenshot(path=artifacts("e2e-bot-game.png"), full_page=True)

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    bot_seat = game.players.index(User.objects.get(username="bot-random"))
    assert game.actions.filter(seat=bot_seat).count() == game.n_actions - clicks > 0

    # The page was open all along: the bot's replies were not e-mailed.
    assert not [m for m in mailoutbox if "Your move against" in m.subject]
    page.goto(f"{base}/notifications/")
    expect_text(page, "main", "Notifications")
