"""The quick flush that ends a transactional test (``tests/quick_flush.py``) leaves the
database as Django's flush does: what the test wrote is gone, the action log's rows
included (its append-only triggers refuse a DELETE), and the rows the migrations and
``post_migrate`` write (content types, permissions, the Moderators group) are there. When a
test changed those, the test ends with Django's own flush, which writes them again."""

import pytest
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.test import TransactionTestCase

from accounts.models import User
from games.models import Game, GameAction
from tests import quick_flush
from tests.factories import UserFactory, play_random, start_game

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


class _Case(TransactionTestCase):
    __test__ = False  # not a test of its own: its teardown is run by the tests below

    def runTest(self):
        """Only its teardown is used."""


def _end_of_a_test() -> None:
    _Case()._fixture_teardown()


def _moderators() -> list[tuple[str, str]]:
    group = Group.objects.get(name="Moderators")
    return sorted(group.permissions.values_list("content_type__app_label", "codename"))


def _a_played_game() -> Game:
    game = start_game(UserFactory(), UserFactory())
    play_random(game, moves=6)
    return game


def test_what_a_test_wrote_is_gone_and_the_migrations_rows_stay():
    _end_of_a_test()  # the run's first flush may be Django's: the kept rows are noted
    moderators = _moderators()
    game_type = ContentType.objects.get(app_label="games", model="game").pk
    _a_played_game()
    assert GameAction.objects.count() >= 6

    _end_of_a_test()

    assert (User.objects.count(), Game.objects.count(), GameAction.objects.count()) == (0, 0, 0)
    assert _moderators() == moderators
    # The quick way: the content types were not written again (Django's flush gives them
    # new keys).
    assert ContentType.objects.get(app_label="games", model="game").pk == game_type


def test_a_test_that_changed_a_group_ends_with_djangos_flush():
    _end_of_a_test()
    moderators = _moderators()
    game_type = ContentType.objects.get(app_label="games", model="game").pk
    _a_played_game()
    Group.objects.get(name="Moderators").permissions.remove(
        Permission.objects.get(codename="see_hidden_cards")
    )

    _end_of_a_test()

    assert (User.objects.count(), Game.objects.count(), GameAction.objects.count()) == (0, 0, 0)
    assert _moderators() == moderators
    assert ContentType.objects.get(app_label="games", model="game").pk != game_type
    # And the next one is quick again.
    game_type = ContentType.objects.get(app_label="games", model="game").pk
    _a_played_game()
    _end_of_a_test()
    assert GameAction.objects.count() == 0
    assert ContentType.objects.get(app_label="games", model="game").pk == game_type


def test_where_the_quick_way_is_refused_every_test_ends_with_djangos_flush(monkeypatch):
    _end_of_a_test()
    monkeypatch.setitem(quick_flush._kept, "default", None)
    game_type = ContentType.objects.get(app_label="games", model="game").pk
    _a_played_game()

    _end_of_a_test()

    assert GameAction.objects.count() == 0
    assert ContentType.objects.get(app_label="games", model="game").pk != game_type
