"""Issue 14 item 13: two writes at once on SQLite (what `python3 dev.py run` uses) must
queue, not fail; page loads must not write when they have nothing to change; and lock
contention that still happens is answered "busy, try again", never as a database outage."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import OperationalError, connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import tables
from notifications.models import Notification
from tests.factories import UserFactory, start_game
from tests.games.fixtures_play import HX, client_for, poll_url

ROOT = Path(__file__).resolve().parent.parent
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")
CHALLENGE = {"variant": "standard", "days_per_move": "3", "rated": "rated"}


def database_options(**env) -> dict:
    """The default database's OPTIONS as the development settings build them."""
    code = (
        "import django, json; django.setup(); from django.conf import settings; "
        "print(json.dumps(settings.DATABASES['default'].get('OPTIONS', {})))"
    )
    environ = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_TIMEOUT")}
    environ.update(DJANGO_SETTINGS_MODULE="xix_site.settings.dev", **env)
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=environ, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_sqlite_takes_the_write_lock_up_front_and_waits_for_it(tmp_path):
    """The default SQLite set-up: IMMEDIATE transactions (a writer queues for the lock
    instead of failing when it upgrades a read), a 20 s busy timeout, WAL."""
    options = database_options()
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] == 20
    assert "journal_mode=WAL" in options["init_command"]
    assert database_options(SQLITE_TIMEOUT="3.5")["timeout"] == 3.5
    # PostgreSQL gets none of it.
    postgres = database_options(DATABASE_URL="postgres://u@127.0.0.1:5432/x")
    assert "transaction_mode" not in postgres and "init_command" not in postgres


def run_on_sqlite(tmp_path, *tests: str) -> subprocess.CompletedProcess:
    environ = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL", "PYTEST_XDIST_WORKER", "CELERY_EAGER")
    }
    environ["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", *tests],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.mark.skipif(
    settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3",
    reason="on SQLite the concurrency tests run directly in this session",
)
def test_the_concurrency_tests_also_pass_on_a_file_sqlite_database(tmp_path):
    """The threaded tests (the same move twice, moves in two games under page loads,
    rematch and challenge races) run again on SQLite, in a process of their own."""
    result = run_on_sqlite(tmp_path, "tests/games/test_concurrency.py")
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " passed" in result.stdout and "skipped" not in result.stdout, result.stdout


# --- lock contention is "busy", not an outage -------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "error",
    [
        "database is locked",
        "deadlock detected",
        "couldn't get a connection after 10.00 sec",
    ],
)
@pytest.mark.parametrize("htmx", [False, True])
def test_lock_contention_answers_busy_try_again_not_the_outage_page(monkeypatch, error, htmx):
    import psycopg.errors
    import psycopg_pool

    cause = {
        "database is locked": None,
        "deadlock detected": psycopg.errors.DeadlockDetected("deadlock detected"),
        # DATABASE_POOL: every connection of the process taken past DATABASE_POOL_TIMEOUT.
        "couldn't get a connection after 10.00 sec": psycopg_pool.PoolTimeout(error),
    }[error]

    def locked(**kwargs):
        raised = OperationalError(error)
        raise raised from cause

    monkeypatch.setattr(tables, "table_create", locked)
    client = client_for(UserFactory(username="ann"))

    response = client.post(reverse("games:challenge_new"), CHALLENGE, **(HX if htmx else {}))

    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    body = response.content.decode()
    assert "busy" in body and "try again" in body
    assert "cannot reach its database" not in body and "unavailable" not in body


@pytest.mark.django_db
def test_a_database_that_is_really_unreachable_still_gets_the_outage_page(monkeypatch):
    def down(**kwargs):
        raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")

    monkeypatch.setattr(tables, "table_create", down)
    client = client_for(UserFactory(username="ann"))
    response = client.post(reverse("games:challenge_new"), CHALLENGE)
    assert response.status_code == 503 and response["Retry-After"] == "60"
    assert "cannot reach its database" in response.content.decode()


# --- page loads write nothing they need not ---------------------------------------------


def writes_during(fn) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        response = fn()
    assert response.status_code in (200, 204), response.status_code
    return [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(WRITES)]


@pytest.mark.django_db
def test_page_loads_with_nothing_unread_write_nothing():
    """A player looking at their game (page, polls), the lobby, My games, notifications
    and the home page: no INSERT, UPDATE or DELETE, so on SQLite none of them takes the
    write lock that a move in another tab needs."""
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    game = start_game(ann, bob)
    Notification.objects.filter(user__in=[ann, bob]).update(read_at="2026-01-01T00:00Z")
    client = client_for(ann)
    for url, headers in [
        (game.get_absolute_url(), {}),
        (poll_url(game, game.n_actions), HX),
        (poll_url(game, game.n_actions + 1), HX),
        (reverse("games:lobby"), {}),
        (reverse("games:my_games"), {}),
        (reverse("home"), {}),
    ]:
        assert writes_during(lambda url=url, headers=headers: client.get(url, **headers)) == [], url


@pytest.mark.django_db
def test_the_game_page_still_marks_its_unread_notices_read():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    game = start_game(ann, bob)
    reader = ann  # told that bob accepted her challenge (bob joined on the page: no notice)
    assert Notification.objects.filter(user=reader, game=game, read_at__isnull=True).exists()

    client = client_for(reader)
    writes = writes_during(lambda: client.get(game.get_absolute_url()))

    assert len(writes) == 1 and "notification" in writes[0].lower()
    assert not Notification.objects.filter(user=reader, game=game, read_at__isnull=True).exists()
