"""What the admin keeps: logged actions, games, reports and audit entries cannot be changed
or deleted through it by anybody; every change made to a user there is in the audit trail;
moderators cannot give out staff status, groups, permissions or passwords; and every card
of a game is shown only to those who may see it.
"""

import re
from html import unescape

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import Group, Permission
from django.forms.models import model_to_dict

from accounts.models import User
from games.models import Game, GameAction
from games.selectors import game_state, player_names
from games.xix.engine import full_view
from moderation import services
from moderation.models import AuditEntry, Report
from tests.factories import PASSWORD, UserFactory, start_game
from tests.moderation.admin_fixtures import *  # noqa: F403 (the fixtures)
from tests.moderation.admin_fixtures import (
    MODERATORS,
    admin_url,
    form_data,
    login_as,
    make_moderator,
)

pytestmark = pytest.mark.django_db

# --- nothing recorded can be changed or deleted -----------------------------------------


@pytest.fixture
def records(game, report, superuser, alice):
    """One of each record the admin shows but must never change, with what a forger
    would post on its change page."""
    entry = services.audit(
        actor=superuser,
        action=AuditEntry.Action.LIFT,
        target="user alice",
        target_user=alice,
        reason="as it happened",
    )
    return {
        "logged action": (
            GameAction.objects.filter(game=game).first(),
            {"seq": "40", "seat": "1", "action": '{"seat": 1, "type": "raise"}'},
        ),
        "game": (game, {"status": "finished", "score0": "19", "winner": "0", "verdict": "forged"}),
        "report": (report, {"status": "dismissed", "note": "forged", "text": "nothing"}),
        "audit entry": (entry, {"reason": "forged", "action": "suspend", "target": "x"}),
    }


def snapshot(obj):
    fresh = type(obj).objects.get(pk=obj.pk)
    return {field.attname: getattr(fresh, field.attname) for field in obj._meta.concrete_fields}


def urls(obj):
    prefix = f"{obj._meta.app_label}_{obj._meta.model_name}"
    return {name: admin_url(f"{prefix}_{name}", obj.pk) for name in ("change", "delete")}


@pytest.mark.parametrize("what", ["logged action", "game", "report", "audit entry"])
@pytest.mark.parametrize("who", ["moderator", "superuser"])
def test_a_record_cannot_be_changed_through_its_page(client, request, records, what, who):
    obj, forged = records[what]
    before = snapshot(obj)
    login_as(client, request.getfixturevalue(who))

    page = client.get(urls(obj)["change"])
    response = client.post(urls(obj)["change"], {**forged, "_save": "Save"})

    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="_save"' not in html and 'class="deletelink"' not in html
    assert response.status_code == 403
    assert snapshot(obj) == before


@pytest.mark.parametrize("what", ["logged action", "game", "report", "audit entry"])
@pytest.mark.parametrize("who", ["moderator", "superuser"])
def test_a_record_cannot_be_deleted_through_its_page(client, request, records, what, who):
    obj, _ = records[what]
    login_as(client, request.getfixturevalue(who))

    shown = client.get(urls(obj)["delete"])
    response = client.post(urls(obj)["delete"], {"post": "yes"})

    assert (shown.status_code, response.status_code) == (403, 403)
    assert type(obj).objects.filter(pk=obj.pk).exists()


@pytest.mark.parametrize("model", [GameAction, Game, Report, AuditEntry])
def test_nothing_can_be_added_to_the_records(client, superuser, game, model):
    count = model.objects.count()
    login_as(client, superuser)
    url = admin_url(f"{model._meta.app_label}_{model._meta.model_name}_add")

    response = client.post(
        url,
        {"game": game.pk, "seq": "99", "action": "{}", "reason": "x", "seat": "0", "target": "x"},
    )

    assert response.status_code == 403
    assert model.objects.count() == count


# --- changes to users are audited ---------------------------------------------------------


def change_user(client, user, **changes):
    """Submit the user's admin page as shown, with ``changes`` (name -> value or list)."""
    url = admin_url("accounts_user_change", user.pk)
    data = form_data(client.get(url), form_id="user_form")
    for name, value in changes.items():
        data[name] = value if isinstance(value, list) else [value]
    data["_save"] = ["Save"]
    return client.post(url, data)


def test_a_superuser_renaming_a_user_is_in_the_audit_trail(client, superuser, alice):
    login_as(client, superuser)

    response = change_user(client, alice, username="alicia")

    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.username == "alicia"
    [entry] = AuditEntry.objects.all()
    assert (entry.actor, entry.action, entry.target_user, entry.target) == (
        superuser,
        AuditEntry.Action.USER_CHANGED,
        alice,
        "user alicia",
    )
    assert entry.details["fields"] == ["Username"]
    assert LogEntry.objects.filter(object_id=str(alice.pk)).count() == 1


