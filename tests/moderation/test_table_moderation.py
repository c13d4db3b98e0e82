"""Moderating tables of more than two seats: a decision gives every seat a place, and a
report names which of the other players it is about."""

from html import unescape

import pytest

from games.models import Game
from moderation import services
from moderation.models import AuditEntry, Report
from tests.factories import UserFactory, start_table

pytestmark = pytest.mark.django_db

TEXT = "They stall whenever they are behind."


def _table(variant="open", names=("ann", "bob", "cy", "dee")):
    users = [UserFactory(username=name) for name in names]
    return start_table("tally", variant, users, seed=f"mod-{variant}", rated=True), users


def test_a_moderator_decides_a_table_by_places(moderator):
    game, users = _table()
    services.game_adjudicate(
        actor=moderator, game_id=game.pk, ranks=[2, 1, 2, 4], reason="Collusion by dee"
    )
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.reason == Game.Reason.ADJUDICATED
    assert [seat.rank for seat in game.seat_rows()] == [2, 1, 2, 4]
    entry = AuditEntry.objects.get(action=AuditEntry.Action.ADJUDICATE)
    assert entry.details["places"] == {"ann": 2, "bob": 1, "cy": 2, "dee": 4}
    # The table was rated: every player has a rating change for it.
    assert game.rating_changes.count() == 4


@pytest.mark.parametrize(
    "ranks, message",
    [
        (None, "Give a place for each of the 4 seats."),
        ([1, 2, 3], "Give a place for each of the 4 seats."),
        ([1, 2, "3", 4], "Give a place for each of the 4 seats."),
        ([1, 2, 2, 4, 5], "Give a place for each of the 4 seats."),
        ([2, 3, 4, 5], "not a ranking"),
        ([1, 2, 2, 3], "not a ranking"),
        ([0, 1, 2, 3], "not a ranking"),
    ],
)
def test_places_that_are_not_a_ranking_are_refused_and_change_nothing(moderator, ranks, message):
    game, _ = _table()
    with pytest.raises(services.ModerationError, match=message):
        services.game_adjudicate(actor=moderator, game_id=game.pk, ranks=ranks, reason="x")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.ADJUDICATE).exists()


def test_partners_share_their_place(moderator):
    game, _ = _table("partners")
    with pytest.raises(services.ModerationError, match="Partners share one place"):
        services.game_adjudicate(actor=moderator, game_id=game.pk, ranks=[1, 2, 3, 4], reason="x")
    services.game_adjudicate(actor=moderator, game_id=game.pk, ranks=[2, 1, 2, 1], reason="x")
    game.refresh_from_db()
    assert [seat.rank for seat in game.seat_rows()] == [2, 1, 2, 1]


def _page(client, user, game):
    client.force_login(user)
    return client.get(f"/games/{game.pk}/report/")


def test_a_report_at_a_table_names_the_player_it_is_about(client):
    game, (ann, bob, cy, dee) = _table()
    page = unescape(_page(client, ann, game).content.decode())
    assert "your game of Tally with bob, cy and dee" in page
    assert "Who is it about?" in page
    for name in ("bob", "cy", "dee"):
        assert f">{name}</option>" in page
    assert ">ann</option>" not in page
    response = client.post(
        f"/games/{game.pk}/report/", {"player": cy.pk, "category": "stalling", "text": TEXT}
    )
    assert response.status_code == 302
    report = Report.objects.get()
    assert (report.game_id, report.reported_id) == (game.pk, cy.pk)


def test_a_report_at_a_table_may_be_about_the_game_itself(client):
    game, (ann, *_) = _table()
    _page(client, ann, game)
    client.post(f"/games/{game.pk}/report/", {"player": "", "category": "stalling", "text": TEXT})
    report = Report.objects.get()
    assert (report.game_id, report.reported_id) == (game.pk, None)


def test_a_report_cannot_name_someone_outside_the_table_or_oneself(client):
    game, (ann, *_) = _table()
    stranger = UserFactory(username="zed")
    _page(client, ann, game)
    for who in (stranger.pk, ann.pk, "bob"):
        response = client.post(
            f"/games/{game.pk}/report/", {"player": who, "category": "stalling", "text": TEXT}
        )
        assert response.status_code == 400
        assert "Choose one of the other players." in unescape(response.content.decode())
    assert not Report.objects.exists()
    with pytest.raises(services.ModerationError, match="other players of this game"):
        services.report_create(
            reporter=ann, category="stalling", text=TEXT, game=game, reported=stranger
        )
