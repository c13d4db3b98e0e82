"""Open game pages, pushed or polling (issue 19): hold --pages open game pages on the site
under uvicorn and make moves in their games, then print one JSON line.

    python3 benchmarks/load/pages.py --pages 1000 --mode push --duration 300
    python3 benchmarks/load/pages.py --pages 1000 --mode poll --duration 300

Standard library only (asyncio sockets: no Locust, no HTTP package); the site runs from the
project's .venv. The script drops and creates the database --database (default
xix_pushload) on the local PostgreSQL, flushes Redis database --redis-db (default 7) of
--redis (the local server on 6379) only,
migrates, collects static files, seeds --pages players in pairs, one XIX game a pair, with a
signed-in session each (seed_pages.py: no log-in is timed), and starts the site as
docker-compose runs it: uvicorn, --workers processes (2), production settings
(benchmarks/load/loadsite), PUSH_EVENTS=true for --mode push and false for --mode poll, and
one Celery worker (-c 1).

Each open page does what static/js/game.js and the chat panel make a browser do:
  push: load the game page, hold its event stream (/events/games/<id>/: the game's,
        its chat's and the player's own channel), fetch the table's poll once per "game"
        ping, the chat's once per "chat" ping, the badges once per "user" ping about
        another game, and both polls every PUSH_POLL_SECONDS (120 s) as the safety net;
  poll: load the game page, then poll the table and the chat every 3 s each (today's
        pages without push).
Pages open over --ramp seconds; once all are open (and, with push, hold their stream: at
most --open-timeout seconds; open_s says how long it took) and --settle seconds more, a
move-maker plays --moves-per-second moves for --duration seconds, each from the page of
the player to move once that page shows the move is theirs (a random legal action from
its table's forms, posted to /act as htmx does). Figures, all over the measured window only:
  move_ms   the /act request, sent to answered (the 150 ms p95 budget);
  seen_ms   from the move sent to the opponent's open page holding the new table;
  requests  every other request by kind (count, p50, p95), errors and 409s;
  moves_skipped  the move-maker's turns when no player to move had seen their turn yet
            (their page had not fetched the opponent's move: a slow site skips more);
  db_connections_max  the most PostgreSQL connections the site held (sampled each second:
            at most --pool-max-size per uvicorn process and per Celery process, with the
            production pool that --no-pool turns off);
  server_cpu_s / client_cpu_s  CPU seconds of the site's processes (uvicorn, Celery) and
            of this script over the window (both run on the same machine).
"""

import argparse
import asyncio
import html
import json
import os
import random
import re
import resource
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))
from forms import legal_moves  # noqa: E402  (benchmarks/load/forms.py)
from run import (  # noqa: E402  (benchmarks/load/run.py)
    site_env as load_site_env,
    start,
    stop,
    wait_up,
)

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
RESULTS = HERE / "results" / "pages"
MAIN_PY = ROOT / ".venv" / "bin" / "python"
PG_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"
POLL_SECONDS = 3  # a game page's and a chat panel's poll without push
PUSH_POLL_SECONDS = 120  # their safety-net poll with push (the setting's default)

GAME_POLL = re.compile(r'<section id="game-live"[^>]*?hx-get="([^"]+)"')
CHAT_POLL = re.compile(r'<div id="chat-log"[^>]*?hx-get="([^"]+)"')
SEQ = re.compile(r"/poll\?seq=(\d+)")


def say(message: str) -> None:
    print(f"[pages] {message}", file=sys.stderr, flush=True)


# --- the site ---------------------------------------------------------------------------


def site_env(args, port: int) -> dict:
    """The Locust test's environment for the site (run.py), on this run's database and
    Redis, with push updates on or off."""
    env = load_site_env(port)
    env.update(
        {
            "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{args.database}",
            "REDIS_URL": f"{args.redis.rstrip('/')}/{args.redis_db}",
            # As docker-compose's web service: under ASGI each request runs its view in a
            # thread of its own, and kept connections would pile up past max_connections.
            "CONN_MAX_AGE": "0",
            "PUSH_EVENTS": "true" if args.mode == "push" else "false",
            "PUSH_POLL_SECONDS": str(PUSH_POLL_SECONDS),
            # The production pool (docs/settings.md, "Database"): at most this many
            # connections per process, a request past them waits up to the timeout.
            "DATABASE_POOL": "false" if args.no_pool else "true",
            "DATABASE_POOL_MAX_SIZE": str(args.pool_max_size),
            "DATABASE_POOL_TIMEOUT": str(args.pool_timeout),
        }
    )
    return env


