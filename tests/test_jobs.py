"""The after-commit seam (``xix_site.jobs``): services name a task, never import it."""

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import transaction

from xix_site import jobs
from xix_site.celery import app

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent
RUNS = []


@app.task(name="tests.test_jobs.record")
def record(value):
    RUNS.append(value)
    return value


@app.task(name="tests.test_jobs.fail")
def fail():
    raise ConnectionError("the broker is down")


@pytest.fixture(autouse=True)
def _runs():
    RUNS.clear()
    yield
    RUNS.clear()


def test_a_task_enqueued_in_a_transaction_that_rolls_back_never_runs(
    django_capture_on_commit_callbacks,
):
    before = jobs.ran_here("tests.test_jobs.record")
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError), transaction.atomic():
            jobs.after_commit("tests.test_jobs.record", "lost")
            raise RuntimeError("the change is refused")
    assert RUNS == []
    assert jobs.ran_here("tests.test_jobs.record") == before


def test_a_task_enqueued_in_a_transaction_that_commits_runs_once_after_the_commit(
    django_capture_on_commit_callbacks,
):
    before = jobs.ran_here("tests.test_jobs.record")
    with django_capture_on_commit_callbacks(execute=True):
        with transaction.atomic():
            jobs.after_commit("tests.test_jobs.record", "kept")
            assert RUNS == [], "not before the commit"
    assert RUNS == ["kept"]
    assert jobs.ran_here("tests.test_jobs.record") == before + 1


def test_a_task_that_fails_after_the_commit_is_logged_and_the_commit_carries_on(
    django_capture_on_commit_callbacks, caplog
):
    with caplog.at_level(logging.ERROR, logger="xix_site.jobs"):
        with django_capture_on_commit_callbacks(execute=True):
            with transaction.atomic():
                jobs.after_commit("tests.test_jobs.fail")
                jobs.after_commit("tests.test_jobs.record", "next")
    assert RUNS == ["next"], "the failure stopped nothing after it"
    assert "tests.test_jobs.fail() was not run; a periodic sweep will retry it" in caplog.text


def test_send_runs_at_once_and_lets_a_failure_through():
    jobs.send("tests.test_jobs.record", "now")
    assert RUNS == ["now"]
    with pytest.raises(ConnectionError):
        jobs.send("tests.test_jobs.fail")


def test_an_unknown_task_name_is_an_error_not_a_message_nobody_reads():
    with pytest.raises(LookupError, match="games.tasks.no_such_task"):
        jobs.after_commit("games.tasks.no_such_task", 1)


def test_a_site_move_goes_to_the_bots_queue_with_its_countdown_and_e_mail_does_not(
    monkeypatch, settings, django_capture_on_commit_callbacks
):
    """With a worker (not in-process), the seam publishes through the task's own
    ``apply_async``: the route from CELERY_TASK_ROUTES and the countdown are kept."""
    sent = []

    def send_task_message(producer, name, message, **options):
        sent.append((name, message[0], options["queue"].name))

    ran_before = jobs.ran_here("games.tasks.seat_autoplay")
    monkeypatch.setitem(app.conf, "task_always_eager", False)
    monkeypatch.setattr(app.amqp, "send_task_message", send_task_message)
    with django_capture_on_commit_callbacks(execute=True):
        with transaction.atomic():
            jobs.after_commit("games.tasks.seat_autoplay", 7, 3, countdown=2.5)
            jobs.after_commit("notifications.tasks.email_send", 11)
    (move_name, move_headers, move_queue), (mail_name, mail_headers, mail_queue) = sent
    assert (move_name, move_queue) == ("games.tasks.seat_autoplay", settings.CELERY_BOTS_QUEUE)
    assert move_headers["eta"] is not None, "the site-move delay is kept"
    assert move_headers["argsrepr"] == "(7, 3)"
    assert (mail_name, mail_queue) == (
        "notifications.tasks.email_send",
        settings.CELERY_TASK_DEFAULT_QUEUE,
    )
    assert mail_headers["eta"] is None
    assert jobs.ran_here("games.tasks.seat_autoplay") == ran_before, "nothing ran in-process"


def test_a_fresh_web_process_finds_the_task_modules_it_never_imported():
    """The web process imports no task module itself: the seam has Celery load them on
    first use, else a bot's move would go nowhere."""
    program = (
        "import sys, django; django.setup()\n"
        "assert 'games.tasks' not in sys.modules\n"
        "from xix_site import jobs\n"
        "print(jobs.task_named('games.tasks.seat_autoplay').name)\n"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "xix_site.settings.test"}
    done = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "games.tasks.seat_autoplay"
