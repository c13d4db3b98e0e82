"""Locust scenario: players log in, challenge each other and play whole games over HTTP.

Run by benchmarks/load/run.py (see docs/performance.md, "Load test"). Each ``Player`` takes
the next username player000, player001, ... Even players challenge their odd partner
(player000 -> player001, ...); the partner finds the challenge in the lobby and accepts it;
then both play to the end the way the game page does: the page once, a poll with
``HX-Request: true`` every 1-3 s while the opponent is to move (204 = nothing new, 286 =
game over), and, on their turn, a short think and one legal action chosen at random from
the forms on the table, posted with ``HX-Request: true``. A share of their turns
(``--page-share``, default a quarter) starts from a fresh load of the game page instead of
the poll's table, as when a correspondence player comes back from the e-mail. A 409
(stale action number) is an expected answer: it counts as a success and is tallied
separately.

Every user is spawned at once (Locust's spawn rate is the user count) and player N logs
in ``N / --arrival-rate`` seconds later: arrivals are spread without Locust's ramp-up,
which can stop a running user and start a new one to re-balance the user classes. Every
request is also written to ``--samples-csv`` (time, method, name, ms), from which run.py
computes the steady-state figures (after the last log-in).

One ``Baseline`` user requests ``/__bare__`` (a do-nothing Django view on the same stack)
and ``/healthz`` (database + Redis check) twice a second during the whole run.

Tables of several sizes (``--plan``, written by seed.py for ``run.py --tables 2,4,10``):
each player's entry says its table's size. A player of a two-seat group challenges (or
accepts from) the partner the plan names, as above; a player of a larger group already
has its tally tables, seated by seed.py, and goes straight to each game's page (it plays
as many games as it has tables, ``run.py --table-games``). Every request to a game (page,
``/act``, ``/poll``) is then named with its table's size, e.g. ``/games/[id]/act [4
seats]``, so that each size is timed apart. Without ``--plan`` the names and the pairing
are the same as ever.

Bounds: each player stops after ``--games-per-player`` games; the whole run stops once
every player has stopped, after ``--max-requests`` requests, or at ``--run-time``.
"""

import csv
import itertools
import json
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path

import gevent
from locust import HttpUser, between, events, task
from locust.exception import StopUser

sys.path.insert(0, str(Path(__file__).resolve().parent))
from forms import legal_moves  # noqa: E402  (benchmarks/load/forms.py)

PASSWORD = "load-test-pass-19"

_numbers = itertools.count()
_players_started = 0
_players_done = 0
_requests = 0
conflicts = Counter()  # endpoint name -> 409s
games = {"started": set(), "finished": set()}
samples = []  # (end time, method, endpoint name, response time in ms) for every request
logins_done = []  # when each player's log-in succeeded

SEQ_IN_POLL = re.compile(r"/poll\?seq=(\d+)")
ACCEPT = re.compile(r'action="/challenges/(\d+)/accept"')
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@events.init_command_line_parser.add_listener
def _options(parser):
    parser.add_argument(
        "--max-requests", type=int, default=0, help="stop after N requests (0: no cap)"
    )
    parser.add_argument("--games-per-player", type=int, default=1)
    parser.add_argument(
        "--page-share",
        type=float,
        default=0.25,
        help="share of turns begun from a fresh load of the game page (0 to 1)",
    )
    parser.add_argument("--summary-json", default="", help="write 409s and game counts here")
    parser.add_argument(
        "--arrival-rate",
        type=float,
        default=1.0,
        help="players arriving (logging in) per second; every user is spawned at once and "
        "player N waits N / rate seconds, so Locust never re-balances users mid-ramp",
    )
    parser.add_argument(
        "--samples-csv", default="", help="write every request (time, method, name, ms) here"
    )
    parser.add_argument(
        "--plan", default="", help="each player's table (JSON from seed.py --plan); none: pairs"
    )


@events.request.add_listener
def _count(request_type, name, response_time, response_length, exception, **kwargs):
    global _requests
    _requests += 1
    samples.append((time.time(), request_type, name, response_time))
    cap = _env.parsed_options.max_requests if _env and _env.parsed_options else 0
    if cap and _requests == cap and _env.runner is not None:
        gevent.spawn(_env.runner.quit)


_env = None


@events.init.add_listener
def _init(environment, **kwargs):
    global _env
    _env = environment