def prepare(args, env: dict) -> list[dict]:
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", args.database):
        raise SystemExit("--database: lower-case letters, digits and _ only")
    say(f"dropping and creating database {args.database}; flushing Redis db {args.redis_db}")
    code = (
        "import psycopg, redis\n"
        f"c = psycopg.connect({PG_ADMIN_URL!r}, autocommit=True)\n"
        f"c.execute('DROP DATABASE IF EXISTS {args.database} WITH (FORCE)')\n"
        f"c.execute('CREATE DATABASE {args.database}')\n"
        f"redis.Redis.from_url({env['REDIS_URL']!r}).flushdb()\n"
    )
    subprocess.run([MAIN_PY, "-c", code], env=env, check=True)
    say("migrate, collectstatic, players and games")
    manage = [MAIN_PY, ROOT / "manage.py"]
    subprocess.run([*manage, "migrate", "--verbosity", "0"], env=env, cwd=ROOT, check=True)
    subprocess.run(
        [*manage, "collectstatic", "--noinput", "--verbosity", "0"], env=env, cwd=ROOT, check=True
    )
    seeded = RESULTS / "seed.json"
    subprocess.run(
        [MAIN_PY, HERE / "seed_pages.py", str(args.pages), seeded], env=env, cwd=ROOT, check=True
    )
    return json.loads(seeded.read_text())


