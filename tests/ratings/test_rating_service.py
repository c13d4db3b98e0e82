"""Rated games move both players' ratings exactly once; casual games move nothing."""

import pytest

from games.models import Game
from ratings import glicko2
from ratings.models import Rating, RatingChange
from ratings.services import ratings_apply_game
from tests.factories import UserFactory, play_random, start_game
from tests.ratings.helpers import finished_game

pytestmark = pytest.mark.django_db


def ratings_of(*users, variant="standard"):
    return [Rating.objects.get(user=u, variant=variant) for u in users]


def test_a_finished_rated_game_updates_both_ratings_once():
    ann, ben = UserFactory(), UserFactory()
    game = play_random(start_game(ann, ben, seed="rated"), seed=1)
    assert game.status == Game.Status.FINISHED and game.winner in (0, 1)
    winner, loser = (ann, ben) if game.winner == 0 else (ben, ann)

    won, lost = ratings_of(winner, loser)
    assert won.rating > glicko2.DEFAULT_RATING > lost.rating
    assert (won.games, lost.games) == (1, 1)
    assert won.deviation < glicko2.DEFAULT_DEVIATION
    expected = glicko2.update(glicko2.Rating(), glicko2.Rating(), 1)
    assert won.rating == pytest.approx(expected.rating)

    changes = RatingChange.objects.filter(game=game).order_by("user_id")
    assert {c.user_id: (c.before, round(c.after, 6)) for c in changes} == {
        won.user_id: (glicko2.DEFAULT_RATING, round(won.rating, 6)),
        lost.user_id: (glicko2.DEFAULT_RATING, round(lost.rating, 6)),
    }

    again = ratings_apply_game(game=game)

    assert sorted(c.pk for c in again) == sorted(c.pk for c in changes)
    assert RatingChange.objects.filter(game=game).count() == 2
    assert [(r.rating, r.games) for r in ratings_of(winner, loser)] == [
        (won.rating, 1),
        (lost.rating, 1),
    ]


def test_a_casual_game_changes_no_rating():
    ann, ben = UserFactory(), UserFactory()

    game = play_random(start_game(ann, ben, rated=False, seed="casual"), seed=2)

    assert game.status == Game.Status.FINISHED
    assert ratings_apply_game(game=game) == []
    assert not Rating.objects.exists()
    assert not RatingChange.objects.exists()


def test_a_talon_draw_counts_half_a_point_each():
    ann, ben = UserFactory(), UserFactory()
    # Give ann a higher rating first, so that a draw has to move both ratings.
    finished_game(ann, ben, winner=0, variant="talon", scores=(20, 10))
    before_ann, before_ben = ratings_of(ann, ben, variant="talon")

    draw = finished_game(ann, ben, winner=None, variant="talon", scores=(15, 15), seed="d")

    after_ann, after_ben = ratings_of(ann, ben, variant="talon")
    assert after_ann.rating < before_ann.rating
    assert after_ben.rating > before_ben.rating
    assert after_ann.rating == pytest.approx(
        glicko2.update(before_ann.glicko, before_ben.glicko, 0.5).rating
    )
    assert (after_ann.games, after_ben.games) == (2, 2)
    assert RatingChange.objects.filter(game=draw).count() == 2


def test_each_variant_has_its_own_rating():
    ann, ben = UserFactory(), UserFactory()

    finished_game(ann, ben, winner=1, variant="talon", scores=(10, 20))

    assert not Rating.objects.filter(variant="standard").exists()
    ann_talon, ben_talon = ratings_of(ann, ben, variant="talon")
    assert ann_talon.rating < ben_talon.rating
