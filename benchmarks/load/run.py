"""Load test of the production set-up on this machine (standard library only).

    python3 benchmarks/load/run.py [--users 100] [--arrival-rate 1] [--run-time 900s]
                                   [--threads 4] [--page-share 0.25] [--max-requests N]
                                   [--games-per-player 1] [--port 8019]
                                   [--tables 2,4,10] [--table-games N]

1. Makes benchmarks/load/.venv (Locust, from requirements.txt) on first use; the site runs
   from the project's own .venv (made by `python3 dev.py setup` if it is missing).
2. Drops and creates the database xix_load on the local PostgreSQL and flushes Redis
   database 14 (nothing else; LOAD_DATABASE and LOAD_REDIS_DB choose others), migrates,
   collects static files, creates player000..
3. Starts gunicorn with the production config (xix_site/gunicorn_conf.py: 2 workers,
   --threads each; production settings plus one bare view: loadsite/) and a Celery
   worker, times /__bare__ and /healthz on the idle stack, then runs Locust headless
   (locustfile.py) until every player has finished its game(s), --max-requests
   requests were made, or --run-time is up.
4. Stops everything, prints per endpoint: requests/s, p50/p95/p99 (ms), failures and
   409s, then checks every game's log in the database (check_db.py).

--tables 2,4,10 mixes table sizes: the players are split among the sizes about evenly
(whole tables, in an interleaved order), pairs of two play XIX from a challenge as
without it, groups of more are seated by seed.py at tally "open" tables (the test game,
served by loadsite only); the game page, /act and /poll are timed per size and the p95
target is checked for each. A tally game is short (3 rounds: 3 moves a player), so
--table-games (default: --games-per-player) gives each larger table that many games in a
row, to keep its players at play about as long as the XIX pairs.

Exit status: 0 when the game records are whole, 1 when the integrity check fails, 2 when
something could not be started. Results (CSVs, logs, report.md) go to benchmarks/load/results/.
"""

import argparse
import csv
import hashlib
import json
import os
import re
import secrets
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
RESULTS = HERE / "results"
LOAD_VENV = HERE / ".venv"
MAIN_PY = ROOT / ".venv" / "bin" / "python"
LOAD_PY = LOAD_VENV / "bin" / "python"
PG_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"
# Another database and Redis database from the environment (a shared machine where
# several people run the benchmarks): LOAD_DATABASE=xix_mine LOAD_REDIS_DB=16, and
# LOAD_REDIS=redis://127.0.0.1:6390 for a Redis server of one's own.
DATABASE_NAME = os.environ.get("LOAD_DATABASE", "xix_load")
if not re.fullmatch(r"[a-z_][a-z0-9_]*", DATABASE_NAME):
    raise SystemExit("LOAD_DATABASE: lower-case letters, digits and _ only")
REDIS_DB = int(os.environ.get("LOAD_REDIS_DB", "14"))
DATABASE_URL = f"postgres://postgres@127.0.0.1:5432/{DATABASE_NAME}"
REDIS_URL = f"{os.environ.get('LOAD_REDIS', 'redis://127.0.0.1:6379')}/{REDIS_DB}"
PASSWORD = "load-test-pass-19"  # the same in locustfile.py
TARGET_P95_MS = 150
TARGET_ENDPOINTS = ("/games/[id]/", "/games/[id]/act")
PLAN = RESULTS / "tables.json"  # each player's table, with --tables (seed.py writes it)


def say(message: str) -> None:
    print(f"[load] {message}", flush=True)


def run(cmd, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in cmd], check=True, **kwargs)


def ensure_venvs() -> None:
    if not MAIN_PY.exists():
        say("the project's .venv is missing: python3 dev.py setup")
        run([sys.executable, ROOT / "dev.py", "setup"], cwd=ROOT)
    requirements = (HERE / "requirements.txt").read_bytes()
    stamp = LOAD_VENV / ".installed"
    fingerprint = hashlib.sha256(requirements).hexdigest()
    if stamp.exists() and stamp.read_text() == fingerprint:
        return
    say("creating benchmarks/load/.venv with Locust")
    if not LOAD_PY.exists():
        run([sys.executable, "-m", "venv", LOAD_VENV])
    run([LOAD_PY, "-m", "pip", "install", "--quiet", "-r", HERE / "requirements.txt"])
    stamp.write_text(fingerprint)


