"""The moderation actions as a moderator uses them in the admin: choose the action (on the
list, or with the button on an object's page), fill in the form it shows, apply.

The first POST shows the form (200) and changes nothing; an incomplete form comes back
with its errors (400) and changes nothing; a complete one runs the service for each
selected object and goes back with a message. A refusal from the service is shown as an
error message and changes nothing.
"""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import User
from games.models import Game
from moderation.models import AuditEntry, Report
from tests.factories import UserFactory, play_random, start_game, start_table
from tests.moderation.admin_fixtures import *  # noqa: F403 (the fixtures)
from tests.moderation.admin_fixtures import (
    admin_url,
    form_data,
    forms_on,
    login_as,
    make_moderator,
    messages_of,
    post_action,
)

pytestmark = pytest.mark.django_db


def apply(client, first_page, **fields):
    """Submit the action's form (as shown by ``first_page``) with ``fields`` filled in."""
    data = form_data(first_page, button="apply")
    data.update({name: [value] for name, value in fields.items()})
    return client.post(first_page.wsgi_request.path, data)


def follow(client, response):
    assert response.status_code == 302, response.content.decode()[:2000]
    return client.get(response["Location"])


def entries(**where):
    return list(AuditEntry.objects.filter(**where))


# --- suspend and lift -------------------------------------------------------------------


def test_suspending_shows_a_form_first_and_changes_nothing(client, moderator, alice, game):
    login_as(client, moderator)

    response = post_action(client, User, "suspend_users", [alice])

    assert response.status_code == 200
    html = response.content.decode()
    assert "Suspend" in html and "<li>alice</li>" in html
    assert 'name="reason"' in html and 'name="until_0"' in html
    alice.refresh_from_db()
    assert not alice.is_suspended
    assert not AuditEntry.objects.exists()


def test_suspending_without_a_reason_is_refused_with_the_error(client, moderator, alice, game):
    login_as(client, moderator)
    first = post_action(client, User, "suspend_users", [alice])

    response = apply(client, first, reason="  ")

    assert response.status_code == 400
    assert "This field is required." in response.content.decode()
    alice.refresh_from_db()
    assert not alice.is_suspended
    assert not AuditEntry.objects.exists()
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE


def test_a_suspension_must_end_in_the_future(client, moderator, alice):
    login_as(client, moderator)
    first = post_action(client, User, "suspend_users", [alice])
    past = timezone.now() - timedelta(days=1)

    response = apply(
        client, first, reason="spam", until_0=past.strftime("%Y-%m-%d"), until_1="12:00:00"
    )

    assert response.status_code == 400
    assert "The end of a suspension must be in the future." in response.content.decode()
    alice.refresh_from_db()
    assert not alice.is_suspended


def test_suspending_a_player_forfeits_their_game_and_is_recorded(
    client, moderator, alice, bob, game
):
    login_as(client, moderator)
    first = post_action(client, User, "suspend_users", [alice])

    page = follow(client, apply(client, first, reason="abusive name"))

    assert page.wsgi_request.path == admin_url("accounts_user_changelist")
    assert "Suspend: done for 1." in messages_of(page)
    alice.refresh_from_db()
    assert alice.is_suspended and alice.suspended_until is None
    assert alice.suspension_reason == "abusive name"
    game.refresh_from_db()
    assert (game.status, game.winner, game.reason) == (Game.Status.FINISHED, 1, Game.Reason.FORFEIT)
    [entry] = entries()
    assert (entry.actor, entry.action, entry.target_user, entry.reason) == (
        moderator,
        AuditEntry.Action.SUSPEND,
        alice,
        "abusive name",
    )
    assert entry.details["games_forfeited"] == [game.pk]


def test_a_suspension_can_have_an_end(client, moderator, alice):
    login_as(client, moderator)
    first = post_action(client, User, "suspend_users", [alice])
    end = timezone.now() + timedelta(days=7)

    follow(
        client,
        apply(client, first, reason="spam", until_0=end.strftime("%Y-%m-%d"), until_1="12:00:00"),
    )

    alice.refresh_from_db()
    assert alice.is_suspended
    assert alice.suspended_until.date() == end.date()
    assert alice.suspended_until.hour == 12


