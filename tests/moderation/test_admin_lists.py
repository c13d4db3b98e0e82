"""The admin's lists as a moderator works through them: which users are suspended, open
reports first, finding a game or an audit entry."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from moderation import services
from moderation.models import AuditEntry, Report
from tests.factories import UserFactory, start_game
from tests.moderation.admin_fixtures import *  # noqa: F403 (the fixtures)
from tests.moderation.admin_fixtures import admin_url, login_as

pytestmark = pytest.mark.django_db


def listed(response):
    assert response.status_code == 200
    return list(response.context["cl"].result_list)


def test_the_suspended_filter_counts_only_suspensions_still_running(client, moderator):
    now = timezone.now()
    running = UserFactory(username="running")
    for_a_while = UserFactory(username="for-a-while")
    ran_out = UserFactory(username="ran-out")
    User.objects.filter(pk=running.pk).update(suspended_at=now)
    User.objects.filter(pk=for_a_while.pk).update(
        suspended_at=now, suspended_until=now + timedelta(days=1)
    )
    User.objects.filter(pk=ran_out.pk).update(
        suspended_at=now - timedelta(days=2), suspended_until=now - timedelta(days=1)
    )
    login_as(client, moderator)
    url = admin_url("accounts_user_changelist")

    suspended = listed(client.get(url, {"suspended": "yes"}))
    not_suspended = listed(client.get(url, {"suspended": "no"}))

    assert {u.username for u in suspended} == {"running", "for-a-while"}
    assert "ran-out" in {u.username for u in not_suspended}
    assert not {"running", "for-a-while"} & {u.username for u in not_suspended}


def test_users_are_found_by_name_or_address(client, moderator, alice, bob):
    login_as(client, moderator)
    url = admin_url("accounts_user_changelist")

    assert [u.username for u in listed(client.get(url, {"q": "alice@example"}))] == ["alice"]
    assert [u.username for u in listed(client.get(url, {"q": "bob"}))] == ["bob"]


def test_open_reports_come_first(client, moderator, superuser, alice, bob, game):
    carol = UserFactory(username="carol")
    oldest = services.report_create(reporter=alice, category="stalling", text="slow", game=game)
    handled = services.report_create(reporter=bob, category="other", text="rude", reported=alice)
    newest = services.report_create(
        reporter=carol, category="abusive_name", text="name", reported=bob
    )
    services.report_dismiss(actor=superuser, report_id=handled.pk, note="fine")
    Report.objects.filter(pk=oldest.pk).update(created=timezone.now() - timedelta(days=3))
    Report.objects.filter(pk=handled.pk).update(created=timezone.now() + timedelta(hours=1))
    login_as(client, moderator)

    reports = listed(client.get(admin_url("moderation_report_changelist")))

    assert [r.pk for r in reports] == [newest.pk, oldest.pk, handled.pk]


def test_games_are_found_by_number_or_player(client, moderator, alice, bob, game):
    other = start_game(bob, UserFactory(username="carol"), seed="other")
    login_as(client, moderator)
    url = admin_url("games_game_changelist")

    assert [g.pk for g in listed(client.get(url, {"q": str(game.pk)}))] == [game.pk]
    assert {g.pk for g in listed(client.get(url, {"q": "carol"}))} == {other.pk}
    assert {g.pk for g in listed(client.get(url, {"q": "bob"}))} == {game.pk, other.pk}


def test_the_audit_trail_can_be_filtered_and_searched(
    client, moderator, superuser, alice, bob, game
):
    services.user_suspend(actor=superuser, user_id=alice.pk, reason="abusive name")
    services.user_lift(actor=moderator, user_id=alice.pk, reason="renamed")
    login_as(client, moderator)
    url = admin_url("moderation_auditentry_changelist")

    everything = listed(client.get(url))
    suspensions = listed(client.get(url, {"action__exact": "suspend"}))
    by_mona = listed(client.get(url, {"actor__id__exact": moderator.pk}))
    found = listed(client.get(url, {"q": "abusive"}))

    assert [e.action for e in everything] == [AuditEntry.Action.LIFT, AuditEntry.Action.SUSPEND]
    assert [e.action for e in suspensions] == [AuditEntry.Action.SUSPEND]
    assert [e.actor for e in by_mona] == [moderator]
    assert [e.reason for e in found] == ["abusive name"]
    html = client.get(url).content.decode()
    assert f'href="{admin_url("accounts_user_change", alice.pk)}">user alice</a>' in html
