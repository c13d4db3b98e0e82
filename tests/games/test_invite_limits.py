"""Issue 30 item 3: the hourly limits on what one person sends. Setting up a challenge or
a table and cancelling it at once used to free its place, so one account could send any
number of "ann invites you" e-mails. Now every challenge or table set up, and every person
invited, counts for an hour whether it is cancelled or not (``games.invite_limits``): the
next one answers 429 next to its form and sends nothing."""

import re

import pytest
from django.conf import settings
from django.test import override_settings

from accounts.models import InviteSent
from games import invite_limits, tables
from games.models import Game
from notifications.models import Notification, OutboundEmail
from tests.at_once import at_once, failures
from tests.factories import UserFactory, make_challenge
from tests.games.test_lobby import HTMX, NEW, text
from xix_site.settings import base

pytestmark = pytest.mark.django_db

TABLE_NEW = "/tables/new"


@pytest.fixture(autouse=True)
def _tally_served(served_tally):
    return served_tally


@pytest.fixture(autouse=True)
def _real_limits(settings):
    """The figures of the site's settings (the test settings lift them for other tests)."""
    settings.TABLES_PER_HOUR = base.TABLES_PER_HOUR
    settings.INVITATIONS_PER_HOUR = base.INVITATIONS_PER_HOUR


@pytest.fixture
def ann(client):
    user = UserFactory(username="ann")
    client.force_login(user)
    return user


@pytest.fixture
def invitees():
    return [UserFactory(username=name) for name in ("bob", "cy", "dee")]


def emails_to(*people) -> int:
    return OutboundEmail.objects.filter(user__in=people).count()


def table_form(invited) -> dict:
    return {
        "game": "tally/open",
        "seats": "5",
        "invited": " ".join(person.username for person in invited),
        "days_per_move": "3",
        "rated": "casual",
    }


def direct_form(opponent) -> dict:
    return {
        "opponent": opponent.username,
        "variant": "standard",
        "days_per_move": "3",
        "rated": "casual",
    }


def _set_up_and_cancel(client, url, data) -> int:
    """Post the form; when a challenge or table came of it, cancel it at once. The status."""
    response = client.post(url, data)
    if response.status_code == 302:
        game = Game.objects.get(status=Game.Status.WAITING)
        leave = client.post(f"/tables/{game.pk}/leave")
        assert leave.status_code == 302 and not Game.objects.filter(pk=game.pk).exists()
    return response.status_code


def test_a_table_set_up_and_cancelled_again_and_again_stops_at_the_invitation_limit(
    client, ann, invitees, clock
):
    """Three people invited per table: the tenth table brings the hour's invitations to
    30, the eleventh would pass them; it answers 429 next to the table form, and queues no
    e-mail. An hour after the first, one more is possible."""
    per_hour = settings.INVITATIONS_PER_HOUR
    assert per_hour == 30
    tables_sent = per_hour // len(invitees)
    for n in range(tables_sent):
        assert _set_up_and_cancel(client, TABLE_NEW, table_form(invitees)) == 302, n
        clock.advance(minutes=1)
    queued = emails_to(*invitees)
    assert queued == per_hour  # one e-mail each time: the loop used to go on for ever

    refused = client.post(TABLE_NEW, table_form(invitees))
    assert refused.status_code == 429
    page = text(refused)
    assert (
        "You have invited 30 players in the last hour (cancelled invitations count too); "
        "the site allows 30 an hour: please wait 50 minutes." in page
    )
    # Above the form that was sent, in its own panel, with what was typed kept in it.
    html = refused.content.decode()
    table_panel = html[html.index('id="lobby-form-title"') :]
    assert "You have invited 30 players" in table_panel[: table_panel.index("</form>")]
    assert 'value="bob cy dee"' in table_panel
    assert refused["Retry-After"] == str(50 * 60)
    assert not Game.objects.exists()
    assert emails_to(*invitees) == queued
    assert InviteSent.objects.filter(user=ann).count() == tables_sent

    # A table that invites nobody is still possible (its count is not reached).
    assert client.post(TABLE_NEW, table_form([])).status_code == 302
    Game.objects.all().delete()
    # The first table leaves the hour 60 minutes after it was set up.
    clock.advance(minutes=50)
    assert client.post(TABLE_NEW, table_form(invitees[:1])).status_code == 302


