"""Match history: finished games newest first, filters by variant and result, pages."""

import re

import pytest

from games.models import Game
from tests.factories import UserFactory
from tests.ratings.helpers import finished_game

pytestmark = pytest.mark.django_db


def game_ids(response):
    html = response.content.decode()
    return [int(i) for i in re.findall(r'<a href="/games/(\d+)/" aria-label', html)]


@pytest.fixture
def games():
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    return {
        "std_won": finished_game(ann, ben, winner=0, seed="1"),
        "std_lost": finished_game(ben, ann, winner=0, seed="2"),
        "talon_drawn": finished_game(ann, ben, winner=None, variant="talon", seed="3"),
        "talon_won": finished_game(ben, ann, winner=1, variant="talon", seed="4"),
    }


def ids(games, *names):
    return [games[n].pk for n in names]


def test_all_finished_games_newest_first(client, games):
    response = client.get("/players/ann/history/")

    assert response.status_code == 200
    assert game_ids(response) == ids(games, "talon_won", "talon_drawn", "std_lost", "std_won")
    html = response.content.decode()
    assert "4 games." in html
    for game in games.values():
        assert f'href="/games/{game.pk}/replay/"' in html


@pytest.mark.parametrize(
    "query, expected",
    [
        ("variant=standard", ["std_lost", "std_won"]),
        ("variant=talon", ["talon_won", "talon_drawn"]),
        ("result=won", ["talon_won", "std_won"]),
        ("result=lost", ["std_lost"]),
        ("result=drawn", ["talon_drawn"]),
        ("variant=talon&result=won", ["talon_won"]),
        ("variant=standard&result=drawn", []),
        ("variant=&result=", ["talon_won", "talon_drawn", "std_lost", "std_won"]),
    ],
)
def test_filters(client, games, query, expected):
    response = client.get(f"/players/ann/history/?{query}")

    assert response.status_code == 200
    assert game_ids(response) == ids(games, *expected)


def test_the_opponent_sees_the_results_the_other_way(client, games):
    response = client.get("/players/ben/history/?result=won")

    assert game_ids(response) == ids(games, "std_lost")


def test_a_filter_value_it_does_not_know_is_a_400_with_a_message(client, games):
    for query in ("variant=poker", "result=maybe", "variant=talon&result=WON"):
        response = client.get(f"/players/ann/history/?{query}")

        assert response.status_code == 400
        assert "That filter is not one this page knows" in response.content.decode()
        assert game_ids(response) == []


def test_filter_form_keeps_the_choice_and_works_without_javascript(client, games):
    html = client.get("/players/ann/history/?variant=talon").content.decode()

    assert '<form class="history-filter" method="get" action="/players/ann/history/">' in html
    assert '<option value="talon" selected>XIX Talon</option>' in html  # several games
    assert 'href="/players/ann/history/">Clear filters</a>' in html


def test_pages_of_25_keep_the_filters(client):
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    for i in range(27):
        finished_game(ann, ben, winner=0, seed=str(i), rated=False)
    finished_game(ann, ben, winner=1, seed="lost", rated=False)

    first = client.get("/players/ann/history/?result=won")
    second = client.get("/players/ann/history/?result=won&page=2")

    assert len(game_ids(first)) == 25
    assert len(game_ids(second)) == 2
    assert 'href="?result=won&amp;page=2"' in first.content.decode()
    assert "Page 2 of 2" in second.content.decode()
    # No game here is drawn: seat 0 won where it is ranked first.
    won_by_seat0 = Game.objects.filter(seats__position=0, seats__rank=1)
    won = won_by_seat0.order_by("-finished_at", "-pk").values_list("pk", flat=True)
    assert game_ids(first) + game_ids(second) == list(won)


def test_a_player_without_games(client):
    UserFactory(username="newbie")

    response = client.get("/players/newbie/history/")

    assert response.status_code == 200
    assert "newbie has not finished a game yet." in response.content.decode()
