"""Every moderation action, as the admin, the periodic task and the tests call it.

Each action runs in one transaction that locks the rows it changes and writes its
``AuditEntry`` in that same transaction, so an action and its record are committed
together or not at all. ``actor`` is the staff member acting (checked against the
permission the action needs) or None for the site itself (the periodic task that lifts
suspensions whose end date has passed).
"""

from datetime import timedelta

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from chat.models import ChatMessage
from games import notices, push
from games.models import Game, GameSeat, Invitation
from games.services import NoSuchGame, game_close, game_finish, lock_game, seat_has_left, seat_leave
from moderation.models import AuditEntry, Report
from notifications.models import Notification
from notifications.services import notify

# How many reports one user may file: per hour and per day.
REPORTS_PER_HOUR = 5
REPORTS_PER_DAY = 20
MAX_REASON = 1000
MAX_REPORT_TEXT = 2000


class ModerationError(Exception):
    """A moderation request that cannot be carried out; the message says why."""

    status = 400


class RateLimited(ModerationError):
    status = 429


class NotFound(ModerationError):
    status = 404


def _require(actor, permission: str) -> None:
    if actor is not None and not actor.has_perm(permission):
        raise PermissionDenied(f"{actor.username} lacks the permission {permission}.")


def _text(value, *, what: str, limit: int = MAX_REASON) -> str:
    value = (value or "").strip()
    if not value:
        raise ModerationError(f"Give {what}.")
    if len(value) > limit:
        raise ModerationError(f"Keep {what} under {limit} characters.")
    return value


def audit(
    *,
    actor,
    action: str,
    target: str,
    reason: str = "",
    target_user=None,
    target_game=None,
    target_report=None,
    details=None,
) -> AuditEntry:
    """Write one audit entry. Call it inside the transaction of the action it records."""
    return AuditEntry.objects.create(
        actor=actor,
        action=action,
        target=target[:200],
        reason=reason,
        target_user=target_user,
        target_game=target_game,
        target_report=target_report,
        details=details or {},
    )


def _game_label(game: Game) -> str:
    names = " v ".join(p.username if p else "?" for p in game.players)
    return f"game {game.pk} ({names})"


# --- users ------------------------------------------------------------------------------


def _locked_user(user_id) -> User:
    try:
        return User.objects.select_for_update().get(pk=user_id)
    except (User.DoesNotExist, ValueError, TypeError) as error:
        raise NotFound("There is no such user.") from error


