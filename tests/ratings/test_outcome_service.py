"""ratings_apply_outcome: a finished game of any number of seats, rated once."""

import pytest
from django.db import transaction

from accounts.models import User
from games.models import Game, GameSeat
from ratings import systems
from ratings.models import Rating, RatingChange
from ratings.services import ratings_apply_game, ratings_apply_outcome
from ratings.systems import glicko2, openskill
from tests.at_once import at_once, failures
from tests.factories import UserFactory, start_game

pytestmark = pytest.mark.django_db


def players(n):
    return [UserFactory(username=f"p{i}") for i in range(n)]


def a_game(*, rated=True):
    """A game row for the rating changes to point at (the platform passes its own)."""
    return start_game(UserFactory(), UserFactory(), rated=rated, seed="row")


def rating(user, variant="free", kind="party"):
    return Rating.objects.get(user=user, kind=kind, variant=variant)


def test_a_free_for_all_rates_every_player_by_place(party):
    ann, ben, cid, dot = players(4)
    game = a_game()

    changes = ratings_apply_outcome(
        game=game,
        kind="party",
        variant="free",
        entries=[(ben, None, 2), (ann, None, 1), (dot, None, 4), (cid, None, 3)],
    )

    assert len(changes) == 4
    shown = [rating(u).rating for u in (ann, ben, cid, dot)]
    assert shown == sorted(shown, reverse=True)
    assert shown[0] > 1500 > shown[3]
    for user in (ann, ben, cid, dot):
        row = rating(user)
        assert row.games == 1 and row.volatility is None
        assert row.rating == pytest.approx(openskill.Skill(row.mu, row.sigma).shown)
        assert row.deviation == pytest.approx(42 * row.sigma)
        change = RatingChange.objects.get(game=game, user=user)
        assert (change.kind, change.variant, change.before) == ("party", "free", 1500)
        assert (change.after, change.deviation_after) == (row.rating, row.deviation)
    assert RatingChange.objects.get(user=ann).delta > 0 > RatingChange.objects.get(user=dot).delta
    assert not Rating.objects.filter(kind="xix").exists()


def test_partners_win_and_lose_together(party):
    ann, ben, cid, dot = players(4)
    # ann is already strong: even so, losing with her partner costs her rating.
    Rating.objects.create(
        user=ann,
        kind="party",
        variant="pairs",
        rating=openskill.Skill(32.0, 100 / 42).shown,  # 1794
        deviation=100,
        volatility=None,
        mu=32.0,
        sigma=100 / 42,
        games=20,
    )

    ratings_apply_outcome(
        game=a_game(),
        kind="party",
        variant="pairs",
        entries=[(ann, 0, 2), (ben, 1, 1), (cid, 0, 2), (dot, 1, 1)],
    )

    assert rating(ann, "pairs").rating < 1794 and rating(ann, "pairs").mu < 32
    assert rating(cid, "pairs").rating < 1500
    assert rating(ben, "pairs").rating > 1500 and rating(dot, "pairs").rating > 1500
    assert rating(ben, "pairs").rating == rating(dot, "pairs").rating  # equals, same fate
    assert rating(ann, "pairs").games == 21


def test_a_tie_shares_the_place(party):
    ann, ben, cid = players(3)

    ratings_apply_outcome(
        game=a_game(),
        kind="party",
        variant="free",
        entries=[(ann, None, 1), (ben, None, 1), (cid, None, 3)],
    )

    assert rating(ann).rating == rating(ben).rating > 1500 > rating(cid).rating


def test_two_single_seats_keep_glicko2(party):
    ann, ben = players(2)
    expected = glicko2.update(glicko2.Rating(), glicko2.Rating(), 1)

    ratings_apply_outcome(
        game=a_game(), kind="party", variant="duel", entries=[(ann, None, 1), (ben, None, 2)]
    )

    won = rating(ann, "duel")
    assert (won.rating, won.deviation, won.volatility) == (
        pytest.approx(expected.rating),
        pytest.approx(expected.deviation),
        pytest.approx(expected.volatility),
    )
    assert won.mu is None and won.sigma is None
    assert rating(ben, "duel").rating < 1500

    # Two players in a variant for up to six: Glicko-2's update, kept as openskill numbers.
    cid, dot = UserFactory(), UserFactory()
    ratings_apply_outcome(
        game=a_game(), kind="party", variant="free", entries=[(cid, None, 1), (dot, None, 2)]
    )
    assert rating(cid).glicko.rating == pytest.approx(expected.rating)
    assert rating(cid).volatility == pytest.approx(expected.volatility)
    assert rating(cid).rating == pytest.approx(
        openskill.Skill(rating(cid).mu, rating(cid).sigma).shown
    )


