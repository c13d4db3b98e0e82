"""Issue 32, item 11: confirming the e-mail address logs the new player in, even hours
after signing up (in the browser that signed up); the time zone comes from the browser's
(the sign-up form's hidden field), UTC when it is missing or unknown."""

import time

import pytest

from accounts.models import User
from tests.accounts.helpers import PASSWORD, confirmation_link, logged_in_user_id

pytestmark = pytest.mark.django_db


def sign_up_with(client, time_zone=None):
    data = {
        "username": "carol",
        "email": "carol@example.com",
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    if time_zone is not None:
        data["time_zone"] = time_zone
    return client.post("/accounts/signup/", data, follow=True)


def test_confirming_hours_later_in_the_same_browser_logs_in(client, monkeypatch, nav_text):
    sign_up_with(client)
    assert logged_in_user_id(client) is None
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + 5 * 60 * 60)  # read the mail later

    response = client.post(confirmation_link("carol@example.com"), follow=True)

    assert logged_in_user_id(client) == str(User.objects.get(username="carol").pk)
    assert "carol" in nav_text(response) and "Log in" not in nav_text(response)


@pytest.mark.parametrize(
    ("sent", "kept"),
    [
        ("Europe/Athens", "Europe/Athens"),
        ("America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"),
        (None, "UTC"),  # no JavaScript
        ("", "UTC"),
        ("Mars/Olympus_Mons", "UTC"),
        ("localtime", "UTC"),
        ("../etc/passwd", "UTC"),
    ],
)
def test_the_browsers_time_zone_is_kept_when_it_is_a_place(client, sent, kept):
    response = sign_up_with(client, sent)
    assert response.status_code == 200
    assert User.objects.get(username="carol").time_zone == kept


def test_the_sign_up_form_carries_the_hidden_field_and_its_script(client):
    html = client.get("/accounts/signup/").content.decode()
    assert '<input type="hidden" name="time_zone"' in html
    assert "js/signup.js" in html
