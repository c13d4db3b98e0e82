"""Create the load test's players, and with --tables seat them (run with the project's
Python, Django configured by env: loadsite.settings, which serves the test game tally).

player000 .. player<N-1>, e-mail playerNNN@load.test (verified, primary), all with the
password given on the command line. The password is hashed once and the hash shared, so
creating 100 players takes no time; logging in still checks it at full production cost.

--tables 2,4,10,2,... (one size per group, from run.py) seats the players in order, group
after group: a group of two gets no game here (its players challenge each other over HTTP,
as without --tables); a group of N > 2 gets --table-games tally "open" tables of N
seats, made and filled through the lobby's services (games.tables: created by the group's
first player with the others invited, then each invitee joins, which starts it). --plan
writes what each player is to do, for locustfile.py:
{"player004": {"seats": 2, "partner": "player005", "challenger": true},
 "player006": {"seats": 4, "games": [17]}, ...}.
"""

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import django  # noqa: E402

django.setup()

from allauth.account.models import EmailAddress  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.hashers import make_password  # noqa: E402
from django.db import transaction  # noqa: E402

from games import tables  # noqa: E402


def create_players(count: int, password: str) -> list:
    User = get_user_model()
    hashed = make_password(password)
    names = [f"player{i:03d}" for i in range(count)]
    with transaction.atomic():
        users = User.objects.bulk_create(
            [User(username=n, email=f"{n}@load.test", password=hashed) for n in names]
        )
        EmailAddress.objects.bulk_create(
            [EmailAddress(user=u, email=u.email, verified=True, primary=True) for u in users]
        )
    print(f"created {len(users)} players")
    return users


def seat_tables(users: list, sizes: list[int], table_games: int) -> dict:
    """Seat ``users`` in groups of ``sizes`` (in order); the plan for each player."""
    if sum(sizes) != len(users):
        raise SystemExit(f"--tables seats {sum(sizes)} players, not {len(users)}")
    rng = random.Random(19)
    plan, start, made = {}, 0, 0
    for size in sizes:
        group = users[start : start + size]
        start += size
        if size == 2:
            for index, user in enumerate(group):
                plan[user.username] = {
                    "seats": 2,
                    "partner": group[1 - index].username,
                    "challenger": index == 0,
                }
            continue
        games = []
        for _ in range(table_games):
            game = tables.table_create(
                user=group[0],
                kind="tally",
                variant="open",
                seats=size,
                days_per_move=3,
                rated=rng.choice([True, False]),
                invited=group[1:],
            )
            for user in group[1:]:
                tables.table_join(user=user, game_id=game.pk)
            games.append(game.pk)
            made += 1
        for user in group:
            plan[user.username] = {"seats": size, "games": games}
    print(f"seated {made} tables of {sorted({s for s in sizes if s > 2})} seats")
    return plan


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("count", type=int)
    parser.add_argument("password")
    parser.add_argument("--tables", default="", help="group sizes in order, e.g. 2,4,10,2")
    parser.add_argument("--table-games", type=int, default=1, help="tables per group of N > 2")
    parser.add_argument("--plan", default="", help="write each player's plan (JSON) here")
    args = parser.parse_args()
    users = create_players(args.count, args.password)
    if args.tables:
        sizes = [int(size) for size in args.tables.split(",")]
        plan = seat_tables(users, sizes, args.table_games)
        Path(args.plan).write_text(json.dumps(plan, indent=1))


if __name__ == "__main__":
    main()
