"""Browser notifications (Web Push, notifications/webpush.py): subscribing and
unsubscribing, when a notification is pushed (the decision e-mail uses too), quiet hours,
the encrypted message sent to the push service (its HTTP call mocked), expired
subscriptions, the key pair, the service worker and the web app manifest."""

import base64
import json
import os
import struct
from datetime import UTC, datetime, timedelta

import http_ece
import pytest
import requests
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from django.contrib.staticfiles import finders
from django.core import mail
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from notifications import services as notify_services, webpush
from notifications.models import Notification, OutboundEmail, PushSubscription
from tests.factories import UserFactory, play_random
from xix_site import vapid

pytestmark = pytest.mark.django_db

Kind = Notification.Kind
SUBSCRIBE = reverse("notifications:push_subscribe")
UNSUBSCRIBE = reverse("notifications:push_unsubscribe")
ENDPOINT = "https://fcm.googleapis.com/fcm/send/abc123"


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Browser:
    """A browser's side of a push subscription: its key pair and auth secret, so a test
    can decrypt what the site sent it."""

    def __init__(self, endpoint=ENDPOINT):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = endpoint

    def subscription(self) -> dict:
        public = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}

    def decrypt(self, body: bytes) -> dict:
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


class Response:
    def __init__(self, status):
        self.status_code = status
        self.reason = {201: "Created", 404: "Not Found", 410: "Gone"}.get(status, "Error")
        self.text = ""
        self.headers = {}


class PushService:
    """Stands in for ``requests.Session``: records each post and answers with the status
    given for its endpoint (201 by default), or raises the exception given."""

    def __init__(self, answers=None):
        self.posts = []
        self.answers = answers or {}

    def post(self, url, *, data, headers, timeout):
        self.posts.append({"url": url, "data": data, "headers": headers, "timeout": timeout})
        answer = self.answers.get(url, 201)
        if isinstance(answer, Exception):
            raise answer
        return Response(answer)


@pytest.fixture(scope="module")
def pair():
    return vapid.key_pair()


@pytest.fixture
def keys(settings, pair):
    settings.WEBPUSH_VAPID_PUBLIC_KEY = pair["public"]
    settings.WEBPUSH_VAPID_PRIVATE_KEY = pair["private"]
    settings.WEBPUSH_VAPID_SUBJECT = "mailto:admin@example.com"
    return pair


@pytest.fixture
def service(monkeypatch):
    """The push services of every test: no request leaves the machine."""
    fake = PushService()
    monkeypatch.setattr(webpush.requests, "Session", lambda: fake)
    return fake


def logged_in(user, **options) -> Client:
    client = Client(**options)
    client.force_login(user)
    return client


def post_json(client, url, data):
    body = data if isinstance(data, (str, bytes)) else json.dumps(data)
    return client.post(url, body, content_type="application/json")


# --- subscribing and unsubscribing ----------------------------------------------------


def test_subscribing_stores_the_browser_once(keys, alice):
    client = logged_in(alice, HTTP_USER_AGENT="Mozilla/5.0 Test")
    browser = Browser()
    for _ in range(2):  # a repeated request is applied once
        response = post_json(client, SUBSCRIBE, browser.subscription())
        assert response.status_code == 200 and response.json() == {"subscribed": True}
    [row] = PushSubscription.objects.all()
    assert (row.user, row.endpoint, row.user_agent) == (alice, ENDPOINT, "Mozilla/5.0 Test")
    assert row.info() == browser.subscription()


def test_a_browser_subscribed_by_another_account_moves_to_the_new_one(keys, alice, bob):
    browser = Browser()
    post_json(logged_in(alice), SUBSCRIBE, browser.subscription())
    post_json(logged_in(bob), SUBSCRIBE, browser.subscription())
    assert list(PushSubscription.objects.values_list("user__username", flat=True)) == ["bob"]


def test_a_player_keeps_their_ten_newest_browsers(keys, alice):
    client = logged_in(alice)
    browsers = [Browser(f"{ENDPOINT}/{n}") for n in range(webpush.MAX_SUBSCRIPTIONS + 1)]
    for browser in browsers:
        assert post_json(client, SUBSCRIBE, browser.subscription()).status_code == 200
    kept = set(PushSubscription.objects.values_list("endpoint", flat=True))
    assert kept == {b.endpoint for b in browsers[1:]}


