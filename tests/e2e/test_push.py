"""Push updates end to end: the site under a real ASGI server (uvicorn, in a subprocess,
on the test database, events through Redis), two people in their own Chromium contexts.
Pages poll only every 60 s here, so only the pushed ping can bring alice's move to bob's
open page within seconds; a spectator's stream receives the same bytes as a player's."""

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings
from playwright.sync_api import expect

from games.models import Game
from tests.e2e.test_onexeno_game import logged_in
from tests.e2e.test_play_through import expect_text, take_first_choice, your_turn
from tests.factories import UserFactory, make_challenge, start_game
from tests.nodes import database_url, free_port, raw_stream, read_until, server_connections

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
POLL_SECONDS = 60


@pytest.fixture
def asgi_server(tmp_path):
    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "xix_site.settings.test",
        "DATABASE_URL": database_url(),
        "REDIS_URL": settings.REDIS_URL,
        "PUSH_EVENTS": "true",
        "PUSH_POLL_SECONDS": str(POLL_SECONDS),
    }
    log = (tmp_path / "uvicorn.log").open("w")
    command = [sys.executable, "-m", "uvicorn", "xix_site.asgi:application"]
    server = subprocess.Popen(
        [*command, "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{url}/healthz", timeout=1)
                break
            except OSError:
                assert server.poll() is None, (tmp_path / "uvicorn.log").read_text()
                time.sleep(0.2)
        yield SimpleNamespace(url=url)
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()


def stream_of(server, user, game) -> socket.socket:
    """``user``'s open event stream of ``game`` (a raw connection, past its opening)."""
    return raw_stream(server, user, f"/events/games/{game.pk}/")


def two_pages(server, new_page):
    """alice (to move) and bob on their game's page, each in a browser context."""
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob, seed="push-e2e")
    if game.to_move != 0:  # alice first: swap the seats' people
        game = start_game(bob, alice, seed="push-e2e")
    url = f"{server.url}{game.get_absolute_url()}"
    alices = logged_in(new_page, server, alice)
    alices.goto(url)
    bobs = logged_in(new_page, server, bob)
    bobs.goto(url)
    return game, alices, bobs, bob


@pytest.mark.redis
def test_alices_move_reaches_bobs_open_page_by_push(asgi_server, new_page, artifacts):
    game, alices, bobs, bob = two_pages(asgi_server, new_page)
    carol = UserFactory(username="carol")  # plays in neither seat: a spectator
    live = bobs.locator("#game-live")
    assert live.get_attribute("data-push") == f"/events/games/{game.pk}/"
    assert live.get_attribute("hx-trigger") == f"every {POLL_SECONDS}s, game-push"
    assert your_turn(alices) and not your_turn(bobs)

    streams = [stream_of(asgi_server, person, game) for person in (bob, carol)]
    try:
        # bob's page has its stream open (a page loaded later than this polls at 60 s).
        bobs.wait_for_timeout(500)
        # Four streams are open (two pages, two sockets), and none holds a database
        # connection: at most one is open (a request that is finishing), not four.
        assert server_connections() <= 1
        take_first_choice(alices)
        moved = time.monotonic()
        expect_text(bobs, ".turn", "Your turn", timeout=10_000)
        latency = time.monotonic() - moved
        print(f"push: alice's move on bob's page after {latency:.2f} s")
        assert latency < 5, f"bob's page took {latency:.1f} s: not the push"
        assert Game.objects.get(pk=game.pk).n_actions == 1
        bobs.screenshot(path=artifacts("push-bob-after-alices-move.png"))

        # The ping each stream received: the game and its action number, the same bytes
        # for a player and for a spectator, and no card or HTML.
        pings = []
        for sock in streams:
            received = read_until(sock, b'"seq": 1}')
            pings.append(next(x for x in received.split(b"\n") if x.startswith(b"data: {")))
        assert pings[0] == pings[1] == f'data: {{"game": {game.pk}, "seq": 1}}'.encode()
    finally:
        for sock in streams:
            sock.close()


def test_without_the_asgi_server_pages_poll_at_their_usual_pace(live_server, new_page, settings):
    """PUSH_EVENTS on but the site under WSGI: the stream answers 204, and the page polls
    every 3 s instead of 60, so alice's move still reaches bob's page."""
    settings.PUSH_EVENTS = True
    settings.PUSH_POLL_SECONDS = POLL_SECONDS
    game, alices, bobs, _ = two_pages(live_server, new_page)
    assert bobs.locator("#game-live").get_attribute("data-push")
    take_first_choice(alices)
    expect_text(bobs, ".turn", "Your turn", timeout=10_000)
    assert Game.objects.get(pk=game.pk).n_actions == 1


