"""Vacation (games.vacation): a player stops the clocks of all their games for some days,
within a yearly allowance, and cannot use it to dodge a deadline."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import Vacation
from games import services, vacation
from games.models import Game
from games.selectors import game_state
from tests.at_once import at_once
from tests.factories import UserFactory, play, start_game

pytestmark = pytest.mark.django_db
DAY = timedelta(days=1)


@pytest.fixture
def game():
    """alice and bob at XIX, alice to move (3 days per move)."""
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob, days_per_move=3)
    if game.players[game.to_move] != alice:
        game = play(game, [game_state(game).legal_actions()[0]])
    assert game.players[game.to_move] == alice
    return game


def fresh(game):
    return Game.objects.get(pk=game.pk)


def test_a_vacation_moves_the_deadline_of_the_players_move_by_its_days(game):
    alice, bob = game.players
    before = fresh(game)
    vacation.vacation_start(user=alice, days=5)
    after = fresh(game)
    assert after.deadline - before.deadline == 5 * DAY
    assert after.remind_at - before.remind_at == 5 * DAY
    alice.refresh_from_db()
    assert alice.on_vacation and vacation.days_left(alice) == 25
    # bob's games (none to move here) and bob himself are untouched.
    bob.refresh_from_db()
    assert not bob.on_vacation


def test_a_turn_that_comes_during_the_vacation_gets_its_full_time_from_its_end(game):
    alice, bob = game.players
    game = play(game, [game_state(game).legal_actions()[0]])  # alice moves: bob's turn
    assert game.players[game.to_move] == bob
    done = vacation.vacation_start(user=alice, days=4)
    while game.players[game.to_move] == bob and game.status == Game.Status.ACTIVE:
        game = play(game, [game_state(game).legal_actions()[0]])
    assert game.players[game.to_move] == alice
    assert fresh(game).deadline == done.ends_at + 3 * DAY


def test_coming_back_early_gives_the_unused_days_back_to_the_clock_and_the_allowance(game):
    alice = game.players[0]
    start = timezone.now()
    deadline = fresh(game).deadline
    vacation.vacation_start(user=alice, days=10, now=start)
    vacation.vacation_end(user=alice, now=start + 2 * DAY + timedelta(hours=3))
    # Two days and three hours were used: the move keeps that time, no more.
    assert fresh(game).deadline == deadline + 2 * DAY + timedelta(hours=3)
    alice.refresh_from_db()
    assert not alice.on_vacation
    # Three days begun are charged, not the ten planned.
    assert vacation.days_left(alice, start + 3 * DAY) == 27
    assert Vacation.objects.get().ended_at is not None


def test_no_time_out_while_the_player_is_away(game):
    alice = game.players[0]
    deadline = fresh(game).deadline
    vacation.vacation_start(user=alice, days=7)
    done = services.deadlines_sweep(now=deadline + timedelta(hours=1))
    assert done["timed_out"] == 0 and fresh(game).status == Game.Status.ACTIVE


def test_a_vacation_cannot_dodge_a_deadline_less_than_a_day_away(game):
    alice = game.players[0]
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() + timedelta(hours=20))
    with pytest.raises(vacation.VacationError, match="due in less than a day"):
        vacation.vacation_start(user=alice, days=3)
    alice.refresh_from_db()
    assert not alice.on_vacation and not Vacation.objects.exists()


def test_the_allowance_is_yearly(game, settings):
    settings.VACATION_DAYS_PER_YEAR = 30
    alice = game.players[0]
    now = timezone.now().replace(month=3, day=1)
    vacation.vacation_start(user=alice, days=30, now=now)
    with pytest.raises(vacation.VacationError, match="You have 0 days of vacation left"):
        vacation.vacation_start(user=alice, days=1, now=now + 40 * DAY)
    next_year = now.replace(year=now.year + 1)
    assert vacation.days_left(alice, next_year) == 30
    with pytest.raises(vacation.VacationError, match="You have 30 days"):
        vacation.vacation_start(user=alice, days=31, now=next_year)


def test_one_vacation_at_a_time_and_none_for_bots(game):
    alice = game.players[0]
    vacation.vacation_start(user=alice, days=2)
    with pytest.raises(vacation.VacationError, match="on vacation already"):
        vacation.vacation_start(user=alice, days=2)
    bot = UserFactory(username="bot-random", is_bot=True, bot_level="random")
    with pytest.raises(vacation.VacationError, match="Bots take no vacation"):
        vacation.vacation_start(user=bot, days=2)
    with pytest.raises(vacation.VacationError, match="not on vacation"):
        vacation.vacation_end(user=game.players[1])


def test_the_opponents_see_it_on_the_game_page(client, game):
    alice, bob = game.players
    vacation.vacation_start(user=alice, days=5)
    client.force_login(bob)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "alice is on vacation: their clock is stopped until" in page
    assert "on vacation</span>" in page
    client.force_login(alice)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "is on vacation:" not in page  # her own move: no note to herself


def test_the_vacation_page_begins_and_ends_a_vacation(client, game):
    alice = game.players[0]
    client.force_login(alice)
    page = client.get("/settings/vacation/").content.decode()
    assert "Days left this year: <strong>30</strong> of 30" in page
    response = client.post("/settings/vacation/", {"days": "4"}, follow=True)
    page = response.content.decode()
    assert "Enjoy your vacation: your clocks are stopped for 4 days" in page
    assert "You are on vacation" in page and "Come back now" in page
    response = client.post("/settings/vacation/", {"action": "end"}, follow=True)
    assert "Welcome back: your clocks are running again." in response.content.decode()
    alice.refresh_from_db()
    assert not alice.on_vacation


@pytest.mark.parametrize(
    "data, message",
    [
        ({"days": "abc"}, "Give the number of days as a whole number."),
        ({"days": "0"}, "Choose a vacation of at least one day."),
        ({"days": ""}, "Say how many days your vacation lasts."),
        ({"days": "31"}, "You have 30 days of vacation left this year."),
        ({"action": "end"}, "You are not on vacation."),
    ],
)
def test_bad_vacation_requests_answer_400_and_change_nothing(client, game, data, message):
    alice = game.players[0]
    deadline = fresh(game).deadline
    client.force_login(alice)
    response = client.post("/settings/vacation/", data)
    assert response.status_code == 400
    assert message in response.content.decode()
    alice.refresh_from_db()
    assert not alice.on_vacation and fresh(game).deadline == deadline


def test_the_vacation_page_needs_a_log_in(client):
    response = client.post("/settings/vacation/", {"days": "3"})
    assert response.status_code == 302 and "/login" in response["Location"]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_vacations_asked_at_once_begin_once():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob, days_per_move=3)
    player = game.players[game.to_move]
    deadline = fresh(game).deadline
    outcomes = at_once(lambda i: vacation.vacation_start(user=player, days=5), 4)
    assert sum(isinstance(o, Vacation) for o in outcomes) == 1
    assert all(
        isinstance(o, vacation.VacationError) for o in outcomes if not isinstance(o, Vacation)
    )
    assert fresh(game).deadline == deadline + 5 * DAY
