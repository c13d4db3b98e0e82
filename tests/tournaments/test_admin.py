"""The tournament admin: moderators read tournaments and cancel one or remove a player
through the two actions, each with a reason, each in the audit trail; a refusal is a
message and changes nothing; players have no admin."""

import pytest
from django.test import Client

from moderation.models import AuditEntry
from tests.moderation.admin_fixtures import admin_url, form_data, make_moderator, post_action
from tests.tournaments.helpers import players, tournament
from tournaments import services
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("served_tally")]


def apply(client, first_page, **fields):
    data = form_data(first_page, button="apply")
    data.update({name: [value] for name, value in fields.items()})
    return client.post(first_page.wsgi_request.path, data)


def test_moderators_cancel_and_remove_through_the_admin_with_a_reason():
    ann, bob = players(2)
    t = tournament(ann, max_players=4)
    services.tournament_enter(user=bob, tournament_id=t.pk)
    client = Client()
    client.force_login(make_moderator())
    page = client.get(admin_url("tournaments_tournament_change", t.pk))
    assert page.status_code == 200 and bob.username in page.content.decode()

    first = post_action(client, Tournament, "remove_player", [t])
    assert first.status_code == 200
    unknown = apply(client, first, reason="spam", username="nobody")
    assert unknown.status_code == 302
    assert t.entries.count() == 1
    apply(client, first, reason="spam", username=bob.username)
    assert t.entries.count() == 0
    assert AuditEntry.objects.filter(action=AuditEntry.Action.TOURNAMENT_REMOVED).count() == 1

    first = post_action(client, Tournament, "cancel_tournaments", [t])
    assert apply(client, first, reason="").status_code == 400
    assert Tournament.objects.get(pk=t.pk).status == Tournament.Status.REGISTRATION
    apply(client, first, reason="Duplicate event")
    assert Tournament.objects.get(pk=t.pk).status == Tournament.Status.CANCELLED
    entry = AuditEntry.objects.get(action=AuditEntry.Action.TOURNAMENT_CANCELLED)
    assert entry.reason == "Duplicate event"


def test_players_have_no_tournament_admin():
    (ann,) = players(1)
    client = Client()
    client.force_login(ann)
    assert client.get(admin_url("tournaments_tournament_changelist")).status_code == 404
