"""Suspending a user and lifting it: log-in refused with the reason and end date, open
sessions stopped, games forfeited, challenges withdrawn, the suspension lifting itself at
its end date (service, periodic command, Celery task), and every refusal writing nothing."""

from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress
from django.core.exceptions import PermissionDenied
from django.core.management import call_command

from accounts.models import User
from games import services as games, tables
from games.models import Game
from moderation import services
from moderation.models import AuditEntry
from moderation.tasks import suspensions_lift
from notifications.models import Notification
from ratings.models import RatingChange
from tests.factories import PASSWORD, UserFactory, make_challenge, start_game

pytestmark = pytest.mark.django_db

REASON = "Abusive messages to opponents."


def log_in(client, login, password=PASSWORD):
    """Log in through allauth's form, as a person whose address is confirmed."""
    for user in User.objects.filter(email__isnull=False).exclude(email=""):
        EmailAddress.objects.get_or_create(
            user=user, email=user.email, defaults={"verified": True, "primary": True}
        )
    return client.post("/accounts/login/", {"login": login, "password": password}, follow=True)


def logged_in_id(client):
    return client.session.get("_auth_user_id")


def fresh(obj):
    obj.refresh_from_db()
    return obj


def game_over_text(user, game) -> str:
    return Notification.objects.get(user=user, game=game, kind=Notification.Kind.GAME_OVER).text


# --- log-in and sessions ----------------------------------------------------------------


def test_a_suspended_user_is_refused_at_log_in_with_the_reason_and_end_date(
    client, moderator, alice, clock
):
    services.user_suspend(
        actor=moderator, user_id=alice.pk, reason=REASON, until=clock.now + timedelta(days=7)
    )
    response = log_in(client, "alice")
    page = response.content.decode()
    assert logged_in_id(client) is None
    assert "This account is suspended until 9 November 2026, 12:00 (UTC)." in page
    assert f"Reason: {REASON}" in page


def test_the_end_date_is_given_in_the_users_own_time_zone(client, moderator, alice, clock):
    alice.time_zone = "Europe/Paris"
    alice.save()
    services.user_suspend(
        actor=moderator, user_id=alice.pk, reason=REASON, until=clock.now + timedelta(days=7)
    )
    page = log_in(client, "alice").content.decode()
    assert "This account is suspended until 9 November 2026, 13:00 (CET)." in page


def test_an_open_ended_suspension_says_so_and_the_email_log_in_is_refused_too(
    client, moderator, alice
):
    services.user_suspend(actor=moderator, user_id=alice.pk, reason=REASON)
    page = log_in(client, "alice@example.com").content.decode()
    assert logged_in_id(client) is None
    assert f"This account is suspended. Reason: {REASON}" in page


def test_a_wrong_password_does_not_reveal_the_suspension(client, moderator, alice):
    services.user_suspend(actor=moderator, user_id=alice.pk, reason=REASON)
    page = log_in(client, "alice", password="not-the-password").content.decode()
    assert logged_in_id(client) is None
    assert "suspended" not in page
    assert REASON not in page
    assert "The username and/or password you specified are not correct." in page


