"""What one request costs in-process: the game page, a move, a poll and a bare view.

    python3 benchmarks/requests.py [--games 4] [--repeats 5] [--profile KIND]
                                   [--seats N] [--game xix|tally]

Runs the production settings (with the load test's bare view, ``benchmarks/load/loadsite``)
against a fresh PostgreSQL database ``xix_costs`` and Redis database 13, through Django's
test client: no network, no gunicorn, one thread. --seats players (2 by default) play
--games whole games at one table; every turn the player to move loads the game page, the
next seat polls with nothing new, the mover posts the move over htmx, and that seat polls
again and gets the new table. Two seats play XIX (a challenge, as the site does today)
unless --game tally; more seats play the test game tally (``tests/kit/tally``, served by
the benchmarks' settings only): its "open" variant of N seats, or "duel" at two, so that
``--game tally --seats 2`` and ``--seats 10`` compare one game at both sizes. Prints a
JSON line naming the game and seats, then one per request kind with the median
milliseconds of the --repeats runs (each run's own figure is its median over every
request of that kind) and the database queries each request made.

Where the load test (benchmarks/load/run.py) shows what 100 players feel on 2 cores, this
shows what our own code costs per request, without the noise of a loaded machine.
"""

import argparse
import cProfile
import json
import os
import pstats
import random
import secrets
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks" / "load")]

DATABASE = "xix_costs"
os.environ.update(
    {
        "DJANGO_SETTINGS_MODULE": "loadsite.settings",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "testserver",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DJANGO_SECURE_COOKIES": "false",
        "DJANGO_SECURE_HSTS_SECONDS": "0",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DATABASE}",
        "REDIS_URL": "redis://127.0.0.1:6379/13",
        "EMAIL_URL": "dummymail://",
        "DJANGO_LOG_LEVEL": "ERROR",
    }
)


def fresh_database() -> None:
    import psycopg
    import redis

    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()

    with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
        c.execute(f"CREATE DATABASE {DATABASE}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument(
        "--seats", type=int, default=2, choices=range(2, 11), help="players at the table"
    )
    parser.add_argument(
        "--game",
        choices=("xix", "tally"),
        help="xix (two seats only; the default at two) or tally (the default above two)",
    )
    parser.add_argument(
        "--profile",
        choices=("game page", "poll, nothing new", "move (htmx)", "poll, with news", "bare view"),
        help="also profile this kind of request (cProfile) and print its top functions",
    )
    args = parser.parse_args()
    game_key = args.game or ("xix" if args.seats == 2 else "tally")
    if game_key == "xix" and args.seats != 2:
        parser.error("XIX is played by two: --seats 2, or --game tally")
    profiler = cProfile.Profile()
    last_queries: list[str] = []

    fresh_database()
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    # Static files as in development: the manifest needs a collectstatic first.
    Path(settings.STATIC_ROOT).mkdir(parents=True, exist_ok=True)
    settings.STORAGES["staticfiles"] = {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
    }
    call_command("migrate", verbosity=0)

    from django.contrib.auth import get_user_model

    from games import tables
    from games.models import Game
    from games.selectors import game_state

    User = get_user_model()
    people = [
        User.objects.create_user(f"cost{i}", f"cost{i}@example.com") for i in range(args.seats)
    ]
    clients = {}
    for person in people:
        clients[person.pk] = Client()
        clients[person.pk].force_login(person)
    htmx = {"HTTP_HX_REQUEST": "true"}
    rng = random.Random(args.seed)

    def timed(kind, samples, method, *call_args, **call_kwargs):
        # The client's request_started signal empties the query log: start from empty.
        reset_queries()
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            if kind == args.profile:
                response = profiler.runcall(method, *call_args, **call_kwargs)
            else:
                response = method(*call_args, **call_kwargs)
            elapsed = time.perf_counter() - started
        if response.status_code >= 400:
            raise SystemExit(f"{kind}: HTTP {response.status_code} {response.content[:3000]}")
        samples.setdefault(kind, []).append((elapsed * 1000, len(queries)))
        if kind == args.profile:
            last_queries[:] = [q["sql"] for q in queries.captured_queries]

    runs = []
    for _ in range(args.repeats):
        samples: dict = {}
        for _ in range(args.games):
            tally = "duel" if args.seats == 2 else "open"
            game = tables.table_create(
                user=people[0],
                kind=game_key,
                variant="standard" if game_key == "xix" else tally,
                seats=args.seats,
                days_per_move=3,
                rated=True,
            )
            for person in people[1:]:
                tables.table_join(user=person, game_id=game.pk)
            game.refresh_from_db()
            while game.status == Game.Status.ACTIVE:
                state = game_state(game)
                mover = clients[game.players[state.to_move].pk]
                # The seat after the mover's waits, polls, and sees the move next.
                waiter = clients[game.players[(state.to_move + 1) % args.seats].pk]
                timed("game page", samples, mover.get, f"/games/{game.pk}/")
                poll = f"/games/{game.pk}/poll?seq={game.n_actions}"
                timed("poll, nothing new", samples, waiter.get, poll, **htmx)
                action = rng.choice(state.legal_actions())
                form = {k: v for k, v in action.items() if k != "seat"}
                form["seq"] = game.n_actions
                timed("move (htmx)", samples, mover.post, f"/games/{game.pk}/act", form, **htmx)
                # The waiting player's next poll finds the move and draws the table.
                timed("poll, with news", samples, waiter.get, poll, **htmx)
                timed("bare view", samples, mover.get, "/__bare__")
                game.refresh_from_db()
        runs.append(samples)

    print(json.dumps({"game": game_key, "seats": args.seats, "games_per_run": args.games}))
    for kind in runs[0]:
        medians = [statistics.median(ms for ms, _ in run[kind]) for run in runs]
        queries = sorted({q for run in runs for _, q in run[kind]})
        print(
            json.dumps(
                {
                    "request": kind,
                    "median_ms": round(statistics.median(medians), 2),
                    "run_medians_ms": [round(m, 2) for m in medians],
                    "queries": queries,
                    "requests_per_run": len(runs[0][kind]),
                }
            )
        )
    if args.profile:
        stats = pstats.Stats(profiler, stream=sys.stderr)
        stats.sort_stats("cumulative").print_stats(40)
        stats.sort_stats("tottime").print_stats(25)
        print(f"The queries of the last {args.profile!r}:", file=sys.stderr)
        print(*last_queries, sep="\n", file=sys.stderr)


if __name__ == "__main__":
    main()
