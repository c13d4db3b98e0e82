import pytest

from games import registry


@pytest.fixture
def party(monkeypatch):
    """Register the test game ``party`` (tests/ratings/party.py) beside XIX."""
    monkeypatch.setitem(registry.ENGINES, "party", ("tests.ratings.party", "party/1"))
    return registry.rules("party")
