"""The players and the game most notification tests start from."""

import pytest
from django.core import mail

from notifications.models import Notification, OutboundEmail
from tests.factories import UserFactory, start_game


@pytest.fixture
def alice():
    return UserFactory(username="alice")


@pytest.fixture
def bob():
    return UserFactory(username="bob")


@pytest.fixture
def game(alice, bob):
    """alice and bob's game, without the notices of its start (not these tests' topic)."""
    game = start_game(alice, bob)
    Notification.objects.all().delete()
    OutboundEmail.objects.all().delete()
    mail.outbox.clear()
    return game