def test_lifting_a_suspension(client, moderator, alice):
    User.objects.filter(pk=alice.pk).update(suspended_at=timezone.now(), suspension_reason="x")
    login_as(client, moderator)
    first = post_action(client, User, "lift_suspensions", [alice])
    assert first.status_code == 200
    alice.refresh_from_db()
    assert alice.is_suspended

    page = follow(client, apply(client, first, reason=""))  # the reason may be left out

    assert "Lift the suspension: done for 1." in messages_of(page)
    alice.refresh_from_db()
    assert not alice.is_suspended
    [entry] = entries()
    assert (entry.actor, entry.action, entry.target_user) == (
        moderator,
        AuditEntry.Action.LIFT,
        alice,
    )


def test_a_refused_suspension_is_an_error_message_and_the_rest_go_ahead(
    client, moderator, superuser, alice
):
    login_as(client, moderator)
    first = post_action(client, User, "suspend_users", [alice, superuser])

    page = follow(client, apply(client, first, reason="spam"))

    shown = messages_of(page)
    assert "root: root is staff: a superuser must remove their staff status first." in shown
    assert "Suspend: done for 1." in shown
    superuser.refresh_from_db()
    alice.refresh_from_db()
    assert not superuser.is_suspended and alice.is_suspended
    assert [e.target_user for e in entries()] == [alice]


def test_lifting_a_suspension_nobody_has_is_an_error_message(client, moderator, alice):
    login_as(client, moderator)
    first = post_action(client, User, "lift_suspensions", [alice])

    page = follow(client, apply(client, first, reason=""))

    assert messages_of(page) == ["alice: alice is not suspended."]
    assert not AuditEntry.objects.exists()


# --- abort and adjudicate ---------------------------------------------------------------


def test_aborting_a_game(client, moderator, game):
    login_as(client, moderator)
    first = post_action(client, Game, "abort_games", [game])
    assert first.status_code == 200
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE

    missing = apply(client, first, reason="")
    assert missing.status_code == 400
    assert "This field is required." in missing.content.decode()
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE

    page = follow(client, apply(client, first, reason="The deal was broken."))

    assert "Abort: done for 1." in messages_of(page)
    game.refresh_from_db()
    assert (game.status, game.winner, game.verdict) == (
        Game.Status.ABORTED,
        None,
        "The deal was broken.",
    )
    [entry] = entries()
    assert (entry.actor, entry.action, entry.target_game, entry.reason) == (
        moderator,
        AuditEntry.Action.ABORT,
        game,
        "The deal was broken.",
    )


def test_aborting_a_finished_game_is_refused(client, moderator, alice, bob):
    finished = play_random(start_game(alice, bob, seed="finished"))
    assert finished.status == Game.Status.FINISHED
    login_as(client, moderator)
    first = post_action(client, Game, "abort_games", [finished])

    page = follow(client, apply(client, first, reason="too late"))

    assert messages_of(page) == [
        f"{finished}: Game {finished.pk} is not in play: only a game in play can be aborted "
        "or adjudicated."
    ]
    finished.refresh_from_db()
    assert finished.status == Game.Status.FINISHED
    assert not AuditEntry.objects.exists()


def test_a_moderator_cannot_decide_a_game_they_play_in(client, bob):
    mod = make_moderator("mona")
    own = start_game(mod, bob, seed="own")
    login_as(client, mod)
    first = post_action(client, Game, "abort_games", [own])

    page = follow(client, apply(client, first, reason="I am losing"))

    assert messages_of(page) == [f"{own}: You play in this game: another moderator must decide it."]
    assert Game.objects.get(pk=own.pk).status == Game.Status.ACTIVE
    assert not AuditEntry.objects.exists()


def test_a_moderator_cannot_suspend_his_opponent_in_a_game_in_play(client, alice):
    mod = make_moderator("mona")
    own = start_game(mod, alice, seed="own")
    login_as(client, mod)
    first = post_action(client, User, "suspend_users", [alice])

    page = follow(client, apply(client, first, reason="annoying"))

    assert messages_of(page) == [
        f"alice: You are playing alice in game {own.pk}: another moderator must decide "
        "a suspension that would forfeit it."
    ]
    alice.refresh_from_db()
    assert not alice.is_suspended
    assert Game.objects.get(pk=own.pk).status == Game.Status.ACTIVE
    assert not AuditEntry.objects.exists()


