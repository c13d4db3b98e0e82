"""Issue 32, item 11, in a browser set to Athens time: sign up, follow the confirmation
link, and be logged in with Europe/Athens already chosen on the settings page."""

import re

import pytest
from django.core import mail
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_sign_up_in_athens_confirm_and_find_athens_in_settings(live_server, new_page):
    page = new_page(timezone_id="Europe/Athens")
    page.goto(f"{live_server.url}/accounts/signup/")
    page.fill("input[name=username]", "nikos")
    page.fill("input[name=email]", "nikos@example.com")
    page.fill("input[name=password1]", "a-long-enough-password")
    page.fill("input[name=password2]", "a-long-enough-password")
    page.get_by_role("button", name="Sign up").click()
    expect(page.locator("body")).to_contain_text("Check your e-mail")

    body = next(m.body for m in mail.outbox if m.to == ["nikos@example.com"])
    link = re.search(r"https?://[^/\s]+(/accounts/confirm-email/\S+/)", body)[1]
    page.goto(f"{live_server.url}{link}")
    page.get_by_role("button", name=re.compile("Confirm")).click()
    # Logged in at once: no second log-in.
    expect(page.locator("nav.nav")).to_contain_text("nikos")

    page.goto(f"{live_server.url}/settings/")
    expect(page.locator("select[name=time_zone]")).to_have_value("Europe/Athens")
