"""Real outages: the site, a Celery worker and the periodic jobs run as subprocesses against
a private PostgreSQL cluster and a private Redis that these tests stop and start.

Never the shared services at 127.0.0.1:5432 and :6379: other test runs use them at the
same time. The private ones live in a temporary folder on free ports and are thrown away
at the end. Without the PostgreSQL 15 binaries or redis-server the tests are skipped,
and under CI=true they fail (the policy of the ``postgres``/``redis`` markers).

Nothing here goes through the test process's own database or Django settings: the tests
read the private database with psycopg and replay game logs with the pure engine.
"""

import http.cookiejar
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

import psycopg
import pytest

from games.xix.engine import replay
from tests.conftest import running_in_ci

ROOT = Path(__file__).resolve().parent.parent.parent
PG_BIN = Path(os.environ.get("XIX_PG_BIN", "/usr/lib/postgresql/15/bin"))
REDIS_SERVER = shutil.which("redis-server")
PASSWORD = "xix-demo-pass"  # seed_demo's players
TEMPLATE_DB = "xix_template"


def need(what: str, present: bool) -> None:
    if present:
        return
    if running_in_ci():
        pytest.fail(f"CI=true but {what} is missing: the fault tests need it", pytrace=False)
    pytest.skip(f"needs {what}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(condition, seconds: float, what: str, every: float = 0.05):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"{what}: not within {seconds} s")


# --- PostgreSQL ---------------------------------------------------------------------------


class Postgres:
    """A private cluster. As root, its commands run as the ``postgres`` user (initdb
    refuses root)."""

    def __init__(self):
        self.as_root = os.geteuid() == 0
        self.dir = Path(tempfile.mkdtemp(prefix="xix-faults-pg-"))
        self.data = self.dir / "data"
        self.log = self.dir / "postgres.log"
        self.port = free_port()
        if self.as_root:
            shutil.chown(self.dir, "postgres", "postgres")

    def _run(self, *command):
        command = [str(c) for c in command]
        if self.as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if result.returncode:
            raise AssertionError(f"{command} failed:\n{result.stdout}\n{result.stderr}")
        return result

    def init(self) -> None:
        self._run(PG_BIN / "initdb", "-D", self.data, "-U", "postgres", "-A", "trust",
                  "--no-sync", "-E", "UTF8")  # fmt: skip
        with open(self.data / "postgresql.conf", "a") as conf:
            conf.write(
                f"\nport = {self.port}\nlisten_addresses = '127.0.0.1'\n"
                f"unix_socket_directories = '{self.dir}'\nfsync = off\n"
                # Not synchronous_commit = off: a crash (stop -m immediate) would lose the
                # last commits. fsync = off is safe here: the machine does not crash.
                "full_page_writes = off\n"
            )

    def start(self) -> None:
        self._run(PG_BIN / "pg_ctl", "-D", self.data, "-l", self.log, "-w", "-t", "60", "start")

    def stop(self, mode: str = "fast") -> None:
        self._run(PG_BIN / "pg_ctl", "-D", self.data, "-m", mode, "-w", "stop")

    def url(self, db: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{db}"

    def connect(self, db: str = "postgres", **kwargs) -> psycopg.Connection:
        return psycopg.connect(
            host="127.0.0.1", port=self.port, user="postgres", dbname=db, **kwargs
        )

    def create_database(self, name: str) -> str:
        with self.connect(autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{TEMPLATE_DB}"')
        return name

    def destroy(self) -> None:
        try:
            self.stop("immediate")
        except AssertionError:
            pass
        shutil.rmtree(self.dir, ignore_errors=True)


def site_env(**extra) -> dict:
    """The environment of every site process: dev settings without DEBUG, no variable of
    the test run's own (DATABASE_URL, REDIS_URL, ...) leaking through."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k
        not in {
            "DATABASE_URL",
            "REDIS_URL",
            "EMAIL_URL",
            "CELERY_QUEUE",
            "CELERY_BOTS_QUEUE",
            "CELERY_EAGER",
        }
        and not k.startswith("PYTEST")
    }
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "xix_site.settings.dev",
            "DJANGO_DEBUG": "false",
            "ACCOUNT_EMAIL_VERIFICATION": "none",
            "PYTHONUNBUFFERED": "1",
        }
    )
    env.update({k: str(v) for k, v in extra.items()})
    return env


def manage(env: dict, *args, timeout: float = 120) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip
    if result.returncode:
        raise AssertionError(f"manage.py {args} failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout


@pytest.fixture(scope="session")
def postgres():
    """The private cluster, with a migrated and seeded template database."""
    need(f"PostgreSQL binaries in {PG_BIN}", (PG_BIN / "initdb").exists())
    pg = Postgres()
    try:
        pg.init()
        pg.start()
        with pg.connect(autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{TEMPLATE_DB}"')
        env = site_env(DATABASE_URL=pg.url(TEMPLATE_DB))
        manage(env, "migrate", "--no-input", timeout=300)
        manage(env, "seed_demo")
        yield pg
    finally:
        pg.destroy()


# --- Redis --------------------------------------------------------------------------------


class Redis:
    def __init__(self, folder: Path):
        self.port = free_port()
        self.log = folder / "redis.log"
        self.process = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(
                [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no", "--daemonize", "no"],
                stdout=out, stderr=subprocess.STDOUT,
            )  # fmt: skip

        def answers():
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                    s.sendall(b"PING\r\n")
                    return s.recv(16).startswith(b"+PONG")
            except OSError:
                return False

        wait_until(answers, 10, "redis-server answering")

    def kill(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)


@pytest.fixture
def redis_server(tmp_path):
    need("redis-server", REDIS_SERVER is not None)
    server = Redis(tmp_path)
    server.start()
    yield server
    server.kill()


# --- processes of the site ----------------------------------------------------------------


class Process:
    """A long-running subprocess whose output goes to a log file."""

    def __init__(self, name: str, command: list, env: dict, folder: Path):
        self.name = name
        self.log = folder / f"{name}.log"
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def wait_for(self, text: str, seconds: float) -> None:
        def seen():
            if self.process.poll() is not None:
                raise AssertionError(f"{self.name} exited:\n{self.output()[-4000:]}")
            return text in self.output()

        wait_until(seen, seconds, f"{text!r} in the {self.name} log")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)


@pytest.fixture
def processes():
    """Start site processes with ``processes.web(env, folder)`` / ``.worker(env, folder)``;
    all are stopped at the end."""
    started = []

    class Starter:
        @staticmethod
        def web(env: dict, folder: Path) -> str:
            port = free_port()
            web = Process(
                "gunicorn",
                [sys.executable, "-m", "gunicorn", "--config", "xix_site/gunicorn_conf.py",
                 "--bind", f"127.0.0.1:{port}", "--timeout", "60", "--graceful-timeout", "2"],
                env, folder,
            )  # fmt: skip
            started.append(web)
            web.wait_for("Booting worker", 30)
            base = f"http://127.0.0.1:{port}"
            wait_until(lambda: Browser(base).get("/rules/")[0] == 200, 30, "the site", 0.2)
            web.base = base
            return web

        @staticmethod
        def worker(env: dict, folder: Path) -> Process:
            # Both queues: the default one and the bots' (CELERY_BOTS_QUEUE, "bots" unless set).
            queues = f"{env['CELERY_QUEUE']},{env.get('CELERY_BOTS_QUEUE', 'bots')}"
            worker = Process(
                "worker",
                [sys.executable, "-m", "celery", "-A", "xix_site", "worker", "--pool", "solo",
                 "--loglevel", "INFO", "--queues", queues,
                 "--hostname", f"faults-{uuid.uuid4().hex[:8]}@%h",
                 "--without-gossip", "--without-mingle", "--without-heartbeat"],
                env, folder,
            )  # fmt: skip
            started.append(worker)
            worker.wait_for("ready.", 60)
            return worker

    try:
        yield Starter
    finally:
        for process in started:
            process.stop()


# --- a browser: cookies, CSRF, no redirects followed --------------------------------------


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Browser:
    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect
        )

    def csrf(self) -> str:
        return next((c.value for c in self.jar if c.name == "csrftoken"), "")

    def request(self, method, path, data=None, headers=None, timeout=30):
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, data=body, method=method)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        if method == "POST":
            request.add_header("X-CSRFToken", self.csrf())
        try:
            with self.opener.open(request, timeout=timeout) as response:
                return response.status, response.headers, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read().decode(errors="replace")

    def get(self, path, **kwargs):
        return self.request("GET", path, **kwargs)

    def post(self, path, data, **kwargs):
        return self.request("POST", path, data, **kwargs)

    def log_in(self, username: str) -> "Browser":
        assert self.get("/accounts/login/")[0] == 200
        status, headers, body = self.post(
            "/accounts/login/", {"login": username, "password": PASSWORD}
        )
        assert status == 302, (status, body[:2000])
        return self


# --- games, read straight from the private database ---------------------------------------


def new_games(env: dict, *pairs) -> list[int]:
    """Start a game for each (challenger, opponent) username pair; their ids."""
    code = (
        "import json\n"
        "from accounts.models import User\n"
        "from games import tables\n"
        "ids = []\n"
        f"for a, b in {list(pairs)!r}:\n"
        "    a, b = User.objects.get(username=a), User.objects.get(username=b)\n"
        "    g = tables.table_create(user=a, kind='xix', variant='standard', seats=2,\n"
        "                            days_per_move=3, rated=False, invited=[b])\n"
        "    if not b.is_bot:\n"
        "        g = tables.table_join(user=b, game_id=g.pk)\n"
        "    ids.append(g.pk)\n"
        "print('IDS', json.dumps(ids))\n"
    )
    out = manage(env, "shell", "-c", code)
    return json.loads(out.split("IDS", 1)[1])


class GameRow:
    """A game as the database has it, with its action log replayed by the engine."""

    def __init__(self, conn: psycopg.Connection, game_id: int):
        row = conn.execute(
            "SELECT g.variant, g.setup -> 'deal', (g.setup ->> 'first_leader')::int,"
            " g.n_actions, g.to_move, g.status, p0.username, p1.username FROM games_game g"
            " JOIN games_gameseat s0 ON s0.game_id = g.id AND s0.position = 0"
            " JOIN games_gameseat s1 ON s1.game_id = g.id AND s1.position = 1"
            " JOIN accounts_user p0 ON p0.id = s0.user_id"
            " JOIN accounts_user p1 ON p1.id = s1.user_id WHERE g.id = %s",
            (game_id,),
        ).fetchone()
        self.id = game_id
        variant, deal, first_leader, self.n_actions, self.to_move, self.status, *names = row
        self.players = names
        log = conn.execute(
            "SELECT seq, seat, action FROM games_gameaction WHERE game_id = %s ORDER BY seq",
            (game_id,),
        ).fetchall()
        self.seqs = [seq for seq, _, _ in log]
        self.log = [action for _, _, action in log]
        self.state = replay(variant, deal, first_leader, self.log)

    @property
    def mover(self) -> str:
        return self.players[self.to_move]

    def move_passing_the_turn(self) -> dict | None:
        """A legal action after which the other seat is to move (so that a your-turn
        notification is written), as the form posts it; None if there is none."""
        for action in self.state.legal_actions():
            after, _ = self.state.apply(action)
            if not after.over and after.to_move != self.to_move:
                return self.form(action)
        return None

    def any_move(self) -> dict:
        return self.form(self.state.legal_actions()[0])

    def form(self, action: dict) -> dict:
        form = {"seq": self.n_actions, "type": action["type"]}
        form.update({k: action[k] for k in ("card", "position") if k in action})
        return form

    def check_log(self) -> None:
        """No gap, no duplicate, and the stored summary is what the log replays to."""
        assert self.seqs == list(range(self.n_actions)), self.seqs
        assert self.state.to_move == self.to_move or self.status != "active"