def test_adjudicating_needs_exactly_one_game(client, moderator, alice, bob, game):
    other = start_game(bob, alice, seed="other")
    login_as(client, moderator)

    response = post_action(
        client,
        Game,
        "adjudicate_game",
        [game, other],
        apply="Adjudicate",
        reason="both",
        winner="0",
    )

    page = follow(client, response)
    assert "Choose exactly one for this action." in messages_of(page)
    assert set(
        Game.objects.filter(pk__in=[game.pk, other.pk]).values_list("status", flat=True)
    ) == {Game.Status.ACTIVE}
    assert not AuditEntry.objects.exists()


def test_adjudicating_a_game_to_a_winner(client, moderator, game):
    login_as(client, moderator)
    first = post_action(client, Game, "adjudicate_game", [game])
    assert first.status_code == 200
    html = first.content.decode()
    assert '<option value="0">alice (seat 0)</option>' in html
    assert '<option value="1">bob (seat 1)</option>' in html

    for bad in ("", "2"):
        refused = apply(client, first, reason="alice stalled", winner=bad)
        assert refused.status_code == 400
        assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE
    assert "Select a valid choice." in refused.content.decode()

    page = follow(client, apply(client, first, reason="alice stalled", winner="1"))

    assert "Adjudicate: done for 1." in messages_of(page)
    game.refresh_from_db()
    assert (game.status, game.winner, game.reason, game.verdict) == (
        Game.Status.FINISHED,
        1,
        Game.Reason.ADJUDICATED,
        "alice stalled",
    )
    [entry] = entries()
    assert (entry.actor, entry.action, entry.target_game) == (
        moderator,
        AuditEntry.Action.ADJUDICATE,
        game,
    )
    assert entry.details["winner"] == "bob"


def test_adjudicating_a_table_gives_every_seat_a_place(client, moderator):
    users = [UserFactory(username=name) for name in ("ann", "bob", "cy", "dee")]
    table = start_table("tally", "open", users, seed="admin-table")
    login_as(client, moderator)
    first = post_action(client, Game, "adjudicate_game", [table])
    html = first.content.decode()
    assert "Place of cy (seat 2)" in html and '<option value="4">4th</option>' in html
    assert 'name="winner"' not in html

    # Two seats sharing 1st leave no 2nd: the next place is 3rd.
    refused = apply(
        client, first, reason="dee left", place_0="1", place_1="1", place_2="2", place_3="4"
    )
    assert Game.objects.get(pk=table.pk).status == Game.Status.ACTIVE
    [message] = messages_of(follow(client, refused))
    assert "Those places are not a ranking" in message

    page = follow(
        client,
        apply(client, first, reason="dee left", place_0="2", place_1="1", place_2="2", place_3="4"),
    )
    assert "Adjudicate: done for 1." in messages_of(page)
    table.refresh_from_db()
    assert table.status == Game.Status.FINISHED
    assert [seat.rank for seat in table.seat_rows()] == [2, 1, 2, 4]
    [entry] = entries(action=AuditEntry.Action.ADJUDICATE)
    assert entry.details["places"] == {"ann": 2, "bob": 1, "cy": 2, "dee": 4}


# --- reports ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action, status, title, logged",
    [
        ("resolve_reports", Report.Status.RESOLVED, "Resolve", AuditEntry.Action.REPORT_RESOLVED),
        ("dismiss_reports", Report.Status.DISMISSED, "Dismiss", AuditEntry.Action.REPORT_DISMISSED),
    ],
)
def test_closing_a_report_with_a_note(client, moderator, report, action, status, title, logged):
    login_as(client, moderator)
    first = post_action(client, Report, action, [report])
    assert first.status_code == 200
    assert "Note to the reporter" in first.content.decode()

    missing = apply(client, first, reason="")
    assert missing.status_code == 400
    assert Report.objects.get(pk=report.pk).status == Report.Status.OPEN

    page = follow(client, apply(client, first, reason="Thanks, we had a word."))

    assert f"{title}: done for 1." in messages_of(page)
    report.refresh_from_db()
    assert (report.status, report.note, report.handled_by) == (
        status,
        "Thanks, we had a word.",
        moderator,
    )
    [entry] = entries()
    assert (entry.actor, entry.action, entry.target_report, entry.reason) == (
        moderator,
        logged,
        report,
        "Thanks, we had a word.",
    )


