"""Security headers, cookies and the deployment checklist (docs/security.md)."""

import json
import re
import secrets

import pytest
from allauth.account.models import EmailAddress
from django.test import Client, override_settings

from tests.factories import PASSWORD, UserFactory, play_random, start_game
from tests.test_settings import run_python

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
}
PRODUCTION = {
    "DJANGO_SETTINGS_MODULE": "xix_site.settings.production",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_ALLOWED_HOSTS": "example.com",
}


@pytest.fixture
def alice(db):
    user = UserFactory(username="alice")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


@pytest.fixture
def bob(db):
    return UserFactory(username="bob")


@pytest.fixture
def player(alice):
    client = Client()
    client.force_login(alice)
    return client


@pytest.fixture
def admin_client_(db):
    client = Client()
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


def assert_security_headers(response, frame_options=True):
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value, f"{name} on {response.request['PATH_INFO']}"
    if frame_options:
        assert response.headers["X-Frame-Options"] == "DENY"


# --- headers on every kind of response --------------------------------------------------


def test_headers_on_a_page_a_partial_a_download_a_404_and_the_admin(
    player, admin_client_, alice, bob
):
    game = play_random(start_game(alice, bob, seed="security-1"), moves=3)
    finished = play_random(start_game(alice, bob, seed="security-2"))
    assert finished.is_over

    page = player.get(f"/games/{game.pk}/")
    assert page.status_code == 200
    partial = player.get(f"/games/{game.pk}/poll?seq=0", headers={"HX-Request": "true"})
    assert partial.status_code == 200
    assert b"<html" not in partial.content  # the table only, not a whole page
    download = player.get(f"/games/{finished.pk}/record.json")
    assert download.status_code == 200
    assert download.headers["Content-Type"].startswith("application/json")
    missing = player.get("/games/987654/")
    assert missing.status_code == 404
    admin = admin_client_.get(f"/admin/games/game/{game.pk}/change/")
    assert admin.status_code == 200

    for response in (page, partial, download, missing, admin):
        assert_security_headers(response)


def test_headers_for_visitors_and_static_files(client, db):
    assert_security_headers(client.get("/"))
    assert_security_headers(client.get("/accounts/login/"))
    # WhiteNoise answers before XFrameOptionsMiddleware; frame-ancestors covers framing.
    static = client.get("/static/css/site.css")
    assert static.status_code == 200
    assert_security_headers(static, frame_options=False)


@override_settings(CONTENT_SECURITY_POLICY="default-src 'self'", PERMISSIONS_POLICY="")
def test_the_policy_is_a_setting_and_empty_sends_nothing(client, db):
    response = client.get("/")

    assert response.headers["Content-Security-Policy"] == "default-src 'self'"
    assert "Permissions-Policy" not in response.headers


# --- pages must not need what the policy forbids ----------------------------------------

TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9-]*)\b((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>")
ATTRIBUTE = re.compile(r"""\s([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*(?:=\s*("[^"]*"|'[^']*'|[^\s>]+))?""")


def csp_offences(html: str) -> list[str]:
    """What in this HTML a browser would block under CONTENT_SECURITY_POLICY: inline
    scripts (except JSON data blocks), <style> elements, style="" and on*="" attributes,
    javascript: URLs."""
    offences = []
    for match in TAG.finditer(html):
        name = match.group(1).lower()
        attributes = {
            key.lower(): (value or "").strip("\"'")
            for key, value in ATTRIBUTE.findall(match.group(2))
        }
        if name == "script" and "src" not in attributes:
            if attributes.get("type", "").lower() != "application/json":
                offences.append(match.group(0))
        if name == "style":
            offences.append(match.group(0))
        for key, value in attributes.items():
            if key == "style" or key.startswith("on"):
                offences.append(match.group(0))
            if value.lower().lstrip().startswith("javascript:"):
                offences.append(match.group(0))
    return offences


def test_the_offence_finder_finds_offences():
    assert csp_offences('<p style="color: red">x</p>')
    assert csp_offences("<script>alert(1)</script>")
    assert csp_offences('<button onclick="go()">')
    assert csp_offences('<a href="javascript:go()">')
    assert csp_offences("<style>p {}</style>")
    assert not csp_offences('<script src="/static/js/game.js" defer></script>')
    assert not csp_offences('<script id="data" type="application/json">{"a": 1}</script>')
    assert not csp_offences('<p class="styled" data-on="x">on=style</p>')


def test_every_main_page_works_under_the_policy(player, admin_client_, alice, bob, client):
    active = play_random(start_game(alice, bob, seed="security-3"), moves=4)
    finished = play_random(start_game(alice, bob, seed="security-4"))
    pages = {
        player: [
            "/",
            "/rules/",
            "/lobby/",
            "/games/",
            f"/games/{active.pk}/",
            f"/games/{finished.pk}/",
            f"/games/{finished.pk}/replay/",
            "/players/alice/",
            "/players/alice/history/",
            "/settings/",
            "/notifications/",
            "/leaderboard/xix/standard/",
            "/accounts/password/change/",
        ],
        client: ["/", "/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"],
        admin_client_: [
            "/admin/",
            "/admin/games/game/",
            f"/admin/games/game/{active.pk}/change/",
            f"/admin/accounts/user/{alice.pk}/change/",
            "/admin/moderation/report/",
        ],
    }
    checked = 0
    for who, urls in pages.items():
        for url in urls:
            response = who.get(url)
            assert response.status_code == 200, url
            assert response.headers["Content-Security-Policy"] == CSP, url
            assert csp_offences(response.content.decode()) == [], url
            checked += 1
    assert checked == 22


# --- cookies ------------------------------------------------------------------------------


def log_in(client, remember):
    data = {"login": "alice", "password": PASSWORD}
    if remember:
        data["remember"] = "on"
    response = client.post("/accounts/login/", data)
    assert response.status_code == 302, response.content.decode()[:500]
    return response


def test_cookies_are_httponly_and_samesite_lax(alice):
    client = Client()
    client.get("/accounts/login/")
    log_in(client, remember=True)

    for name in ("sessionid", "csrftoken"):
        cookie = client.cookies[name]
        assert cookie["httponly"] is True, name
        assert cookie["samesite"] == "Lax", name


def test_remember_me_keeps_the_session_30_days_otherwise_until_the_browser_closes(alice):
    remembered = Client()
    log_in(remembered, remember=True)
    assert remembered.cookies["sessionid"]["max-age"] == 30 * 24 * 60 * 60

    forgotten = Client()
    log_in(forgotten, remember=False)
    assert forgotten.cookies["sessionid"]["max-age"] == ""
    assert forgotten.session.get_expire_at_browser_close()


# --- production -----------------------------------------------------------------------------

PRODUCTION_REPORT = """
import json
import django
django.setup()
from allauth.account.models import EmailAddress
from django.conf import settings
from django.core.management import call_command
from django.test import Client, override_settings
from accounts.models import User
# The 404 page (the site's own, in its layout) and the log-in page render without
# collectstatic: plain static storage, unhashed URLs, no cookie of its own.
override_settings(STORAGES={**settings.STORAGES, "staticfiles": {
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}).enable()
client = Client(HTTP_HOST="example.com")
plain = client.get("/no-such-page/")
secure = client.get("/no-such-page/", secure=True)
# A real log-in over HTTPS, CSRF checked: the log-in page sets the CSRF cookie, the log-in
# the session cookie. What counts is the Set-Cookie headers of those responses.
call_command("migrate", verbosity=0)
user = User.objects.create_user("carla", "carla@example.com", "a-Long-passw0rd")
EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
browser = Client(HTTP_HOST="example.com", enforce_csrf_checks=True)
page = browser.get("/accounts/login/", secure=True)
login = browser.post(
    "/accounts/login/",
    {"login": "carla", "password": "a-Long-passw0rd",
     "csrfmiddlewaretoken": browser.cookies["csrftoken"].value},
    secure=True,
    headers={"Origin": "https://example.com", "Referer": "https://example.com/accounts/login/"},
)
print(json.dumps({
    "redirect": [plain.status_code, plain.headers.get("Location")],
    "secure_status": secure.status_code,
    "hsts": secure.headers.get("Strict-Transport-Security"),
    "csp": secure.headers.get("Content-Security-Policy"),
    "login": [page.status_code, login.status_code],
    # Each as the response sends it: the value of one Set-Cookie header.
    "set_cookie": {
        label: {name: morsel.OutputString() for name, morsel in response.cookies.items()}
        for label, response in (("page", page), ("login", login))
    },
}))
"""


def cookie_flags(header: str) -> tuple[str, set[str]]:
    """A Set-Cookie header's cookie name and its attributes, lower-cased, without values."""
    first, *attributes = (part.strip() for part in header.split(";"))
    return first.split("=", 1)[0], {a.split("=", 1)[0].lower() for a in attributes}


# `manage.py check --deploy` with these settings: tests/test_settings.py
# (test_production_passes_the_deployment_checklist).


def test_production_redirects_to_https_sends_hsts_and_secure_cookies(tmp_path):
    database = {"DATABASE_URL": f"sqlite:///{tmp_path / 'production.sqlite3'}"}
    result = run_python(["-c", PRODUCTION_REPORT], {**PRODUCTION, **database})
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])

    assert report["redirect"] == [301, "https://example.com/no-such-page/"]
    assert report["secure_status"] == 404
    assert report["hsts"] == "max-age=31536000; includeSubDomains; preload"
    assert report["csp"] == CSP
    assert report["login"] == [200, 302], "the log-in should have gone through"
    csrf = report["set_cookie"]["page"]["csrftoken"]
    session = report["set_cookie"]["login"]["sessionid"]
    for header, name in ((csrf, "csrftoken"), (session, "sessionid")):
        assert cookie_flags(header)[0] == name
        assert {"secure", "httponly", "samesite"} <= cookie_flags(header)[1], header


def test_cookie_flags_reads_a_set_cookie_header():
    assert cookie_flags("sessionid=abc; expires=Wed; HttpOnly; Max-Age=1; Path=/; Secure") == (
        "sessionid",
        {"expires", "httponly", "max-age", "path", "secure"},
    )
    assert "secure" not in cookie_flags("csrftoken=x; Path=/; SameSite=Lax")[1]
