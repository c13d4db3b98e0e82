"""The Content-Security-Policy breaks nothing a browser runs: a player logs in, opens the
lobby, their settings, a game (and moves, so htmx swaps the table), a replay and the
admin, and Chromium reports no violation of the policy on the way."""

import pytest
from allauth.account.models import EmailAddress

from tests.e2e.test_play_through import take_first_choice
from tests.factories import PASSWORD, UserFactory, play_random, start_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def log_in(page, base, username):
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base}/")


def watch(page, violations):
    """Collect Chromium's console reports of blocked scripts, styles and the like."""
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )


def test_no_page_violates_the_content_security_policy(live_server, new_page):
    base = live_server.url
    alice = UserFactory(username="alice", is_staff=True, is_superuser=True)
    bob = UserFactory(username="bob")
    for user in (alice, bob):
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    game = start_game(alice, bob, seed="e2e-csp")
    finished = play_random(start_game(alice, bob, seed="e2e-csp-2"))
    mover = game.players[game.to_move]

    page = new_page()
    violations = []
    watch(page, violations)
    log_in(page, base, mover.username)
    for path in ("/", "/lobby/", "/settings/", f"/games/{finished.pk}/replay/"):
        response = page.goto(f"{base}{path}")
        assert response.status == 200, path
        assert "default-src 'self'" in response.headers["content-security-policy"]
    page.goto(f"{base}/games/{game.pk}/")
    take_first_choice(page)
    if page.locator(".turn-you").count():
        take_first_choice(page)

    if mover != alice:
        page = new_page()
        watch(page, violations)
        log_in(page, base, "alice")
    for path in ("/admin/", f"/admin/games/game/{game.pk}/change/", "/admin/accounts/user/"):
        response = page.goto(f"{base}{path}")
        assert response.status == 200, path
    page.wait_for_load_state("networkidle")

    assert violations == []
