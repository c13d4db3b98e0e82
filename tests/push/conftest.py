"""The push tests' people, and the pings they publish, caught instead of sent
(games/push.py)."""

import pytest

from tests.games.fixtures_play import make_people


@pytest.fixture
def people():
    """alice, bob (the players), carol (a spectator) and a staff member."""
    return make_people()


@pytest.fixture
def alice(people):
    return people[0]


@pytest.fixture
def bob(people):
    return people[1]


@pytest.fixture
def carol(people):
    return people[2]


class Pings:
    """The published pings (channel, event type, data) of one kind of channel, in order."""

    def __init__(self, published: list, prefix: str):
        self.published, self.prefix = published, prefix

    def _mine(self) -> list:
        return [p for p in self.published if p[0].startswith(self.prefix)]

    def __eq__(self, other):
        return self._mine() == list(other)

    def __iter__(self):
        return iter(self._mine())

    def __len__(self):
        return len(self._mine())

    def __getitem__(self, index):
        return self._mine()[index]

    def __repr__(self):
        return repr(self._mine())

    def clear(self) -> None:
        """Forget every ping published so far (of every kind)."""
        self.published.clear()


@pytest.fixture
def published(settings, monkeypatch):
    """Every ping published (channel, event type, data), with push updates on."""
    import django_eventstream

    settings.PUSH_EVENTS = True
    calls = []
    monkeypatch.setattr(
        django_eventstream,
        "send_event",
        lambda channel, event_type, data, **kwargs: calls.append((channel, event_type, data)),
    )
    return calls


@pytest.fixture
def sent(published):
    """The pings published on games' channels."""
    return Pings(published, "game-")


@pytest.fixture
def user_sent(published):
    """The pings published on people's own channels."""
    return Pings(published, "user-")


@pytest.fixture
def chat_sent(published):
    """The pings published on games' chat channels."""
    return Pings(published, "chat-")