def spoiled(change):
    data = Browser().subscription()
    change(data)
    return data


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("not json", "Send the subscription as JSON."),
        ("[1, 2]", "Send the subscription as a JSON object."),
        ({"keys": {}}, "The subscription has no endpoint."),
        (
            spoiled(lambda d: d.update(endpoint="http://fcm.googleapis.com/fcm/send/x")),
            "The endpoint is not the push service of a known browser.",
        ),
        (
            spoiled(lambda d: d.update(endpoint="https://127.0.0.1:6379/")),
            "The endpoint is not the push service of a known browser.",
        ),
        (
            spoiled(lambda d: d.update(endpoint="https://evil.example/fcm.googleapis.com")),
            "The endpoint is not the push service of a known browser.",
        ),
        (
            spoiled(lambda d: d.update(endpoint=ENDPOINT + "x" * 500)),
            "The subscription's endpoint is too long.",
        ),
        (spoiled(lambda d: d.pop("keys")), "The subscription has no keys."),
        (spoiled(lambda d: d["keys"].pop("p256dh")), "The subscription's p256dh key is missing."),
        (
            spoiled(lambda d: d["keys"].update(p256dh="!!!")),
            "The subscription's p256dh key is not base64url.",
        ),
        (
            spoiled(lambda d: d["keys"].update(auth=b64(b"short"))),
            "The subscription's auth key has the wrong length.",
        ),
        ("x" * 5000, "That is too long for a subscription."),
    ],
)
def test_bad_subscriptions_are_refused_with_a_reason(keys, alice, body, message):
    response = post_json(logged_in(alice), SUBSCRIBE, body)
    assert response.status_code == 400
    assert response.json() == {"error": message}
    assert not PushSubscription.objects.exists()


def test_subscribing_needs_a_login_a_post_the_csrf_token_and_the_keys(settings, keys, alice):
    data = Browser().subscription()
    anonymous = post_json(Client(), SUBSCRIBE, data)
    assert anonymous.status_code == 403
    assert anonymous.json() == {"error": "Log in to receive browser notifications."}
    assert logged_in(alice).get(SUBSCRIBE).status_code == 405
    assert post_json(logged_in(alice, enforce_csrf_checks=True), SUBSCRIBE, data).status_code == 403
    settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    assert post_json(logged_in(alice), SUBSCRIBE, data).status_code == 404
    assert not PushSubscription.objects.exists()


def test_unsubscribing_forgets_only_ones_own_browser_and_may_be_repeated(keys, alice, bob):
    mine, theirs = Browser(f"{ENDPOINT}/mine"), Browser(f"{ENDPOINT}/theirs")
    client = logged_in(alice)
    post_json(client, SUBSCRIBE, mine.subscription())
    post_json(logged_in(bob), SUBSCRIBE, theirs.subscription())
    # alice cannot remove bob's browser.
    assert post_json(client, UNSUBSCRIBE, {"endpoint": theirs.endpoint}).status_code == 200
    for _ in range(2):
        response = post_json(client, UNSUBSCRIBE, {"endpoint": mine.endpoint})
        assert response.status_code == 200 and response.json() == {"subscribed": False}
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [theirs.endpoint]
    assert post_json(client, UNSUBSCRIBE, {}).status_code == 400
    assert post_json(Client(), UNSUBSCRIBE, {"endpoint": theirs.endpoint}).status_code == 403
    assert PushSubscription.objects.count() == 1


def test_the_settings_page_offers_browser_notifications_only_with_keys(settings, keys, alice):
    client = logged_in(alice)
    page = client.get(reverse("players:settings")).content.decode()
    assert "Browser notifications" in page
    assert f'data-push-key="{keys["public"]}"' in page
    assert "js/webpush.js" in page
    settings.WEBPUSH_VAPID_PUBLIC_KEY = ""
    page = client.get(reverse("players:settings")).content.decode()
    assert "Browser notifications" not in page and "webpush.js" not in page


# --- when a notification is pushed ----------------------------------------------------


def subscribe(user, endpoint=ENDPOINT) -> Browser:
    browser = Browser(endpoint)
    webpush.subscribe(user, browser.subscription())
    return browser


def move_and_commit(game, capture):
    """One random legal move; returns the game and the tasks sent on commit, by name, with
    the pushes sent only once the callbacks ran."""
    with capture(execute=False) as callbacks:
        game = play_random(game, moves=1)
    names = [callback.__qualname__ for callback in callbacks]
    for callback in callbacks:
        callback()
    return game, names


