import pytest

from tests.analysis.fake import FakeEngine


@pytest.fixture
def fake_engine(monkeypatch):
    """The contract's names answered by ``FakeEngine`` (no search)."""
    return FakeEngine().install(monkeypatch)