def test_an_open_session_stops_working_at_its_next_request(client, moderator, alice):
    client.force_login(alice)
    assert client.get("/games/").status_code == 200
    services.user_suspend(actor=moderator, user_id=alice.pk, reason=REASON)
    response = client.get("/games/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/games/"


def test_after_the_lift_the_user_logs_in_again(client, moderator, alice):
    services.user_suspend(actor=moderator, user_id=alice.pk, reason=REASON)
    services.user_lift(actor=moderator, user_id=alice.pk, reason="Apologised.")
    log_in(client, "alice")
    assert logged_in_id(client) == str(alice.pk)
    alice = fresh(alice)
    assert alice.suspended_at is None and alice.suspension_reason == ""
    entry = AuditEntry.objects.get(action=AuditEntry.Action.LIFT)
    assert (entry.actor, entry.target_user, entry.reason) == (moderator, alice, "Apologised.")
    assert entry.details["suspension_reason"] == REASON


# --- games and challenges ---------------------------------------------------------------


def test_games_in_play_are_forfeited_rated_as_a_loss_and_both_players_are_told(
    moderator, alice, bob, game, client_for
):
    carol = UserFactory(username="carol")
    casual = start_game(carol, alice, seed="casual-seed", rated=False)
    Notification.objects.all().delete()

    done = services.user_suspend(actor=moderator, user_id=alice.pk, reason=REASON)

    assert sorted(done["games_forfeited"]) == sorted([game.pk, casual.pk])
    game, casual = fresh(game), fresh(casual)
    for finished, opponent in ((game, bob), (casual, carol)):
        assert finished.status == Game.Status.FINISHED
        assert finished.reason == Game.Reason.FORFEIT
        assert finished.players[finished.winner] == opponent
    # The rated game moves both ratings: bob up, alice down. The casual one moves none.
    changes = {c.user: c for c in RatingChange.objects.filter(game=game)}
    assert changes[bob].after > changes[bob].before
    assert changes[alice].after < changes[alice].before
    assert not RatingChange.objects.filter(game=casual).exists()
    # Both told, in each game.
    assert game_over_text(bob, game) == (
        "You won against alice in XIX, 0–0 (alice forfeited: account suspended)."
    )
    assert game_over_text(alice, game) == (
        "You lost against bob in XIX, 0–0 (you forfeited: account suspended)."
    )
    assert "alice forfeited" in game_over_text(carol, casual)
    assert "you forfeited" in game_over_text(alice, casual)
    # The opponent's game page says what happened.
    page = client_for(bob).get(f"/games/{game.pk}/").content.decode()
    assert "You won" in page
    assert "alice forfeited the game: their account was suspended." in page


def test_challenges_made_and_received_are_withdrawn_and_others_stay(moderator, alice, bob):
    carol = UserFactory(username="carol")
    made_direct = make_challenge(
        user=alice, variant="standard", days_per_move=3, rated=True, invited=bob
    )
    made_open = make_challenge(user=alice, variant="talon", days_per_move=1, rated=True)
    received = make_challenge(
        user=carol, variant="standard", days_per_move=3, rated=True, invited=alice
    )
    others = [
        make_challenge(user=carol, variant="standard", days_per_move=3, rated=True),
        make_challenge(user=bob, variant="standard", days_per_move=3, rated=False, invited=carol),
    ]

    done = services.user_suspend(actor=moderator, user_id=alice.pk, reason=REASON)

    withdrawn = [made_direct.pk, made_open.pk, received.pk]
    assert sorted(done["challenges_withdrawn"]) == sorted(withdrawn)
    assert not Game.objects.filter(pk__in=withdrawn).exists()
    # alice's notification of carol's challenge went with it.
    assert not Notification.objects.filter(user=alice, kind=Notification.Kind.CHALLENGE).exists()
    assert Game.objects.filter(pk__in=[g.pk for g in others], status="waiting").count() == 2


def test_a_suspended_user_cannot_be_challenged(moderator, alice, bob):
    services.user_suspend(actor=moderator, user_id=alice.pk, reason=REASON)
    with pytest.raises(tables.TableError, match="alice cannot be invited"):
        make_challenge(
            user=bob, variant="standard", days_per_move=3, rated=True, invited=fresh(alice)
        )


def test_the_suspension_and_its_audit_entry(moderator, alice, game, clock):
    until = clock.now + timedelta(days=3)
    services.user_suspend(actor=moderator, user_id=alice.pk, reason=f"  {REASON} ", until=until)
    alice = fresh(alice)
    assert alice.is_suspended
    assert (alice.suspended_at, alice.suspended_until) == (clock.now, until)
    assert alice.suspension_reason == REASON
    [entry] = AuditEntry.objects.all()
    assert entry.action == AuditEntry.Action.SUSPEND
    assert (entry.actor, entry.target_user, entry.target) == (moderator, alice, "user alice")
    assert entry.reason == REASON
    assert entry.details["games_forfeited"] == [game.pk]
    assert entry.details["until"] == until.isoformat()


def test_a_superuser_may_suspend(superuser, alice):
    services.user_suspend(actor=superuser, user_id=alice.pk, reason=REASON)
    assert fresh(alice).is_suspended


# --- lifting itself at the end date ------------------------------------------------------


def run_service():
    return services.suspensions_lift_expired()


def run_command():
    call_command("periodic", only=["suspensions"])


def run_task():
    return suspensions_lift.delay().get()


@pytest.mark.parametrize("run", [run_service, run_command, run_task], ids=lambda f: f.__name__)
def test_a_suspension_with_an_end_date_lifts_itself_once(run, client, moderator, alice, clock):
    bob = UserFactory(username="bob")
    services.user_suspend(
        actor=moderator, user_id=alice.pk, reason=REASON, until=clock.now + timedelta(days=3)
    )
    services.user_suspend(actor=moderator, user_id=bob.pk, reason=REASON)  # no end date

    clock.advance(days=2, hours=23)
    run()
    assert fresh(alice).suspended_at is not None
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.LIFT).exists()

    clock.advance(hours=1)
    run()
    run()
    assert fresh(alice).suspended_at is None
    assert fresh(bob).is_suspended
    [entry] = AuditEntry.objects.filter(action=AuditEntry.Action.LIFT)
    assert entry.actor is None and entry.target_user == alice
    assert entry.reason == "The suspension reached its end date."
    assert str(entry) == "the site: Lifted a suspension · user alice"
    log_in(client, "alice")
    assert logged_in_id(client) == str(alice.pk)