def site_env(port: int) -> dict:
    env = dict(os.environ)
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "loadsite.settings",
            "PYTHONPATH": os.pathsep.join([str(HERE), str(ROOT)]),
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_SECURE_SSL_REDIRECT": "false",
            "DJANGO_SECURE_COOKIES": "false",
            "DJANGO_SECURE_HSTS_SECONDS": "0",
            "DATABASE_URL": DATABASE_URL,
            "REDIS_URL": REDIS_URL,
            "ACCOUNT_EMAIL_VERIFICATION": "none",
            # environ drops the path's first character: four slashes keep it absolute.
            "EMAIL_URL": f"filemail:///{RESULTS / 'mail'}",
            "SITE_URL": f"http://127.0.0.1:{port}",
            # The simulated players stand behind one trusted proxy that appends their
            # (made-up) addresses to X-Forwarded-For, as nginx would in production: the
            # per-IP log-in limit (30 a minute) then applies to each player, not to all 100.
            "ALLAUTH_TRUSTED_PROXY_COUNT": "1",
            "DJANGO_LOG_LEVEL": "WARNING",
        }
    )
    return env


def table_groups(users: int, sizes: list[int]) -> list[int]:
    """Seat ``users`` at whole tables of ``sizes``: one size per group, in order, each
    time the size with the fewest players so far among those that still let the rest be
    seated exactly (so the sizes get about as many players each, interleaved). Raises
    ValueError when no mix of these sizes seats exactly ``users``."""
    seatable = {0}
    for total in range(1, users + 1):
        if any(total - size in seatable for size in sizes):
            seatable.add(total)
    if users not in seatable:
        raise ValueError(f"{users} players cannot all be seated at tables of {sizes}")
    players = dict.fromkeys(sizes, 0)
    groups, left = [], users
    while left:
        fits = [size for size in sizes if left - size in seatable]
        size = min(fits, key=lambda s: (players[s], sizes.index(s)))
        groups.append(size)
        players[size] += size
        left -= size
    return groups


def parse_sizes(text: str) -> list[int]:
    """``"2,4,10"`` -> [2, 4, 10]; ValueError unless each is a seat count 2..10, once."""
    wanted = "--tables takes different seat counts from 2 to 10, e.g. 2,4,10"
    parts = text.split(",")
    if not all(part.strip().isdigit() for part in parts):
        raise ValueError(wanted)
    sizes = [int(part) for part in parts]
    if len(set(sizes)) != len(sizes) or not all(2 <= size <= 10 for size in sizes):
        raise ValueError(wanted)
    return sizes