@transaction.atomic
def user_suspend(*, actor, user_id, reason: str, until=None) -> dict:
    """Suspend a user: they can no longer log in (an open session stops working at its
    next request), their seat in each of their games in play is forfeited
    (``games.services.seat_leave``: at two seats, or under the forfeit policy, their side
    loses, rated as usual, all told; under the zombie policy the site plays their turns and
    they finish last), and their waiting challenges, made or received, are withdrawn.

    ``until`` (an aware datetime in the future) makes the suspension lift itself; None
    keeps it until a moderator lifts it. Returns what was done.

    Refused when the actor plays the user in a game in play: the forfeit would hand the
    actor the win and its rating points (as ``_moderated_game`` refuses to let a player
    decide his own game); another moderator must do it.
    """
    _require(actor, "accounts.suspend_user")
    reason = _text(reason, what="a reason for the suspension")
    now = timezone.now()
    if until is not None and until <= now:
        raise ModerationError("The end of a suspension must be in the future.")
    user = _locked_user(user_id)
    if actor is not None and actor.pk == user.pk:
        raise ModerationError("You cannot suspend yourself.")
    if user.is_staff or user.is_superuser:
        raise ModerationError(
            f"{user.username} is staff: a superuser must remove their staff status first."
        )
    if user.is_suspended:
        raise ModerationError(f"{user.username} is already suspended; lift that first.")
    user.suspended_at = now
    user.suspended_until = until
    user.suspension_reason = reason
    user.save(update_fields=["suspended_at", "suspended_until", "suspension_reason"])

    forfeited = []
    active = Game.objects.filter(
        seats__user=user,
        seats__status=GameSeat.Status.PLAYING,
        seats__position__isnull=False,
        status=Game.Status.ACTIVE,
    ).order_by("pk")
    for pk in active.values_list("pk", flat=True):
        game = lock_game(pk)
        seat = game.seat_of(user)
        if game.status != Game.Status.ACTIVE or seat is None or seat_has_left(game, seat):
            continue
        if actor is not None and game.seat_of(actor) is not None:
            # Raised inside the transaction: the suspension and any forfeit roll back.
            raise ModerationError(
                f"You are playing {user.username} in game {game.pk}: another moderator "
                "must decide a suspension that would forfeit it."
            )
        seat_leave(game, seat, GameSeat.Status.FORFEITED)
        forfeited.append(game.pk)

    withdrawn = []
    waiting = Game.objects.filter(
        Q(created_by=user)
        | Q(seats_count=2, pk__in=Invitation.objects.filter(user=user).values("game")),
        status=Game.Status.WAITING,
    ).order_by("pk")
    for pk in waiting.values_list("pk", flat=True):
        game = lock_game(pk)
        if game.status == Game.Status.WAITING:
            withdrawn.append(game.pk)
            game.delete()

    done = {
        "until": until.isoformat() if until else None,
        "games_forfeited": forfeited,
        "challenges_withdrawn": withdrawn,
    }
    audit(
        actor=actor,
        action=AuditEntry.Action.SUSPEND,
        target=f"user {user.username}",
        target_user=user,
        reason=reason,
        details=done,
    )
    return done


@transaction.atomic
def user_lift(*, actor, user_id, reason: str = "") -> User:
    """End a user's suspension: they can log in again."""
    _require(actor, "accounts.suspend_user")
    user = _locked_user(user_id)
    if user.suspended_at is None:
        raise ModerationError(f"{user.username} is not suspended.")
    _lift(user, actor=actor, reason=(reason or "").strip())
    return user


def _lift(user: User, *, actor, reason: str) -> None:
    """Clear the locked ``user``'s suspension and record it."""
    details = {
        "suspended_at": user.suspended_at.isoformat(),
        "until": user.suspended_until.isoformat() if user.suspended_until else None,
        "suspension_reason": user.suspension_reason,
    }
    user.suspended_at = None
    user.suspended_until = None
    user.suspension_reason = ""
    user.save(update_fields=["suspended_at", "suspended_until", "suspension_reason"])
    audit(
        actor=actor,
        action=AuditEntry.Action.LIFT,
        target=f"user {user.username}",
        target_user=user,
        reason=reason,
        details=details,
    )


def suspensions_lift_expired(*, now=None) -> int:
    """Lift every suspension whose end date has passed (the periodic task). Safe to run
    any number of times: a suspension already lifted is skipped. Returns how many."""
    now = now or timezone.now()
    due = User.objects.filter(suspended_at__isnull=False, suspended_until__lte=now)
    lifted = 0
    for pk in due.values_list("pk", flat=True):
        with transaction.atomic():
            user = _locked_user(pk)
            if user.suspended_at is None or user.suspended_until is None:
                continue  # lifted (or made indefinite) since the query above
            if user.suspended_until > now:
                continue
            _lift(user, actor=None, reason="The suspension reached its end date.")
            lifted += 1
    return lifted


def audit_user_admin_change(*, actor, user, action: str, changed: list[str], message: str = ""):
    """The entry for a change made to a user through the admin (added, changed, deleted)."""
    return audit(
        actor=actor,
        action=action,
        target=f"user {user.username}",
        target_user=None if action == AuditEntry.Action.USER_DELETED else user,
        reason=message,
        details={"fields": changed, "user_id": user.pk},
    )


# --- games ------------------------------------------------------------------------------