def test_the_lift_count_is_returned(moderator, alice, clock):
    services.user_suspend(
        actor=moderator, user_id=alice.pk, reason=REASON, until=clock.now + timedelta(hours=1)
    )
    clock.advance(hours=2)
    assert services.suspensions_lift_expired() == 1
    assert services.suspensions_lift_expired() == 0


# --- refusals -----------------------------------------------------------------------------


def assert_nothing_written(user, game=None):
    assert not AuditEntry.objects.exists()
    user = fresh(user)
    if game is not None:
        assert fresh(game).status == Game.Status.ACTIVE
        assert not RatingChange.objects.exists()
    return user


@pytest.mark.parametrize("reason", ["", "   ", None])
def test_a_suspension_needs_a_reason(moderator, alice, game, reason):
    with pytest.raises(services.ModerationError, match="Give a reason for the suspension"):
        services.user_suspend(actor=moderator, user_id=alice.pk, reason=reason)
    assert assert_nothing_written(alice, game).suspended_at is None


@pytest.mark.parametrize("delta", [timedelta(0), timedelta(minutes=-1), timedelta(days=-30)])
def test_a_suspension_cannot_end_in_the_past(moderator, alice, game, clock, delta):
    with pytest.raises(services.ModerationError, match="must be in the future"):
        services.user_suspend(
            actor=moderator, user_id=alice.pk, reason=REASON, until=clock.now + delta
        )
    assert assert_nothing_written(alice, game).suspended_at is None


def test_a_moderator_cannot_suspend_themselves(moderator):
    with pytest.raises(services.ModerationError, match="You cannot suspend yourself"):
        services.user_suspend(actor=moderator, user_id=moderator.pk, reason=REASON)
    assert assert_nothing_written(moderator).suspended_at is None


@pytest.mark.parametrize("staff", ["staff", "superuser"])
def test_staff_cannot_be_suspended(superuser, moderator, staff):
    target = moderator if staff == "staff" else UserFactory(username="root2", is_superuser=True)
    with pytest.raises(services.ModerationError, match="is staff"):
        services.user_suspend(actor=superuser, user_id=target.pk, reason=REASON)
    assert assert_nothing_written(target).suspended_at is None


def test_a_suspended_user_cannot_be_suspended_again(moderator, alice, clock):
    services.user_suspend(actor=moderator, user_id=alice.pk, reason=REASON)
    with pytest.raises(services.ModerationError, match="already suspended"):
        services.user_suspend(
            actor=moderator,
            user_id=alice.pk,
            reason="Another reason",
            until=clock.now + timedelta(days=1),
        )
    alice = fresh(alice)
    assert (alice.suspension_reason, alice.suspended_until) == (REASON, None)
    assert AuditEntry.objects.count() == 1


