"""The site's own error pages (DEBUG off): in its layout, with the reason where one is given.

The 400, 500 and CSRF pages are rendered by Django without the request (no context
processors) and, for 500, must not need the database: the error may be the database.
"""

import re

import pytest
from django.core.exceptions import PermissionDenied
from django.template.loader import render_to_string
from django.urls import include, path

from tests.factories import UserFactory


def _forbidden(request):
    raise PermissionDenied("Only the table's players may look at this.")


def _broken(request):
    raise RuntimeError("a bug")


# The site's own URLs, and two that fail on purpose (used with pytest.mark.urls).
urlpatterns = [
    path("test-errors/forbidden", _forbidden),
    path("test-errors/broken", _broken),
    path("", include("xix_site.urls")),
]

SITE_LAYOUT = ('<nav class="nav" aria-label="Main">', '<footer class="site-footer">')


def in_site_layout(html: str) -> bool:
    return all(mark in html for mark in SITE_LAYOUT) and "/static/css/site.css" in html


def error_page(response, status: int) -> str:
    """The page's HTML, once it is checked to be the site's own page with ``status``."""
    html = response.content.decode()
    assert response.status_code == status
    assert in_site_layout(html), html[:500]
    return html


def title(html: str) -> str:
    return re.search(r"<title>(.*?)</title>", html, re.DOTALL).group(1).strip()


@pytest.fixture(autouse=True)
def production(settings):
    settings.DEBUG = False


@pytest.mark.django_db
def test_a_missing_game_says_so_in_the_sites_page(client):
    client.force_login(UserFactory(username="alice"))
    html = error_page(client.get("/games/999999/"), 404)
    assert "There is no such game." in html
    assert title(html) == "Not found · XIX Online"
    # The page knows who is looking: the navigation is the member's.
    assert "Log out" in html


@pytest.mark.django_db
def test_an_unknown_address_gets_a_plain_not_found_without_internals(client):
    html = error_page(client.get("/no/such/page/"), 404)
    assert "There is no page at this address." in html
    assert "Resolver404" not in html and "Http404" not in html and "tried" not in html


@pytest.mark.django_db
@pytest.mark.urls("tests.test_error_pages")
def test_a_refusal_shows_its_reason(client):
    html = error_page(client.get("/test-errors/forbidden"), 403)
    assert "Only the table&#x27;s players may look at this." in html
    assert title(html) == "Not allowed · XIX Online"


@pytest.mark.django_db
def test_a_bad_request_gets_the_sites_400_page(client, settings):
    settings.ALLOWED_HOSTS = ["xix.example"]
    html = error_page(client.get("/", headers={"host": "evil.example"}), 400)
    assert title(html) == "Bad request · XIX Online"
    assert "evil.example" not in html


@pytest.mark.django_db
@pytest.mark.urls("tests.test_error_pages")
def test_a_crash_gets_the_sites_500_page(client):
    client.raise_request_exception = False
    html = error_page(client.get("/test-errors/broken"), 500)
    assert "Something went wrong on our side" in html
    assert "a bug" not in html and "RuntimeError" not in html


def test_the_500_page_renders_without_a_request_or_the_database():
    """No django_db mark: any query here fails the test."""
    html = render_to_string("500.html")
    assert in_site_layout(html)
    assert title(html) == "Server error · XIX Online"
    assert "Log in" not in html  # no guessing who is looking: the request is unknown


@pytest.mark.django_db
def test_a_csrf_failure_gets_the_sites_page_with_what_to_do(client):
    client.handler.enforce_csrf_checks = True
    html = error_page(client.post("/accounts/login/", {"login": "x", "password": "y"}), 403)
    assert "reload the page" in html.lower()
    assert title(html) == "Form expired · XIX Online"
