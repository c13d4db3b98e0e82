"""ratings/0002 adds games (kinds) and openskill's numbers without changing a stored value."""

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from ratings.models import Rating, RatingChange
from tests.factories import UserFactory, start_game

BEFORE = ("ratings", "0001_initial")
AFTER = ("ratings", "0002_kind_openskill")

RATING_COLUMNS = "id, user_id, variant, rating, deviation, volatility, games, updated"
CHANGE_COLUMNS = "id, game_id, user_id, variant, before, after, deviation_after, created"


def rows(table, columns):
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns} FROM {table} ORDER BY id")
        return cursor.fetchall()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_every_rating_and_change():
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    game = start_game(ann, ben, seed="m")
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    old = executor.loader.project_state([BEFORE]).apps
    old_rating, old_change = (
        old.get_model("ratings", "Rating"),
        old.get_model("ratings", "RatingChange"),
    )
    for user, variant, value in (
        (ann, "standard", 1623.456789),
        (ben, "standard", 1376.5),
        (ann, "talon", 1511.25),
    ):
        old_rating.objects.create(
            user_id=user.pk,
            variant=variant,
            rating=value,
            deviation=87.654321,
            volatility=0.0598765432,
            games=7,
        )
    for user, before, after in ((ann, 1600.125, 1623.456789), (ben, 1399.875, 1376.5)):
        old_change.objects.create(
            game_id=game.pk,
            user_id=user.pk,
            variant="standard",
            before=before,
            after=after,
            deviation_after=87.654321,
        )
    ratings_before = rows("ratings_rating", RATING_COLUMNS)
    changes_before = rows("ratings_ratingchange", CHANGE_COLUMNS)
    try:
        executor = MigrationExecutor(connection)
        executor.migrate([AFTER])

        assert rows("ratings_rating", RATING_COLUMNS) == ratings_before
        assert rows("ratings_ratingchange", CHANGE_COLUMNS) == changes_before
        assert rows("ratings_rating", "kind, mu, sigma") == [("xix", None, None)] * 3
        assert rows("ratings_ratingchange", "kind") == [("xix",)] * 2
        # The site reads them as before: the same numbers, now XIX's.
        shown = Rating.objects.get(user=ann, kind="xix", variant="standard")
        assert (shown.display, shown.provisional, shown.games) == ("1623", False, 7)
        assert RatingChange.objects.get(user=ben).delta == 1376 - 1400
        # One rating per player, game and variant: another game may use the same variant name.
        with pytest.raises(IntegrityError), transaction.atomic():
            Rating.objects.create(user=ann, kind="xix", variant="standard")
        Rating.objects.create(user=ann, kind="other", variant="standard")
    finally:
        Rating.objects.all().delete()
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