def group_cpu(groups: list[int]) -> float:
    """CPU seconds (user + system) of every live process in the process groups."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[2]) in groups:  # pgrp
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / tick


def connection_sampler(database: str) -> subprocess.Popen:
    """A process printing, once a second, how many PostgreSQL connections ``database`` has
    (under ASGI each request in flight holds one: the server's max_connections, 100 by
    default and shared with everything else, bounds the requests in flight)."""
    code = (
        "import sys, time, psycopg\n"
        f"c = psycopg.connect({PG_ADMIN_URL!r}, autocommit=True)\n"
        "q = 'SELECT count(*) FROM pg_stat_activity WHERE datname = %s'\n"
        "while True:\n"
        f"    print(c.execute(q, [{database!r}]).fetchone()[0], flush=True)\n"
        "    time.sleep(1)\n"
    )
    return subprocess.Popen([MAIN_PY, "-c", code], stdout=subprocess.PIPE, text=True)


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


# --- a small HTTP/1.1 client ------------------------------------------------------------


class Closed(Exception):
    """The server closed a kept-alive connection before answering: safe to send again."""


class Connection:
    """One kept-alive HTTP/1.1 connection (Content-Length and chunked answers)."""

    def __init__(self, port: int, cookies: dict):
        self.port, self.cookies = port, cookies
        self.reader = self.writer = None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    def head(self, method: str, path: str, extra: dict, body: bytes) -> bytes:
        lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        lines.append(f"Cookie: {cookie}")
        lines += [f"{k}: {v}" for k, v in extra.items()]
        if body or method == "POST":
            lines.append(f"Content-Length: {len(body)}")
        return ("\r\n".join(lines) + "\r\n\r\n").encode() + body

    async def status_and_headers(self) -> tuple[int, dict]:
        line = await self.reader.readline()
        if not line:
            raise Closed()
        status = int(line.split()[1])
        headers = {}
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
            headers[name] = value
        return status, headers

    async def body(self, status: int, headers: dict) -> bytes:
        if status in (204, 304) or status < 200:
            return b""
        if "chunked" in headers.get("transfer-encoding", ""):
            parts = []
            while True:
                size = int((await self.reader.readline()).split(b";")[0], 16)
                if size == 0:
                    await self.reader.readline()
                    return b"".join(parts)
                parts.append(await self.reader.readexactly(size))
                await self.reader.readline()
        if "content-length" in headers:
            return await self.reader.readexactly(int(headers["content-length"]))
        data = await self.reader.read()
        self.close()
        return data

    async def request(self, method: str, path: str, extra=None, body=b"") -> tuple[int, bytes]:
        for attempt in (0, 1):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            self.writer.write(self.head(method, path, extra or {}, body))
            try:
                await self.writer.drain()
                status, headers = await self.status_and_headers()
            except (Closed, ConnectionError):
                self.close()
                if attempt:
                    raise
                continue
            data = await self.body(status, headers)
            if headers.get("connection", "").lower() == "close":
                self.close()
            return status, data
        raise AssertionError("unreachable")


# --- the figures ------------------------------------------------------------------------


class Tally:
    def __init__(self):
        self.measuring = False
        self.times: dict[str, list[float]] = {}
        self.statuses: dict[str, dict] = {}
        self.errors = 0
        self.error_kinds: dict[str, int] = {}

    def add(self, kind: str, seconds: float, status) -> None:
        if not self.measuring:
            return
        self.times.setdefault(kind, []).append(seconds * 1000)
        counts = self.statuses.setdefault(kind, {})
        counts[str(status)] = counts.get(str(status), 0) + 1

    def error(self, kind: str, what: str) -> None:
        if self.measuring:
            self.errors += 1
            key = f"{kind}: {what}"
            self.error_kinds[key] = self.error_kinds.get(key, 0) + 1


def summary(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    ordered = sorted(values)

    def at(share: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 1)

    return {"n": len(ordered), "p50": at(0.5), "p95": at(0.95), "max": round(ordered[-1], 1)}


# --- the pages --------------------------------------------------------------------------


class Page:
    """One open game page of one player."""

    def __init__(self, run, spec: dict, cookie_name: str):
        self.run, self.game = run, spec["game"]
        self.cookies = {cookie_name: spec["session"]}
        self.conn = Connection(run.port, self.cookies)
        self.act_conn = Connection(run.port, self.cookies)
        self.lock = asyncio.Lock()
        self.game_url = self.chat_url = None
        self.seq = -1
        self.moves: list[dict] = []
        self.over = False
        self.stream_open = False
        self.game_wanted = asyncio.Event()
        self.chat_wanted = asyncio.Event()

    async def get(self, kind: str, path: str, htmx=True) -> tuple[int, str]:
        extra = {"HX-Request": "true"} if htmx else {}
        async with self.lock:
            started = time.perf_counter()
            try:
                status, data = await self.conn.request("GET", path, extra)
            except (OSError, asyncio.IncompleteReadError, ValueError) as error:
                self.conn.close()
                self.run.tally.error(kind, type(error).__name__)
                return 0, ""
            self.run.tally.add(kind, time.perf_counter() - started, status)
        if status >= 400:
            self.run.tally.error(kind, str(status))
        return status, data.decode("utf-8", "replace")

    def take_table(self, text: str) -> None:
        """Read the table's poll address, action number and playable forms."""
        found = GAME_POLL.search(text)
        if found is None:
            self.over = 'class="game-over"' in text or self.over
            self.moves = []
            return
        self.game_url = html.unescape(found.group(1))
        seq = int(SEQ.search(self.game_url).group(1))
        if seq > self.seq:
            self.seq = seq
            self.run.seen(self, seq)
        self.moves = legal_moves(text, f"/games/{self.game}/act")

    def take_chat(self, text: str) -> None:
        found = CHAT_POLL.search(text)
        if found is not None:
            self.chat_url = html.unescape(found.group(1))

    async def open(self) -> bool:
        status, text = await self.get("page", f"/games/{self.game}/", htmx=False)
        if status != 200:
            return False
        self.take_table(text)
        self.take_chat(text)
        return self.game_url is not None

    async def poll_game(self) -> None:
        if self.game_url is None or self.over:
            return
        status, text = await self.get("poll", self.game_url)
        if status in (200, 286):
            self.take_table(text)
        if status == 286:
            self.over = True

    async def poll_chat(self) -> None:
        if self.chat_url is None:
            return
        status, text = await self.get("chat", self.chat_url)
        if status == 200:
            self.take_chat(text)

    async def every(self, seconds: float, poll) -> None:
        await asyncio.sleep(random.uniform(0, seconds))
        while not self.run.stopping:
            await poll()
            await asyncio.sleep(seconds)

    async def on_ping(self, wanted: asyncio.Event, poll) -> None:
        """One fetch per ping; pings that come during a fetch ask for one more after it."""
        while not self.run.stopping:
            await wanted.wait()
            wanted.clear()
            await poll()

    async def stream(self) -> None:
        """Hold the page's event stream, reopening it as a browser's EventSource does."""
        while not self.run.stopping:
            conn = Connection(self.run.port, dict(self.cookies))
            try:
                await self.read_stream(conn)
            except (OSError, asyncio.IncompleteReadError, ValueError, Closed) as error:
                self.run.tally.error("stream", type(error).__name__)
            finally:
                if self.stream_open:
                    self.stream_open = False
                    self.run.streams -= 1
                conn.close()
            if not self.run.stopping:
                await asyncio.sleep(3)  # the browser's retry delay
                self.game_wanted.set()  # pings sent meanwhile were missed
                self.chat_wanted.set()

    async def read_stream(self, conn: Connection) -> None:
        conn.reader, conn.writer = await asyncio.open_connection("127.0.0.1", self.run.port)
        path = f"/events/games/{self.game}/"
        conn.writer.write(conn.head("GET", path, {"Accept": "text/event-stream"}, b""))
        await conn.writer.drain()
        status, headers = await conn.status_and_headers()
        if status != 200:
            self.run.tally.error("stream", str(status))
            await conn.body(status, headers)
            return
        chunked = "chunked" in headers.get("transfer-encoding", "")
        buffer = b""
        while not self.run.stopping:
            if chunked:
                size = int((await conn.reader.readline()).split(b";")[0], 16)
                if size == 0:
                    return
                buffer += await conn.reader.readexactly(size)
                await conn.reader.readline()
            else:
                data = await conn.reader.read(65536)
                if not data:
                    return
                buffer += data
            while b"\n\n" in buffer:
                event, buffer = buffer.split(b"\n\n", 1)
                self.on_event(event.decode("utf-8", "replace"))

    def on_event(self, event: str) -> None:
        kind, data = "message", ""
        for line in event.split("\n"):
            if line.startswith("event:"):
                kind = line[6:].strip()
            elif line.startswith("data:"):
                data += line[5:].strip()
        if kind == "stream-open":
            if not self.stream_open:
                self.stream_open = True
                self.run.streams += 1
        elif kind == "game":
            self.run.pings += 1
            self.game_wanted.set()
        elif kind == "chat":
            self.chat_wanted.set()
        elif kind == "user":
            about = json.loads(data or "{}").get("game")
            if about != self.game:
                self.run.badges_wanted(self)

    async def act(self, move: dict) -> None:
        """Post ``move`` as the table's form does, on a connection of its own (a browser
        does not wait for a poll in flight to send a click)."""
        body = urlencode(move).encode()
        extra = {
            "HX-Request": "true",
            "Content-Type": "application/x-www-form-urlencoded",
            "X-CSRFToken": move.get("csrfmiddlewaretoken", ""),
        }
        sent = time.perf_counter()
        self.run.moved(self, sent)
        try:
            status, data = await self.act_conn.request(
                "POST", f"/games/{self.game}/act", extra, body
            )
        except (OSError, asyncio.IncompleteReadError, ValueError) as error:
            self.act_conn.close()
            self.run.tally.error("act", type(error).__name__)
            return
        self.run.tally.add("act", time.perf_counter() - sent, status)
        if status == 409:
            self.run.conflicts += 1
        elif status != 200:
            self.run.tally.error("act", str(status))
        self.moves = []
        if status in (200, 409):
            self.take_table(data.decode("utf-8", "replace"))


