"""A moderator never sees the reports about himself or about a game he plays in, nor who
filed them (issue 14, item 3): not in the report list or its counts, not on a report's
page, not on his game's or his own user page, not in the audit trail. Another moderator
sees them all."""

import re

import pytest
from django.urls import reverse

from moderation import services
from moderation.models import Report
from tests.factories import UserFactory, start_game
from tests.moderation.admin_fixtures import login_as, make_moderator

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(client):
    mona = make_moderator("mona")
    other = make_moderator("otto")
    bob, carol, dave, erin = (UserFactory(username=n) for n in ("bob", "carol", "dave", "erin"))
    own = start_game(mona, bob, seed="own")
    elsewhere = start_game(carol, erin, seed="elsewhere")
    about_mona = {
        "game, by her opponent": services.report_create(
            reporter=bob, category=Report.Category.STALLING, text="SECRET-A", game=own
        ),
        "game, by a spectator": services.report_create(
            reporter=dave, category=Report.Category.CHEATING, text="SECRET-B", game=own
        ),
        "player": services.report_create(
            reporter=carol,
            category=Report.Category.ABUSIVE_NAME,
            text="SECRET-C",
            reported=mona,
        ),
    }
    closed = services.report_create(
        reporter=erin, category=Report.Category.OTHER, text="SECRET-D", reported=mona
    )
    services.report_dismiss(actor=other, report_id=closed.pk, note="NOTE-D")
    about_mona["player, closed"] = closed
    unrelated = services.report_create(
        reporter=carol, category=Report.Category.STALLING, text="VISIBLE-E", game=elsewhere
    )
    return {
        "mona": mona,
        "otto": other,
        "own": own,
        "about_mona": about_mona,
        "unrelated": unrelated,
        "client": client,
    }


def report_ids(html: str) -> set[int]:
    return {int(pk) for pk in re.findall(r"/moderation/report/(\d+)/change/", html)}


def page(world, who, name, *args, **query):
    client = login_as(world["client"], world[who])
    response = client.get(reverse(f"admin:{name}", args=args), query)
    return response, response.content.decode()


SECRETS = ("SECRET-A", "SECRET-B", "SECRET-C", "SECRET-D", "NOTE-D")


def test_the_report_list_and_its_counts_leave_them_out(world):
    response, html = page(world, "mona", "moderation_report_changelist", _facets="1")

    assert response.status_code == 200
    assert report_ids(html) == {world["unrelated"].pk}
    assert "1 report" in html and not re.search(r"[2-9] reports", html)
    for secret in SECRETS:
        assert secret not in html
    # Filters and searches do not bring them back.
    for query in ({"q": "mona"}, {"status__exact": "open"}, {"q": "SECRET"}):
        _, html = page(world, "mona", "moderation_report_changelist", **query)
        assert report_ids(html) <= {world["unrelated"].pk}, query


@pytest.mark.parametrize(
    "which", ["game, by her opponent", "game, by a spectator", "player", "player, closed"]
)
def test_the_page_of_a_report_about_her_does_not_open(world, which):
    report = world["about_mona"][which]
    response, html = page(world, "mona", "moderation_report_change", report.pk)

    assert response.status_code in (302, 404)
    followed = world["client"].get(response["Location"]) if response.status_code == 302 else None
    for body in (html, followed.content.decode() if followed else ""):
        assert report.reporter.username not in body
        assert report.text not in body


def test_her_game_and_her_user_page_list_no_report_about_her(world):
    _, game_html = page(world, "mona", "games_game_change", world["own"].pk)
    _, user_html = page(world, "mona", "accounts_user_change", world["mona"].pk)

    for html in (game_html, user_html):
        assert report_ids(html) == set()
        assert "dave" not in html and "carol" not in html and "erin" not in html


def test_the_audit_trail_does_not_say_who_reported_her(world):
    _, listing = page(world, "mona", "moderation_auditentry_changelist")

    assert "NOTE-D" not in listing and "erin" not in listing
    closed = world["about_mona"]["player, closed"]
    entry = closed.audit_entries.get()
    response, html = page(world, "mona", "moderation_auditentry_change", entry.pk)
    assert response.status_code in (302, 404) and "erin" not in html


def test_another_moderator_sees_them_all(world):
    _, html = page(world, "otto", "moderation_report_changelist")
    assert report_ids(html) == {r.pk for r in world["about_mona"].values()} | {
        world["unrelated"].pk
    }
    _, game_html = page(world, "otto", "games_game_change", world["own"].pk)
    assert "dave" in game_html and "bob" in game_html
    _, user_html = page(world, "otto", "accounts_user_change", world["mona"].pk)
    assert "carol" in user_html
    closed = world["about_mona"]["player, closed"]
    response, html = page(
        world, "otto", "moderation_auditentry_change", closed.audit_entries.get().pk
    )
    assert response.status_code == 200 and "erin" in html


def test_she_still_sees_the_reports_she_filed_herself(world):
    mine = services.report_create(
        reporter=world["mona"], category=Report.Category.STALLING, text="MINE", game=world["own"]
    )
    _, html = page(world, "mona", "moderation_report_changelist")
    assert mine.pk in report_ids(html)
