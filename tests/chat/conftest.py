"""People and games for the chat tests: alice (seat 0) and bob (seat 1) in a game in play
and in a finished one, carol who plays in neither, a moderator, and clients for each."""

import pytest
from django.urls import reverse

from tests.factories import UserFactory, play_random, start_game
from tests.moderation import conftest as moderation_fixtures

# The moderation tests' people (alice, bob, a moderator) and clients, shared.
alice = moderation_fixtures.alice
bob = moderation_fixtures.bob
moderator = moderation_fixtures.moderator
client_for = moderation_fixtures.client_for

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def carol(db):
    return UserFactory(username="carol")


@pytest.fixture
def game(alice, bob):
    return start_game(alice, bob, seed="chat-live")


@pytest.fixture
def finished(alice, bob):
    """A game alice resigned after a few moves: finished, bob won."""
    from games import services
    from games.models import Game

    game = play_random(start_game(alice, bob, seed="chat-done"), moves=4, seed=2)
    game = services.game_resign(user=alice, game_id=game.pk)
    assert game.status == Game.Status.FINISHED
    return game


def chat_url(game) -> str:
    return reverse("chat:chat", args=[game.pk])


def last_own(game, user) -> int:
    from chat.models import ChatMessage

    own = ChatMessage.objects.filter(game=game, author=user).order_by("-pk").first()
    return own.pk if own else 0


def say(client, game, user, text, *, htmx=False, last=None, **extra):
    """Post ``text`` as the chat form does (``last``: as drawn now, unless given)."""
    data = {"text": text, "last": last_own(game, user) if last is None else last, **extra}
    return client.post(chat_url(game), data, **(HX if htmx else {}))