class Run:
    def __init__(self, args, port: int, seeded: dict):
        self.args, self.port = args, port
        self.tally = Tally()
        self.stopping = False
        self.streams = 0
        self.pings = 0
        self.conflicts = 0
        self.mover_idle = 0
        self.pages = [Page(self, spec, seeded["cookie"]) for spec in seeded["pages"]]
        self.by_game: dict[int, list[Page]] = {}
        for page in self.pages:
            self.by_game.setdefault(page.game, []).append(page)
        # game -> (the mover's page, its action number before the move, the sending time)
        self.pending: dict[int, tuple] = {}
        self.seen_ms: list[float] = []
        self.busy: set[int] = set()
        self.moving: set[asyncio.Future] = set()  # moves in flight

    def moved(self, page: "Page", sent: float) -> None:
        if self.tally.measuring:
            self.pending[page.game] = (page, page.seq, sent)

    def seen(self, page: "Page", seq: int) -> None:
        """``page`` shows action number ``seq``: if that is past a move made in its game
        from another page (the opponent's), the move has reached it."""
        pending = self.pending.get(page.game)
        if pending is not None and pending[0] is not page and seq > pending[1]:
            del self.pending[page.game]
            self.seen_ms.append((time.perf_counter() - pending[2]) * 1000)

    def badges_wanted(self, page: Page) -> None:
        asyncio.ensure_future(page.get("badges", "/badges"))

    async def page_life(self, page: Page, delay: float) -> None:
        await asyncio.sleep(delay)
        while not await page.open():  # a refused or failed load: the player reloads
            self.tally.error("page", "no table")
            if self.stopping:
                return
            await asyncio.sleep(5)
        tasks = []
        if self.args.mode == "push":
            tasks += [
                page.stream(),
                page.on_ping(page.game_wanted, page.poll_game),
                page.on_ping(page.chat_wanted, page.poll_chat),
                page.every(PUSH_POLL_SECONDS, page.poll_game),
                page.every(PUSH_POLL_SECONDS, page.poll_chat),
            ]
        else:
            tasks += [
                page.every(POLL_SECONDS, page.poll_game),
                page.every(POLL_SECONDS, page.poll_chat),
            ]
        await asyncio.gather(*tasks)

    async def mover(self) -> None:
        """--moves-per-second moves, spaced at random (Poisson), each in a game whose
        player to move has it on their open page."""
        rate = self.args.moves_per_second
        while not self.stopping:
            await asyncio.sleep(random.expovariate(rate))
            ready = [
                page
                for page in self.pages
                if page.moves and page.game not in self.busy and not page.over
            ]
            if not ready:
                if self.tally.measuring:
                    self.mover_idle += 1  # no player to move has seen it yet
                continue
            page = random.choice(ready)
            moving = asyncio.ensure_future(self.one_move(page))
            self.moving.add(moving)
            moving.add_done_callback(self.moving.discard)

    async def one_move(self, page: Page) -> None:
        self.busy.add(page.game)
        try:
            move = random.choice(page.moves)
            await page.act(move)
        finally:
            self.busy.discard(page.game)

    async def main(self) -> dict:
        ramp = self.args.ramp
        lives = [
            asyncio.ensure_future(self.page_life(page, ramp * i / len(self.pages)))
            for i, page in enumerate(self.pages)
        ]
        await asyncio.sleep(ramp)
        # Measure once every page is open (and holds its stream), as long as that takes
        # on a busy machine (at most --open-timeout seconds), and then --settle more.
        waited = time.perf_counter()
        streams_wanted = len(self.pages) if self.args.mode == "push" else 0
        while time.perf_counter() - waited < self.args.open_timeout:
            opened = sum(1 for page in self.pages if page.game_url is not None)
            if opened == len(self.pages) and self.streams >= streams_wanted:
                break
            await asyncio.sleep(1)
        await asyncio.sleep(self.args.settle)
        opened = sum(1 for page in self.pages if page.game_url is not None)
        self.open_seconds = round(ramp + time.perf_counter() - waited, 1)
        say(f"{opened} pages open, {self.streams} streams; measuring {self.args.duration} s")
        self.tally.measuring = True
        cpu_client, cpu_server = time.process_time(), group_cpu(self.groups)
        wall = time.perf_counter()
        load_before = load_average()
        mover = asyncio.ensure_future(self.mover())
        sampler = connection_sampler(self.args.database)
        await asyncio.sleep(self.args.duration)
        self.tally.measuring = False
        sampler.terminate()
        connections = [int(line) for line in sampler.communicate()[0].split()]
        seconds = time.perf_counter() - wall
        cpu_server = group_cpu(self.groups) - cpu_server
        cpu_client = time.process_time() - cpu_client
        streams = self.streams
        self.stopping = True
        mover.cancel()
        # Moves still waiting for their answer (on a site past its capacity, up to the
        # pool's timeout) end with the run, before their connections close under them.
        for task in [*lives, *self.moving]:
            task.cancel()
        await asyncio.gather(mover, *lives, *self.moving, return_exceptions=True)
        for page in self.pages:
            page.conn.close()
            page.act_conn.close()
        times = self.tally.times
        others = {k: v for k, v in times.items() if k != "act"}
        return {
            "mode": self.args.mode,
            "pages": len(self.pages),
            "games": len(self.by_game),
            "pages_open": opened,
            "open_s": self.open_seconds,
            "streams_open": streams if self.args.mode == "push" else None,
            "duration_s": round(seconds, 1),
            "moves_per_second_asked": self.args.moves_per_second,
            "moves": len(times.get("act", [])),
            "move_ms": summary(times.get("act", [])),
            "seen_ms": summary(self.seen_ms),
            "conflicts_409": self.conflicts,
            "moves_skipped": self.mover_idle,
            "pings_received": self.pings,
            "requests": {k: summary(v) for k, v in sorted(others.items())},
            "requests_per_second": round(sum(len(v) for v in times.values()) / seconds, 1),
            "statuses": self.tally.statuses,
            "errors": self.tally.errors,
            "error_kinds": self.tally.error_kinds,
            "db_connections_max": max(connections, default=None),
            "server_cpu_s": round(cpu_server, 1),
            "client_cpu_s": round(cpu_client, 1),
            "workers": self.args.workers,
            "pool": None
            if self.args.no_pool
            else {"max_size": self.args.pool_max_size, "timeout_s": self.args.pool_timeout},
            "load_before": load_before,
            "load_after": load_average(),
        }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=200, help="open game pages (even)")
    parser.add_argument("--mode", choices=("push", "poll"), default="push")
    parser.add_argument("--duration", type=float, default=120, help="measured seconds")
    parser.add_argument("--moves-per-second", type=float, default=2.0)
    parser.add_argument("--ramp", type=float, default=None, help="seconds to open the pages")
    parser.add_argument("--settle", type=float, default=10, help="seconds once all are open")
    parser.add_argument(
        "--open-timeout", type=float, default=600, help="most seconds to wait for the pages"
    )
    parser.add_argument("--workers", type=int, default=2, help="uvicorn processes")
    parser.add_argument(
        "--pool-max-size", type=int, default=10, help="pooled connections per process"
    )
    parser.add_argument(
        "--pool-timeout", type=float, default=10, help="seconds a request waits for one"
    )
    parser.add_argument(
        "--no-pool", action="store_true", help="a connection per request (before issue 33)"
    )
    parser.add_argument("--port", type=int, default=8029)
    parser.add_argument("--database", default="xix_pushload")
    parser.add_argument("--redis-db", type=int, default=7)
    parser.add_argument("--redis", default="redis://127.0.0.1:6379", help="server, no database")
    args = parser.parse_args()
    if args.ramp is None:
        args.ramp = max(10.0, args.pages / 10)
    RESULTS.mkdir(parents=True, exist_ok=True)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # two sockets a page
    if hard < 2 * args.pages + 200:
        raise SystemExit(f"open files limited to {hard}: too few for {args.pages} pages")
    env = site_env(args, args.port)
    seeded = prepare(args, env)
    processes = []
    try:
        say(f"starting uvicorn ({args.workers} workers, PUSH_EVENTS={env['PUSH_EVENTS']})")
        uvicorn = [MAIN_PY, "-m", "uvicorn", "xix_site.asgi:application", "--host", "127.0.0.1"]
        uvicorn += ["--port", args.port, "--workers", args.workers, "--no-access-log"]
        processes.append(start("pages-uvicorn", [*uvicorn, "--log-level", "warning"], env))
        celery = [MAIN_PY, "-m", "celery", "-A", "xix_site", "worker", "-c", "1"]
        processes.append(start("pages-celery", [*celery, "--loglevel", "WARNING"], env))
        wait_up(f"http://127.0.0.1:{args.port}/healthz")
        run = Run(args, args.port, seeded)
        run.groups = [p.pid for p in processes]
        figures = asyncio.run(run.main())
    finally:
        for process in processes:
            stop(process)
    print(json.dumps(figures), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
