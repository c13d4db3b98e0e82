"""Create the load test's players (run with the project's Python, Django configured by env).

player000 .. player<N-1>, e-mail playerNNN@load.test (verified, primary), all with the
password given on the command line. The password is hashed once and the hash shared, so
creating 100 players takes no time; logging in still checks it at full production cost.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import django  # noqa: E402

django.setup()

from allauth.account.models import EmailAddress  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.hashers import make_password  # noqa: E402
from django.db import transaction  # noqa: E402


def main(count: int, password: str) -> None:
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


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
