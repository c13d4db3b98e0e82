"""The site under uvicorn in processes of its own, for the tests that need a real ASGI
server: each node is one ``uvicorn xix_site.asgi:application`` on a port of its own, on the
test database and the test Redis, as docker-compose's ``web`` replicas run behind the
proxy (docs/operations.md, "More than one web node"). A small HTTP client beside them
keeps a session's cookies across nodes, as a browser does behind one proxy."""

import html
import http.client
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from tests import file_module

ROOT = Path(__file__).resolve().parents[1]
# The marks of a test that runs nodes: real PostgreSQL and Redis shared with the nodes,
# and committed data the nodes can read.
NODE_TEST = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.django_db(transaction=True)]
# The nodes' connections to PostgreSQL carry this name (pg_stat_activity.application_name),
# so a test counts theirs and no other process's.
NODE_APPLICATION = "xix-test-node"
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
GAME_POLL = re.compile(r'<section id="game-live"[^>]*?hx-get="([^"]+)"')
HTMX = {"HX-Request": "true"}


def database_url() -> str:
    """The test database, for the server's process."""
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{Path(db['NAME']).resolve()}"
    return (
        f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST'] or '127.0.0.1'}"
        f":{db['PORT'] or 5432}/{db['NAME']}"
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def server_connections(application_name: str | None = None) -> int:
    """The servers' connections to the test database (PostgreSQL; 0 on SQLite): every
    connection but this test process's own, or only those of ``application_name``
    (``NODE_APPLICATION``: the nodes of ``web_nodes``)."""
    if connection.vendor != "postgresql":
        return 0
    query = (
        "SELECT count(*) FROM pg_stat_activity"
        " WHERE datname = current_database() AND pid <> pg_backend_pid()"
    )
    params = []
    if application_name is not None:
        query += " AND application_name = %s"
        params.append(application_name)
    with connection.cursor() as cursor:
        cursor.execute(query, params)
        return cursor.fetchone()[0]


@dataclass
class Node:
    url: str
    port: int
    log: Path
    process: subprocess.Popen


def node_env(**extra: str) -> dict:
    """A node's environment: the test settings on the test database (its connections
    named ``NODE_APPLICATION``) and Redis, push updates on, and on PostgreSQL its
    connections from a pool (``DATABASE_POOL``), as production serves them: without it each
    request under uvicorn opened a connection of its own, and PostgreSQL started a process
    for it (the reference client's games: 106 s of the machine's CPU with a connection per
    request, 63 s pooled). ``extra`` adds to it or overrides."""
    url = database_url()
    if connection.vendor == "postgresql":
        url += f"?application_name={NODE_APPLICATION}"
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "xix_site.settings.test",
        "DATABASE_URL": url,
        "REDIS_URL": settings.REDIS_URL,
        "PUSH_EVENTS": "true",
        "DATABASE_POOL": "true" if connection.vendor == "postgresql" else "false",
        **extra,
    }


def _start(env: dict, log: Path) -> Node:
    port = free_port()
    command = [sys.executable, "-m", "uvicorn", "xix_site.asgi:application"]
    command += ["--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"]
    with log.open("w") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    return Node(f"http://127.0.0.1:{port}", port, log, process)


def _wait_up(node: Node, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(f"{node.url}/healthz", timeout=2)
            return
        except OSError:
            assert node.process.poll() is None, node.log.read_text()
            assert time.monotonic() < deadline, f"{node.url} not up: {node.log.read_text()}"
            time.sleep(0.1)


def _stop(node: Node) -> None:
    node.process.terminate()
    try:
        node.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        node.process.kill()
        node.process.wait(timeout=10)


@contextmanager
def web_nodes(count: int, directory: Path, django_db_blocker, **extra: str):
    """``count`` uvicorn processes started side by side (each its own port and log in
    ``directory``), yielded once every one answers /healthz, stopped afterwards; for a
    module-scoped fixture (``django_db_blocker``: the test database's address is read
    outside a test)."""
    with django_db_blocker.unblock():
        env = node_env(**extra)
    with ExitStack() as stack:
        nodes = []
        for number in range(count):
            node = _start(env, directory / f"uvicorn-{number}.log")
            stack.callback(_stop, node)
            nodes.append(node)
        for node in nodes:
            _wait_up(node)
        yield nodes


def session_cookie(user) -> str:
    """A signed-in session of ``user`` (through the session store the nodes share)."""
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


class Browser:
    """One person's browser behind the proxy: cookies (the session, the CSRF cookie) kept
    across requests whichever node answers them."""

    def __init__(self, session: str | None = None):
        self.cookies = {} if session is None else {settings.SESSION_COOKIE_NAME: session}
        self.csrf_token = ""

    def request(self, node: Node, method: str, path: str, form=None, headers=None, timeout=30):
        """(status, headers, body text) of one request to ``node``."""
        conn = http.client.HTTPConnection("127.0.0.1", node.port, timeout=timeout)
        sent = {"Host": "127.0.0.1", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            sent["Referer"] = f"{node.url}{path}"
        try:
            conn.request(method, path, body=body, headers=sent)
            response = conn.getresponse()
            text = response.read().decode("utf-8", "replace")
        finally:
            conn.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        found = CSRF_FIELD.search(text)
        if found:
            self.csrf_token = found.group(1)
        return response.status, response.headers, text

    def get(self, node: Node, path: str, **kwargs):
        return self.request(node, "GET", path, **kwargs)

    def post(self, node: Node, path: str, form: dict, **kwargs):
        """A form post with the CSRF token of the last page read."""
        return self.request(
            node, "POST", path, form={"csrfmiddlewaretoken": self.csrf_token, **form}, **kwargs
        )


def alice_to_move(seed: str):
    """alice, bob and their game, alice in seat 0 and to move."""
    from tests.factories import UserFactory, start_game

    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob, seed=seed)
    if game.to_move != 0:  # alice to move: swap the seats' people
        game = start_game(bob, alice, seed=seed)
    return alice, bob, game


def poll_of(page: str) -> str:
    """The table's poll address on a game page or poll answer."""
    return html.unescape(GAME_POLL.search(page).group(1))


def table_moves(page: str, game) -> list[dict]:
    """The moves ``game``'s table offers on ``page``, as its forms would post them (read
    by benchmarks/load/forms.py, the load tests' reader)."""
    path = ROOT / "benchmarks" / "load" / "forms.py"
    module = file_module.load("load_forms", path)
    return module.legal_moves(page, f"/games/{game.pk}/act")


def open_stream(server, path: str, headers: dict, opened: bytes) -> socket.socket:
    """A stream at ``path`` on ``server`` (anything with a ``url``) asked for with
    ``headers``: a raw connection, read up to ``opened``, which it must send first."""
    port = int(server.url.rsplit(":", 1)[1])
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    lines = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{lines}\r\n".encode())
    assert opened in read_until(sock, opened)
    return sock


def raw_stream(server, user, path) -> socket.socket:
    """``user``'s open event stream at ``path`` on ``server``: a raw connection, past its
    opening."""
    cookie = f"{settings.SESSION_COOKIE_NAME}={session_cookie(user)}"
    headers = {"Cookie": cookie, "Accept": "text/event-stream"}
    return open_stream(server, path, headers, b"event: stream-open")


def read_until(sock, marker: bytes) -> bytes:
    data = b""
    while marker not in data:
        chunk = sock.recv(65536)
        assert chunk, f"the stream ended before {marker!r}: {data[-300:]!r}"
        data += chunk
    return data