def prepare_database(env: dict, users: int, groups=(), table_games: int = 1) -> None:
    say(f"dropping and creating database {DATABASE_NAME}; flushing Redis db {REDIS_DB}")
    code = (
        "import psycopg, redis\n"
        f"c = psycopg.connect({PG_ADMIN_URL!r}, autocommit=True)\n"
        f"c.execute('DROP DATABASE IF EXISTS {DATABASE_NAME} WITH (FORCE)')\n"
        f"c.execute('CREATE DATABASE {DATABASE_NAME}')\n"
        f"redis.Redis.from_url({REDIS_URL!r}).flushdb()\n"
    )
    run([MAIN_PY, "-c", code], env=env)
    say("migrate, collectstatic, players")
    run([MAIN_PY, ROOT / "manage.py", "migrate", "--verbosity", "0"], env=env, cwd=ROOT)
    run(
        [MAIN_PY, ROOT / "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
        env=env,
        cwd=ROOT,
    )
    seed = [MAIN_PY, HERE / "seed.py", users, PASSWORD]
    if groups:
        seed += ["--tables", ",".join(map(str, groups)), "--plan", PLAN]
        seed += ["--table-games", table_games]
    run(seed, env=env, cwd=ROOT)


def start(name: str, cmd, env: dict) -> subprocess.Popen:
    log = open(RESULTS / f"{name}.log", "w")
    return subprocess.Popen(
        [str(c) for c in cmd],
        env=env,
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def stop(process: subprocess.Popen) -> None:
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def wait_up(url: str, seconds: float = 60) -> None:
    end = time.time() + seconds
    while time.time() < end:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.5)
    raise RuntimeError(f"{url} did not answer 200 within {seconds} s")


def time_idle(base: str, path: str, n: int = 300) -> dict:
    """Sequential requests, one at a time, on the otherwise idle stack."""
    samples = []
    for _ in range(n):
        start_t = time.perf_counter()
        with urllib.request.urlopen(base + path, timeout=10) as response:
            response.read()
        samples.append((time.perf_counter() - start_t) * 1000)
    q = statistics.quantiles(samples, n=100)
    return {"path": path, "n": n, "p50": q[49], "p95": q[94], "p99": q[98]}


class LoadSampler(threading.Thread):
    def __init__(self):
        super().__init__(daemon=True)
        self.samples = []
        self.halt = threading.Event()

    def run(self):
        while not self.halt.wait(5):
            self.samples.append(float(Path("/proc/loadavg").read_text().split()[0]))


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def read_stats(prefix: Path) -> list[dict]:
    with open(f"{prefix}_stats.csv", newline="") as f:
        return list(csv.DictReader(f))


def table(rows: list[dict], conflicts: dict, seconds: float) -> list[str]:
    lines = [
        "| endpoint | method | requests | req/s | p50 ms | p95 ms | p99 ms | max ms "
        "| failures | 409s |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        name = row["Name"]
        lines.append(
            (
                "| {name} | {method} | {n} | {rps:.1f} | {p50} | {p95} | {p99} | {mx:.0f} "
                "| {fail} | {c} |"
            ).format(
                name=f"`{name}`" if name != "Aggregated" else "**all**",
                method=row["Type"],
                n=row["Request Count"],
                rps=int(row["Request Count"]) / seconds if seconds else float(row["Requests/s"]),
                p50=row["50%"],
                p95=row["95%"],
                p99=row["99%"],
                mx=float(row["Max Response Time"]),
                fail=row["Failure Count"],
                c=conflicts.get(name, 0)
                if row["Type"] == "POST"
                else (sum(conflicts.values()) if name == "Aggregated" else 0),
            )
        )
    return lines


def percentile(ordered: list[float], share: float) -> float:
    """The nearest-rank percentile of an ascending list (Locust rounds its own figures)."""
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def steady_table(path: Path, since: float | None) -> tuple[list[str], dict, float]:
    """Per endpoint figures for the requests that ended after ``since`` (the last log-in):
    the table's lines, {name: p95} and the window's length in seconds."""
    if since is None or not path.exists():
        return [], {}, 0.0
    rows = {}
    last = since
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            t = float(row["time"])
            if t <= since:
                continue
            last = max(last, t)
            rows.setdefault((row["name"], row["method"]), []).append(float(row["ms"]))
    seconds = last - since
    lines = [
        "| endpoint | method | requests | req/s | p50 ms | p95 ms | p99 ms | max ms |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    p95 = {}
    for (name, method), values in sorted(rows.items()):
        values.sort()
        p95[name] = percentile(values, 0.95)
        rate = len(values) / seconds if seconds else 0.0
        lines.append(
            f"| `{name}` | {method} | {len(values)} | {rate:.1f} "
            f"| {percentile(values, 0.50):.0f} | {p95[name]:.0f} "
            f"| {percentile(values, 0.99):.0f} | {values[-1]:.0f} |"
        )
    return lines, p95, seconds


def mix(groups: list[int]) -> str:
    """ "Tables: 8 of 2 seats (16 players), ..." for the report."""
    parts = [
        f"{groups.count(size)} of {size} seats ({groups.count(size) * size} players)"
        for size in sorted(set(groups))
    ]
    return "Tables: " + ", ".join(parts) + " (pairs of 2 play XIX, larger tables tally)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=100, help="simulated players (even)")
    parser.add_argument(
        "--arrival-rate",
        type=float,
        default=1,
        help="players arriving (logging in) per second (10: a burst of log-ins)",
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=4,
        help="threads per gunicorn worker, as GUNICORN_THREADS (1: sync workers)",
    )
    parser.add_argument(
        "--page-share",
        type=float,
        default=0.25,
        help="share of a player's turns that start from a fresh load of the game page",
    )
    parser.add_argument("--run-time", default="900s", help="upper bound (Locust syntax)")
    parser.add_argument("--max-requests", type=int, default=0, help="stop after N requests")
    parser.add_argument("--games-per-player", type=int, default=1)
    parser.add_argument("--port", type=int, default=8019)
    parser.add_argument(
        "--tables",
        default="",
        help="seat counts to mix, e.g. 2,4,10 (2: XIX pairs; more: tally tables)",
    )
    parser.add_argument(
        "--table-games",
        type=int,
        default=0,
        help="with --tables: games in a row at each table of more than 2 seats "
        "(default: --games-per-player)",
    )
    args = parser.parse_args()
    groups, targets = [], TARGET_ENDPOINTS
    if args.tables:
        try:
            sizes = parse_sizes(args.tables)
            groups = table_groups(args.users, sizes)
        except ValueError as error:
            parser.error(str(error))
        targets = tuple(f"{name} [{size} seats]" for size in sizes for name in TARGET_ENDPOINTS)
    elif args.users < 2 or args.users % 2:
        parser.error("--users must be an even number of at least 2")

    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "mail").mkdir(exist_ok=True)
    ensure_venvs()
    env = site_env(args.port)
    base = f"http://127.0.0.1:{args.port}"
    PLAN.unlink(missing_ok=True)
    prepare_database(env, args.users, groups, args.table_games or args.games_per_player)

    processes = []
    try:
        kind = f"{args.threads} threads each" if args.threads > 1 else "sync"
        say(f"starting gunicorn (2 workers, {kind}) on {base} and a Celery worker")
        processes.append(
            start(
                "gunicorn",
                [MAIN_PY, "-m", "gunicorn", "-c", ROOT / "xix_site" / "gunicorn_conf.py"],
                {
                    **env,
                    "GUNICORN_BIND": f"127.0.0.1:{args.port}",
                    "WEB_CONCURRENCY": "2",
                    "GUNICORN_THREADS": str(args.threads),
                },
            )
        )
        processes.append(
            start(
                "celery",
                [
                    MAIN_PY,
                    "-m",
                    "celery",
                    "-A",
                    "xix_site",
                    "worker",
                    "-Q",  # the default queue and the bots' (docker-compose.yml runs one each)
                    f"{env.get('CELERY_QUEUE', 'celery')},{env.get('CELERY_BOTS_QUEUE', 'bots')}",
                    "-c",
                    "1",
                    "--loglevel",
                    "WARNING",
                ],
                env,
            )
        )
        wait_up(base + "/healthz")
        idle = [time_idle(base, "/__bare__"), time_idle(base, "/healthz")]
        for t in idle:
            say(
                f"idle stack, {t['n']} sequential GET {t['path']}: p50 {t['p50']:.1f} ms, "
                f"p95 {t['p95']:.1f} ms, p99 {t['p99']:.1f} ms"
            )

        before = uptime()
        say(f"before: {before}")
        sampler = LoadSampler()
        sampler.start()
        prefix = RESULTS / "locust"
        locust_cmd = [
            LOAD_PY,
            "-m",
            "locust",
            "-f",
            HERE / "locustfile.py",
            "--headless",
            "-u",
            args.users + 1,
            "-r",
            args.users + 1,  # every user at once; the players themselves arrive over time
            "--arrival-rate",
            args.arrival_rate,
            "--samples-csv",
            RESULTS / "samples.csv",
            "--run-time",
            args.run_time,
            "--host",
            base,
            "--csv",
            prefix,
            "--only-summary",
            "--max-requests",
            args.max_requests,
            "--games-per-player",
            args.games_per_player,
            "--page-share",
            args.page_share,
            "--summary-json",
            RESULTS / "summary.json",
            "--stop-timeout",
            "10",
        ]
        if groups:
            locust_cmd += ["--plan", PLAN]
        say("running Locust: " + " ".join(str(c) for c in locust_cmd))
        started = time.time()
        with open(RESULTS / "locust.log", "w") as log:
            subprocess.run(
                [str(c) for c in locust_cmd], cwd=HERE, stdout=log, stderr=subprocess.STDOUT
            )
        seconds = time.time() - started
        sampler.halt.set()
        after = uptime()
        say(f"after:  {after}")
    except (subprocess.CalledProcessError, RuntimeError) as error:
        say(f"could not run: {error}")
        return 2
    finally:
        for p in reversed(processes):
            stop(p)

    summary = json.loads((RESULTS / "summary.json").read_text())
    rows = read_stats(prefix)
    lines = table(rows, summary["conflicts_409"], seconds)
    loads = sampler.samples or [0.0]
    check = subprocess.run(
        [str(MAIN_PY), str(HERE / "check_db.py")], env=env, cwd=ROOT, capture_output=True, text=True
    )
    try:
        integrity = json.loads(check.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        integrity = {"ok": False, "problems": [check.stdout + check.stderr]}

    by_name = {r["Name"]: r for r in rows}
    failures = int(by_name.get("Aggregated", {}).get("Failure Count", 0))
    p95_ok = all(
        name in by_name and float(by_name[name]["95%"]) < TARGET_P95_MS for name in targets
    )
    steady, steady_p95, steady_seconds = steady_table(
        RESULTS / "samples.csv", summary.get("last_login_at")
    )
    steady_ok = bool(steady_p95) and all(
        steady_p95.get(name, float("inf")) < TARGET_P95_MS for name in targets
    )
    problems = "; ".join(integrity.get("problems", [])[:20])
    verdict = "all whole" if integrity.get("ok") else f"PROBLEMS: {problems}"
    report = [
        f"Run: {args.users} players arriving {args.arrival_rate:g}/s, gunicorn 2 workers "
        f"({kind}), {args.page_share:.0%} of turns from a fresh game page, "
        f"{seconds:.0f} s of load "
        f"(bound {args.run_time}), {summary['requests']} requests."
        + (f" {mix(groups)}." if groups else ""),
        f"Machine: {os.cpu_count()} cores; before `{before}`; after `{after}`; "
        f"1-min load average during the run: median {statistics.median(loads):.2f}, "
        f"max {max(loads):.2f}.",
        "",
        *lines,
        "",
        "Idle stack, 300 sequential requests each: "
        + "; ".join(
            f"`{t['path']}` p50 {t['p50']:.1f} ms, p95 {t['p95']:.1f} ms, p99 {t['p99']:.1f} ms"
            for t in idle
        )
        + ".",
        f"Games: {summary['games_started']} started, {summary['games_finished_seen']} "
        f"seen to the end by their players; in the database: "
        f"{integrity.get('games_by_status')}; finished by {integrity.get('finished_reasons')}. "
        f"409s: {summary['conflicts_409'] or 0}.",
        f"Games by kind/seats: {integrity.get('games_by_table')}. "
        f"Integrity: {integrity.get('games_checked')} games, {integrity.get('actions_checked')} "
        f"actions checked: {verdict}.",
        f"Targets: failures other than 409s: {failures} ({'met' if failures == 0 else 'NOT met'}); "
        f"p95 < {TARGET_P95_MS} ms for "
        + ", ".join(f"`{n}` {by_name[n]['95%'] if n in by_name else '?'} ms" for n in targets)
        + f" ({'met' if p95_ok else 'NOT met'}) over the whole run; "
        + ", ".join(f"`{n}` {steady_p95.get(n, float('nan')):.0f} ms" for n in targets)
        + f" ({'met' if steady_ok else 'NOT met'}) after the last log-in.",
    ]
    if steady:
        report += [
            "",
            f"After the last log-in ({steady_seconds:.0f} s of play, every player arrived):",
            "",
            *steady,
        ]
    (RESULTS / "report.md").write_text("\n".join(report) + "\n")
    print("\n".join(report))
    return 0 if integrity.get("ok") else 1


if __name__ == "__main__":
    sys.exit(main())
