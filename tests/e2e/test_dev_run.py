"""`python3 dev.py run` as a newcomer starts it: no environment of its own, no Redis. The
site is served under its ASGI server with push updates on, so a move reaches the other
player's open page within seconds, where it used to wait for the page's next poll.

The server is dev.py's own ``run`` (migrate, the demo accounts, the periodic loop, the
server) in a process of its own, on the test database; only the set-up of .venv is left
out. Its pages poll a game every PUSH_POLL_SECONDS (120 s) while they hold the stream."""

import os
import signal
import subprocess
import sys
import time
import urllib.request

import pytest
from django.contrib.auth.models import Group
from playwright.sync_api import expect

from accounts.models import User
from games.models import Game
from tests.e2e.test_play_through import expect_text, take_first_choice, your_turn
from tests.e2e.test_push import ROOT, database_url, free_port
from tests.factories import start_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DEMO_PASSWORD = "xix-demo-pass"  # README, "Set-up on a fresh machine"


@pytest.fixture
def dev_server(tmp_path, transactional_db):
    """`dev.py run <port> --noreload` with the environment a newcomer has: none of the
    site's variables but the database (the test database instead of db.sqlite3)."""
    # dev.py seeds the demo accounts, whose moderator joins the Moderators group that a
    # migration made; an earlier transactional test's flush may have emptied it since.
    Group.objects.get_or_create(name="Moderators")
    port = free_port()
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("DJANGO_", "REDIS_", "PUSH_", "CELERY_", "EMAIL_", "SITE_"))
    }
    env["DATABASE_URL"] = database_url()
    log_path = tmp_path / "dev-run.log"
    log = log_path.open("w")
    server = subprocess.Popen(
        [sys.executable, "-c", f"import dev; dev.run(['{port}', '--noreload'])"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its server and periodic loop are stopped with it
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(f"{url}/healthz", timeout=1)
                break
            except OSError:
                assert server.poll() is None, log_path.read_text()
                assert time.monotonic() < deadline, log_path.read_text()
                time.sleep(0.3)
        yield url
    finally:
        try:
            os.killpg(server.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass  # it had stopped already (the assertion above says why)
        server.wait(timeout=30)
        log.close()


def log_in(new_page, url, username):
    """A browser context that logged in through the site's own form."""
    page = new_page()
    page.goto(f"{url}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", DEMO_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.locator("nav.nav")).to_contain_text(username)
    return page


def test_a_move_reaches_the_other_players_open_page_by_push(dev_server, new_page, artifacts):
    alices = log_in(new_page, dev_server, "alice")
    bobs = log_in(new_page, dev_server, "bob")
    alice, bob = User.objects.get(username="alice"), User.objects.get(username="bob")
    game = start_game(alice, bob, seed="dev-run-push")
    if game.to_move != 0:  # alice first: swap the seats' people
        game = start_game(bob, alice, seed="dev-run-push")
    for page in (alices, bobs):
        page.goto(f"{dev_server}{game.get_absolute_url()}")
    live = bobs.locator("#game-live")
    # The page holds its game's event stream and polls only every two minutes.
    assert live.get_attribute("data-push") == f"/events/games/{game.pk}/"
    assert live.get_attribute("hx-trigger") == "every 120s, game-push"
    assert your_turn(alices) and not your_turn(bobs)
    bobs.wait_for_timeout(1000)  # bob's stream is open

    take_first_choice(alices)
    # Within 5 s: only the pushed ping can do that, the page's next poll is 2 minutes away.
    expect_text(bobs, ".turn", "Your turn", timeout=5_000)
    assert Game.objects.get(pk=game.pk).n_actions == 1
    bobs.screenshot(path=artifacts("dev-run-bob-after-alices-move.png"))

    # The page's style and scripts came from the same server (static files served).
    for path in ("/static/js/push.js", "/static/vendor/htmx/htmx.min.js"):
        with urllib.request.urlopen(f"{dev_server}{path}", timeout=5) as response:
            assert response.status == 200 and len(response.read()) > 100
