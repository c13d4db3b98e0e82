"""More than one web node (issue 33, item 5): two uvicorn processes on two ports, one
PostgreSQL database, one Redis, as docker-compose's ``web`` replicas run behind the proxy
(docs/operations.md, "More than one web node"). Nothing a node keeps in its own memory
may decide what another node shows or allows: a page held open on node A hears of a move
posted on node B through Redis, and a log-in limit counted through one node holds on the
other (failed log-ins in PostgreSQL, allauth's per-address limit in the Redis cache)."""

import socket
import time

import pytest
from django.conf import settings

from accounts.models import User
from games.models import Game
from tests.nodes import (
    HTMX,
    NODE_TEST,
    Browser,
    alice_to_move,
    poll_of,
    raw_stream,
    session_cookie,
    table_moves,
    web_nodes,
)

pytestmark = NODE_TEST

PASSWORD = "two-nodes-pass-33"
FAILED_LIMIT = "Too many failed log-in attempts"


@pytest.fixture(scope="module")
def nodes(django_db_setup, django_db_blocker, tmp_path_factory):
    """Nodes A and B: production's pool on (a few connections each), push through Redis
    (the test settings otherwise: fast password hashing, tasks in-process)."""
    with web_nodes(
        2,
        tmp_path_factory.mktemp("nodes"),
        django_db_blocker,
        DATABASE_POOL="true",
        DATABASE_POOL_MAX_SIZE="4",
        PUSH_POLL_SECONDS="60",
    ) as started:
        yield started


def wait_for(sock: socket.socket, marker: bytes, seconds: float) -> bytes:
    """What ``sock`` receives until ``marker``; fails if it has not come within
    ``seconds`` (a guard against a lost event, not a speed figure)."""
    deadline = time.monotonic() + seconds
    data = b""
    while marker not in data:
        left = deadline - time.monotonic()
        assert left > 0, f"no {marker!r} within {seconds} s: {data[-300:]!r}"
        sock.settimeout(left)
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            raise AssertionError(f"no {marker!r} within {seconds} s: {data[-300:]!r}") from None
        assert chunk, f"the stream ended before {marker!r}: {data[-300:]!r}"
        data += chunk
    return data


def test_a_page_held_on_node_a_sees_a_move_posted_on_node_b_within_a_second(nodes):
    node_a, node_b = nodes
    alice, bob, game = alice_to_move("two-nodes")
    page = f"/games/{game.pk}/"

    # bob's page is open on node A: the page, then its event stream.
    bobs = Browser(session_cookie(bob))
    status, _, text = bobs.get(node_a, page)
    assert status == 200
    poll = poll_of(text)
    assert "seq=0" in poll
    stream = raw_stream(node_a, bob, f"/events/games/{game.pk}/")
    try:
        # alice's page and move go through node B.
        alices = Browser(session_cookie(alice))
        status, _, text = alices.get(node_b, page)
        assert status == 200
        moves = table_moves(text, game)
        assert moves, "alice's table offers no move"
        status, _, _ = alices.post(node_b, f"/games/{game.pk}/act", moves[0], headers=HTMX)
        assert status == 200
        assert Game.objects.get(pk=game.pk).n_actions == 1

        # Node A's stream carries the ping within a second of node B's answer...
        ping = f'data: {{"game": {game.pk}, "seq": 1}}'.encode()
        assert ping in wait_for(stream, ping, seconds=1.0)
    finally:
        stream.close()

    # ...and bob's page, fetching its table from node A as the ping asks, holds the move.
    status, _, text = bobs.get(node_a, poll, headers=HTMX)
    assert status == 200
    assert "seq=1" in poll_of(text)
    assert "Your turn" in text


def test_a_log_in_limit_counted_on_one_node_holds_on_the_other(nodes):
    node_a, node_b = nodes
    for name in ("carol", "dave"):
        User.objects.create_user(name, f"{name}@example.com", PASSWORD)
    login = "/accounts/login/"
    browser = Browser()
    assert browser.get(node_a, login)[0] == 200

    # Failed log-ins (counted in PostgreSQL): five wrong passwords for carol through A...
    for _ in range(5):
        status, _, text = browser.post(node_a, login, {"login": "carol", "password": "wrong"})
        assert status == 200 and "not correct" in text
    # ...and B refuses the sixth try, with the right password.
    status, headers, text = browser.post(node_b, login, {"login": "carol", "password": PASSWORD})
    assert status == 429 and FAILED_LIMIT in text
    assert 0 < int(headers["Retry-After"]) <= 300
    assert settings.SESSION_COOKIE_NAME not in browser.cookies

    # allauth's limit on log-in posts from one address (30 a minute, counted in the Redis
    # cache): spend it through A (6 posts above, empty forms from here: no password is
    # checked, so only this limit counts them) until A refuses...
    for _ in range(30):
        status, _, text = browser.post(node_a, login, {})
        if status == 429:
            break
        assert status == 200
    assert status == 429
    # ...then B refuses dave, whose log-in is right and has never failed.
    status, _, text = browser.post(node_b, login, {"login": "dave", "password": PASSWORD})
    assert status == 429 and FAILED_LIMIT not in text
    assert settings.SESSION_COOKIE_NAME not in browser.cookies