PUSH_TASK = f"enqueue {notify_services.WEBPUSH_SEND}"


def test_your_move_is_pushed_after_the_commit_as_well_as_e_mailed(
    keys, service, game, django_capture_on_commit_callbacks
):
    waiting = game.players[1 - game.to_move]
    mover = game.players[game.to_move]
    browser = subscribe(waiting)
    posts_before_commit = []
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        game = play_random(game, moves=1)
        posts_before_commit = list(service.posts)
    assert posts_before_commit == []
    assert PUSH_TASK in [callback.__qualname__ for callback in callbacks]
    for callback in callbacks:
        callback()
    [post] = service.posts
    note = Notification.objects.get(user=waiting, kind=Kind.YOUR_TURN)
    assert browser.decrypt(post["data"]) == {
        "title": "XIX Online",
        "body": f"Your move in XIX against {mover.username}.",
        "url": f"/games/{game.pk}/",
        "tag": f"game-{game.pk}",
        "icon": "/static/icons/icon-192.png",
        "badge": "/static/icons/icon-maskable-192.png",
    }
    assert note.text == f"Your move in XIX against {mover.username}."
    assert len(mail.outbox) == 1  # the e-mail goes out as before


def test_an_invitation_is_pushed(keys, service, alice, bob, django_capture_on_commit_callbacks):
    from tests.factories import make_challenge

    browser = subscribe(bob)
    with django_capture_on_commit_callbacks(execute=True):
        game = make_challenge(alice, invited=bob)
    [post] = service.posts
    message = browser.decrypt(post["data"])
    assert message["url"] == f"/games/{game.pk}/"
    assert message["body"] == Notification.objects.get(user=bob, kind=Kind.CHALLENGE).text
    assert "alice" in message["body"]


def test_no_push_without_a_subscription_after_unsubscribing(
    keys, service, game, django_capture_on_commit_callbacks
):
    waiting = game.players[1 - game.to_move]
    browser = subscribe(waiting)
    webpush.unsubscribe(waiting, browser.endpoint)
    game, tasks = move_and_commit(game, django_capture_on_commit_callbacks)
    assert Notification.objects.filter(user=waiting, kind=Kind.YOUR_TURN).exists()
    assert PUSH_TASK not in tasks and service.posts == []


def test_no_push_without_keys(settings, keys, service, game, django_capture_on_commit_callbacks):
    subscribe(game.players[1 - game.to_move])
    settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    game, tasks = move_and_commit(game, django_capture_on_commit_callbacks)
    assert PUSH_TASK not in tasks and service.posts == []


def test_no_push_while_the_player_looks_at_the_game(
    keys, service, game, django_capture_on_commit_callbacks
):
    waiting = game.players[1 - game.to_move]
    subscribe(waiting)
    notify_services.viewing_mark(waiting.pk, game.pk)
    game, tasks = move_and_commit(game, django_capture_on_commit_callbacks)
    assert PUSH_TASK not in tasks and service.posts == []


def test_the_e_mail_preference_does_not_switch_browser_notifications_off(
    keys, service, game, django_capture_on_commit_callbacks
):
    waiting = game.players[1 - game.to_move]
    waiting.email_notifications = waiting.EmailNotifications.NONE
    waiting.save()
    subscribe(waiting)
    game, tasks = move_and_commit(game, django_capture_on_commit_callbacks)
    assert PUSH_TASK in tasks and len(service.posts) == 1
    assert mail.outbox == []


def test_never_for_bots(keys, service, game, django_capture_on_commit_callbacks):
    bot = UserFactory(username="bot-push", is_bot=True, bot_level="random")
    # A subscription a bot could never make, planted to show it is not used.
    PushSubscription.objects.create(user=bot, endpoint=ENDPOINT, p256dh="x", auth="y")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        note = notify_services.notify(
            user=bot, game=game, kind=Kind.YOUR_TURN, seq=99, text="Your move."
        )
    assert note is None and callbacks == []
    bots_note = Notification.objects.create(
        user=bot, game=game, kind=Kind.YOUR_TURN, seq=100, text="Your move."
    )
    assert webpush.send(bots_note.pk) == 0 and service.posts == []


def at_local(user, hour: int) -> datetime:
    return datetime(2026, 11, 28, hour, 30, tzinfo=user.zone)


