"""Browser notifications (Web Push): the subscriptions and sending to them.

A browser that the player allows to show notifications subscribes with the site's VAPID
public key (``settings.WEBPUSH_VAPID_PUBLIC_KEY``) and hands its subscription to
``/notifications/push/subscribe``. When ``notifications.services.reach`` decides that a
notification goes to the player's browsers, the task ``webpush_send`` runs ``send``: the
payload (the notification's own text, which was written for that player, and where it
leads) is encrypted for each browser (aes128gcm) by ``pywebpush`` and posted to its push
service, signed with the private key. A subscription the push service no longer knows
(404 or 410) is deleted; any other failure is recorded on the row and logged, and nothing
is retried: a notification late by minutes is worth less than none.
"""

import base64
import binascii
import json
import logging
import re
from urllib.parse import urlsplit

import requests
from django.conf import settings
from django.db import IntegrityError, transaction
from django.templatetags.static import static
from django.utils import timezone
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush

from notifications.models import Notification, PushSubscription

log = logging.getLogger(__name__)

# The push services of the browsers people use (Chrome and Edge's FCM, Firefox's
# autopush, Windows, Apple). The site posts only to these: a subscription is an address
# the server will send requests to, and any other would let a player aim it elsewhere.
PUSH_SERVICE_HOSTS = (
    "fcm.googleapis.com",
    "android.googleapis.com",
    "push.services.mozilla.com",
    "notify.windows.com",
    "push.apple.com",
)
# A player's browsers: subscribing one more drops the oldest.
MAX_SUBSCRIPTIONS = 10
# How long a push service keeps a message for a browser that is offline (seconds).
TTL = 24 * 3600
# How long one post to a push service may take (seconds).
TIMEOUT = 10
ENDPOINT_LIMIT = PushSubscription._meta.get_field("endpoint").max_length
USER_AGENT_LIMIT = PushSubscription._meta.get_field("user_agent").max_length


def enabled() -> bool:
    """Whether the site has a VAPID key pair, without which browser notifications are not
    offered."""
    return bool(settings.WEBPUSH_VAPID_PUBLIC_KEY and settings.WEBPUSH_VAPID_PRIVATE_KEY)


def subscribed(user) -> bool:
    return PushSubscription.objects.filter(user=user).exists()


# --- subscribing ----------------------------------------------------------------------


class BadSubscription(ValueError):
    """What a browser sent is not a usable push subscription; the message says why."""


BASE64URL = re.compile(r"[A-Za-z0-9_-]+=*")


def _key(value, *, length: int, name: str) -> str:
    if not isinstance(value, str) or not value or len(value) > 100:
        raise BadSubscription(f"The subscription's {name} key is missing.")
    if not BASE64URL.fullmatch(value):
        raise BadSubscription(f"The subscription's {name} key is not base64url.")
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise BadSubscription(f"The subscription's {name} key is not base64url.") from None
    if len(raw) != length or (name == "p256dh" and raw[0] != 4):
        raise BadSubscription(f"The subscription's {name} key has the wrong length.")
    return value.rstrip("=")


def push_service_allowed(endpoint: str) -> bool:
    parts = urlsplit(endpoint)
    host = (parts.hostname or "").lower()
    return parts.scheme == "https" and any(
        host == allowed or host.endswith("." + allowed) for allowed in PUSH_SERVICE_HOSTS
    )


def clean(data) -> dict:
    """The fields of a ``PushSubscription`` from the Push API's JSON form of one
    (``{"endpoint": ..., "keys": {"p256dh": ..., "auth": ...}}``); BadSubscription if it
    is not one."""
    if not isinstance(data, dict):
        raise BadSubscription("Send the subscription as a JSON object.")
    endpoint = data.get("endpoint")
    if not isinstance(endpoint, str) or not endpoint:
        raise BadSubscription("The subscription has no endpoint.")
    if len(endpoint) > ENDPOINT_LIMIT:
        raise BadSubscription("The subscription's endpoint is too long.")
    if not push_service_allowed(endpoint):
        raise BadSubscription("The endpoint is not the push service of a known browser.")
    keys = data.get("keys")
    if not isinstance(keys, dict):
        raise BadSubscription("The subscription has no keys.")
    return {
        "endpoint": endpoint,
        "p256dh": _key(keys.get("p256dh"), length=65, name="p256dh"),
        "auth": _key(keys.get("auth"), length=16, name="auth"),
    }


