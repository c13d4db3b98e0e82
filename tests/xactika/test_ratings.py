"""A rated game of Xactika rates its players per variant, and the variant's leaderboard
lists them. A variant has one board, and Xactika's variants seat 2 to 10, so every board
is the multi-player system's (openskill, ``ratings.systems.board_for``), two seats too."""

import random

import pytest
from django.urls import reverse

from games.models import Game
from games.selectors import game_state
from ratings.models import Rating, RatingChange
from tests.factories import UserFactory, play, start_table

pytestmark = pytest.mark.django_db


def finish(game, seed):
    """Random legal moves through the service to the end of the game."""
    rng = random.Random(seed)
    while game.status == Game.Status.ACTIVE:
        game = play(game, [rng.choice(game_state(game).legal_actions())])
    return game


def test_a_finished_rated_game_rates_its_players_and_fills_the_leaderboard(client):
    variant, seats = "lose", 2  # the lowest total wins, and gains
    users = [UserFactory(username=f"{variant}{seat}") for seat in range(seats)]
    game = finish(start_table("xactika", variant, users, seed="rated", rated=True), variant)
    assert game.status == Game.Status.FINISHED
    ratings = {r.user.username: r for r in Rating.objects.filter(kind="xactika", variant=variant)}
    assert set(ratings) == {user.username for user in users}
    assert all(r.games == 1 for r in ratings.values())
    assert all(r.mu is not None and r.sigma is not None for r in ratings.values())
    assert RatingChange.objects.filter(game=game).count() == seats
    # The winner (rank 1 alone) gained; the last lost.
    seats_by_rank = sorted(game.seats.all(), key=lambda seat: seat.rank)
    first, last = seats_by_rank[0], seats_by_rank[-1]
    if first.rank < seats_by_rank[1].rank:
        assert ratings[first.user.username].rating > ratings[last.user.username].rating
    board = client.get(reverse("ratings:leaderboard", args=["xactika", variant]))
    assert board.status_code == 200
    html = board.content.decode()
    assert all(user.username in html for user in users)