def test_lifting_someone_not_suspended_is_refused(moderator, alice):
    with pytest.raises(services.ModerationError, match="alice is not suspended"):
        services.user_lift(actor=moderator, user_id=alice.pk, reason="Why not.")
    assert not AuditEntry.objects.exists()


def test_no_such_user(moderator):
    with pytest.raises(services.NotFound):
        services.user_suspend(actor=moderator, user_id=987654, reason=REASON)
    assert not AuditEntry.objects.exists()


def test_a_plain_user_may_neither_suspend_nor_lift(moderator, alice, bob, game):
    with pytest.raises(PermissionDenied):
        services.user_suspend(actor=bob, user_id=alice.pk, reason=REASON)
    assert assert_nothing_written(alice, game).suspended_at is None

    services.user_suspend(actor=moderator, user_id=alice.pk, reason=REASON)
    with pytest.raises(PermissionDenied):
        services.user_lift(actor=bob, user_id=alice.pk, reason="Friends.")
    assert fresh(alice).is_suspended
    assert AuditEntry.objects.count() == 1


def test_a_moderator_cannot_suspend_an_opponent_of_a_game_in_play(moderator, alice, bob):
    """The forfeit would hand the moderator the win and the rating points (issue 14, 2)."""
    own = start_game(moderator, alice, seed="own-game")
    other = start_game(alice, bob, seed="other-game")

    with pytest.raises(services.ModerationError, match="You are playing alice in game"):
        services.user_suspend(actor=moderator, user_id=alice.pk, reason=REASON)

    assert assert_nothing_written(alice, own).suspended_at is None
    assert fresh(other).status == Game.Status.ACTIVE
    # Another moderator may: the forfeit then goes to the first one as to anyone.
    second = UserFactory(username="mod2", is_staff=True)
    second.groups.add(moderator.groups.get())
    services.user_suspend(actor=second, user_id=alice.pk, reason=REASON)
    assert fresh(own).winner == own.seat_of(moderator)


def test_a_finished_game_against_the_moderator_does_not_stop_a_suspension(moderator, alice):
    own = start_game(moderator, alice, seed="own-game")
    games.game_resign(user=alice, game_id=own.pk)

    services.user_suspend(actor=moderator, user_id=alice.pk, reason=REASON)

    assert fresh(alice).is_suspended


# --- all or nothing -----------------------------------------------------------------------


def test_a_suspension_failing_midway_writes_nothing(monkeypatch, moderator, alice, bob, game):
    """The second forfeit fails: the first forfeit, the suspension and the challenge
    withdrawal are all rolled back, and no audit entry is written."""
    carol = UserFactory(username="carol")
    second = start_game(carol, alice, seed="second-seed")
    challenge = make_challenge(user=alice, variant="standard", days_per_move=3, rated=True)
    Notification.objects.all().delete()
    real_leave = services.seat_leave
    calls = []

    def leave_then_fail(game, position, status, actor=None):
        calls.append(game.pk)
        if len(calls) == 2:
            raise RuntimeError("the database went away")
        return real_leave(game, position, status, actor)

    monkeypatch.setattr(services, "seat_leave", leave_then_fail)
    with pytest.raises(RuntimeError):
        services.user_suspend(actor=moderator, user_id=alice.pk, reason=REASON)

    assert calls == [game.pk, second.pk]  # the first game was forfeited before the failure
    assert fresh(alice).suspended_at is None
    assert fresh(game).status == fresh(second).status == Game.Status.ACTIVE
    assert Game.objects.filter(pk=challenge.pk, status="waiting").exists()
    assert not RatingChange.objects.exists()
    assert not Notification.objects.exists()
    assert not AuditEntry.objects.exists()


def test_a_failure_after_the_audit_entry_takes_the_entry_back_too(monkeypatch, moderator, alice):
    real_audit = services.audit

    def audit_then_fail(**kwargs):
        real_audit(**kwargs)
        assert AuditEntry.objects.count() == 1
        raise RuntimeError("after the entry")

    monkeypatch.setattr(services, "audit", audit_then_fail)
    with pytest.raises(RuntimeError):
        services.user_suspend(actor=moderator, user_id=alice.pk, reason=REASON)
    assert not AuditEntry.objects.exists()
    assert not User.objects.get(pk=alice.pk).is_suspended