def test_a_moderator_may_correct_a_players_name_and_it_is_audited(client, moderator, alice):
    login_as(client, moderator)
    email = alice.email

    # The e-mail address is the player's own (it is verified): a moderator's is ignored.
    response = change_user(client, alice, username="alicia", email="alicia@example.com")

    assert response.status_code == 302
    alice.refresh_from_db()
    assert (alice.username, alice.email) == ("alicia", email)
    [entry] = AuditEntry.objects.all()
    assert (entry.actor, entry.action, entry.target_user) == (
        moderator,
        AuditEntry.Action.USER_CHANGED,
        alice,
    )
    assert entry.details["fields"] == ["Username"]


def test_saving_a_user_unchanged_writes_no_audit_entry(client, superuser, alice):
    login_as(client, superuser)

    response = change_user(client, alice)

    assert response.status_code == 302
    assert not AuditEntry.objects.exists()


def test_a_moderator_cannot_make_anyone_staff_or_give_groups_or_permissions(
    client, moderator, alice
):
    group = Group.objects.get(name=MODERATORS)
    permission = Permission.objects.get(codename="delete_user")
    before = model_to_dict(User.objects.get(pk=alice.pk))
    login_as(client, moderator)

    response = change_user(
        client,
        alice,
        username="alicia",
        is_staff="on",
        is_superuser="on",
        is_active="",
        groups=[str(group.pk)],
        user_permissions=[str(permission.pk)],
        is_bot="on",
        date_joined_0="2001-01-01",
        date_joined_1="00:00:00",
    )

    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.username == "alicia"  # the one thing a moderator may change
    after = model_to_dict(alice)
    for field in ("is_staff", "is_superuser", "is_active", "is_bot", "date_joined", "password"):
        assert after[field] == before[field], field
    assert not alice.groups.exists() and not alice.user_permissions.exists()


def test_a_moderators_page_of_a_player_hides_password_groups_and_permissions(
    client, moderator, alice
):
    login_as(client, moderator)

    html = client.get(admin_url("accounts_user_change", alice.pk)).content.decode()

    assert 'name="username"' in html
    assert 'name="groups"' not in html and 'name="user_permissions"' not in html
    assert 'name="is_staff"' not in html and 'name="is_superuser"' not in html
    stored = User.objects.get(pk=alice.pk).password
    algorithm, salt, hashed = stored.split("$")
    assert hashed not in html and salt not in html


def test_a_superuser_sees_groups_and_permissions(client, superuser, alice):
    login_as(client, superuser)

    html = client.get(admin_url("accounts_user_change", alice.pk)).content.decode()

    assert 'name="groups"' in html and 'name="user_permissions"' in html
    assert 'name="is_staff"' in html


@pytest.mark.parametrize("staff", ["superuser", "other moderator"])
def test_a_moderator_cannot_change_a_staff_member(client, moderator, superuser, staff):
    target = superuser if staff == "superuser" else make_moderator("otto")
    before = model_to_dict(User.objects.get(pk=target.pk))
    login_as(client, moderator)
    url = admin_url("accounts_user_change", target.pk)

    response = client.post(url, {"username": "renamed", "email": "x@example.com", "_save": "Save"})

    assert response.status_code == 403
    target.refresh_from_db()
    assert model_to_dict(target) == before
    assert not AuditEntry.objects.exists()


def test_a_moderator_cannot_set_a_password(client, moderator, alice):
    login_as(client, moderator)
    url = admin_url("auth_user_password_change", alice.pk)

    response = client.post(
        url,
        {"password1": "Another-pass-99", "password2": "Another-pass-99", "usable_password": "true"},
    )

    assert response.status_code == 403
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)
    assert not AuditEntry.objects.exists()


def test_a_superuser_setting_a_password_is_audited(client, superuser, alice):
    login_as(client, superuser)
    url = admin_url("auth_user_password_change", alice.pk)
    data = form_data(client.get(url), form_id="user_form")
    data.update(password1=["Another-pass-99"], password2=["Another-pass-99"])

    response = client.post(url, data)

    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("Another-pass-99")
    [entry] = AuditEntry.objects.all()
    assert (entry.actor, entry.action, entry.target_user) == (
        superuser,
        AuditEntry.Action.USER_CHANGED,
        alice,
    )
    assert entry.details["fields"] == ["password"]


def test_a_superuser_adding_a_user_is_audited(client, superuser):
    login_as(client, superuser)
    url = admin_url("accounts_user_add")
    data = form_data(client.get(url), form_id="user_form")
    data.update(username=["newbie"], password1=["Newbie-pass-99"], password2=["Newbie-pass-99"])

    response = client.post(url, {**data, "_save": "Save"})

    assert response.status_code == 302
    newbie = User.objects.get(username="newbie")
    [entry] = AuditEntry.objects.all()
    assert (entry.actor, entry.action, entry.target_user) == (
        superuser,
        AuditEntry.Action.USER_ADDED,
        newbie,
    )


