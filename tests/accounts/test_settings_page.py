"""The preferences page (e-mail notifications, time zone) and the viewer's time zone."""

import re
from html import unescape

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory
from django.utils import timezone

from accounts.middleware import UserTimeZoneMiddleware
from accounts.models import User
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

URL = "/settings/"


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def checked_radio(html: str) -> str:
    """The value of the checked e-mail option."""
    inputs = re.findall(r'<input[^>]*name="email_notifications"[^>]*>', html)
    assert inputs, "no e-mail options on the page"
    checked = [tag for tag in inputs if " checked" in tag]
    assert len(checked) == 1, checked
    return re.search(r'value="([^"]+)"', checked[0]).group(1)


def selected_zone(html: str) -> str:
    select = re.search(r'<select[^>]*name="time_zone".*?</select>', html, re.S).group(0)
    selected = re.findall(r'<option value="([^"]+)"[^>]*selected', select)
    assert len(selected) == 1, selected
    return selected[0]


@pytest.fixture
def dora(client):
    user = UserFactory(username="dora")
    client.force_login(user)
    return user


def test_anonymous_visitors_are_sent_to_log_in(client):
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert "next=/settings/" in response["Location"]
    response = client.post(URL, {"email_notifications": "none", "time_zone": "Asia/Tokyo"})
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_page_shows_the_stored_choices_and_is_never_cached(client, dora):
    response = client.get(URL)
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    html = response.content.decode()
    page = text(html)
    assert "Settings" in page and "While playing" in page
    assert "An e-mail for each event" in page and "One daily digest" in page
    assert "No e-mail" in page
    assert "No e-mail is sent about a game while you are looking at it." in page
    assert checked_radio(html) == "each"
    assert selected_zone(html) == "UTC"
    assert '<option value="Europe/Paris">Europe/Paris</option>' in html
    assert '<option value="America/New_York">America/New York</option>' in html
    assert '<optgroup label="Asia">' in html


def test_saving_changes_what_is_stored_and_says_so(client, dora):
    response = client.post(
        URL, {"email_notifications": "digest", "time_zone": "Asia/Tokyo"}, follow=True
    )
    assert response.redirect_chain == [(URL, 302)]
    html = response.content.decode()
    assert (
        "Preferences saved: one daily digest; no quiet hours; times are shown in Asia/Tokyo."
        in text(html)
    )
    assert checked_radio(html) == "digest"
    assert selected_zone(html) == "Asia/Tokyo"
    assert "in Asia/Tokyo." in text(html)  # "It is now ... in Asia/Tokyo."
    dora.refresh_from_db()
    assert dora.email_notifications == User.EmailNotifications.DIGEST
    assert dora.time_zone == "Asia/Tokyo"

    # Reloading does not repeat the message.
    assert "Preferences saved" not in text(client.get(URL).content.decode())


@pytest.mark.parametrize(
    "data",
    [
        {"email_notifications": "none", "time_zone": "Mars/Olympus_Mons"},
        {"email_notifications": "none", "time_zone": ""},
        {"email_notifications": "none"},
        {"email_notifications": "none", "time_zone": "localtime"},
        {"email_notifications": "none", "time_zone": "Asia/Tokyo" * 500},
    ],
    ids=["unknown", "empty", "missing", "not-a-place", "huge"],
)
def test_a_bad_time_zone_is_refused_and_nothing_is_saved(client, dora, data):
    response = client.post(URL, data)
    assert response.status_code == 400
    page = text(response.content.decode())
    assert "Nothing was saved" in page
    assert "Choose a time zone" in page or "not a time zone in the list" in page
    dora.refresh_from_db()
    assert dora.time_zone == "UTC"
    # The valid half of the form is not saved either.
    assert dora.email_notifications == User.EmailNotifications.EACH
    assert "Preferences saved" not in page


@pytest.mark.parametrize("value", ["weekly", ""])
def test_a_bad_e_mail_choice_is_refused_and_nothing_is_saved(client, dora, value):
    response = client.post(URL, {"email_notifications": value, "time_zone": "Asia/Tokyo"})
    assert response.status_code == 400
    page = text(response.content.decode())
    assert "Nothing was saved" in page
    assert "Choose" in page
    dora.refresh_from_db()
    assert (dora.email_notifications, dora.time_zone) == ("each", "UTC")


def test_other_methods_are_refused(client, dora):
    assert client.put(URL).status_code == 405
    assert client.delete(URL).status_code == 405


def test_the_browser_zone_button_is_hidden_without_javascript(client, dora):
    html = client.get(URL).content.decode()
    # The script is a static file; the page has no inline script.
    assert '<script src="/static/js/settings.js" defer></script>' in html
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    # The form tells the script what is stored; the button waits hidden for it.
    assert 'data-stored-zone="UTC"' in html
    assert re.search(r'<p class="browser-zone" hidden>\s*<button type="button"', html)


def profile_header(client, username) -> str:
    html = client.get(f"/players/{username}/").content.decode()
    return re.search(r'<header class="profile-header">.*?</header>', html, re.S).group(0)


def test_profile_links_to_the_page_only_for_its_owner(client, dora):
    UserFactory(username="eve")
    link = '<a class="button button-secondary" href="/settings/">Settings</a>'
    assert link in profile_header(client, "dora")
    assert 'href="/settings/"' not in profile_header(client, "eve")
    client.logout()
    assert 'href="/settings/"' not in profile_header(client, "dora")


def test_middleware_uses_the_signed_in_players_zone_and_utc_for_everyone_else():
    seen = []

    def view(request):
        seen.append(timezone.get_current_timezone_name())
        return None

    middleware = UserTimeZoneMiddleware(view)
    request = RequestFactory().get("/")
    request.user = UserFactory(username="kenji", time_zone="Asia/Tokyo")
    middleware(request)
    # An anonymous request in the same thread does not inherit Tokyo.
    request = RequestFactory().get("/")
    request.user = AnonymousUser()
    middleware(request)
    # A stored name this machine does not know falls back to UTC instead of failing.
    request.user = User(username="lost", time_zone="Nowhere/Atlantis")
    middleware(request)
    assert seen == ["Asia/Tokyo", "UTC", "UTC"]
    assert timezone.get_current_timezone_name() == "UTC"