def _moderated_game(actor, game_id) -> Game:
    """The locked game, once the caller has checked ``games.moderate_game``."""
    try:
        game = lock_game(game_id)
    except NoSuchGame as error:
        raise NotFound("There is no such game.") from error
    if game.status != Game.Status.ACTIVE:
        raise ModerationError(
            f"Game {game.pk} is not in play: only a game in play can be aborted or adjudicated."
        )
    if actor is not None and game.seat_of(actor) is not None:
        raise ModerationError("You play in this game: another moderator must decide it.")
    return game


@transaction.atomic
def game_abort(*, actor, game_id, reason: str) -> Game:
    """Stop a game in play with no result: no winner, no rating change; both players are
    told why."""
    _require(actor, "games.moderate_game")
    reason = _text(reason, what="a reason for the abort")
    game = _moderated_game(actor, game_id)
    game.verdict = reason
    game_close(game, status=Game.Status.ABORTED, winner=None, reason=Game.Reason.ABORT)
    notices.game_over(game)
    audit(
        actor=actor,
        action=AuditEntry.Action.ABORT,
        target=_game_label(game),
        target_game=game,
        reason=reason,
        details={"at_action": game.n_actions, "scores": game.scores},
    )
    return game


def _checked_ranks(game: Game, ranks) -> list[int]:
    """A moderator's places for a table of more than two seats: one whole number per seat,
    partners sharing theirs, and the places a ranking can have (1 + the number of sides
    placed better: 1, 1, 3 but never 1, 2, 2, 4 or 2, 3)."""
    from games.outcomes import sides_of

    count = game.seats_count
    if (
        not isinstance(ranks, list | tuple)
        or len(ranks) != count
        or any(isinstance(r, bool) or not isinstance(r, int) for r in ranks)
    ):
        raise ModerationError(f"Give a place for each of the {count} seats.")
    sides = sides_of(game)
    if any(len({ranks[seat] for seat in side}) != 1 for side in sides):
        raise ModerationError("Partners share one place: give them the same one.")
    places = [ranks[side[0]] for side in sides]
    if any(place != 1 + sum(1 for other in places if other < place) for place in places):
        raise ModerationError(
            "Those places are not a ranking: number them 1, 2, 3… with tied sides sharing "
            "a place and the next place skipped (1, 1, 3)."
        )
    return list(ranks)


@transaction.atomic
def game_adjudicate(*, actor, game_id, reason: str, winner: int | None = None, ranks=None) -> Game:
    """Decide a game in play, rated as any other result; every player is told why. A game
    of two seats: ``winner`` (seat 0 or 1) wins. A table of more: ``ranks``, each seat's
    place (1 best, ties share, partners together)."""
    _require(actor, "games.moderate_game")
    reason = _text(reason, what="a reason for the decision")
    game = _moderated_game(actor, game_id)
    if game.seats_count == 2:
        if isinstance(winner, bool) or winner not in (0, 1):
            raise ModerationError("Choose the winner: seat 0 or seat 1.")
        decided = {"winner_seat": winner, "winner": game.players[winner].username}
        result = {"winner": winner}
    else:
        ranks = _checked_ranks(game, ranks)
        decided = {
            "ranks": ranks,
            "places": {
                player.username: rank for player, rank in zip(game.players, ranks, strict=True)
            },
        }
        result = {"ranks": ranks}
    game.verdict = reason
    game_finish(game, scores=game.scores, reason=Game.Reason.ADJUDICATED, **result)
    audit(
        actor=actor,
        action=AuditEntry.Action.ADJUDICATE,
        target=_game_label(game),
        target_game=game,
        reason=reason,
        details={**decided, "at_action": game.n_actions, "scores": game.scores},
    )
    return game


# --- reports ----------------------------------------------------------------------------


