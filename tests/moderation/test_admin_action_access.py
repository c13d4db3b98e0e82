"""Who may run which admin action: the moderation actions, and "delete selected".

Five kinds of visitor, as in test_admin_pages.py. Each action is posted complete (the
form's fields and "apply"), as a forger would: it must take effect for moderators and
superusers only. "Delete selected" is for superusers, on users only; elsewhere it is not an
action at all, and posting it anyway changes nothing.
"""

from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from django.utils import timezone

from accounts.models import User
from games.models import Game, GameAction
from moderation import services
from moderation.models import AuditEntry, Report
from tests.factories import UserFactory
from tests.moderation.admin_fixtures import *  # noqa: F403 (the fixtures)
from tests.moderation.admin_fixtures import (
    VISITORS,
    admin_url,
    assert_sent_to_log_in,
    login_as,
    make_people,
    messages_of,
    post_action,
)

pytestmark = pytest.mark.django_db

# What the admin answers a visitor who may not do something at all.
REFUSED = {"anonymous": 302, "player": 404, "staff": 403}


@pytest.fixture
def people():
    return make_people()


@pytest.fixture
def carol():
    """A suspended player (for lifting)."""
    user = UserFactory(username="carol")
    User.objects.filter(pk=user.pk).update(
        suspended_at=timezone.now() - timedelta(days=1), suspension_reason="spam"
    )
    return user


def _suspended(user):
    user.refresh_from_db()
    return user.is_suspended


def _game_status(game):
    game.refresh_from_db()
    return game.status


def _report_status(report):
    report.refresh_from_db()
    return report.status


# action: (model, target fixture, fields of the form, did it happen?)
ACTIONS = {
    "suspend_users": (User, "alice", {"reason": "abusive name"}, _suspended),
    "lift_suspensions": (User, "carol", {"reason": "served"}, lambda u: not _suspended(u)),
    "abort_games": (
        Game,
        "game",
        {"reason": "broken"},
        lambda g: _game_status(g) == Game.Status.ABORTED,
    ),
    "adjudicate_game": (
        Game,
        "game",
        {"reason": "bob left", "winner": "0"},
        lambda g: _game_status(g) == Game.Status.FINISHED,
    ),
    "resolve_reports": (
        Report,
        "report",
        {"reason": "acted"},
        lambda r: _report_status(r) == Report.Status.RESOLVED,
    ),
    "dismiss_reports": (
        Report,
        "report",
        {"reason": "nothing"},
        lambda r: _report_status(r) == Report.Status.DISMISSED,
    ),
}
ALLOWED_ACTIONS = {"moderator", "superuser"}


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("visitor", VISITORS)
def test_admin_action(client, request, people, carol, action, visitor):
    model, target_fixture, fields, happened = ACTIONS[action]
    target = request.getfixturevalue(target_fixture)
    entries = AuditEntry.objects.count()
    login_as(client, people[visitor])

    response = post_action(client, model, action, [target], apply="Go", **fields)

    allowed = visitor in ALLOWED_ACTIONS
    assert happened(target) is allowed
    assert AuditEntry.objects.count() == entries + allowed
    if allowed:
        assert response.status_code == 302  # back to the list, with a message
    else:
        assert response.status_code == REFUSED[visitor]
    if visitor == "anonymous":
        assert_sent_to_log_in(response, urlsplit(response.request["PATH_INFO"]).path)


@pytest.fixture
def dora():
    """A player with no games, reports or audit entries: nothing protects her from deletion."""
    return UserFactory(username="dora")


def _audit_entry(people, alice):
    return services.audit(
        actor=people["superuser"],
        action=AuditEntry.Action.LIFT,
        target="user alice",
        target_user=alice,
        reason="kept",
    )


# Deleting in bulk: (model, what is deleted, who may). Games, their logs, reports and the
# audit trail are never deleted through the admin, by anybody.
DELETIONS = {
    "a player": (User, lambda r, p: r.getfixturevalue("dora"), {"superuser"}),
    "a game": (Game, lambda r, p: r.getfixturevalue("game"), set()),
    "a logged action": (
        GameAction,
        lambda r, p: GameAction.objects.filter(game=r.getfixturevalue("game")).first(),
        set(),
    ),
    "a report": (Report, lambda r, p: r.getfixturevalue("report"), set()),
    "an audit entry": (AuditEntry, lambda r, p: _audit_entry(p, r.getfixturevalue("alice")), set()),
}


@pytest.mark.parametrize("what", DELETIONS)
@pytest.mark.parametrize("visitor", VISITORS)
def test_delete_selected(client, request, people, what, visitor):
    model, make, allowed_for = DELETIONS[what]
    target = make(request, people)
    login_as(client, people[visitor])

    response = post_action(client, model, "delete_selected", [target], post="yes")

    assert model.objects.filter(pk=target.pk).exists() is (visitor not in allowed_for)
    expected = REFUSED.get(visitor)
    if expected is not None:
        assert response.status_code == expected
    elif visitor in allowed_for:
        assert response.status_code == 302
        assert AuditEntry.objects.filter(
            action=AuditEntry.Action.USER_DELETED, target=f"user {target.username}"
        ).exists()
    elif model in (GameAction, AuditEntry):
        # No action at all on these lists: the POST just shows the list again.
        assert response.status_code == 200
        assert response.context["cl"].model is model
    else:
        # Not one of this list's actions: Django ignores it and says so.
        assert response.status_code == 302
        assert messages_of(client.get(response["Location"])) == ["No action selected."]


@pytest.mark.parametrize("model", [User, Game, GameAction, Report, AuditEntry])
@pytest.mark.parametrize("visitor", ["moderator", "superuser"])
def test_the_action_menu_offers_only_what_the_visitor_may_do(
    client, people, model, visitor, game, report
):
    login_as(client, people[visitor])
    opts = model._meta

    response = client.get(admin_url(f"{opts.app_label}_{opts.model_name}_changelist"))

    offered = set()
    if response.context.get("action_form") is not None:
        offered = {name for name, _ in response.context["action_form"].fields["action"].choices}
    offered.discard("")
    expected = {
        User: {"suspend_users", "lift_suspensions"}
        | ({"delete_selected"} if visitor == "superuser" else set()),
        Game: {"abort_games", "adjudicate_game"},
        GameAction: set(),
        Report: {"resolve_reports", "dismiss_reports", "hide_messages"},
        AuditEntry: set(),
    }[model]
    assert offered == expected
    html = response.content.decode()
    assert ('value="delete_selected"' in html) is ("delete_selected" in expected)


@pytest.mark.parametrize("model", [User, Game, Report])
def test_an_unknown_action_is_ignored(client, people, alice, game, report, model):
    target = {User: alice, Game: game, Report: report}[model]
    login_as(client, people["superuser"])

    response = post_action(
        client, model, "make_everyone_staff", [target], apply="Go", reason="because"
    )

    assert response.status_code == 302
    assert messages_of(client.get(response["Location"])) == ["No action selected."]
    alice.refresh_from_db()
    assert not alice.is_staff and not alice.is_suspended
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE
    assert Report.objects.get(pk=report.pk).status == Report.Status.OPEN
    assert not AuditEntry.objects.filter(actor=people["superuser"]).exists()
