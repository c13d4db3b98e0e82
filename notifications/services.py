"""Notifications and e-mail: everything that writes ``Notification`` or ``OutboundEmail``.

``notify`` is called by ``games.services`` inside the transaction that changes the game.
It writes the in-app notification and, when the user wants an e-mail for each event and
is not looking at the game right now, the finished e-mail into the outbox; the e-mail
task is enqueued only once that transaction commits. The same decision (``reach``) says
whether the player's browsers get a Web Push notification (``notifications.webpush``),
also sent by a task once the transaction commits. A failing mail server therefore
never blocks or undoes a move: the outbox row stays pending, the task retries with
backoff, and ``outbox_flush`` picks up anything whose task was lost.
"""

import logging
from dataclasses import dataclass
from datetime import datetime, time, timedelta

from django.conf import settings
from django.core.cache import cache
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from games import push
from notifications import webpush
from notifications.models import Notification, OutboundEmail
from xix_site import jobs

log = logging.getLogger(__name__)

Kind = Notification.Kind
# The task that sends one outbox e-mail, sent through the seam (``xix_site.jobs``).
EMAIL_SEND = "notifications.tasks.email_send"
# The task that sends one notification to the player's browsers (Web Push).
WEBPUSH_SEND = "notifications.tasks.webpush_send"
# What a browser notification is sent for: your move, a challenge or a table's invitation
# received, and a tournament's news (a round's game begun, the end).
PUSH_KINDS = frozenset({Kind.YOUR_TURN, Kind.CHALLENGE, Kind.TOURNAMENT})

SUBJECTS = {
    Kind.CHALLENGE: "{actor} challenges you",
    Kind.ACCEPTED: "{actor} accepted your challenge",
    Kind.YOUR_TURN: "Your move against {opponent}",
    Kind.DEADLINE: "Your move against {opponent} is due soon",
    Kind.EXTRA_DAY: "{opponent} gave you an extra day",
    Kind.GAME_OVER: "Your game against {opponent} is over",
    Kind.SEAT_LEFT: "{actor} left your game",
    Kind.REPORT: "Your report has been handled",
    Kind.TOURNAMENT: "News of your tournament",
}

# The longest notification text and e-mail subject (the model fields' lengths).
TEXT_LIMIT = Notification._meta.get_field("text").max_length
SUBJECT_LIMIT = OutboundEmail._meta.get_field("subject").max_length

# How many times a failing e-mail is tried before it is marked failed.
MAX_EMAIL_ATTEMPTS = 6


# --- "is the user looking at this game?" --------------------------------------------


def viewing_key(user_id, game_id) -> str:
    return f"viewing:{user_id}:{game_id}"


def viewing_mark(user_id, game_id) -> None:
    """Record that the user has the game's page open (the page and its poll call this)."""
    try:
        cache.set(viewing_key(user_id, game_id), 1, settings.NOTIFY_VIEWING_SECONDS)
    except Exception:  # a cache outage must not break the page
        log.warning("could not record that user %s views game %s", user_id, game_id)


def is_viewing(user_id, game_id) -> bool:
    try:
        return bool(cache.get(viewing_key(user_id, game_id)))
    except Exception:
        return False


# --- quiet hours and how a notification reaches the player ----------------------------


def quiet_end(user, now=None) -> datetime | None:
    """The end of the user's quiet hours when ``now`` falls in them, else None. Quiet
    hours run from ``quiet_from`` o'clock to ``quiet_until`` o'clock in the user's time
    zone, across midnight when the first is the later (22 to 7)."""
    start, end = user.quiet_from, user.quiet_until
    if start is None or end is None or start == end:
        return None
    local = (now or timezone.now()).astimezone(user.zone)
    if start < end:
        inside = start <= local.hour < end
    else:
        inside = local.hour >= start or local.hour < end
    if not inside:
        return None
    day = local.date() if local.hour < end else local.date() + timedelta(days=1)
    return datetime.combine(day, time(end), tzinfo=user.zone)