def test_a_report_already_handled_is_an_error_message(client, moderator, superuser, report):
    from moderation import services

    services.report_dismiss(actor=superuser, report_id=report.pk, note="no")
    login_as(client, moderator)
    first = post_action(client, Report, "resolve_reports", [report])

    page = follow(client, apply(client, first, reason="yes after all"))

    assert messages_of(page) == [f"{report}: Report {report.pk} was already dismissed."]
    report.refresh_from_db()
    assert (report.status, report.handled_by) == (Report.Status.DISMISSED, superuser)
    assert AuditEntry.objects.count() == 1


# --- the buttons on an object's page ----------------------------------------------------


def object_buttons(response) -> dict[str, dict]:
    """The action buttons of an object's page: action name -> the form."""
    return {
        form["data"]["action"][0]: form
        for form in forms_on(response)
        if "_from_object" in form["data"]
    }


@pytest.fixture
def pages(alice, game, report):
    """model, object, and the buttons its page must show a moderator."""
    return {
        "user": (User, alice, {"suspend_users", "lift_suspensions"}),
        "game": (Game, game, {"abort_games", "adjudicate_game"}),
        "report": (Report, report, {"resolve_reports", "dismiss_reports"}),
    }


@pytest.mark.parametrize("page", ["user", "game", "report"])
def test_an_objects_page_has_buttons_for_its_actions(client, moderator, pages, page):
    model, obj, expected = pages[page]
    opts = model._meta
    login_as(client, moderator)

    response = client.get(admin_url(f"{opts.app_label}_{opts.model_name}_change", obj.pk))

    buttons = object_buttons(response)
    assert set(buttons) == expected
    for form in buttons.values():
        assert form["attrs"]["action"] == admin_url(
            f"{opts.app_label}_{opts.model_name}_changelist"
        )
        assert form["data"]["_selected_action"] == [str(obj.pk)]


@pytest.mark.parametrize("page", ["user", "game", "report"])
def test_no_buttons_for_a_staff_member_who_may_only_look(client, pages, page):
    from django.contrib.auth.models import Permission

    viewer = UserFactory(username="vera", is_staff=True)
    viewer.user_permissions.set(
        Permission.objects.filter(codename__in=["view_user", "view_game", "view_report"])
    )
    model, obj, _ = pages[page]
    opts = model._meta
    login_as(client, viewer)

    response = client.get(admin_url(f"{opts.app_label}_{opts.model_name}_change", obj.pk))

    assert response.status_code == 200
    assert object_buttons(response) == {}


def test_the_suspend_button_leads_back_to_the_users_page(moderator, alice):
    # As a browser would: the button's form and the action's form carry their CSRF token.
    client = Client(enforce_csrf_checks=True)
    login_as(client, moderator)
    page = client.get(admin_url("accounts_user_change", alice.pk))
    button = object_buttons(page)["suspend_users"]

    first = client.post(button["attrs"]["action"], button["data"])

    assert first.status_code == 200
    assert "<li>alice</li>" in first.content.decode()
    back = apply(client, first, reason="abusive name")
    assert back.status_code == 302
    assert back["Location"] == admin_url("accounts_user_change", alice.pk)
    alice.refresh_from_db()
    assert alice.is_suspended
    assert "Suspend: done for 1." in messages_of(client.get(back["Location"]))


def test_the_abort_button_leads_back_to_the_games_page(client, moderator, game):
    login_as(client, moderator)
    button = object_buttons(client.get(admin_url("games_game_change", game.pk)))["abort_games"]

    first = client.post(button["attrs"]["action"], button["data"])
    back = apply(client, first, reason="broken")

    assert back["Location"] == admin_url("games_game_change", game.pk)
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABORTED
