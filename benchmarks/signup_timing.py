"""Sign-up answer time for a new e-mail address and for one that has an account.

    python benchmarks/signup_timing.py [--runs N] [--stock-form]

Posts the sign-up form N times for each path (alternating, through Django's test client,
with the production password hasher, Argon2), in a throwaway test database, and prints one
JSON line with the median seconds of each path and their difference. The two should be
alike: docs/security.md, "Sign-up timing". ``--stock-form`` measures allauth's own sign-up
form instead of accounts.forms.SignupForm: the site as it was before.
"""

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "xix_site.settings.test")

import django  # noqa: E402

django.setup()

from django.core.cache import cache  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client, override_settings  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from xix_site.settings import base  # noqa: E402

PASSWORD = "correct-horse-battery"


def sign_up(client: Client, username: str, email: str) -> float:
    cache.clear()  # the sign-up rate limit would stop the run after 20
    data = {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD}
    started = time.perf_counter()
    response = client.post("/accounts/signup/", data)
    elapsed = time.perf_counter() - started
    assert response.status_code == 302, (username, response.status_code)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=25)
    parser.add_argument("--stock-form", action="store_true", help="allauth's own form")
    options = parser.parse_args()
    runs = options.runs
    forms = {} if options.stock_form else base.ACCOUNT_FORMS
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        with override_settings(PASSWORD_HASHERS=base.PASSWORD_HASHERS, ACCOUNT_FORMS=forms):
            client = Client()
            sign_up(client, "taken", "taken@example.com")  # the address that has an account
            new, taken = [], []
            for run in range(runs):
                new.append(sign_up(client, f"newcomer{run}", f"newcomer{run}@example.com"))
                taken.append(sign_up(client, f"another{run}", "taken@example.com"))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    result = {
        "form": "allauth's" if options.stock_form else "accounts.forms.SignupForm",
        "runs": runs,
        "new_address_median_s": round(statistics.median(new), 3),
        "taken_address_median_s": round(statistics.median(taken), 3),
    }
    result["difference_s"] = round(
        result["new_address_median_s"] - result["taken_address_median_s"], 3
    )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