@events.quitting.add_listener
def _summary(environment, **kwargs):
    summary = {
        "requests": _requests,
        "conflicts_409": dict(conflicts),
        "games_started": len(games["started"]),
        "games_finished_seen": len(games["finished"]),
        "players_started": _players_started,
        "players_done": _players_done,
        "last_login_at": max(logins_done) if logins_done else None,
    }
    print("load summary:", json.dumps(summary))
    options = environment.parsed_options
    if options and options.samples_csv:
        with open(options.samples_csv, "w", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(["time", "method", "name", "ms"])
            writer.writerows(samples)
    path = environment.parsed_options.summary_json if environment.parsed_options else ""
    if path:
        with open(path, "w") as f:
            json.dump(summary, f)


_plans = {}


def _plan(path: str) -> dict:
    """The plan seed.py wrote (read once), or {} without one."""
    if path and path not in _plans:
        with open(path) as f:
            _plans[path] = json.load(f)
    return _plans.get(path, {})


class Baseline(HttpUser):
    """The cost of Django itself on this stack, measured under the same load."""

    fixed_count = 1
    wait_time = between(0.4, 0.6)

    @task
    def bare(self):
        self.client.get("/__bare__", name="/__bare__ (bare Django view)")
        self.client.get("/healthz", name="/healthz (DB + Redis check)")


class Player(HttpUser):
    wait_time = between(1, 3)

    def on_start(self):
        global _players_started
        _players_started += 1
        self.number = next(_numbers)
        self.username = f"player{self.number:03d}"
        self.partner = f"player{self.number ^ 1:03d}"
        self.challenger = self.number % 2 == 0
        self.label = ""  # after the name of each request to a game: its table's size
        self.table_games = []  # the tables seed.py seated this player at (more than 2 seats)
        plan = _plan(self.environment.parsed_options.plan)
        entry = plan.get(self.username)
        if entry is not None:
            self.label = f" [{entry['seats']} seats]"
            if entry["seats"] == 2:
                self.partner, self.challenger = entry["partner"], entry["challenger"]
            else:
                self.table_games = entry["games"]
        # Each simulated player is a different client behind one trusted reverse proxy
        # (ALLAUTH_TRUSTED_PROXY_COUNT=1), so the per-IP log-in rate limit applies per player.
        self.client.headers["X-Forwarded-For"] = (
            f"10.19.{self.number // 250}.{self.number % 250 + 1}"
        )
        self.csrf = ""
        self.games_played = 0
        options = self.environment.parsed_options
        self.page_share = options.page_share
        if self.number >= options.num_users - 1:  # only the Baseline user is not a player
            raise StopUser()
        # Arrivals spread over time: player N comes N / rate seconds after the start.
        gevent.sleep(self.number / options.arrival_rate)
        self.login()

    def on_stop(self):
        global _players_done
        _players_done += 1
        expected = self.environment.parsed_options.num_users - 1  # minus the Baseline user
        everyone = _players_done >= max(_players_started, expected)
        if everyone and self.environment.runner is not None:
            # Every player is through: end the run now instead of waiting for --run-time.
            gevent.spawn(self.environment.runner.quit)

    # -- plumbing -----------------------------------------------------------------------

    def _token(self, page: str = "") -> str:
        match = CSRF_FIELD.search(page) if page else None
        if match:
            self.csrf = match.group(1)
        return self.client.cookies.get("csrftoken") or self.csrf

    def _post(self, path, name, data, *, htmx=False, ok=(200, 302, 303)):
        headers = {"X-CSRFToken": self._token()}
        if htmx:
            headers["HX-Request"] = "true"
        data = {"csrfmiddlewaretoken": self._token(), **data}
        with self.client.post(
            path, data=data, headers=headers, name=name, allow_redirects=False, catch_response=True
        ) as response:
            if response.status_code == 409:
                conflicts[name] += 1
                response.success()
            elif response.status_code in ok:
                response.success()
            else:
                response.failure(f"HTTP {response.status_code}")
            return response

    def _get(self, path, name, *, htmx=False, ok=(200,)):
        headers = {"HX-Request": "true"} if htmx else {}
        with self.client.get(path, headers=headers, name=name, catch_response=True) as response:
            if response.status_code in ok:
                response.success()
            else:
                response.failure(f"HTTP {response.status_code}")
            return response

    # -- the scenario -------------------------------------------------------------------

    def login(self):
        for attempt in range(5):
            page = self._get("/accounts/login/", "/accounts/login/")
            self._token(page.text)
            response = self._post(
                "/accounts/login/",
                "/accounts/login/",
                {"login": self.username, "password": PASSWORD},
                ok=(302,),
            )
            if response.status_code == 302:
                logins_done.append(time.time())
                return
            if response.status_code == 429:
                time.sleep(5 + attempt * 5)
                continue
            break
        raise StopUser()

    @task
    def play(self):
        wanted = len(self.table_games) or self.environment.parsed_options.games_per_player
        if self.games_played >= wanted:
            raise StopUser()
        game_id = self.start_game()
        if game_id is None:
            raise StopUser()
        games["started"].add(game_id)
        self.play_game(game_id)
        self.games_played += 1

    def start_game(self):
        """The next of this player's seated tables; otherwise the challenger (an even
        player without a plan) challenges their partner and the other accepts: the game's
        id."""
        if self.table_games:
            return self.table_games[self.games_played]
        if self.challenger:
            page = self._get("/lobby/", "/lobby/")
            self._token(page.text)
            response = self._post(
                "/challenges/new",
                "/challenges/new",
                {
                    "opponent": self.partner,
                    "variant": random.choice(["standard", "talon", "v2"]),
                    "days_per_move": "3",
                    "rated": random.choice(["rated", "casual"]),
                },
            )
            if response.status_code != 302:
                return None
            # Redirected to the lobby, which lists the new challenge under "Your challenges";
            # then the challenger waits for the acceptance, polling like the challenge page.
            lobby = self._get("/lobby/", "/lobby/")
            ids = re.findall(r'action="/challenges/(\d+)/withdraw"', lobby.text)
            if not ids:
                return None
            game_id = max(int(i) for i in ids)
            deadline = time.time() + 300
            while time.time() < deadline:
                response = self._get(
                    f"/games/{game_id}/poll?waiting=1",
                    "/games/[id]/poll?waiting=1",
                    htmx=True,
                    ok=(200, 204),
                )
                if response.status_code == 200 or "HX-Refresh" in response.headers:
                    return game_id
                time.sleep(random.uniform(1, 3))
            return None
        deadline = time.time() + 300
        while time.time() < deadline:
            page = self._get("/lobby/", "/lobby/")
            found = ACCEPT.findall(page.text)
            if found:
                self._token(page.text)
                game_id = int(found[0])
                response = self._post(
                    f"/challenges/{game_id}/accept", "/challenges/[id]/accept", {}, ok=(302,)
                )
                return game_id if response.status_code == 302 else None
            time.sleep(random.uniform(2, 4))
        return None

    def play_game(self, game_id: int):
        act_path = f"/games/{game_id}/act"
        page_name = f"/games/[id]/{self.label}"
        act_name = f"/games/[id]/act{self.label}"
        page = self._get(f"/games/{game_id}/", page_name).text
        self._token(page)
        while True:
            if 'class="game-over"' in page:
                games["finished"].add(game_id)
                return
            moves = legal_moves(page, act_path)
            if moves:
                time.sleep(random.uniform(0.3, 1.2))  # thinking
                response = self._post(
                    act_path, act_name, random.choice(moves), htmx=True, ok=(200,)
                )
                if response.status_code in (200, 409):
                    page = response.text
                    continue
                page = self._get(f"/games/{game_id}/", page_name).text
                continue
            match = SEQ_IN_POLL.search(page)
            if match is None:  # no polling and no result: reload the page
                page = self._get(f"/games/{game_id}/", page_name).text
                if SEQ_IN_POLL.search(page) is None and 'class="game-over"' not in page:
                    return
                continue
            seq = match.group(1)
            while True:
                time.sleep(random.uniform(1, 3))
                response = self._get(
                    f"/games/{game_id}/poll?seq={seq}",
                    f"/games/[id]/poll{self.label}",
                    htmx=True,
                    ok=(200, 204, 286),
                )
                if response.status_code == 204:
                    continue
                if response.status_code == 200 and random.random() < self.page_share:
                    # A correspondence player often comes back to the game from the e-mail
                    # or the notification, not from the open tab: a fresh page load.
                    page = self._get(f"/games/{game_id}/", page_name).text
                elif response.status_code in (200, 286):
                    page = response.text
                break