@pytest.mark.parametrize(
    ("start", "end", "hour", "ends"),
    [
        (22, 7, 23, (11, 29, 7)),  # across midnight, before it
        (22, 7, 3, (11, 28, 7)),  # across midnight, after it
        (22, 7, 7, None),
        (22, 7, 21, None),
        (13, 15, 14, (11, 28, 15)),
        (13, 15, 15, None),
        (None, None, 3, None),
        (5, 5, 5, None),
    ],
)
def test_quiet_hours_are_read_in_the_players_time_zone(start, end, hour, ends):
    user = UserFactory.build(time_zone="Asia/Tokyo", quiet_from=start, quiet_until=end)
    result = notify_services.quiet_end(user, at_local(user, hour).astimezone(UTC))
    if ends is None:
        assert result is None
    else:
        month, day, end_hour = ends
        assert result == datetime(2026, month, day, end_hour, tzinfo=user.zone)


def test_in_quiet_hours_no_push_and_the_e_mail_waits_for_their_end(
    keys, service, game, django_capture_on_commit_callbacks
):
    waiting = game.players[1 - game.to_move]
    local = timezone.now().astimezone(waiting.zone)
    waiting.quiet_from, waiting.quiet_until = local.hour, (local.hour + 2) % 24
    waiting.save()
    subscribe(waiting)
    game, tasks = move_and_commit(game, django_capture_on_commit_callbacks)
    assert PUSH_TASK not in tasks and service.posts == []
    note = Notification.objects.get(user=waiting, kind=Kind.YOUR_TURN)
    outbound = OutboundEmail.objects.get(key=f"n{note.pk}")
    assert outbound.not_before == notify_services.quiet_end(waiting)
    assert outbound.status == OutboundEmail.Status.PENDING and mail.outbox == []
    # Neither the send task nor the sweep sends it before the quiet hours end ...
    assert notify_services.email_send(outbound.pk) is False
    later = timezone.now() + timedelta(minutes=10)
    assert notify_services.outbox_flush(now=later) == 0
    # ... and the sweep sends it once they have.
    OutboundEmail.objects.filter(pk=outbound.pk).update(not_before=timezone.now())
    assert notify_services.outbox_flush(now=later) == 1
    assert [m.to for m in mail.outbox] == [[waiting.email]]


def test_a_digest_due_in_quiet_hours_waits_for_their_end(settings, alice, game):
    settings.DIGEST_HOUR = 8
    alice.email_notifications = alice.EmailNotifications.DIGEST
    alice.time_zone, alice.quiet_from, alice.quiet_until = "Asia/Tokyo", 22, 9
    alice.save()
    Notification.objects.create(
        user=alice, game=game, kind=Kind.YOUR_TURN, seq=3, text="Your move.", email="digest"
    )
    eight = at_local(alice, 8)
    assert notify_services.digest_send(now=eight) == 1
    outbound = OutboundEmail.objects.get(user=alice)
    assert outbound.not_before == datetime(2026, 11, 28, 9, tzinfo=alice.zone)
    assert notify_services.outbox_flush(now=eight + timedelta(minutes=10)) == 0
    assert mail.outbox == []


def test_quiet_hours_are_set_on_the_settings_page(alice):
    client = logged_in(alice)
    url = reverse("players:settings")
    form = {"email_notifications": "each", "time_zone": "Europe/Paris"}
    response = client.post(url, {**form, "quiet_from": "22"})
    assert response.status_code == 400
    assert "Choose both hours of your quiet hours, or neither." in response.content.decode()
    response = client.post(url, {**form, "quiet_from": "22", "quiet_until": "22"})
    assert response.status_code == 400
    assert "Quiet hours must end at another hour than they begin." in response.content.decode()
    alice.refresh_from_db()
    assert (alice.quiet_from, alice.quiet_until) == (None, None)
    response = client.post(url, {**form, "quiet_from": "22", "quiet_until": "7"}, follow=True)
    assert "quiet hours 22:00 to 07:00" in response.content.decode()
    alice.refresh_from_db()
    assert (alice.quiet_from, alice.quiet_until) == (22, 7)


# --- sending --------------------------------------------------------------------------


def a_notification(user, game) -> Notification:
    return Notification.objects.create(
        user=user, game=game, kind=Kind.YOUR_TURN, seq=7, text="Your move in XIX against bob."
    )