def test_a_superuser_deleting_a_user_is_audited(client, superuser):
    dora = UserFactory(username="dora")
    login_as(client, superuser)

    response = client.post(admin_url("accounts_user_delete", dora.pk), {"post": "yes"})

    assert response.status_code == 302
    assert not User.objects.filter(pk=dora.pk).exists()
    [entry] = AuditEntry.objects.all()
    assert (entry.actor, entry.action, entry.target_user, entry.target) == (
        superuser,
        AuditEntry.Action.USER_DELETED,
        None,
        "user dora",
    )
    assert entry.details["user_id"] == dora.pk


def test_a_deletion_that_fails_leaves_no_audit_entry(client, superuser, monkeypatch):
    from django.contrib import admin

    dora = UserFactory(username="dora")
    user_admin = admin.site._registry[User]

    def fail(request, queryset):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(user_admin, "delete_queryset", fail)
    login_as(client, superuser)

    with pytest.raises(RuntimeError):
        client.post(
            admin_url("accounts_user_changelist"),
            {"action": "delete_selected", "_selected_action": [dora.pk], "post": "yes"},
        )

    assert User.objects.filter(pk=dora.pk).exists()
    assert not AuditEntry.objects.exists()


# --- every card -------------------------------------------------------------------------


def hand_row(html, name, seat) -> str | None:
    """The cards of the "Every card" row for a seat's closed hand, or None if not shown."""
    match = re.search(
        rf"<tr><th>{re.escape(name)} \(seat {seat}\), closed</th><td>([^<]*)</td></tr>", html
    )
    return unescape(match.group(1)) if match else None


def closed_hands(game):
    view = full_view(game_state(game), player_names(game))
    return [" ".join(str(c) for c in view["hands"][seat]["closed"]) for seat in (0, 1)]


@pytest.mark.parametrize("who", ["moderator", "superuser"])
def test_every_card_is_shown_to_staff_who_do_not_play(client, request, game, who):
    login_as(client, request.getfixturevalue(who))

    html = client.get(admin_url("games_game_change", game.pk)).content.decode()

    alice_hand, bob_hand = closed_hands(game)
    assert alice_hand and bob_hand
    assert hand_row(html, "alice", 0) == alice_hand
    assert hand_row(html, "bob", 1) == bob_hand
    assert "Hidden:" not in html


@pytest.fixture
def own_game(bob):
    """A game in play between the moderator mona (seat 0) and bob."""
    mona = make_moderator("mona")
    return mona, start_game(mona, bob, seed="secret-seed-of-monas-game")


def test_a_moderator_who_plays_in_the_game_sees_no_hidden_card(client, own_game):
    mona, own = own_game
    login_as(client, mona)

    response = client.get(admin_url("games_game_change", own.pk))

    assert response.status_code == 200
    html = response.content.decode()
    assert "Hidden: you play in this game." in html
    assert hand_row(html, "bob", 1) is None and hand_row(html, "mona", 0) is None
    assert 'class="xix-full-table"' not in html
    # Nor the deal itself, or the seed it was shuffled from.
    assert "secret-seed-of-monas-game" not in html
    assert "field-setup" not in html and "field-seed" not in html


def test_another_moderator_sees_the_deal_of_that_game(client, own_game):
    _, own = own_game
    login_as(client, make_moderator("otto"))

    html = client.get(admin_url("games_game_change", own.pk)).content.decode()

    assert "secret-seed-of-monas-game" in html and "field-setup" in html
    assert hand_row(html, "bob", 1) == closed_hands(own)[1]


def test_a_moderator_does_not_see_the_action_log_of_a_game_they_play(client, own_game):
    from tests.factories import play_random

    mona, own = own_game
    own = play_random(own, moves=2)
    actions = list(GameAction.objects.filter(game=own))
    login_as(client, mona)

    listing = client.get(admin_url("games_gameaction_changelist"))
    page = client.get(admin_url("games_game_change", own.pk))
    one = client.get(admin_url("games_gameaction_change", actions[0].pk))

    assert listing.status_code == 200
    assert str(own) not in listing.content.decode()
    assert 'id="actions-group"' not in page.content.decode()  # the log under the game
    assert one.status_code == 302  # "doesn't exist", back to the index
    login_as(client, make_moderator("otto"))
    assert str(own) in client.get(admin_url("games_gameaction_changelist")).content.decode()


def test_staff_who_may_only_look_at_games_see_no_hidden_card(client, game):
    vera = UserFactory(username="vera", is_staff=True)
    vera.user_permissions.set(
        Permission.objects.filter(codename__in=["view_game", "view_gameaction"])
    )
    login_as(client, vera)

    html = client.get(admin_url("games_game_change", game.pk)).content.decode()
    listing = client.get(admin_url("games_gameaction_changelist")).content.decode()

    assert "Hidden: you may not see the cards of games in play." in html
    assert hand_row(html, "alice", 0) is None
    assert "admin-seed" not in html and 'id="actions-group"' not in html
    assert str(game) not in listing
