#!/usr/bin/env python3
"""Developer entry point for XIX Online. Standard library only.

    python3 dev.py run [ADDRESS] [--noreload]
                                          set up .venv, migrate, seed demo users, serve :8000
                                          under uvicorn (ASGI) with push updates on, reloading
                                          on code changes (and run the periodic jobs every
                                          minute); SITE_URL, unless set, follows the address
                                          (e.g. `run 8101`)
    python3 dev.py test [pytest args]     set up .venv, run the whole pytest suite
    python3 dev.py setup                  set up .venv only (used by .ci/run)

The virtual environment lives in .venv next to this file. It is created when missing, and
requirements.lock plus the project itself are (re)installed whenever requirements.lock or
pyproject.toml changed since the last install. After that, this script re-executes itself
with the virtual environment's interpreter, so the commands below always run inside it.
"""

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
LOCK = ROOT / "requirements.lock"
STAMP = VENV / ".xix-installed"
USAGE = "usage: python3 dev.py {run|test|setup} [args...]"


def venv_python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def inside_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def install_fingerprint() -> str:
    digest = hashlib.sha256()
    for path in (LOCK, ROOT / "pyproject.toml"):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def call(*args: object) -> None:
    """Run a command in ROOT; stop dev.py with its exit code if it fails."""
    completed = subprocess.run([str(arg) for arg in args], cwd=ROOT)
    if completed.returncode != 0:
        sys.exit(completed.returncode)


def replace_process(*args: object) -> None:
    argv = [str(arg) for arg in args]
    if os.name == "nt":
        # Windows has no real exec: run the child and hand on its exit code.
        sys.exit(subprocess.run(argv, cwd=ROOT).returncode)
    os.chdir(ROOT)
    os.execv(argv[0], argv)


def ensure_python_311() -> None:
    if sys.version_info[:2] == (3, 11):
        return
    other = shutil.which("python3.11")
    if other is None:
        sys.exit(f"dev.py: XIX Online needs Python 3.11; this is {sys.version.split()[0]}.")
    replace_process(other, Path(__file__).resolve(), *sys.argv[1:])


