"""Aborting and adjudicating games, the audit trail (one entry per action, written in the
action's transaction, never changed or deleted) and the Moderators group."""

import pytest
from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied
from django.db import DatabaseError, connection, transaction

from games import services as games
from games.models import Game, GameAction
from games.selectors import game_state
from moderation import services
from moderation.models import AuditEntry
from notifications.models import Notification
from ratings.models import RatingChange
from tests.factories import UserFactory, make_challenge, play, play_random, start_game
from tests.games.fixtures_play import both_moved

pytestmark = pytest.mark.django_db

WHY = "Both players asked: the server lost a move."


def fresh(obj):
    obj.refresh_from_db()
    return obj


def game_over_text(user, game) -> str:
    return Notification.objects.get(user=user, game=game, kind=Notification.Kind.GAME_OVER).text


def page_text(client, game) -> str:
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return " ".join(response.content.decode().split())


# --- abort --------------------------------------------------------------------------------


def test_abort_ends_the_game_with_no_result_and_tells_both_players(
    moderator, alice, bob, game, client_for
):
    game = play_random(game, moves=3)
    Notification.objects.all().delete()

    services.game_abort(actor=moderator, game_id=game.pk, reason=WHY)

    game = fresh(game)
    assert game.status == Game.Status.ABORTED and game.winner is None
    assert game.reason == Game.Reason.ABORT and game.verdict == WHY
    assert game.to_move is None and game.deadline is None
    assert not RatingChange.objects.exists()
    for user, opponent in ((alice, "bob"), (bob, "alice")):
        assert game_over_text(user, game) == (
            f"A moderator aborted your game of XIX against {opponent}: it has no result and "
            f"changes no rating. Reason: {WHY}"
        )
        page = page_text(client_for(user), game)
        assert "Game aborted" in page
        assert (
            f"A moderator aborted the game: it has no result and changes no rating. Reason: {WHY}"
        ) in page
    [entry] = AuditEntry.objects.all()
    assert entry.action == AuditEntry.Action.ABORT
    assert (entry.actor, entry.target_game, entry.reason) == (moderator, game, WHY)
    assert entry.target == f"game {game.pk} (alice v bob)"
    assert entry.details["at_action"] == 3


def test_after_an_abort_the_bot_to_move_does_nothing(moderator, alice):
    bot = UserFactory(username="bot-random", is_bot=True, bot_level="random")
    game = make_challenge(
        user=alice, variant="standard", days_per_move=3, rated=False, invited=bot
    )  # its on-commit bot task never runs here
    game = fresh(game)
    if game.players[game.to_move] != bot:
        game = play(game, [game_state(game).legal_actions()[0]])
    assert game.players[game.to_move] == bot
    seq = game.n_actions

    services.game_abort(actor=moderator, game_id=game.pk, reason=WHY)

    assert games.bot_move(game_id=game.pk, expected_seq=seq) is False
    assert game.actions.count() == seq
    # Only the person is told; bots get no notifications.
    assert Notification.objects.filter(kind=Notification.Kind.GAME_OVER).get().user == alice


# --- adjudicate ----------------------------------------------------------------------------


@pytest.mark.parametrize("winner_seat", [0, 1])
def test_adjudication_decides_the_game_and_rates_it_like_any_result(
    moderator, alice, bob, game, client_for, winner_seat
):
    game = play_random(game, moves=2)
    Notification.objects.all().delete()
    winner, loser = (alice, bob) if winner_seat == 0 else (bob, alice)

    services.game_adjudicate(actor=moderator, game_id=game.pk, winner=winner_seat, reason=WHY)

    game = fresh(game)
    assert game.status == Game.Status.FINISHED
    assert game.players[game.winner] == winner
    assert game.reason == Game.Reason.ADJUDICATED and game.verdict == WHY
    changes = {c.user: c for c in RatingChange.objects.filter(game=game)}
    assert changes[winner].after > changes[winner].before
    assert changes[loser].after < changes[loser].before
    assert game_over_text(winner, game).startswith(f"You won against {loser.username} in XIX")
    assert game_over_text(loser, game).startswith(f"You lost against {winner.username} in XIX")
    for user in (winner, loser):
        assert f"(decided by a moderator). Reason: {WHY}" in game_over_text(user, game)
        page = page_text(client_for(user), game)
        assert f"A moderator decided the game. Reason: {WHY}" in page
    assert "You won" in page_text(client_for(winner), game)
    assert f"{winner.username} won" in page_text(client_for(loser), game)
    [entry] = AuditEntry.objects.all()
    assert entry.action == AuditEntry.Action.ADJUDICATE
    assert (entry.actor, entry.target_game, entry.reason) == (moderator, game, WHY)
    assert entry.details["winner"] == winner.username


def test_a_casual_game_adjudicated_changes_no_rating(moderator, alice, bob):
    game = start_game(alice, bob, rated=False)
    services.game_adjudicate(actor=moderator, game_id=game.pk, winner=0, reason=WHY)
    assert fresh(game).winner == 0
    assert not RatingChange.objects.exists()


def test_a_superuser_may_moderate_games(superuser, game):
    services.game_abort(actor=superuser, game_id=game.pk, reason=WHY)
    assert fresh(game).status == Game.Status.ABORTED


# --- refusals ------------------------------------------------------------------------------


def abort(actor, game, reason=WHY):
    return services.game_abort(actor=actor, game_id=game.pk, reason=reason)


def adjudicate(actor, game, winner=0, reason=WHY):
    return services.game_adjudicate(actor=actor, game_id=game.pk, winner=winner, reason=reason)


def assert_untouched(game, status=Game.Status.ACTIVE):
    game = Game.objects.get(pk=game.pk)
    assert game.status == status and game.verdict == ""
    assert not AuditEntry.objects.exists()
    assert not Notification.objects.filter(kind=Notification.Kind.GAME_OVER, game=game).exists()


@pytest.mark.parametrize("act", [abort, adjudicate])
def test_a_finished_game_cannot_be_moderated(moderator, alice, game, act):
    games.game_resign(user=alice, game_id=both_moved(game).pk)  # a resignation that counts
    winner = fresh(game).winner
    Notification.objects.all().delete()
    with pytest.raises(services.ModerationError, match="is not in play"):
        act(moderator, game)
    assert_untouched(game, status=Game.Status.FINISHED)
    assert fresh(game).winner == winner


@pytest.mark.parametrize("act", [abort, adjudicate])
def test_a_waiting_challenge_cannot_be_moderated(moderator, alice, act):
    challenge = make_challenge(user=alice, variant="standard", days_per_move=3, rated=True)
    with pytest.raises(services.ModerationError, match="is not in play"):
        act(moderator, challenge)
    assert_untouched(challenge, status=Game.Status.WAITING)


@pytest.mark.parametrize("act", [abort, adjudicate])
def test_a_moderator_cannot_decide_their_own_game(moderator, alice, act):
    own = start_game(moderator, alice, seed="own-seed")
    with pytest.raises(services.ModerationError, match="You play in this game"):
        act(moderator, own)
    assert_untouched(own)


@pytest.mark.parametrize("winner", [2, -1, None, "0"])
def test_adjudication_needs_seat_0_or_1(moderator, game, winner):
    with pytest.raises(services.ModerationError, match="Choose the winner"):
        adjudicate(moderator, game, winner=winner)
    assert_untouched(game)


@pytest.mark.parametrize("act", [abort, adjudicate])
@pytest.mark.parametrize("reason", ["", "  \n ", None])
def test_a_reason_is_required(moderator, game, act, reason):
    with pytest.raises(services.ModerationError, match="Give a reason"):
        act(moderator, game, reason=reason)
    assert_untouched(game)


@pytest.mark.parametrize("act", [abort, adjudicate])
def test_a_player_without_the_permission_is_refused(alice, bob, game, act):
    carol = UserFactory(username="carol", is_staff=True)  # staff, but not a moderator
    for actor in (carol, alice):
        with pytest.raises(PermissionDenied):
            act(actor, game)
    assert_untouched(game)


def test_no_such_game(moderator):
    with pytest.raises(services.NotFound):
        services.game_abort(actor=moderator, game_id=987654, reason=WHY)


# --- one audit entry per action, in the action's transaction -----------------------------


def test_an_abort_failing_midway_writes_nothing(monkeypatch, moderator, alice, bob, game):
    def fail(game, **kwargs):
        raise RuntimeError("the notification could not be written")

    monkeypatch.setattr(services.notices, "game_over", fail)
    with pytest.raises(RuntimeError):
        abort(moderator, game)
    assert_untouched(game)


def test_an_adjudication_failing_after_its_entry_leaves_no_entry_and_no_result(
    monkeypatch, moderator, game
):
    real_audit = services.audit

    def audit_then_fail(**kwargs):
        real_audit(**kwargs)
        raise RuntimeError("after the entry")

    monkeypatch.setattr(services, "audit", audit_then_fail)
    with pytest.raises(RuntimeError):
        adjudicate(moderator, game, winner=1)
    assert_untouched(game)
    assert fresh(game).winner is None
    assert not RatingChange.objects.exists()