def test_xix_games_are_rated_as_before_and_say_so():
    ann, ben = players(2)
    game = start_game(ann, ben, seed="x")
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    # The result as the services leave it: in the seats' ranks (seat 1 won).
    GameSeat.objects.filter(game=game, position=0).update(rank=2)
    GameSeat.objects.filter(game=game, position=1).update(rank=1)
    game.refresh_from_db()

    ratings_apply_game(game=game)

    row = Rating.objects.get(user=ben)
    assert (row.kind, row.variant, row.mu, row.volatility) == (
        "xix",
        "standard",
        None,
        pytest.approx(0.06, abs=0.01),
    )
    assert row.rating == pytest.approx(glicko2.update(glicko2.Rating(), glicko2.Rating(), 1).rating)
    assert set(RatingChange.objects.values_list("kind", flat=True)) == {"xix"}


def test_applied_once_when_called_again(party):
    ann, ben, cid = players(3)
    game = a_game()
    entries = [(ann, None, 1), (ben, None, 2), (cid, None, 3)]
    first = ratings_apply_outcome(game=game, kind="party", variant="free", entries=entries)
    before = [(r.rating, r.mu, r.sigma, r.games) for r in Rating.objects.order_by("pk")]

    again = ratings_apply_outcome(game=game, kind="party", variant="free", entries=entries)

    assert sorted(c.pk for c in again) == sorted(c.pk for c in first)
    assert RatingChange.objects.filter(game=game).count() == 3
    assert [(r.rating, r.mu, r.sigma, r.games) for r in Rating.objects.order_by("pk")] == before


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_applied_once_when_called_twice_at_once(party):
    ann, ben, cid = players(3)
    game = a_game()
    entries = [(ann, None, 3), (ben, None, 1), (cid, None, 2)]

    def apply(_):
        with transaction.atomic():
            return sorted(
                c.pk
                for c in ratings_apply_outcome(
                    game=game, kind="party", variant="free", entries=entries
                )
            )

    results = at_once(apply, 4)

    assert failures(results) == []
    assert all(result == results[0] for result in results) and len(results[0]) == 3
    assert RatingChange.objects.filter(game=game).count() == 3
    assert sorted(Rating.objects.filter(kind="party").values_list("games", flat=True)) == [1, 1, 1]


def test_casual_games_bots_and_aborts_rate_nobody(party):
    ann, ben, cid = players(3)
    bot = User.objects.create_user("bot-random", is_bot=True, bot_level="random")
    cases = [
        (a_game(rated=False), [(ann, None, 1), (ben, None, 2), (cid, None, 3)]),
        (a_game(), [(ann, None, 1), (bot, None, 2), (cid, None, 3)]),
        (a_game(), [(ann, None, None), (ben, None, None), (cid, None, None)]),
        (a_game(), [(ann, None, 1)]),
    ]
    for game, entries in cases:
        assert ratings_apply_outcome(game=game, kind="party", variant="free", entries=entries) == []
    assert not Rating.objects.filter(kind="party").exists()
    assert not RatingChange.objects.exists()


def test_nonsense_is_refused(party):
    ann, ben, cid = players(3)
    game = a_game()
    with pytest.raises(KeyError):
        ratings_apply_outcome(
            game=game, kind="poker", variant="free", entries=[(ann, None, 1), (ben, None, 2)]
        )
    with pytest.raises(ValueError):
        ratings_apply_outcome(
            game=game, kind="party", variant="poker", entries=[(ann, None, 1), (ben, None, 2)]
        )
    with pytest.raises(ValueError):  # partners in different places
        ratings_apply_outcome(
            game=game,
            kind="party",
            variant="pairs",
            entries=[(ann, 0, 1), (ben, 1, 2), (cid, 0, 2), (UserFactory(), 1, 2)],
        )
    with pytest.raises(ValueError):  # one player in two seats
        ratings_apply_outcome(
            game=game, kind="party", variant="free", entries=[(ann, None, 1), (ann, None, 2)]
        )
    assert not RatingChange.objects.exists()
    assert systems.newcomer(systems.OPENSKILL).rating == 1500