def report_target(*, reporter, game=None, reported=None):
    """The player a report about ``game`` or ``reported`` names (None for a spectator's
    report about a game, or a report about a table's game itself); ModerationError when
    that target cannot be reported at all. With a game, ``reported`` (optional) must be
    one of its other players."""
    if game is None and reported is None:
        raise ModerationError("Report either a game or a player.")
    if game is not None:
        if game.status == Game.Status.WAITING:
            raise ModerationError(
                "This challenge has not been accepted: report the player from their profile."
            )
        seat = game.seat_of(reporter)
        others = [p for s, p in enumerate(game.players) if s != seat and p is not None]
        if reported is None:
            # At a table of two the player reported is the opponent; at a larger table
            # the reporter names one, or reports the game itself; a spectator, the game.
            reported = others[0] if seat is not None and len(others) == 1 else None
        elif reported.pk not in {other.pk for other in others}:
            raise ModerationError("Choose one of the other players of this game.")
    else:
        if reported.pk == reporter.pk:
            raise ModerationError("You cannot report yourself.")
    if reported is not None and reported.is_bot:
        raise ModerationError("Bots are run by the site itself: there is nobody to report.")
    return reported


@transaction.atomic
def report_create(
    *,
    reporter,
    category: str,
    text: str,
    game=None,
    reported=None,
    chat_message=None,
    context: str = "",
) -> Report:
    """File a report about ``game`` (as the reporter sees it) or the player ``reported``;
    with ``chat_message``, about that message of ``game``'s chat by ``reported``, its
    ``context`` (the messages around it, ``chat.services.message_report``) kept with it,
    and the reporter's words optional.

    Refused: a bot or oneself as the target, a challenge not yet accepted, a second open
    report about the same target, more than REPORTS_PER_HOUR / REPORTS_PER_DAY reports.
    The reporter's user row is locked before the reports are counted, so reports sent at
    once are counted one after the other and the limits hold.
    """
    if category not in Report.Category.values:
        raise ModerationError("Choose what the report is about.")
    if chat_message is None:
        text = _text(text, what="a few words on what happened", limit=MAX_REPORT_TEXT)
    else:
        text = (text or "").strip()
        if len(text) > MAX_REPORT_TEXT:
            raise ModerationError(f"Keep your words under {MAX_REPORT_TEXT} characters.")
    reported = report_target(reporter=reporter, game=game, reported=reported)
    reporter.lock_row()
    now = timezone.now()
    mine = Report.objects.filter(reporter=reporter)
    if mine.filter(created__gt=now - timedelta(hours=1)).count() >= REPORTS_PER_HOUR:
        raise RateLimited(
            f"You have sent {REPORTS_PER_HOUR} reports in the last hour; please wait a while."
        )
    if mine.filter(created__gt=now - timedelta(days=1)).count() >= REPORTS_PER_DAY:
        raise RateLimited(
            f"You have sent {REPORTS_PER_DAY} reports in the last day; please wait a while."
        )
    open_reports = mine.filter(status=Report.Status.OPEN)
    if chat_message is not None:
        already, what = open_reports.filter(chat_message=chat_message).exists(), "message"
    elif game is not None:
        already = open_reports.filter(game=game, chat_message__isnull=True).exists()
        what = "game"
    else:
        already = open_reports.filter(game__isnull=True, reported=reported).exists()
        what = "player"
    duplicate = ModerationError(
        f"You have already reported this {what}; the moderators will tell you what they decide."
    )
    if already:
        raise duplicate
    try:
        with transaction.atomic():
            return Report.objects.create(
                reporter=reporter,
                game=game,
                reported=reported,
                category=category,
                text=text,
                chat_message=chat_message,
                context=context,
            )
    except IntegrityError as error:  # the same report sent twice at once
        raise duplicate from error


OUTCOMES = {
    Report.Status.RESOLVED: (
        AuditEntry.Action.REPORT_RESOLVED,
        "The moderators looked into your report about {target} and acted on it.",
    ),
    Report.Status.DISMISSED: (
        AuditEntry.Action.REPORT_DISMISSED,
        "The moderators looked into your report about {target} and took no action.",
    ),
}


