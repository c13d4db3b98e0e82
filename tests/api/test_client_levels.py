"""The reference client's choice at the level its users run (``--level strong``): from the
first view the API's game stream sends, for every served game, it picks one of the view's
legal actions (the live tests play at the random level, for speed)."""

import sys

import pytest

from games import registry, tables
from tests.api.helpers import api, lines, token_for
from tests.factories import UserFactory
from tests.nodes import ROOT

sys.path.insert(0, str(ROOT / "clients" / "python"))
from xixbot.client import Player  # noqa: E402

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("kind", registry.served())
def test_the_strong_client_chooses_a_legal_action_from_the_streams_view(kind, settings):
    settings.API_LONG_POLL_SECONDS = 0
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    variant = next(iter(registry.rules(kind).variants))
    game = tables.table_create(
        user=alice, kind=kind, variant=variant, seats=2, days_per_move=3, rated=False
    )
    game = tables.table_join(user=bob, game_id=game.pk)
    mover = game.players[game.to_move]
    client = api(token_for(mover, "board:play"))
    first = lines(client.get(f"/api/board/game/{game.pk}/stream"))[0]
    player = Player("http://testserver", "unused", level="strong", board=True)
    action = player.choose(first["game"], first["view"], first["seat"], f"{game.pk}/0")
    assert action in first["view"]["legal_actions"]


def test_the_client_reads_past_chat_lines_and_lines_it_does_not_know(monkeypatch):
    """The game stream carries chat (``chatLine``) and may carry kinds of lines added later:
    the client plays on."""
    player = Player("http://testserver", "unused", level="random")
    full = {"type": "gameFull", "game": "xix", "seat": 0, "status": "active", "to_move": 1}
    stream = [
        {**full, "n_actions": 0, "view": {"legal_actions": []}},
        {"type": "chatLine", "id": 1, "username": "alice", "text": "hi", "at": "…"},
        {"type": "somethingNew"},
        {"type": "gameState", "status": "finished", "n_actions": 9, "to_move": None},
    ]
    monkeypatch.setattr(player, "lines", lambda path: iter(stream))
    player.play(7)
    assert player.errors == [] and player.finished == {7}
