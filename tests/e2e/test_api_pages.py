"""The API's pages in a real browser: a person makes a token on the settings page (the
secret shown once, then only its prefix in the list) and revokes it, all without
JavaScript needed; and the interactive docs at /api/docs/ draw every endpoint under the
site's Content-Security-Policy, with no violation reported."""

import re

import pytest
from allauth.account.models import EmailAddress

from api.models import AccessToken
from tests.e2e.test_csp import log_in, watch
from tests.factories import UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_token_is_made_shown_once_and_revoked_on_the_settings_page(live_server, new_page):
    base = live_server.url
    alice = UserFactory(username="alice")
    EmailAddress.objects.create(user=alice, email=alice.email, verified=True, primary=True)
    page = new_page()
    log_in(page, base, "alice")
    page.goto(f"{base}/settings/")
    page.get_by_label("Name", exact=True).fill("my program")
    page.get_by_label(re.compile("^read:")).check()
    page.get_by_label(re.compile("^board:play:")).check()
    page.get_by_role("button", name="Make a token").click()
    secret = page.get_by_label("Secret").input_value()
    assert secret.startswith("xix_") and len(secret) > 40
    token = AccessToken.objects.get(user=alice)
    assert token.scopes == ["read", "board:play"]
    page.get_by_role("link", name="Back to the settings").click()
    assert secret not in page.content()
    assert page.get_by_text(f"{token.prefix}…").is_visible()
    page.get_by_role("button", name="Revoke my program").click()
    assert page.get_by_text("The token is revoked").is_visible()
    token.refresh_from_db()
    assert token.revoked_at is not None


def test_the_interactive_docs_draw_every_endpoint_without_a_policy_violation(live_server, new_page):
    page = new_page()
    violations = []
    watch(page, violations)
    response = page.goto(f"{live_server.url}/api/docs/")
    assert response.status == 200
    assert "default-src 'self'" in response.headers["content-security-policy"]
    page.get_by_text("/api/bot/game/{game_id}/act").first.wait_for()
    assert page.get_by_text("/api/stream/event").first.is_visible()
    assert violations == []
