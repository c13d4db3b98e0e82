"""Seed the open-pages load test (benchmarks/load/pages.py): ``pages`` players in pairs,
each pair in one XIX game (standard, started through the table services as on the
site), and a signed-in session for each player, so no log-in is timed. Run with the
project's Python, Django configured by env (loadsite.settings). Writes JSON to ``out``:
{"cookie": "sessionid", "pages": [{"game": 12, "player": "page0000", "session": "..."}]}.
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import django  # noqa: E402

django.setup()

from allauth.account.models import EmailAddress  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.auth import (  # noqa: E402
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
    get_user_model,
)
from django.contrib.auth.hashers import make_password  # noqa: E402
from django.contrib.sessions.backends.db import SessionStore  # noqa: E402
from django.db import transaction  # noqa: E402

from games import tables  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", type=int, help="open pages: two players per game")
    parser.add_argument("out")
    args = parser.parse_args()
    if args.pages < 2 or args.pages % 2:
        raise SystemExit("--pages must be an even number of at least 2")
    User = get_user_model()
    hashed = make_password(None)  # unusable: these players never log in by password
    names = [f"page{i:04d}" for i in range(args.pages)]
    with transaction.atomic():
        users = User.objects.bulk_create(
            [User(username=n, email=f"{n}@load.test", password=hashed) for n in names]
        )
        EmailAddress.objects.bulk_create(
            [EmailAddress(user=u, email=u.email, verified=True, primary=True) for u in users]
        )
    backend = settings.AUTHENTICATION_BACKENDS[0]
    pages = []
    for index in range(0, len(users), 2):
        challenger, accepter = users[index], users[index + 1]
        game = tables.table_create(
            user=challenger,
            kind="xix",
            variant="standard",
            seats=2,
            days_per_move=14,
            rated=False,
            invited=[accepter],
        )
        tables.table_join(user=accepter, game_id=game.pk)
        for user in (challenger, accepter):
            session = SessionStore()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = backend
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            pages.append({"game": game.pk, "player": user.username, "session": session.session_key})
    Path(args.out).write_text(json.dumps({"cookie": settings.SESSION_COOKIE_NAME, "pages": pages}))
    print(f"seeded {len(pages)} pages in {len(pages) // 2} games")


if __name__ == "__main__":
    main()
