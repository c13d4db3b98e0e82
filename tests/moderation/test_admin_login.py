"""Getting into the admin: through the site's own (rate-limited) log-in page, never to
another site, at the address the ADMIN_URL setting gives."""

import json
import os
import subprocess
import sys
from urllib.parse import parse_qs, urlsplit

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib import admin

from accounts.models import LoginFailure
from tests.factories import PASSWORD
from tests.moderation.admin_fixtures import admin_url, login_as, make_moderator

pytestmark = pytest.mark.django_db

LIMITED = "Too many failed log-in attempts"
EVIL = "https://evil.example/admin/"


@pytest.fixture
def mona():
    """A moderator who can log in (confirmed address)."""
    mona = make_moderator("mona")
    EmailAddress.objects.create(user=mona, email=mona.email, verified=True, primary=True)
    return mona


def next_of(response):
    target = urlsplit(response["Location"])
    return target.path, parse_qs(target.query).get("next")


def test_the_admin_is_the_sites_own_admin_site():
    from xix_site.admin import XixAdminSite

    assert isinstance(admin.site, XixAdminSite)


def test_the_admin_log_in_sends_a_visitor_to_the_sites_log_in_page(client):
    response = client.get(admin_url("login"))

    assert response.status_code == 302
    assert next_of(response) == ("/accounts/login/", [admin_url("index")])


def test_a_visitor_comes_back_to_the_admin_page_they_asked_for(client, mona):
    wanted = admin_url("games_game_changelist")

    first = client.get(wanted)
    second = client.get(first["Location"])
    assert next_of(second) == ("/accounts/login/", [wanted])

    logged_in = client.post(second["Location"], {"login": "mona", "password": PASSWORD})

    assert logged_in.status_code == 302
    assert logged_in["Location"] == wanted
    assert client.get(wanted).status_code == 200


@pytest.mark.parametrize(
    "target", [EVIL, "//evil.example/", "https:evil.example", "javascript:alert(1)"]
)
def test_the_admin_log_in_does_not_send_anyone_to_another_site(client, mona, target):
    anonymous = client.get(admin_url("login"), {"next": target})
    assert next_of(anonymous) == ("/accounts/login/", [admin_url("index")])

    login_as(client, mona)
    signed_in = client.get(admin_url("login"), {"next": target})
    assert signed_in.status_code == 302
    assert signed_in["Location"] == admin_url("index")


def test_over_https_the_admin_log_in_does_not_send_anyone_back_over_http(client, mona):
    insecure = "http://testserver" + admin_url("games_game_changelist")
    login_as(client, mona)

    response = client.get(admin_url("login"), {"next": insecure}, secure=True)

    assert response["Location"] == admin_url("index")


def test_the_sites_log_in_page_does_not_follow_an_outside_next_either(client, mona):
    response = client.post(
        "/accounts/login/?" + f"next={EVIL}", {"login": "mona", "password": PASSWORD, "next": EVIL}
    )

    assert response.status_code == 302
    assert "evil.example" not in response["Location"]


def test_a_player_signed_in_gets_no_admin_log_in_page(client):
    from tests.factories import UserFactory

    login_as(client, UserFactory(username="pat"))

    assert client.get(admin_url("login")).status_code == 404


def test_a_moderators_failed_log_ins_are_limited(client, mona):
    limit = int(settings.ACCOUNT_RATE_LIMITS["login_failed"].split(",")[1].split("/")[0])
    for _ in range(limit):
        response = client.post("/accounts/login/", {"login": "mona", "password": "wrong"})
        assert "not correct" in response.content.decode()

    # The next try is refused even with the right password: the admin stays shut.
    response = client.post("/accounts/login/", {"login": "mona", "password": PASSWORD})

    assert response.status_code == 429
    assert LIMITED in response.content.decode()
    assert "_auth_user_id" not in client.session
    assert client.get(admin_url("index")).status_code == 302


def test_log_in_attempts_beyond_the_limit_get_429(client, mona):
    limit = int(settings.ACCOUNT_RATE_LIMITS["login"].split("/")[0])
    for i in range(limit):
        # Forget the failures: the failed log-in limit (10 a minute per IP) would answer
        # 429 first, and this is the limit on all log-ins.
        LoginFailure.objects.all().delete()
        response = client.post("/accounts/login/", {"login": f"someone{i}", "password": "x"})
        assert response.status_code == 200

    response = client.post("/accounts/login/", {"login": "mona", "password": PASSWORD})

    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


REPORT = """
import json
import django
django.setup()
from django.urls import resolve, reverse, Resolver404
try:
    resolve("/admin/")
    old = True
except Resolver404:
    old = False
print(json.dumps({"index": reverse("admin:index"), "login": reverse("admin:login"),
                  "old_address_works": old}))
"""


@pytest.mark.parametrize("value", ["staff-only-x/", "/staff-only-x"])
def test_the_admin_address_comes_from_the_environment(value):
    result = subprocess.run(
        [sys.executable, "-c", REPORT],
        cwd=settings.BASE_DIR,
        env={
            "PATH": os.environ["PATH"],
            "DJANGO_SETTINGS_MODULE": "xix_site.settings.test",
            "ADMIN_URL": value,
        },
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "index": "/staff-only-x/",
        "login": "/staff-only-x/login/",
        "old_address_works": False,
    }


def test_the_admins_change_password_is_the_sites_rate_limited_page(client, mona):
    login_as(client, mona)

    page = client.get(admin_url("password_change"), follow=True)

    assert page.redirect_chain == [("/accounts/password/change/", 302)]
    assert 'name="oldpassword"' in page.content.decode()
    limit = int(settings.ACCOUNT_RATE_LIMITS["change_password"].split("/")[0])
    guess = {"oldpassword": "guess", "password1": "New-pass-1234", "password2": "New-pass-1234"}
    for _ in range(limit):
        assert client.post("/accounts/password/change/", guess).status_code == 200
    assert client.post("/accounts/password/change/", guess).status_code == 429
    mona.refresh_from_db()
    assert mona.check_password(PASSWORD)
