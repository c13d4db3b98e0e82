"""Glicko-2 against Glickman's worked example, and properties every rating update keeps."""

import pytest
from hypothesis import given, strategies as st

from ratings.glicko2 import (
    DEFAULT_DEVIATION,
    MAX_DEVIATION,
    MIN_DEVIATION,
    Rating,
    expected_score,
    rate_period,
    update,
)


def test_glickmans_worked_example():
    # "Example of the Glicko-2 system" (Glickman, 2013), tau = 0.5.
    player = Rating(1500, 200, 0.06)
    results = [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)]

    after = rate_period(player, results)

    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_score_must_be_a_game_result():
    with pytest.raises(ValueError):
        update(Rating(), Rating(), 0.7)


ratings = st.builds(
    Rating,
    rating=st.floats(min_value=600, max_value=2600),
    deviation=st.floats(min_value=MIN_DEVIATION, max_value=MAX_DEVIATION),
    volatility=st.floats(min_value=0.03, max_value=0.1),
)


@given(ratings, ratings)
def test_the_winner_gains_and_the_loser_loses(winner, loser):
    assert update(winner, loser, 1).rating > winner.rating
    assert update(loser, winner, 0).rating < loser.rating


@given(ratings, ratings)
def test_the_deviation_stays_within_its_bounds(player, opponent):
    for score in (0, 0.5, 1):
        assert MIN_DEVIATION <= update(player, opponent, score).deviation <= MAX_DEVIATION


def test_a_newcomers_first_game_makes_the_rating_more_certain():
    newcomer = Rating()
    assert update(newcomer, Rating(1500, 60), 1).deviation < DEFAULT_DEVIATION


@given(ratings)
def test_a_draw_between_equals_changes_no_rating(player):
    assert update(player, player, 0.5).rating == pytest.approx(player.rating, abs=1e-6)


@given(ratings, ratings)
def test_a_draw_moves_both_ratings_towards_each_other(a, b):
    if abs(a.rating - b.rating) < 1:
        return
    higher, lower = (a, b) if a.rating > b.rating else (b, a)
    assert update(higher, lower, 0.5).rating < higher.rating
    assert update(lower, higher, 0.5).rating > lower.rating


@given(ratings, ratings)
def test_beating_a_stronger_player_gains_more(player, opponent):
    stronger = Rating(opponent.rating + 200, opponent.deviation, opponent.volatility)
    gain_weak = update(player, opponent, 1).rating - player.rating
    gain_strong = update(player, stronger, 1).rating - player.rating
    assert gain_strong > gain_weak


def test_expected_scores_of_two_players_add_up_to_one():
    a, b = Rating(1700, 80), Rating(1500, DEFAULT_DEVIATION)
    assert expected_score(a, b) + expected_score(b, a) == pytest.approx(1)
    assert expected_score(a, b) > 0.5