@transaction.atomic
def _report_close(*, actor, report_id, note: str, status: str) -> Report:
    _require(actor, "moderation.handle_report")
    note = _text(note, what="a note for the reporter")
    try:
        # of=("self",): PostgreSQL cannot lock the nullable side of the outer joins that
        # select_related makes for "reported" and "game"; the report row is what we lock.
        report = (
            Report.objects.select_for_update(of=("self",))
            .select_related("reporter", "reported", "game")
            .get(pk=report_id)
        )
    except (Report.DoesNotExist, ValueError, TypeError) as error:
        raise NotFound("There is no such report.") from error
    if not report.is_open:
        done = report.get_status_display().lower()
        raise ModerationError(f"Report {report.pk} was already {done}.")
    # A spectator's report about a game names no one: its two players are the reported.
    involved = {report.reporter_id, report.reported_id}
    if report.game is not None:
        involved.update(report.game.player_ids)
    if actor is not None and actor.pk in involved:
        raise ModerationError("You are part of this report: another moderator must handle it.")
    report.status = status
    report.handled_by = actor
    report.handled_at = timezone.now()
    report.note = note
    report.save(update_fields=["status", "handled_by", "handled_at", "note"])
    action, opening = OUTCOMES[status]
    target = report.target_label
    if report.game_id is None:
        link = reverse("players:profile", args=[report.reported.username])
    else:
        link = ""
    notify(
        user=report.reporter,
        game=report.game,
        kind=Notification.Kind.REPORT,
        seq=report.pk,
        text=opening.format(target=target) + f" {note}",
        link=link,
    )
    audit(
        actor=actor,
        action=action,
        target=f"report {report.pk} about {target}",
        target_report=report,
        target_user=report.reported,
        target_game=report.game,
        reason=note,
        details={"category": report.category, "reporter": report.reporter.username},
    )
    return report


def report_resolve(*, actor, report_id, note: str) -> Report:
    """Close a report as acted upon; the reporter is told, with the note."""
    return _report_close(actor=actor, report_id=report_id, note=note, status=Report.Status.RESOLVED)


def report_dismiss(*, actor, report_id, note: str) -> Report:
    """Close a report with no action; the reporter is told, with the note."""
    return _report_close(
        actor=actor, report_id=report_id, note=note, status=Report.Status.DISMISSED
    )


# --- chat -------------------------------------------------------------------------------


@transaction.atomic
def message_hide(*, actor, message_id, reason: str) -> ChatMessage:
    """Hide a chat message: every page shows "(message hidden by a moderator)" in its
    place; its text stays for the moderators (the admin, the audit entry). Refused for a
    message already hidden, and for a moderator who plays in its game."""
    _require(actor, "chat.hide_chatmessage")
    reason = _text(reason, what="a reason for hiding the message")
    try:
        message = (
            ChatMessage.objects.select_for_update(of=("self",))
            .select_related("author", "game")
            .get(pk=message_id)
        )
    except (ChatMessage.DoesNotExist, ValueError, TypeError) as error:
        raise NotFound("There is no such message.") from error
    if message.is_hidden:
        raise ModerationError(f"Message {message.pk} is already hidden.")
    if actor is not None and message.game.seat_of(actor) is not None:
        raise ModerationError("You play in this game: another moderator must decide.")
    message.hidden_by = actor
    message.hidden_at = timezone.now()
    message.save(update_fields=["hidden_by", "hidden_at"])
    # Open chat panels show "(message hidden by a moderator)" at once.
    push.chat_changed(message.game_id, ("hidden", message.pk))
    audit(
        actor=actor,
        action=AuditEntry.Action.MESSAGE_HIDDEN,
        target=f"message {message.pk} by {message.author.username} in game {message.game_id}",
        target_user=message.author,
        target_game=message.game,
        reason=reason,
        details={"message": message.pk, "author": message.author.username, "text": message.text},
    )
    return message