@dataclass(frozen=True)
class Reach:
    """How one notification reaches its player away from the site: ``email`` is the
    ``Notification.Email`` value, ``push`` whether their browsers are notified, and
    ``quiet_end`` the end of the quiet hours it falls in (an e-mail waits for it)."""

    email: str
    push: bool
    quiet_end: datetime | None


def reach(user, game, kind: str, now=None) -> Reach:
    """The one decision for e-mail and browser notifications alike. Neither while the
    player looks at the game (they see it there); no browser notification in quiet hours
    (an e-mail waits for their end), nor for other kinds than ``PUSH_KINDS``, nor without a
    subscribed browser. E-mail follows the e-mail preference; browser notifications follow
    the player's opt-in on each browser (a subscription), whatever the e-mail preference."""
    viewing = game is not None and is_viewing(user.pk, game.pk)
    quiet = quiet_end(user, now)
    push = (
        not user.is_bot
        and kind in PUSH_KINDS
        and not viewing
        and quiet is None
        and webpush.enabled()
        and webpush.subscribed(user)
    )
    pref = user.email_notifications
    if user.is_bot or not user.email or pref == user.EmailNotifications.NONE:
        email = Notification.Email.NONE
    elif viewing:
        email = Notification.Email.VIEWING
    elif pref == user.EmailNotifications.DIGEST:
        email = Notification.Email.DIGEST
    else:
        email = Notification.Email.QUEUED
    return Reach(email=email, push=push, quiet_end=quiet)


# --- writing notifications ------------------------------------------------------------


