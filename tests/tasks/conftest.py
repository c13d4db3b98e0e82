"""A real Celery worker process for the tests in this folder.

The worker runs ``celery -A xix_site worker`` with the test settings, against the test
database (PostgreSQL: SQLite's test database lives in this process's memory) and the
local Redis as broker, on this test process's own queues (the default one, the bots'
one, ``CELERY_BOTS_QUEUE``, and the analyses', ``CELERY_ANALYSIS_QUEUE``; a worker takes
the first two unless told ``queues="default"``, ``queues="bots"`` or ``queues="analysis"``,
as docker-compose.yml runs one worker per queue). E-mail goes to files in a
temporary folder, so the test can read what the worker sent. While the worker runs, this
process stops running tasks in-process and publishes them to Redis like the web does.
"""

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from xix_site.celery import app as celery_app

ROOT = Path(__file__).resolve().parent.parent.parent
READY_SECONDS = 60


def database_url() -> str:
    db = connection.settings_dict
    auth = db["USER"] or ""
    if db["PASSWORD"]:
        auth += f":{db['PASSWORD']}"
    host = db["HOST"] or "127.0.0.1"
    port = db["PORT"] or 5432
    return f"postgres://{auth}@{host}:{port}/{db['NAME']}"


class Worker:
    """One ``celery worker`` process; its output goes to ``log``."""

    def __init__(self, tmp_path: Path, mail_dir: Path, queues: str = "default,bots", **env):
        names = {
            "default": settings.CELERY_TASK_DEFAULT_QUEUE,
            "bots": settings.CELERY_BOTS_QUEUE,
            "analysis": settings.CELERY_ANALYSIS_QUEUE,
        }
        self.queues = ",".join(names[name] for name in queues.split(","))
        self.log = tmp_path / f"worker-{uuid.uuid4().hex[:8]}.log"
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "xix_site.settings.test",
            "DATABASE_URL": database_url(),
            "REDIS_URL": settings.REDIS_URL,
            "CELERY_QUEUE": settings.CELERY_TASK_DEFAULT_QUEUE,
            "CELERY_BOTS_QUEUE": settings.CELERY_BOTS_QUEUE,
            "CELERY_ANALYSIS_QUEUE": settings.CELERY_ANALYSIS_QUEUE,
            "CELERY_EAGER": "0",
            # django-environ drops one slash of the path: filemail:////tmp/... is /tmp/...
            "EMAIL_URL": f"filemail:///{mail_dir}",
            **env,
        }
        self.process = None

    def start(self) -> "Worker":
        command = [
            sys.executable, "-m", "celery", "-A", "xix_site", "worker",
            "--pool", "solo", "--loglevel", "INFO",
            "--queues", self.queues,
            "--hostname", f"test-{uuid.uuid4().hex[:8]}@%h",
            "--without-gossip", "--without-mingle", "--without-heartbeat",
        ]  # fmt: skip
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT
            )
        self.wait_for("ready.", READY_SECONDS)
        return self

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def wait_for(self, text: str, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if text in self.output():
                return
            if self.process.poll() is not None:
                raise AssertionError(f"the worker exited:\n{self.output()[-4000:]}")
            time.sleep(0.05)
        raise AssertionError(f"{text!r} not seen in {seconds} s:\n{self.output()[-4000:]}")

    def kill(self) -> None:
        """SIGKILL: no warm shutdown, nothing acknowledged or handed back."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def mail_dir(tmp_path):
    path = tmp_path / "mail"
    path.mkdir()
    return path


@pytest.fixture
def celery_workers(transactional_db, tmp_path, mail_dir):
    """Start workers with ``celery_workers(queues=..., **env)``; all are stopped at the
    end and the queues emptied."""
    started = []
    celery_app.conf.task_always_eager = False
    try:

        def start(queues: str = "default,bots", **env) -> Worker:
            worker = Worker(tmp_path, mail_dir, queues, **env)
            started.append(worker)
            return worker.start()

        yield start
    finally:
        celery_app.conf.task_always_eager = True
        for worker in started:
            worker.stop()
        with celery_app.connection_for_write() as conn:
            queues = (
                settings.CELERY_TASK_DEFAULT_QUEUE,
                settings.CELERY_BOTS_QUEUE,
                settings.CELERY_ANALYSIS_QUEUE,
            )
            for queue in queues:
                conn.default_channel.queue_purge(queue)