def test_each_action_writes_exactly_one_entry(moderator, alice, bob, game, clock):
    from datetime import timedelta

    other = start_game(UserFactory(username="carol"), UserFactory(username="dave"))
    report = services.report_create(reporter=bob, category="stalling", text="Slow.", game=game)
    report2 = services.report_create(
        reporter=bob, category="abusive_name", text="Rude name.", reported=alice
    )
    steps = [
        (lambda: abort(moderator, other), AuditEntry.Action.ABORT),
        (
            lambda: services.report_resolve(actor=moderator, report_id=report.pk, note="Warned."),
            AuditEntry.Action.REPORT_RESOLVED,
        ),
        (
            lambda: services.report_dismiss(actor=moderator, report_id=report2.pk, note="Fine."),
            AuditEntry.Action.REPORT_DISMISSED,
        ),
        (
            lambda: services.user_suspend(
                actor=moderator,
                user_id=alice.pk,
                reason="Rude.",
                until=clock.now + timedelta(days=1),
            ),
            AuditEntry.Action.SUSPEND,
        ),
        (lambda: services.user_lift(actor=moderator, user_id=alice.pk), AuditEntry.Action.LIFT),
    ]
    for count, (step, action) in enumerate(steps, start=1):
        step()
        assert AuditEntry.objects.count() == count
        latest = AuditEntry.objects.order_by("-pk").first()
        assert latest.action == action and latest.actor == moderator


# --- append-only ----------------------------------------------------------------------------


@pytest.fixture
def entry(moderator):
    other = start_game(UserFactory(username="carol"), UserFactory(username="dave"))
    abort(moderator, other)
    return AuditEntry.objects.get()


@pytest.fixture
def logged_action(game):
    game = play_random(game, moves=1)
    return GameAction.objects.get(game=game)


def test_audit_entries_cannot_be_changed_or_deleted_through_the_orm(entry):
    entry.reason = "Something nicer."
    with pytest.raises(PermissionError):
        entry.save()
    with pytest.raises(PermissionError):
        entry.delete()
    with pytest.raises(PermissionError):
        AuditEntry.objects.filter(pk=entry.pk).update(reason="Something nicer.")
    with pytest.raises(PermissionError):
        AuditEntry.objects.all().delete()
    assert AuditEntry.objects.get().reason == WHY


def test_game_actions_cannot_be_changed_or_deleted_through_the_orm(logged_action):
    before = logged_action.action
    logged_action.action = {"seat": 0, "type": "abandon"}
    with pytest.raises(PermissionError):
        logged_action.save()
    with pytest.raises(PermissionError):
        logged_action.delete()
    with pytest.raises(PermissionError):
        GameAction.objects.filter(pk=logged_action.pk).update(seat=1)
    with pytest.raises(PermissionError):
        GameAction.objects.all().delete()
    assert GameAction.objects.get().action == before


@pytest.mark.postgres
@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE moderation_auditentry SET reason = 'rewritten' WHERE id = %(entry)s",
        "DELETE FROM moderation_auditentry WHERE id = %(entry)s",
        "UPDATE games_gameaction SET seat = 1 - seat WHERE id = %(action)s",
        "DELETE FROM games_gameaction WHERE id = %(action)s",
    ],
)
def test_on_postgresql_even_raw_sql_cannot_change_or_delete_them(entry, logged_action, sql):
    with pytest.raises(DatabaseError, match="append-only"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, {"entry": entry.pk, "action": logged_action.pk})
    assert AuditEntry.objects.get(pk=entry.pk).reason == WHY
    assert GameAction.objects.get(pk=logged_action.pk).seat == logged_action.seat


@pytest.mark.postgres
def test_on_postgresql_other_tables_stay_writable_by_raw_sql(entry):
    """The triggers refuse only the two append-only tables (a control for the test above)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE games_game SET verdict = 'raw' WHERE id = %s", [entry.target_game_id]
        )
    assert Game.objects.get(pk=entry.target_game_id).verdict == "raw"


# --- the Moderators group --------------------------------------------------------------------


def test_the_moderators_group_has_exactly_the_moderation_permissions(db):
    group = Group.objects.get(name="Moderators")
    granted = {
        f"{p.content_type.app_label}.{p.codename}"
        for p in group.permissions.select_related("content_type")
    }
    assert granted == {
        "accounts.view_user",
        "accounts.change_user",
        "accounts.suspend_user",
        "games.view_game",
        "games.moderate_game",
        "games.see_hidden_cards",
        "games.view_gameaction",
        "moderation.view_report",
        "moderation.handle_report",
        "moderation.view_auditentry",
        "chat.view_chatmessage",
        "chat.hide_chatmessage",
        "tournaments.view_tournament",
        "tournaments.view_entry",
        "tournaments.view_round",
    }


def test_a_moderator_may_moderate_but_not_delete_users_or_change_groups(moderator):
    for allowed in ("accounts.suspend_user", "games.moderate_game", "moderation.handle_report"):
        assert moderator.has_perm(allowed)
    for refused in (
        "accounts.delete_user",
        "accounts.add_user",
        "auth.change_group",
        "auth.change_permission",
        "moderation.change_auditentry",
        "moderation.delete_auditentry",
        "games.change_game",
        "games.delete_gameaction",
    ):
        assert not moderator.has_perm(refused), refused
