"""People and a game for the moderation tests: a moderator (staff, in the "Moderators"
group the migrations create), a superuser, two players and their rated game in play.

Nothing here is autouse, and nothing is written until a test asks for a fixture."""

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from tests.factories import UserFactory, start_game


@pytest.fixture
def moderator(db):
    """ "mod": staff, in the Moderators group, no other permission."""
    user = UserFactory(username="mod", is_staff=True)
    user.groups.add(Group.objects.get(name="Moderators"))
    return user


@pytest.fixture
def superuser(db):
    return UserFactory(username="root", is_staff=True, is_superuser=True)


@pytest.fixture
def alice(db):
    return UserFactory(username="alice")


@pytest.fixture
def bob(db):
    return UserFactory(username="bob")


@pytest.fixture
def game(alice, bob):
    """alice (seat 0) v bob (seat 1): rated, standard, in play, no move made yet."""
    return start_game(alice, bob, seed="moderation-seed", rated=True)


@pytest.fixture
def client_for():
    """``client_for(user)``: a test client logged in as ``user`` (None: a visitor)."""

    def make(user=None) -> Client:
        client = Client()
        if user is not None:
            client.force_login(user)
        return client

    return make