def site_url(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def notify(
    *, user, game, kind: str, seq: int, text: str, actor=None, link: str = "", subject: str = ""
) -> Notification | None:
    """Notify ``user`` about ``game`` (None for news about no game, which then leads to
    ``link``); at most once per (user, game, seq, kind). ``subject`` is the e-mail's
    subject (``games.notices`` words one for every notice about a game); without one, the
    kind's in ``SUBJECTS``.

    A "your move" notice is not written while the user is looking at the game (they see
    the move on the table), and a game has at most one unread one: a later move updates
    it (action number, text, time) and sends no second e-mail or browser notification.

    Returns the new notification, or None when there is nothing to do (a bot, the same
    event already notified, a player looking at the table, an unread "your move" notice
    updated). Must run inside the transaction that made the change.
    """
    if user is None or user.is_bot:
        return None
    if kind == Kind.YOUR_TURN and game is not None:
        if is_viewing(user.pk, game.pk):
            return None
        if _your_turn_update(user=user, game=game, seq=seq, text=text):
            return None
    away = reach(user, game, kind)
    email = away.email
    try:
        with transaction.atomic():
            notification = Notification.objects.create(
                user=user,
                game=game,
                kind=kind,
                seq=seq,
                text=text[:TEXT_LIMIT],
                email=email,
                link=link,
            )
    except IntegrityError:
        return None  # already notified: a repeated task or sweep
    # The notifications badge of the user's open pages.
    push.people_changed([user.pk], game_id=game.pk if game is not None else None, seq=seq)
    if email == Notification.Email.QUEUED:
        outbound = _event_email(
            notification, actor=actor, subject=subject, not_before=away.quiet_end
        )
        _enqueue_send(outbound)
    if away.push:
        jobs.after_commit(WEBPUSH_SEND, notification.pk)
    return notification


def _your_turn_update(*, user, game, seq: int, text: str) -> bool:
    """Bring the user's unread "your move" notice for ``game`` up to ``seq``; False when
    there is none. The caller holds the game's row lock, so two moves of one game never
    race here."""
    return bool(
        Notification.objects.filter(
            user=user, game=game, kind=Kind.YOUR_TURN, read_at__isnull=True
        ).update(seq=seq, text=text[:TEXT_LIMIT], created=timezone.now())
    )


def _opponent_name(game, user) -> str:
    if game is None:
        return ""
    seat = game.seat_of(user)
    if seat is None:
        other = game.created_by if game.created_by_id != user.pk else game.invited
    elif game.seats_count == 2:
        other = game.players[1 - seat]
    else:
        return "the other players"
    return other.username if other is not None else "your opponent"


def _event_email(
    notification: Notification, *, actor=None, subject: str = "", not_before=None
) -> OutboundEmail:
    user, game = notification.user, notification.game
    if not subject:
        names = {
            "actor": actor.username if actor is not None else _opponent_name(game, user),
            "opponent": _opponent_name(game, user),
        }
        subject = SUBJECTS[notification.kind].format(**names)
    subject = (settings.EMAIL_SUBJECT_PREFIX_SITE + subject)[:SUBJECT_LIMIT]
    context = {
        "user": user,
        "notification": notification,
        "game_url": site_url(notification.get_absolute_url()),
        "about_game": game is not None,
        "preferences_url": site_url(reverse("players:settings")),
        "notifications_url": site_url(reverse("notifications:list")),
    }
    return OutboundEmail.objects.create(
        key=f"n{notification.pk}",
        user=user,
        to_address=user.email,
        subject=subject,
        body_text=render_to_string("notifications/email/event.txt", context),
        body_html=render_to_string("notifications/email/event.html", context),
        not_before=not_before,
    )


def _enqueue_send(outbound: OutboundEmail) -> None:
    """Send the e-mail once the transaction commits; one written in the player's quiet
    hours waits for ``outbox_flush`` to find it after they end."""
    if outbound.not_before is None:
        jobs.after_commit(EMAIL_SEND, outbound.pk)


# --- reading and marking --------------------------------------------------------------


def unread_count(user) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def accepted_unread(user) -> list[Notification]:
    """The user's unread "your challenge was accepted" news about games still in play,
    newest first: the lobby shows them, with a link, until the game is opened."""
    return list(
        Notification.objects.filter(
            user=user, kind=Kind.ACCEPTED, read_at__isnull=True, game__status="active"
        ).order_by("-created")[:10]
    )


def mark_read(*, user, ids=None, game_id=None) -> int:
    """Mark the user's unread notifications read: all, those in ``ids``, or one game's."""
    unread = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        unread = unread.filter(pk__in=ids)
    if game_id is not None:
        unread = unread.filter(game_id=game_id)
    if not unread.exists():
        return 0  # a page load with nothing new writes nothing (no SQLite write lock)
    return unread.update(read_at=timezone.now())


# --- sending --------------------------------------------------------------------------


class SendFailed(Exception):
    """Sending an outbox e-mail failed; the task retries it."""


def email_send(outbound_id) -> bool:
    """Send one outbox e-mail unless it has been sent already; True if it went out now.

    The row is locked while sending, so two runs of the task for the same e-mail send it
    once. One held for the end of quiet hours (``not_before``) is not sent before then. A
    failure is counted and recorded, then raised as SendFailed for a retry, until
    MAX_EMAIL_ATTEMPTS, after which the e-mail is marked failed.
    """
    with transaction.atomic():
        try:
            outbound = OutboundEmail.objects.select_for_update().get(pk=outbound_id)
        except OutboundEmail.DoesNotExist:
            return False
        if outbound.status != OutboundEmail.Status.PENDING:
            return False
        if outbound.not_before is not None and outbound.not_before > timezone.now():
            return False
        message = EmailMultiAlternatives(
            subject=outbound.subject,
            body=outbound.body_text,
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=[outbound.to_address],
            headers={"List-Unsubscribe": f"<{site_url(reverse('players:settings'))}>"},
        )
        message.attach_alternative(outbound.body_html, "text/html")
        outbound.attempts += 1
        try:
            message.send()
        except Exception as error:
            outbound.last_error = f"{type(error).__name__}: {error}"[:2000]
            if outbound.attempts >= MAX_EMAIL_ATTEMPTS:
                outbound.status = OutboundEmail.Status.FAILED
            outbound.save(update_fields=["attempts", "last_error", "status"])
            log.warning("e-mail %s failed (attempt %s): %s", outbound.pk, outbound.attempts, error)
            failed = outbound.status == OutboundEmail.Status.PENDING
        else:
            outbound.status = OutboundEmail.Status.SENT
            outbound.sent_at = timezone.now()
            outbound.save(update_fields=["attempts", "status", "sent_at"])
            return True
    if failed:
        raise SendFailed(outbound.last_error)
    return False


def outbox_flush(*, now=None, older_than=timedelta(minutes=5)) -> int:
    """Enqueue a send for every pending e-mail older than ``older_than`` (a lost task, a
    broker outage, a retry chain that ran out, the end of quiet hours it waited for).
    Returns how many were enqueued."""
    now = now or timezone.now()
    pending = (
        OutboundEmail.objects.filter(
            status=OutboundEmail.Status.PENDING, created__lte=now - older_than
        )
        .exclude(not_before__gt=now)
        .values_list("pk", flat=True)
    )
    count = 0
    for pk in pending[:500]:
        try:
            jobs.send(EMAIL_SEND, pk)
        except Exception:  # in-process (no broker): one bad address must not stop the rest
            log.warning("outbox e-mail %s still failing; it stays pending", pk)
        count += 1
    return count


# --- the daily digest -----------------------------------------------------------------


def digest_send(*, now=None) -> int:
    """Write a digest e-mail for every digest user whose local time is DIGEST_HOUR and who
    has unread notifications waiting for one. Safe to run any number of times an hour:
    the outbox key (user, local date) lets one digest a day through. Returns how many."""
    from accounts.models import User

    now = now or timezone.now()
    waiting = (
        Notification.objects.filter(email=Notification.Email.DIGEST)
        .values_list("user_id", flat=True)
        .distinct()
    )
    count = 0
    for user in User.objects.filter(pk__in=list(waiting)):
        local = now.astimezone(user.zone)
        if local.hour != settings.DIGEST_HOUR:
            continue
        if _digest_for(user, local.date().isoformat(), now):
            count += 1
    return count


@transaction.atomic
def _digest_for(user, local_date: str, now) -> bool:
    key = f"digest:{user.pk}:{local_date}"
    if OutboundEmail.objects.filter(key=key).exists():
        return False
    # of=("self",): only the notification rows are locked (their game may be empty, and
    # PostgreSQL cannot lock the empty side of the outer join select_related makes).
    waiting = Notification.objects.select_for_update(of=("self",)).filter(
        user=user, email=Notification.Email.DIGEST
    )
    items = list(waiting.filter(read_at__isnull=True).select_related("game").order_by("created"))
    # Already read on the site: nothing to tell by e-mail.
    waiting.filter(read_at__isnull=False).update(email=Notification.Email.SKIPPED)
    if not items or not user.email or user.email_notifications != user.EmailNotifications.DIGEST:
        return False
    context = {
        "user": user,
        "items": [
            {
                "text": n.text,
                "when": n.created,
                "url": site_url(n.get_absolute_url()),
            }
            for n in items
        ],
        "zone": user.zone,
        "preferences_url": site_url(reverse("players:settings")),
        "notifications_url": site_url(reverse("notifications:list")),
    }
    outbound = OutboundEmail.objects.create(
        key=key,
        user=user,
        to_address=user.email,
        subject=settings.EMAIL_SUBJECT_PREFIX_SITE
        + f"Your daily digest: {len(items)} update{'s' if len(items) != 1 else ''}",
        body_text=render_to_string("notifications/email/digest.txt", context),
        body_html=render_to_string("notifications/email/digest.html", context),
        not_before=quiet_end(user, now),
    )
    Notification.objects.filter(pk__in=[n.pk for n in items]).update(
        email=Notification.Email.DIGESTED
    )
    _enqueue_send(outbound)
    return True
