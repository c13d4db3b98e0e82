"""A person enters a Swiss of the test game tally against three bots from its page, plays
their round-1 game in the browser, and finds the standings changed: a point on the board,
a result in the crosstable, and round 2 paired."""

import re

import pytest

from games.models import Game
from tests.e2e.test_onexeno_game import logged_in
from tests.e2e.test_play_through import MAX_CLICKS, expect_text, game_over, your_turn
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def play_first_card(page):
    page.locator("#game-live").evaluate("element => element.dataset.e2eStale = 'yes'")
    page.locator("#your-hand button").first.click()
    page.wait_for_selector("#game-live:not([data-e2e-stale])")


def test_enter_play_a_round_against_bots_and_see_the_standings(
    live_server, new_page, served_tally, artifacts
):
    base = live_server.url
    cleo = UserFactory(username="cleo")
    t = services.tournament_create(
        user=cleo,
        name="Bot Swiss",
        kind="tally",
        variant="duel",
        seats=2,
        format=Tournament.Format.SWISS,
        rounds=2,
        days_per_move=3,
        max_days=30,
        rated=False,
        starts_at=None,
        min_players=4,
        max_players=4,
        place_points=[1, 0],
        bots_allowed=True,
    )
    page = logged_in(new_page, live_server, cleo)
    page.goto(f"{base}{t.get_absolute_url()}")
    for _ in range(3):
        page.get_by_role("button", name="Add a bot").click()
        expect_text(page, ".messages", "The bot has entered.")
    expect_text(page, "#standings-title", "Players (3)")
    page.get_by_role("button", name="Enter").click()
    expect_text(page, ".messages", "You have entered the tournament.")
    expect_text(page, ".tournament-status", "Running: round 1 of 2")
    points_before = page.locator(".tournament-standings").inner_text()
    assert "cleo" in points_before

    round_one = page.locator("section.tournament-round", has_text="Round 1")
    round_one.locator("tr", has_text="cleo").get_by_role("link").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    clicks = 0
    while not game_over(page):
        assert clicks < MAX_CLICKS, f"no end after {clicks} moves"
        assert your_turn(page), "the bot left its move unplayed"
        play_first_card(page)
        clicks += 1
    game = Game.objects.get(seats__user=cleo, tournament_table__round__number=1)
    assert game.status == Game.Status.FINISHED

    page.goto(f"{base}{t.get_absolute_url()}")
    expect_text(page, ".tournament-status", "round 2 of 2")
    cross = page.locator(".tournament-cross tr", has_text="cleo").inner_text()
    won = game.seats.get(user=cleo).rank == 1
    drawn = game.seats.filter(rank=1).count() == 2
    assert re.search(r"[+]\d" if won and not drawn else r"=\d" if drawn else r"-\d", cross), cross
    row = page.locator(".tournament-standings tbody tr", has_text="cleo").locator("td")
    expected = "1" if won and not drawn else "½" if drawn else "0"
    assert row.nth(2).inner_text() == expected  # her points after round 1
    expect_text(page, "main", "Round 2")
    page.screenshot(path=artifacts("e2e-tournament.png"), full_page=True)


def test_a_team_enters_by_invitation_and_the_organiser_teams_up_two_bots(
    live_server, new_page, served_tally, artifacts
):
    """A partnership tournament: dora enters naming eve, eve accepts on the page, dora
    (the organiser) adds two bots and teams them up; full, it starts, and the standings
    and round 1 show the two teams."""
    base = live_server.url
    dora, eve = UserFactory(username="dora"), UserFactory(username="eve")
    t = services.tournament_create(
        user=dora,
        name="Pairs cup",
        kind="tally",
        variant="partners",
        seats=4,
        format=Tournament.Format.SWISS,
        rounds=2,
        days_per_move=3,
        max_days=30,
        rated=False,
        starts_at=None,
        min_players=2,
        max_players=2,
        place_points=[1, 0],
        bots_allowed=True,
    )
    page = logged_in(new_page, live_server, dora)
    page.goto(f"{base}{t.get_absolute_url()}")
    page.get_by_label("Partner").fill("eve")
    page.get_by_role("button", name="Enter").click()
    expect_text(page, ".messages", "Your partner is invited.")
    expect_text(page, ".tournament-standings", "(invited eve)")

    other = logged_in(new_page, live_server, eve)
    other.goto(f"{base}{t.get_absolute_url()}")
    expect_text(other, ".tournament-buttons", "dora asks you to be their partner.")
    other.get_by_role("button", name="Accept").click()
    expect_text(other, ".messages", "You are in, as a team.")
    expect_text(other, ".tournament-standings", "dora & eve")

    page.reload()
    for _ in range(2):
        page.get_by_role("button", name="Add a bot").click()
        expect_text(page, ".messages", "The bot has entered.")
    page.get_by_role("button", name="Form the team").click()
    expect_text(page, ".messages", "The team is formed.")
    expect_text(page, ".tournament-status", "Running: round 1 of 2")
    round_one = page.locator("section.tournament-round", has_text="Round 1")
    expect_text(round_one, "tbody", "dora & eve")
    assert round_one.locator("tbody tr").count() == 1  # one table of two teams
    game = Game.objects.get(seats__user=dora, tournament_table__round__number=1)
    team = {seat.user.username: seat.team for seat in game.seats.select_related("user")}
    assert team["dora"] == team["eve"] and len(set(team.values())) == 2
    page.screenshot(path=artifacts("e2e-tournament-teams.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=artifacts("e2e-tournament-teams-phone.png"), full_page=True)
