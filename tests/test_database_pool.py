"""The connection pool under the ASGI server (issue 33, item 4; docs/settings.md,
"Database"): a uvicorn node whose pool holds ONE connection. A request that finds it taken
waits for it (up to DATABASE_POOL_TIMEOUT) instead of opening another, and past that bound
gets a clear 503 "busy, try again", never a crash and never a connection more; an open
event stream gives its connection back, and so does every finished request.

The connection is kept busy the way a real move can be: the test locks the game's row, so
alice's move, posted to the node, waits in PostgreSQL for the lock while holding the
pool's only connection."""

import threading
import time

import pytest
from django.db import connection, transaction

from api import tokens
from games.models import Game
from tests.nodes import (
    HTMX,
    NODE_APPLICATION,
    NODE_TEST,
    Browser,
    alice_to_move,
    open_stream,
    poll_of,
    raw_stream,
    server_connections,
    session_cookie,
    table_moves,
    web_nodes,
)

pytestmark = NODE_TEST

POOL_TIMEOUT = 4  # seconds a request waits for the pool's connection


@pytest.fixture(scope="module")
def node(django_db_setup, django_db_blocker, tmp_path_factory):
    with web_nodes(
        1,
        tmp_path_factory.mktemp("pool"),
        django_db_blocker,
        DATABASE_POOL="true",
        DATABASE_POOL_MAX_SIZE="1",
        DATABASE_POOL_TIMEOUT=str(POOL_TIMEOUT),
    ) as (started,):
        yield started


class Background(threading.Thread):
    """One request sent from a thread of its own; ``answer`` once it is back."""

    def __init__(self, send):
        super().__init__(daemon=True)
        self.send, self.answer = send, None

    def run(self):
        self.answer = self.send()


def waiting_on_a_lock() -> bool:
    """Whether the node's connection waits for a row lock (the move, on the game's row)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND application_name = %s AND wait_event_type = 'Lock'",
            [NODE_APPLICATION],
        )
        return cursor.fetchone()[0] > 0


def until(condition, seconds=15.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition never came true"
        time.sleep(0.05)


def players_on_their_pages(node):
    """alice (to move) and bob with their game's page open on ``node``: alice's first
    move and bob's poll address."""
    alice, bob, game = alice_to_move("pool")
    alices, bobs = Browser(session_cookie(alice)), Browser(session_cookie(bob))
    status, _, text = alices.get(node, f"/games/{game.pk}/")
    assert status == 200
    move = table_moves(text, game)[0]
    status, _, text = bobs.get(node, f"/games/{game.pk}/")
    assert status == 200
    return game, alices, move, bobs, poll_of(text)


def move_held_by_a_lock(node, game, alices, move) -> Background:
    """alice's move sent while the test holds the game's row: it takes the pool's only
    connection and waits in PostgreSQL. Call inside the test's transaction."""
    Game.objects.select_for_update().get(pk=game.pk)
    mover = Background(lambda: alices.post(node, f"/games/{game.pk}/act", move, headers=HTMX))
    mover.start()
    until(waiting_on_a_lock)
    return mover


def test_a_request_waits_for_the_pools_connection_instead_of_opening_another(node):
    game, alices, move, bobs, poll = players_on_their_pages(node)
    with transaction.atomic():
        mover = move_held_by_a_lock(node, game, alices, move)
        poller = Background(lambda: bobs.get(node, poll, headers=HTMX))
        poller.start()
        time.sleep(POOL_TIMEOUT / 4)  # bob's poll is waiting for the pool meanwhile
        assert poller.answer is None
        assert server_connections(NODE_APPLICATION) == 1  # the pool's one, held by the move
    # The lock is gone: the move finishes, gives the connection back, the poll gets it.
    mover.join(10)
    poller.join(10)
    assert mover.answer[0] == 200
    assert poller.answer[0] == 200
    assert Game.objects.get(pk=game.pk).n_actions == 1
    assert server_connections(NODE_APPLICATION) <= 1


def test_past_the_pools_timeout_a_request_gets_a_clear_busy_answer(node):
    game, alices, move, bobs, poll = players_on_their_pages(node)
    with transaction.atomic():
        mover = move_held_by_a_lock(node, game, alices, move)
        status, headers, text = bobs.get(node, poll, headers=HTMX)
        # Refused after waiting POOL_TIMEOUT seconds, with "busy, try again".
        assert status == 503
        assert headers["Retry-After"] == "5"
        assert "busy" in text and "try again" in text
        assert server_connections(NODE_APPLICATION) == 1
    mover.join(10)
    assert mover.answer[0] == 200  # the held move was applied once the lock went
    assert Game.objects.get(pk=game.pk).n_actions == 1
    # The connection is back in the pool: bob's next poll is answered with the move.
    status, _, text = bobs.get(node, poll, headers=HTMX)
    assert status == 200 and "seq=1" in poll_of(text)


def test_open_event_streams_hold_no_connection_of_the_pool(node):
    game, _, _, bobs, poll = players_on_their_pages(node)
    alice = game.players[0]
    streams = [raw_stream(node, alice, f"/events/games/{game.pk}/") for _ in range(3)]
    try:
        # Three streams open on a pool of one: each gave its connection back, so bob's
        # poll gets it at once (no wait, no 503): nothing new, 204.
        status, _, _ = bobs.get(node, poll, headers=HTMX)
        assert status == 204
        assert server_connections(NODE_APPLICATION) <= 1
    finally:
        for stream in streams:
            stream.close()


def test_open_api_streams_hold_no_connection_of_the_pool(node):
    """A program's game stream is logged (the API's request log) when it opens, and then
    lasts as long as the program reads it: it must not keep the connection that log took."""
    game, _, _, bobs, poll = players_on_their_pages(node)
    _token, secret = tokens.token_create(
        user=game.players[0], name="alice's program", scopes=["read", "board:play"]
    )
    path = f"/api/board/game/{game.pk}/stream"
    headers = {"Authorization": f"Bearer {secret}"}
    streams = [open_stream(node, path, headers, b'"gameFull"') for _ in range(3)]
    try:
        started = time.monotonic()
        status, _, _ = bobs.get(node, poll, headers=HTMX)
        assert status == 204
        assert time.monotonic() - started < POOL_TIMEOUT  # it did not wait for the pool
        assert server_connections(NODE_APPLICATION) <= 1
    finally:
        for stream in streams:
            stream.close()