def test_direct_challenges_set_up_and_withdrawn_stop_at_the_hourly_count(client, ann, clock):
    """A challenge withdrawn at once still counts: after TABLES_PER_HOUR of them in the
    hour the next answers 429 next to the table form, which the old challenge address
    serves (htmx too)."""
    bob = UserFactory(username="bob")
    limit = settings.TABLES_PER_HOUR
    assert limit == 20
    for n in range(limit):
        response = client.post(NEW, direct_form(bob))
        assert response.status_code == 302, n
        game = Game.objects.get(status=Game.Status.WAITING)
        assert client.post(f"/challenges/{game.pk}/withdraw").status_code == 302
        clock.advance(minutes=2)
    assert emails_to(bob) == limit

    for headers in ({}, HTMX):
        refused = client.post(NEW, direct_form(bob), **headers)
        assert refused.status_code == 429
        message = (
            "You have set up 20 challenges or tables in the last hour, the most the site "
            "allows (cancelled ones count too): please wait 20 minutes."
        )
        html = refused.content.decode()
        direct_panel = html[html.index('id="lobby-form-title"') :]
        assert message in text(refused)
        assert (
            "challenges or tables in the last hour" in direct_panel[: direct_panel.index("</form>")]
        )
        assert refused["Retry-After"] == str(20 * 60)
    assert not Game.objects.exists()
    assert emails_to(bob) == limit
    assert Notification.objects.filter(user=bob).count() == 0  # the withdrawn took theirs

    # An open challenge counts the same: still refused.
    assert (
        client.post(
            NEW, {"variant": "standard", "days_per_move": "3", "rated": "casual"}
        ).status_code
        == 429
    )
    clock.advance(minutes=20)
    assert client.post(NEW, direct_form(bob)).status_code == 302
    assert emails_to(bob) == limit + 1


def test_games_against_bots_alone_are_not_counted(ann, clock):
    """Play a bot starts at once and tells nobody: no limit of this kind applies."""
    bot = UserFactory(username="bot-random", is_bot=True, bot_level="random")
    with override_settings(TABLES_PER_HOUR=1):
        for _ in range(3):
            game = make_challenge(
                user=ann, variant="standard", days_per_move=3, rated=False, invited=bot
            )
            assert game.status == Game.Status.ACTIVE
        tables.table_against_bots(
            user=ann, kind="tally", variant="open", seats=3, level="random", days_per_move=3
        )
    assert not InviteSent.objects.exists()


def _last_place_taken_at_once(make, creator):
    """All but one place of the hour used (and cancelled); then two requests at once."""
    limit = settings.TABLES_PER_HOUR
    for _ in range(limit - 1):
        game = make(0)
        tables.table_leave(user=creator, game_id=game.pk)
    return at_once(make, 2)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("what", ["challenge", "table"])
def test_two_requests_at_once_for_the_last_place_of_the_hour_apply_once(what):
    """Issue 30 item 3: the count is taken under the lock of the sender's row, so two
    requests at the hour's last place are applied one after the other: one is set up, the
    other refused (429), and one e-mail goes out, not two."""
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")

    def make(_i):
        if what == "challenge":
            return make_challenge(
                user=ann, variant="standard", days_per_move=3, rated=False, invited=bob
            )
        return tables.table_create(
            user=ann,
            kind="tally",
            variant="open",
            seats=3,
            days_per_move=3,
            rated=False,
            invited=[bob],
        )

    before = OutboundEmail.objects.filter(user=bob).count()
    with override_settings(TABLES_PER_HOUR=4):
        results = _last_place_taken_at_once(make, ann)
    refused = failures(results)
    assert len(refused) == 1, results
    assert isinstance(refused[0], invite_limits.TooManySent)
    assert Game.objects.filter(created_by=ann, status=Game.Status.WAITING).count() == 1
    assert InviteSent.objects.filter(user=ann).count() == 4
    assert OutboundEmail.objects.filter(user=bob).count() - before == 4


def test_the_limits_are_settings_and_documented():
    """The figures are in docs/security.md, docs/settings.md and README's table."""
    docs = {
        path: open(path, encoding="utf-8").read()
        for path in ("docs/security.md", "docs/settings.md", "README.md")
    }
    for name, figure in (("TABLES_PER_HOUR", 20), ("INVITATIONS_PER_HOUR", 30)):
        assert getattr(base, name) == figure
        for path, body in docs.items():
            assert re.search(rf"`{name}`.*\b{figure}\b|\b{figure}\b.*`{name}`", body), (name, path)