def test_the_message_is_encrypted_and_signed(keys, game, alice):
    browser = subscribe(alice)
    fake = PushService()
    assert webpush.send(a_notification(alice, game).pk, session=fake) == 1
    [post] = fake.posts
    assert post["url"] == ENDPOINT
    assert b"Your move" not in post["data"]  # only the browser can read it
    assert browser.decrypt(post["data"])["body"] == "Your move in XIX against bob."
    headers = post["headers"]
    assert headers["content-encoding"] == "aes128gcm"
    assert headers["ttl"] == str(webpush.TTL)
    assert headers["Authorization"].startswith("vapid t=")
    assert headers["Authorization"].endswith(f"k={keys['public']}")
    token = headers["Authorization"].split("t=")[1].split(",")[0]
    claims = json.loads(base64.urlsafe_b64decode(token.split(".")[1] + "=="))
    assert claims["aud"] == "https://fcm.googleapis.com"
    assert claims["sub"] == "mailto:admin@example.com"
    assert PushSubscription.objects.get().last_success is not None


@pytest.mark.parametrize("status", [404, 410])
def test_an_expired_subscription_is_deleted(keys, game, alice, status):
    subscribe(alice, f"{ENDPOINT}/gone")
    kept = subscribe(alice, f"{ENDPOINT}/kept")
    fake = PushService({f"{ENDPOINT}/gone": status})
    assert webpush.send(a_notification(alice, game).pk, session=fake) == 1
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [kept.endpoint]


@pytest.mark.parametrize(
    ("answer", "error"),
    [
        (500, "500 Error"),
        (requests.ConnectionError("refused"), "ConnectionError: refused"),
    ],
)
def test_a_failure_is_recorded_and_the_other_browsers_still_get_it(
    keys, game, alice, answer, error, caplog
):
    subscribe(alice, f"{ENDPOINT}/broken")
    subscribe(alice, f"{ENDPOINT}/fine")
    fake = PushService({f"{ENDPOINT}/broken": answer})
    assert webpush.send(a_notification(alice, game).pk, session=fake) == 1
    broken = PushSubscription.objects.get(endpoint=f"{ENDPOINT}/broken")
    assert broken.last_failure is not None and broken.last_error.startswith(error)
    assert PushSubscription.objects.get(endpoint=f"{ENDPOINT}/fine").last_success is not None
    assert "push to subscription" in caplog.text


def test_a_failing_push_service_never_fails_the_move(
    keys, monkeypatch, game, django_capture_on_commit_callbacks
):
    waiting = game.players[1 - game.to_move]
    subscribe(waiting)
    monkeypatch.setattr(
        webpush.requests, "Session", lambda: PushService({ENDPOINT: TimeoutError("slow")})
    )
    game, tasks = move_and_commit(game, django_capture_on_commit_callbacks)
    assert PUSH_TASK in tasks and game.n_actions == 1
    assert PushSubscription.objects.get().last_error == "TimeoutError: slow"


# --- keys, the service worker and the manifest ----------------------------------------


def test_the_key_command_prints_a_usable_pair(capsys):
    call_command("webpush_keys")
    lines = dict(line.split("=", 1) for line in capsys.readouterr().out.split())
    public = base64.urlsafe_b64decode(lines["WEBPUSH_VAPID_PUBLIC_KEY"] + "=")
    assert len(public) == 65 and public[0] == 4
    from py_vapid import Vapid02

    signer = Vapid02.from_raw(lines["WEBPUSH_VAPID_PRIVATE_KEY"].encode())
    assert signer.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint) == public


def test_the_development_pair_is_made_once_and_kept_private(tmp_path):
    path = tmp_path / "webpush-vapid.json"
    first = vapid.stored_pair(path)
    assert vapid.stored_pair(path) == first
    assert path.stat().st_mode & 0o777 == 0o600


def test_the_service_worker_is_served_from_the_root(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert "no-cache" in response["Cache-Control"]
    source = response.content.decode()
    assert 'addEventListener("push"' in source and "openWindow" in source
    assert client.post("/sw.js").status_code == 405


def png_size(path) -> tuple[int, int]:
    with open(path, "rb") as file:
        head = file.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_the_manifest_makes_the_site_installable(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["name"] == "XIX Online"
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#8c2f39" and manifest["background_color"] == "#fbfaf7"
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        path = finders.find(icon["src"].removeprefix("/static/"))
        width, height = png_size(path)
        assert f"{width}x{height}" == icon["sizes"]
    home = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in home
