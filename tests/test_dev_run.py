"""`python3 dev.py run`: what it starts for the address it is given, with which
environment (push updates on, the dev settings) and the site's address for the links in
e-mails. The server itself, in a browser: tests/e2e/test_dev_run.py."""

import os
from pathlib import Path

import pytest

from tests import file_module

ROOT = Path(__file__).resolve().parents[1]


def load_dev():
    module = file_module.load("dev_under_test", ROOT / "dev.py")
    return module


class Stop(Exception):
    pass


class Stopped:
    """A process that has ended already (the periodic loop, as run() stops it)."""

    def poll(self):
        return 0

    def wait(self, timeout=None):
        return 0


@pytest.fixture
def dev(monkeypatch):
    """dev.py with nothing started: ``started`` lists each command it would have run, and
    the environment ``run`` sets is put back after the test."""
    module = load_dev()
    for name in ("SITE_URL", "PUSH_EVENTS", "DJANGO_SETTINGS_MODULE", "REDIS_URL"):
        monkeypatch.delenv(name, raising=False)
    module.started = []

    def fake_call(*command):
        module.started.append(([str(part) for part in command], dict(os.environ)))

    def fake_popen(command, **kwargs):
        module.started.append(([str(part) for part in command], dict(os.environ)))
        if "uvicorn" in command:
            raise Stop  # the server: where run() would wait
        return Stopped()

    monkeypatch.setattr(module, "call", fake_call)
    monkeypatch.setattr(module.subprocess, "Popen", fake_popen)
    monkeypatch.setattr(module, "replace_process", lambda *command: fake_popen(command))
    monkeypatch.setattr(module.signal, "signal", lambda *args: None)
    return module


@pytest.mark.parametrize(
    ("args", "url"),
    [
        ([], "http://127.0.0.1:8000"),
        (["8101"], "http://127.0.0.1:8101"),
        (["127.0.0.1:8101"], "http://127.0.0.1:8101"),
        (["localhost:9000", "--noreload"], "http://localhost:9000"),
        (["--noreload", "0.0.0.0:8102"], "http://127.0.0.1:8102"),
        (["[::1]:8103"], "http://[::1]:8103"),
    ],
)
def test_dev_run_gives_the_site_the_address_it_serves_on(dev, args, url):
    with pytest.raises(Stop):
        dev.run(args)

    migrate = dev.started[0]
    assert migrate[0][1:] == ["manage.py", "migrate", "--noinput"]
    assert migrate[1]["SITE_URL"] == url
    assert os.environ["SITE_URL"] == url


def test_dev_run_keeps_a_site_url_that_was_set(dev, monkeypatch):
    monkeypatch.setenv("SITE_URL", "https://xix.example.com")

    with pytest.raises(Stop):
        dev.run(["8101"])

    assert os.environ["SITE_URL"] == "https://xix.example.com"


def server_of(dev) -> tuple[list[str], dict]:
    """The server command dev.py started, and its environment."""
    return next(item for item in dev.started if "uvicorn" in item[0])


def test_the_site_is_served_by_uvicorn_with_push_on_and_reloading(dev):
    """Without Redis: migrate, the demo accounts, the periodic loop, then one uvicorn
    process on the address, with push updates on, reloading when the project's code
    changes (never watching .venv)."""
    with pytest.raises(Stop):
        dev.run(["0.0.0.0:8102"])
    commands = [command for command, _env in dev.started]
    assert commands[1][1:] == ["manage.py", "seed_demo"]
    assert commands[2][1:] == ["manage.py", "periodic", "--every", "60"]

    command, env = server_of(dev)
    assert command[1:4] == ["-m", "uvicorn", "xix_site.asgi:application"]
    assert command[command.index("--host") + 1] == "0.0.0.0"
    assert command[command.index("--port") + 1] == "8102"
    assert "--workers" not in command  # one process: its pings reach its own streams
    assert "--reload" in command
    watched = [command[i + 1] for i, part in enumerate(command) if part == "--reload-dir"]
    assert str(ROOT / "games") in watched and str(ROOT / "xix_site") in watched
    assert not any(".venv" in folder for folder in watched)
    assert env["PUSH_EVENTS"] == "true"
    assert env["DJANGO_SETTINGS_MODULE"] == "xix_site.settings.dev"
    assert "REDIS_URL" not in env


def test_noreload_and_an_ipv6_address(dev):
    with pytest.raises(Stop):
        dev.run(["[::1]:8103", "--noreload"])
    command, _env = server_of(dev)
    assert command[command.index("--host") + 1] == "::1"
    assert "--reload" not in command and "--reload-dir" not in command


def test_with_redis_the_server_alone_replaces_dev_py(dev, monkeypatch):
    """With REDIS_URL a Celery worker and beat do the background work: no periodic loop."""
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/0")
    with pytest.raises(Stop):
        dev.run([])
    commands = [command for command, _env in dev.started]
    assert not any("periodic" in command for command in commands)
    command, env = server_of(dev)
    assert command[command.index("--port") + 1] == "8000"
    assert env["PUSH_EVENTS"] == "true"


def test_a_push_setting_of_ones_own_is_kept(dev, monkeypatch):
    monkeypatch.setenv("PUSH_EVENTS", "false")
    with pytest.raises(Stop):
        dev.run([])
    assert server_of(dev)[1]["PUSH_EVENTS"] == "false"


@pytest.mark.parametrize("args", [["8101", "8102"], ["--settings", "x"], ["host:port"], [":80"]])
def test_arguments_it_does_not_take_stop_it_with_its_usage(dev, args):
    with pytest.raises(SystemExit) as stopped:
        dev.run(args)
    assert "usage: python3 dev.py run" in str(stopped.value)
    assert dev.started == []


@pytest.mark.parametrize(
    ("args", "pytest_args"),
    [
        # The whole suite, and any selection, in parallel: one worker per core, sharing
        # the tests out by work stealing.
        ([], ["-n", "auto", "--dist", "worksteal"]),
        (["tests/chat", "-x"], ["-n", "auto", "--dist", "worksteal", "tests/chat", "-x"]),
        # Workers chosen: as given, still stealing work (-n 0: xdist itself runs no workers).
        (["-rfEs", "-n", "2"], ["--dist", "worksteal", "-rfEs", "-n", "2"]),
        (["-n0", "tests/chat"], ["--dist", "worksteal", "-n0", "tests/chat"]),
        (["--numprocesses=3"], ["--dist", "worksteal", "--numprocesses=3"]),
        # A way of sharing chosen, or xdist switched off: as given.
        (["-n", "2", "--dist", "load"], ["-n", "2", "--dist", "load"]),
        (["--dist=loadfile"], ["-n", "auto", "--dist=loadfile"]),
        (["-p", "no:xdist"], ["-p", "no:xdist"]),
    ],
)
def test_dev_test_runs_pytest_in_parallel_unless_told_otherwise(
    dev, args, pytest_args, monkeypatch
):
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    dev.test(args)
    ((command, environment),) = dev.started
    assert command[1:] == ["-m", "pytest", *pytest_args]
    assert "DJANGO_SETTINGS_MODULE" not in environment
    # the suite's subprocesses read the bytecode written once instead of compiling again
    assert "PYTHONDONTWRITEBYTECODE" not in environment