def nothing_more(sock, seconds=1.0) -> bytes:
    """What arrives on ``sock`` within ``seconds`` (keep-alive comments aside)."""
    sock.settimeout(seconds)
    data = b""
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    except TimeoutError:
        pass
    finally:
        sock.settimeout(10)
    return data


@pytest.mark.redis
def test_a_chat_line_reaches_the_players_panel_by_push_and_no_spectator(asgi_server, new_page):
    """The chat panel polls every 60 s here: only the chat channel's ping brings alice's
    line to bob's open panel within seconds. A spectator's stream during play carries the
    table's channel but not the chat's (the players' chat is closed to him), and the ping
    itself holds no text."""
    game, alices, bobs, bob = two_pages(asgi_server, new_page)
    carol = UserFactory(username="carol")
    log = bobs.locator("#chat-log")
    assert log.get_attribute("hx-trigger") == f"every {POLL_SECONDS}s, chat-push"
    bobs_stream = raw_stream(asgi_server, bob, f"/events/games/{game.pk}/")
    carols_stream = raw_stream(asgi_server, carol, f"/events/games/{game.pk}/")
    try:
        bobs.wait_for_timeout(500)
        box = alices.get_by_label("Message to the players")
        box.fill("Pushed hello")
        box.press("Enter")
        sent = time.monotonic()
        expect_text(bobs, "#chat-log", "Pushed hello", timeout=10_000)
        latency = time.monotonic() - sent
        print(f"push: alice's chat line on bob's panel after {latency:.2f} s")
        assert latency < 5, f"bob's panel took {latency:.1f} s: not the push"
        received = read_until(bobs_stream, b"event: chat")
        assert f'data: {{"game": {game.pk}}}'.encode() in received
        assert b"Pushed" not in received
        assert b"event: chat" not in nothing_more(carols_stream)
    finally:
        bobs_stream.close()
        carols_stream.close()


@pytest.mark.redis
def test_a_challenge_reaches_the_lobby_and_a_move_the_badge_by_push(
    asgi_server, new_page, settings
):
    """bob's lobby (polling every minute with push on) shows alice's new challenge within
    seconds, by his own channel; his "My games" badge, on a page that is not the game's,
    counts the game when alice's move makes it his turn, and his home page's "Your turn"
    lists it."""

    settings.PUSH_EVENTS = True  # this process publishes the challenge, through Redis
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob, seed="push-e2e")
    if game.to_move != 0:
        game = start_game(bob, alice, seed="push-e2e")
    alices = logged_in(new_page, asgi_server, alice)
    alices.goto(f"{asgi_server.url}{game.get_absolute_url()}")
    bobs = logged_in(new_page, asgi_server, bob)
    bobs_home = bobs.context.new_page()
    bobs_home.goto(f"{asgi_server.url}/")
    expect_text(bobs_home, "#your-turn", "No game is waiting for your move.")
    bobs.goto(f"{asgi_server.url}/lobby/")
    body = bobs.locator("body")
    assert body.get_attribute("data-push-user") == "/events/me/"
    assert "user-push from:body" in bobs.locator("#table-lists").get_attribute("hx-trigger")
    assert bobs.locator("#nav-my-games .nav-badge").count() == 0
    bobs_own = raw_stream(asgi_server, bob, "/events/me/")
    try:
        bobs.wait_for_timeout(1000)  # the page's own stream is open
        make_challenge(user=alice, variant="standard", days_per_move=3, rated=False, invited=bob)
        sent = time.monotonic()
        challenge = Game.objects.get(status=Game.Status.WAITING)
        accept = bobs.locator(f'#table-lists [action="/tables/{challenge.pk}/join"]')
        expect(accept).to_have_count(1, timeout=10_000)
        assert time.monotonic() - sent < 5, "bob's lobby did not learn it by push"

        take_first_choice(alices)
        moved = time.monotonic()
        expect_text(bobs, "#nav-my-games", "1", timeout=10_000)
        assert time.monotonic() - moved < 5, "bob's badge did not learn it by push"
        expect(bobs).to_have_title(re.compile(r"^\(1\) "))  # the title follows the badge
        # His home page, open in another tab, lists the game in "Your turn" by then.
        expect_text(bobs_home, "#your-turn", "1 game is waiting for your move.", timeout=10_000)
        assert bobs_home.locator(f'#your-turn a[href="{game.get_absolute_url()}"]').count() >= 1
        received = read_until(bobs_own, f'data: {{"game": {game.pk}}}'.encode())
        assert b"event: user" in received
    finally:
        bobs_own.close()
