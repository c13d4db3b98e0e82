"""Browser notifications in Chromium (notifications/webpush.py, static/js/webpush.js,
static/js/sw.js): with the site's VAPID key set, the settings page offers them, the
service worker registers at the root, and a push delivered to it (through the DevTools
protocol, standing in for a push service) shows the notification that leads to the game.
The game page's one-line offer appears once the player has made a move there, and "No
thanks" is remembered."""

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import GameAction
from notifications.models import PushSubscription
from tests.e2e.test_onexeno_game import logged_in
from tests.factories import UserFactory, play_random, start_game
from xix_site import vapid

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/work/wt/webpush-shots")
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def keys(settings):
    pair = vapid.key_pair()
    settings.WEBPUSH_VAPID_PUBLIC_KEY = pair["public"]
    settings.WEBPUSH_VAPID_PRIVATE_KEY = pair["private"]
    return pair


def shoot(page, artifacts, name, shown):
    """Screenshots at desktop and phone size, each scrolled to ``shown``."""
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        shown.scroll_into_view_if_needed()
        target = artifacts(f"webpush-{name}-{size}.png")
        page.screenshot(path=target)
        if SHOTS.is_dir():
            (SHOTS / target.name).write_bytes(target.read_bytes())


@pytest.fixture
def browser_alone(browser):
    """Pages in a Chromium of their own: DevTools delivers a push to a service worker by
    origin and registration id, which an earlier test's context in the shared browser
    holds too (the push then goes to that closed context's worker)."""
    from tests.e2e.conftest import CHROMIUM_ARGS, chromium_path

    alone = browser.browser_type.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)

    def make(**options):
        options.setdefault("viewport", {"width": 1280, "height": 900})
        context = alone.new_context(**options)
        context.set_default_timeout(10_000)
        return context.new_page()

    yield make
    alone.close()


def test_the_settings_page_registers_the_worker_which_shows_pushed_notifications(
    live_server, browser_alone, keys, artifacts
):
    alice = UserFactory(username="alice")
    page = logged_in(browser_alone, live_server, alice)
    page.context.grant_permissions(["notifications"], origin=live_server.url)
    page.goto(f"{live_server.url}/settings/")
    section = page.locator(".push-settings")
    expect(section.get_by_role("heading", name="Browser notifications")).to_be_visible()
    expect(section.locator("[data-push-status]")).to_have_text("Off for this browser.")
    button = section.get_by_role("button", name="Turn on for this browser")
    expect(button).to_be_visible()
    shoot(page, artifacts, "settings", section)

    # The worker runs at the site's root, controlling every page.
    scope = page.evaluate(
        "navigator.serviceWorker.ready.then(function (r) { return r.active && r.scope; })"
    )
    assert scope == f"{live_server.url}/"

    # A push as a push service would deliver it (through the DevTools protocol): the
    # worker shows the notification, which leads to the game.
    # A person who turned notifications on has allowed them: say so for this context, as
    # headless Chromium's default can differ from run to run.
    page.context.grant_permissions(["notifications"], origin=live_server.url)
    cdp = page.context.new_cdp_session(page)
    registrations = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    message = {"title": "XIX Online", "body": "Your move in XIX against bob.", "url": "/games/7/"}
    notes = []
    # On a loaded machine the protocol's registration events, or the worker's handling of
    # a push delivered to it, can come late: deliver again (the same tag replaces the
    # notification, so one is shown however many arrive) until one is shown.
    for _attempt in range(5):
        for _ in range(25):  # the protocol's events arrive after enable's answer
            # The browser may also report a registration of an earlier (closed) context on
            # the same origin: this page's is the newest.
            ours = [
                r
                for r in registrations
                if r["scopeURL"] == f"{live_server.url}/" and not r.get("isDeleted")
            ]
            if ours:
                break
            page.wait_for_timeout(200)
        registration = max(ours, key=lambda r: int(r["registrationId"]))
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {
                "origin": live_server.url,
                "registrationId": registration["registrationId"],
                "data": json.dumps({**message, "tag": "game-7"}),
            },
        )
        # The worker shows it a moment later: ask until it is there (a predicate
        # returning a promise would count as true at once, so the waiting is done here).
        for _ in range(25):
            notes = page.evaluate(
                """() => navigator.serviceWorker.ready
                    .then((r) => r.getNotifications())
                    .then((list) => list.map((n) => [n.title, n.body, n.tag, n.data.url]))"""
            )
            if notes:
                break
            page.wait_for_timeout(200)
        if notes:
            break
    assert notes == [
        ["XIX Online", "Your move in XIX against bob.", "game-7", f"{live_server.url}/games/7/"]
    ]

    # Subscribing needs the browser's push service, which headless Chromium has not (it
    # refuses: "Registration failed - permission denied"): the page says why, the site
    # stores nothing and the button stays to try again.
    button.click()
    status = section.locator("[data-push-status]")
    expect(status).to_contain_text("This browser could not subscribe", timeout=15_000)
    assert not PushSubscription.objects.exists()
    expect(button).to_be_enabled()


def test_the_game_page_offers_notifications_after_the_first_move(
    live_server, new_page, keys, artifacts
):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob)
    page = logged_in(new_page, live_server, alice)
    url = f"{live_server.url}{game.get_absolute_url()}"
    page.goto(url)
    offer = page.locator(".push-offer")
    expect(offer).to_be_attached()
    page.wait_for_timeout(500)  # webpush.js has run, and left it hidden: no move of hers yet
    expect(offer).to_be_hidden()

    seat = game.seat_of(alice)
    while not GameAction.objects.filter(game=game, seat=seat).exists():
        game = play_random(game, moves=1)
    page.goto(url)
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("Get a browser notification when it is your move")
    shoot(page, artifacts, "game-offer", offer)
    page.set_viewport_size(SIZES["desktop"])
    offer.get_by_role("button", name="No thanks").click()
    expect(offer).to_be_hidden()
    page.reload()
    page.wait_for_timeout(500)
    expect(offer).to_be_hidden()  # remembered in this browser