def bootstrap() -> None:
    """Make sure .venv exists and matches requirements.lock and pyproject.toml."""
    python = venv_python()
    if not python.exists():
        print(f"dev.py: creating {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    fingerprint = install_fingerprint()
    if not STAMP.exists() or STAMP.read_text().strip() != fingerprint:
        print("dev.py: installing requirements.lock and the project into .venv", flush=True)
        pip_install = (python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check")
        call(*pip_install, "-r", LOCK)
        call(*pip_install, "--no-deps", "--editable", ROOT)
        STAMP.write_text(fingerprint + "\n")


DEFAULT_ADDRESS = "127.0.0.1:8000"
RUN_USAGE = "usage: python3 dev.py run [ADDRESS] [--noreload]; ADDRESS: 8101, host:8101, [::1]:8101"
# The project's own code: what the server watches to reload itself (not .venv, whose
# thousands of files would be read again every quarter of a second).
WATCHED = ["xix_site", "accounts", "api", "chat", "games", "moderation", "notifications", "ratings"]


def run_options(args: list[str]) -> tuple[str, str, bool]:
    """(host, port, reload) from `run`'s arguments: at most one address ("8101",
    "0.0.0.0:8101", "[::1]:8101"; 127.0.0.1:8000 without one) and ``--noreload``.
    Anything else stops dev.py with its usage."""
    reload = "--noreload" not in args
    addresses = [arg for arg in args if arg != "--noreload"]
    if len(addresses) > 1 or any(arg.startswith("-") for arg in addresses):
        sys.exit(RUN_USAGE)
    host, colon, port = (addresses[0] if addresses else DEFAULT_ADDRESS).rpartition(":")
    if not colon:
        host = "127.0.0.1"
    if not port.isdigit() or not host:
        sys.exit(RUN_USAGE)
    return host, port, reload


def site_url_for(args: list[str]) -> str:
    """The site's address for `run`'s arguments ("8101", "0.0.0.0:8101", "[::1]:8101",
    or none: 127.0.0.1:8000), for the links in e-mails. An address that listens on every
    interface is reached locally as 127.0.0.1."""
    host, port, _reload = run_options(args)
    if host in ("0", "0.0.0.0", "[::]"):
        host = "127.0.0.1"
    return f"http://{host}:{port}"


def server_command(args: list[str]) -> list[object]:
    """The ASGI server (uvicorn) for `run`'s arguments: one process, which serves the
    pages, their event streams (push updates) and the static files, and reloads itself
    when a Python file of the project changes (unless ``--noreload``)."""
    host, port, reload = run_options(args)
    command = [sys.executable, "-m", "uvicorn", "xix_site.asgi:application"]
    command += ["--host", host.strip("[]"), "--port", port]
    # An open page's event stream never ends by itself: stopping or reloading closes it
    # after a second instead of waiting for every tab to close.
    command += ["--timeout-graceful-shutdown", "1"]
    if reload:
        command.append("--reload")
        for folder in WATCHED:
            command += ["--reload-dir", ROOT / folder]
    return command


def run(args: list[str]) -> None:
    python = sys.executable
    # Links in e-mails (SITE_URL) lead to the port served here, unless SITE_URL is set.
    os.environ.setdefault("SITE_URL", site_url_for(args))
    server = server_command(args)
    # The server is ASGI: pages hold event streams (PUSH_EVENTS). Without REDIS_URL the
    # pings stay inside the one server process, where the requests and their in-process
    # tasks (bots' moves) publish them; with it, they go through Redis.
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "xix_site.settings.dev")
    os.environ.setdefault("PUSH_EVENTS", "true")
    call(python, "manage.py", "migrate", "--noinput")
    call(python, "manage.py", "seed_demo")
    if os.environ.get("REDIS_URL"):
        # With a broker, `celery -A xix_site worker` and `beat` do the background work.
        replace_process(*server)
    # Without Redis, tasks run inside the web process and there is no Celery beat: this
    # loop runs the periodic jobs (reminders, timeouts, expiry, digest) every minute.
    periodic = subprocess.Popen([python, "manage.py", "periodic", "--every", "60"])
    # A `kill` (SIGTERM) stops both processes, as Ctrl-C does.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    web = None
    code = 0
    try:
        web = subprocess.Popen([str(part) for part in server], cwd=ROOT)
        code = web.wait()
    except KeyboardInterrupt:
        code = 0
    finally:
        stop(web, periodic)
    sys.exit(code)


def stop(*processes) -> None:
    """Ask each process to end; kill one that has not within 10 seconds."""
    running = [process for process in processes if process is not None]
    for process in running:
        if process.poll() is None:
            process.terminate()
    for process in running:
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()


def pytest_args(args: list[str]) -> list[str]:
    """pytest's arguments for `dev.py test ARGS`: the suite runs in parallel, one worker per
    core (pytest-xdist's ``-n auto``), unless ARGS choose the workers themselves (``-n N``,
    ``-n 0`` for one process) or switch xdist off (``-p no:xdist``). The workers share the
    tests out by work stealing (``--dist worksteal``, unless ARGS choose a ``--dist``): a
    worker that runs out takes half of what another still has queued, so the run does not
    end with one worker alone on a queue of long tests (docs/testing.md)."""
    if "no:xdist" in args:
        return args
    chosen = any(
        arg in ("-n", "--numprocesses") or arg.startswith(("-n", "--numprocesses=")) for arg in args
    )
    dist = any(arg == "--dist" or arg.startswith("--dist=") for arg in args)
    return [*([] if chosen else ["-n", "auto"]), *([] if dist else ["--dist", "worksteal"]), *args]


def test(args: list[str]) -> None:
    # pytest-django prefers DJANGO_SETTINGS_MODULE from the environment over pyproject's
    # test settings; a value left over from `manage.py` work must not leak into the suite.
    os.environ.pop("DJANGO_SETTINGS_MODULE", None)
    # The suite starts dozens of Python subprocesses (uvicorn nodes, Celery workers,
    # manage.py, gunicorn): with PYTHONDONTWRITEBYTECODE set, each compiled the project
    # again (0.2-0.4 s of CPU each, docs/testing.md). Bytecode goes to __pycache__/
    # (gitignored), written once and read by every later process.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    replace_process(sys.executable, "-m", "pytest", *pytest_args(args))


COMMANDS = {"run": run, "test": test, "setup": lambda args: None}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        sys.exit(USAGE)
    command, args = sys.argv[1], sys.argv[2:]
    ensure_python_311()
    bootstrap()
    if not inside_venv():
        replace_process(venv_python(), Path(__file__).resolve(), command, *args)
    COMMANDS[command](args)


if __name__ == "__main__":
    main()
