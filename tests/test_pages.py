"""The home page, XIX's rules page and what every page carries."""

import json
import re
from html import unescape
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

pytestmark = pytest.mark.django_db


def main_html(response) -> str:
    html = response.content.decode()
    return html[html.index("<main") : html.index("</main>")]


def test_home_explains_and_links_to_sign_up_log_in_and_rules(client):
    response = client.get("/")

    assert response.status_code == 200
    main = main_html(response)
    assert "two-player card game" in main
    for href in ("/accounts/signup/", "/accounts/login/", "/rules/"):
        assert f'href="{href}"' in main


def test_navigation_for_visitors_and_members(client, nav_text, django_user_model):
    assert nav_text(client.get("/")) == (
        "XIX Online Menu Watch Tournaments Leaderboard Rules Log in Sign up Theme Light Dark System"
    )

    django_user_model.objects.create_user("dora", "dora@example.com", "a-long-password")
    client.login(username="dora", password="a-long-password")
    assert nav_text(client.get("/")) == (
        "XIX Online Menu Lobby My games Notifications Friends Watch Tournaments Leaderboard "
        "Rules dora "
        "Settings Log out Theme Light Dark System"
    )


def test_rules_cover_both_variants_and_credit_the_designer(client):
    # XIX's page; /rules/ is the index of every game (tests/test_rules_pages.py).
    response = client.get("/rules/xix/")

    assert response.status_code == 200
    rules = unescape(main_html(response))
    text = " ".join(re.sub(r"<[^>]+>", " ", rules).split())
    assert "XIX was designed by Michael Purcell; the rulebook is licensed CC BY 4.0" in text
    assert 'href="https://creativecommons.org/licenses/by/4.0/"' in rules
    assert "Standard 1 2 3 5 8" in text
    assert "Talon 1 3 6 10 15" in text
    assert "the lower card takes" in text
    assert "the second card played takes" in text
    assert "A worked example" in text


def test_pages_load_vendored_htmx_and_no_inline_script(client):
    html = client.get("/").content.decode()

    scripts = re.findall(r"<script\b[^>]*>", html)
    assert scripts == [
        '<script src="/static/vendor/htmx/htmx.min.js" defer>',
        '<script src="/static/js/theme.js" defer>',  # the theme switch (tests/watch/)
    ]
    vendored = Path(finders.find("vendor/htmx/htmx.min.js")).read_bytes()
    served = client.get("/static/vendor/htmx/htmx.min.js")
    assert served.status_code == 200
    assert b"".join(served.streaming_content) == vendored
    assert client.get("/static/css/site.css").status_code == 200


def test_csrf_token_in_hx_headers_authorises_htmx_posts(django_user_model):
    django_user_model.objects.create_user("erin", "erin@example.com", "a-long-password")
    client = Client(enforce_csrf_checks=True)
    client.login(username="erin", password="a-long-password")

    html = client.get("/").content.decode()
    headers = json.loads(unescape(re.search(r"hx-headers='([^']*)'", html).group(1)))

    refused = client.post("/accounts/logout/", headers={"HX-Request": "true"})
    assert refused.status_code == 403
    accepted = client.post("/accounts/logout/", headers={"HX-Request": "true", **headers})
    assert accepted.status_code == 302
    assert "_auth_user_id" not in client.session