def subscribe(user, data, *, user_agent: str = "") -> PushSubscription:
    """Store the browser's subscription for ``user`` (BadSubscription if ``data`` is not
    one). The same endpoint again updates its row: a repeated request is applied once, and
    a browser subscribed by another account before moves to this one."""
    fields = clean(data)
    values = {
        "user": user,
        "p256dh": fields["p256dh"],
        "auth": fields["auth"],
        "user_agent": user_agent[:USER_AGENT_LIMIT],
    }
    with transaction.atomic():
        try:
            with transaction.atomic():
                subscription, _ = PushSubscription.objects.update_or_create(
                    endpoint=fields["endpoint"], defaults=values
                )
        except IntegrityError:  # a concurrent request created it first
            subscription, _ = PushSubscription.objects.update_or_create(
                endpoint=fields["endpoint"], defaults=values
            )
        older = PushSubscription.objects.filter(user=user).order_by("-created", "-pk")
        stale = list(older.values_list("pk", flat=True)[MAX_SUBSCRIPTIONS:])
        if stale:
            PushSubscription.objects.filter(pk__in=stale).delete()
    return subscription


def unsubscribe(user, endpoint) -> int:
    """Forget the user's subscription at ``endpoint``; how many rows went (0 when it was
    not theirs or is gone already)."""
    if not isinstance(endpoint, str) or not endpoint:
        raise BadSubscription("The subscription has no endpoint.")
    deleted, _ = PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()
    return deleted


# --- sending --------------------------------------------------------------------------


def payload(notification: Notification) -> dict:
    """What the browser shows: the notification's text (worded for this player, with what
    they may know: the game, the other players' names, never a card) and where a click
    leads. One tag per game, so a newer notice about a game replaces the older."""
    return {
        "title": "XIX Online",
        "body": notification.text,
        "url": notification.get_absolute_url(),
        "tag": f"game-{notification.game_id}" if notification.game_id else f"n{notification.pk}",
        "icon": static("icons/icon-192.png"),
        "badge": static("icons/icon-maskable-192.png"),
    }


def _claims() -> dict:
    return {"sub": settings.WEBPUSH_VAPID_SUBJECT or settings.SITE_URL}


def send(notification_id, *, session=None) -> int:
    """Send the notification to each of its player's browsers; how many took it.
    ``session`` is the ``requests`` session to post with (a new one by default)."""
    if not enabled():
        return 0
    try:
        notification = Notification.objects.select_related("user").get(pk=notification_id)
    except Notification.DoesNotExist:  # withdrawn with its challenge meanwhile
        return 0
    if notification.user.is_bot:
        return 0
    subscriptions = list(PushSubscription.objects.filter(user=notification.user))
    if not subscriptions:
        return 0
    data = json.dumps(payload(notification))
    vapid = Vapid02.from_raw(settings.WEBPUSH_VAPID_PRIVATE_KEY.encode("ascii"))
    session = session or requests.Session()
    delivered = 0
    for subscription in subscriptions:
        if _send_one(subscription, data, vapid, session):
            delivered += 1
    return delivered


def _send_one(subscription: PushSubscription, data: str, vapid, session) -> bool:
    try:
        webpush(
            subscription.info(),
            data=data,
            vapid_private_key=vapid,
            vapid_claims=_claims(),  # a new dict each time: pywebpush writes the audience in
            ttl=TTL,
            timeout=TIMEOUT,
            requests_session=session,
        )
    except WebPushException as error:
        status = error.response.status_code if error.response is not None else None
        if status in (404, 410):
            log.info("push subscription %s expired (%s); deleted", subscription.pk, status)
            subscription.delete()
            return False
        if error.response is not None:
            text = getattr(error.response, "text", "")[:200]
            _failed(subscription, f"{status} {error.response.reason} {text}".strip())
        else:
            _failed(subscription, f"WebPushException: {error}")
        return False
    except Exception as error:  # a timeout, a refused connection, a broken stored key
        _failed(subscription, f"{type(error).__name__}: {error}")
        return False
    PushSubscription.objects.filter(pk=subscription.pk).update(last_success=timezone.now())
    return True


def _failed(subscription: PushSubscription, error: str) -> None:
    log.warning("push to subscription %s failed: %s", subscription.pk, error)
    PushSubscription.objects.filter(pk=subscription.pk).update(
        last_failure=timezone.now(), last_error=error[:300]
    )
