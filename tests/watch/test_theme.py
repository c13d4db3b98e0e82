"""The theme switch without JavaScript (issue 19, "Appearance"): a form in the header posts
the choice, which a cookie remembers, and comes back to the page; the page then carries it
on <html data-theme>. The browser's side (no reload, the contrast of both themes) is in
tests/e2e/test_contrast.py."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

THEME = reverse("theme")


def html_tag(client, path="/") -> str:
    return re.search(r"<html[^>]*>", client.get(path).content.decode()).group(0)


def pressed(client, path="/") -> list[str]:
    """The switch's choices that show as pressed."""
    html = client.get(path).content.decode()
    return re.findall(
        r'<button type="submit" name="theme" value="(\w+)" aria-pressed="true">', html
    )


def test_without_a_choice_the_page_follows_the_system():
    client = Client()
    assert html_tag(client) == '<html lang="en">'
    assert pressed(client) == ["system"]
    html = client.get("/").content.decode()
    # The switch posts to the theme view and comes back to this page.
    assert f'<form class="theme-switch" method="post" action="{THEME}">' in html
    assert '<input type="hidden" name="next" value="/">' in html


@pytest.mark.parametrize("signed_in", [False, True])
def test_the_form_sets_the_cookie_and_comes_back(signed_in):
    client = Client()
    if signed_in:
        client.force_login(UserFactory(username="ann"))
    back = reverse("games:watch") + "?game=xeri"

    response = client.post(THEME, {"theme": "dark", "next": back})

    assert response.status_code == 303 and response["Location"] == back
    cookie = response.cookies["theme"]
    assert cookie.value == "dark" and cookie["max-age"] == 365 * 24 * 3600
    assert cookie["samesite"] == "Lax" and cookie["path"] == "/"
    assert html_tag(client, back) == '<html lang="en" data-theme="dark">'
    assert pressed(client, back) == ["dark"]

    client.post(THEME, {"theme": "light", "next": back})
    assert html_tag(client) == '<html lang="en" data-theme="light">'

    response = client.post(THEME, {"theme": "system", "next": back})
    assert response.cookies["theme"].value == "" and response.cookies["theme"]["max-age"] == 0
    assert html_tag(client) == '<html lang="en">' and pressed(client) == ["system"]


@pytest.mark.parametrize("value", ["", "blue", "dark; path=/x", "DARK"])
def test_a_theme_the_site_does_not_know_is_refused(value):
    client = Client()
    response = client.post(THEME, {"theme": value, "next": "/rules/"})
    assert response.status_code == 400
    assert "theme" not in response.cookies
    assert "Choose the light, the dark or the system" in response.content.decode()


def test_a_get_is_not_allowed():
    assert Client().get(THEME, {"theme": "dark"}).status_code == 405


@pytest.mark.parametrize(
    "next_url", ["https://evil.example/", "//evil.example/x", "javascript:alert(1)", ""]
)
def test_it_never_sends_anyone_to_another_site(next_url):
    response = Client().post(THEME, {"theme": "dark", "next": next_url})
    assert response.status_code == 303 and response["Location"] == "/"


def test_a_cookie_the_site_did_not_write_is_ignored():
    client = Client()
    client.cookies["theme"] = '"><script>alert(1)</script>'
    assert html_tag(client) == '<html lang="en">'
    assert pressed(client) == ["system"]
    assert "<script>alert(1)" not in client.get("/").content.decode()


def test_the_form_is_on_every_page_of_the_site():
    client = Client()
    client.force_login(UserFactory(username="ann"))
    for path in ("/", reverse("games:lobby"), reverse("games:watch"), "/rules/"):
        html = client.get(path).content.decode()
        assert 'class="theme-switch"' in html, path
        assert f'<input type="hidden" name="next" value="{path}">' in html, path
