import pytest

from games import registry


@pytest.fixture
def party():
    """Register the test game ``party`` (tests/ratings/party.py) beside XIX, as a game the
    site serves."""
    unregister = registry.register("party", "tests.ratings.party", "party/1", served=True)
    yield registry.rules("party")
    unregister()


@pytest.fixture
def xix_alone(monkeypatch):
    """The site as it is served: XIX the only game (the tests register others, such as
    tally, for the whole session)."""
    for key in [key for key in registry.ENGINES if key != "xix"]:
        monkeypatch.delitem(registry.ENGINES, key)
