"""ONEXENO's rated games through the site: a finished game rates each player on its
variant's board (basic and partners are played by more than two sides, so both use the
multi-player system, at two seats too), and the leaderboard, the history and the profile
show it."""

import pytest

from games.models import Game
from ratings.models import Rating, RatingChange
from tests.factories import start_table
from tests.games.fixtures_play import client_for, finish, people, text

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("seats", [2, 3])
def test_a_rated_game_rates_its_players_and_every_page_shows_it(seats):
    users = people(seats, prefix="ox")
    game = finish(start_table("onexeno", "basic", users, seed=f"rated-{seats}", rated=True))
    assert game.status == Game.Status.FINISHED
    ratings = {r.user_id: r for r in Rating.objects.filter(kind="onexeno", variant="basic")}
    assert set(ratings) == {user.pk for user in users}
    assert all(rating.games == 1 for rating in ratings.values())
    # basic is played by 2 to 7 seats: one board for the variant, the multi-player system
    # (openskill's mu and sigma), at two seats too
    assert all(rating.mu is not None for rating in ratings.values())
    assert RatingChange.objects.filter(game=game).count() == seats
    scores = dict(zip([u.pk for u in users], game.scores, strict=True))
    best = max(users, key=lambda user: scores[user.pk])
    worst = min(users, key=lambda user: scores[user.pk])
    if scores[best.pk] > scores[worst.pk]:
        assert ratings[best.pk].rating > ratings[worst.pk].rating
    board = text(client_for(users[0]).get("/leaderboard/onexeno/basic/").content.decode())
    for user in users:
        assert user.username in board
    reader = client_for(users[0])
    history = text(reader.get(f"/players/{users[0].username}/history/").content.decode())
    assert "Finished games, newest first" in history and "1 game." in history
    assert "ONEXENO Basic" in history.split("Finished games")[1]
    assert f"{round(ratings[users[0].pk].rating)} (" in history
    profile = text(reader.get(f"/players/{users[0].username}/").content.decode())
    assert f"ONEXENO Basic {round(ratings[users[0].pk].rating)}" in profile
