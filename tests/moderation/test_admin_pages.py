"""Who may open which admin page.

Five kinds of visitor: nobody signed in, a player, a staff member with no permission, a
moderator (staff, in the Moderators group the migration creates) and a superuser. Nobody
signed in is sent to the log-in; a player gets 404 (the admin does not say it exists); the
others get what the tables below say. Every model registered with the admin must appear
in EXPECTED_MODEL_PAGES, so a model registered later cannot be forgotten here.
"""

import pytest
from allauth.account.models import EmailAddress
from django.contrib import admin
from django.contrib.auth.models import Group
from django.db import transaction

from accounts.models import Block, InviteSent
from analysis.models import Analysis
from api import tokens as api_tokens
from api.models import ApiRequest, RatedBotsAccepted
from chat.models import ChatMessage
from games.models import GameAction
from moderation import services
from moderation.models import AuditEntry, Report
from notifications.models import Notification, OutboundEmail, PushSubscription
from ratings.models import Rating, RatingChange
from tests.factories import UserFactory, play_random, start_game
from tests.moderation.admin_fixtures import (
    MODERATORS,
    VISITORS,
    admin_url,
    assert_sent_to_log_in,
    login_as,
    make_people,
)
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

STAFF_VISITORS = ("staff", "moderator", "superuser")
MODEL_PAGES = ("changelist", "add", "change", "delete", "history")

# Status of each model's pages, in the order of MODEL_PAGES, for each staff visitor.
# Nobody signed in: 302 to the log-in everywhere; a player: 404 everywhere.
NONE = "403 403 403 403 403"
READ = "200 403 200 403 200"  # read only: list, object page (no Save), history
ALL = "200 200 200 200 200"
READ_DELETE = "200 403 200 200 200"  # read and delete, never add or change

EXPECTED_MODEL_PAGES = {
    #                              staff  moderator  superuser
    "accounts.User": (NONE, READ, ALL),
    "account.EmailAddress": (NONE, NONE, ALL),
    "auth.Group": (NONE, NONE, ALL),
    "games.Game": (NONE, READ, READ),
    "games.GameAction": (NONE, READ, READ),
    "moderation.Report": (NONE, READ, READ),
    "moderation.AuditEntry": (NONE, READ, READ),
    "chat.ChatMessage": (NONE, READ, READ),
    "notifications.Notification": (NONE, NONE, READ_DELETE),
    "notifications.OutboundEmail": (NONE, NONE, READ_DELETE),
    # A rating's history is kept whole: nobody deletes it.
    "ratings.Rating": (NONE, NONE, READ),
    "ratings.RatingChange": (NONE, NONE, READ),
    # Players make and remove their blocks; staff read them (accounts.blocks). The rows the
    # hourly limits count (games.invite_limits) likewise.
    "accounts.Block": (NONE, NONE, READ_DELETE),
    "accounts.InviteSent": (NONE, NONE, READ_DELETE),
    # A browser that takes notifications: read to see what fails, deleted to stop it.
    "notifications.PushSubscription": (NONE, NONE, READ_DELETE),
    # Tournaments change only through their services (the cancel and remove actions).
    "tournaments.Tournament": (NONE, READ, READ),
    # The API (api/admin.py): tokens are read and revoked (an action), never made or
    # edited here; the request log and the acceptance of bots are read only.
    "api.AccessToken": (NONE, NONE, READ),
    "api.ApiRequest": (NONE, NONE, READ),
    "api.RatedBotsAccepted": (NONE, NONE, READ),
    # Analyses are made by the analysis queue; read, and deleted to be asked for again.
    "analysis.Analysis": (NONE, NONE, READ_DELETE),
}
# accounts.User "change" for a moderator is alice's page (a player): editable. A staff
# member's page is read only for a moderator (SITE_PAGES below).

MODERATOR_APPS = {"accounts", "games", "moderation", "chat", "tournaments"}
APP_LABELS = sorted({label.split(".")[0] for label in EXPECTED_MODEL_PAGES})

# Pages that are not one model's list/add/change/delete/history: (staff, moderator, superuser).
SITE_PAGES = {
    "index": (200, 200, 200),
    # Setting a password is for superusers only, a player's as a staff member's.
    "password of a player": (403, 403, 200),
    "password of a staff member": (403, 403, 200),
    # A moderator sees a staff member's page read only (and may not POST it).
    "change page of a staff member": (403, 200, 200),
    # Their own password: on the site's (rate-limited) page, not a form of the admin's.
    "own password change": (302, 302, 302),
    **{f"app {label}": (404, 200 if label in MODERATOR_APPS else 404, 200) for label in APP_LABELS},
}


def _cases():
    for label in EXPECTED_MODEL_PAGES:
        for page in MODEL_PAGES:
            yield f"{label} {page}"
    yield from SITE_PAGES


PAGES = list(_cases())


def expected_status(visitor, page):
    if visitor == "anonymous":
        return 302
    if visitor == "player":
        return 404
    column = STAFF_VISITORS.index(visitor)
    if page in SITE_PAGES:
        return SITE_PAGES[page][column]
    label, name = page.split(" ")
    statuses = EXPECTED_MODEL_PAGES[label][column].split()
    return int(statuses[MODEL_PAGES.index(name)])


@pytest.fixture(scope="module")
def people_and_world(django_db_setup, django_db_blocker):
    """The visitors, and one object of each registered model. Every test here only looks
    (GET), so they are made once for the module, in a transaction rolled back at its end;
    each test runs in a savepoint inside it, as usual."""
    with django_db_blocker.unblock(), transaction.atomic():
        people = make_people()
        alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
        game = play_random(start_game(alice, bob, seed="admin-seed"), moves=3)
        world = {
            "accounts.User": alice,
            "account.EmailAddress": EmailAddress.objects.create(
                user=alice, email=alice.email, verified=True, primary=True
            ),
            "auth.Group": Group.objects.get(name=MODERATORS),
            "games.Game": game,
            "games.GameAction": GameAction.objects.filter(game=game).first(),
            "moderation.Report": services.report_create(
                reporter=alice, category=Report.Category.STALLING, text="slow", game=game
            ),
            "moderation.AuditEntry": services.audit(
                actor=people["superuser"],
                action=AuditEntry.Action.LIFT,
                target="user alice",
                target_user=alice,
                reason="a test entry",
            ),
            "chat.ChatMessage": ChatMessage.objects.create(game=game, author=alice, text="hi"),
            "notifications.Notification": Notification.objects.create(
                user=alice, game=game, kind=Notification.Kind.GAME_OVER, seq=99, text="Over."
            ),
            "notifications.OutboundEmail": OutboundEmail.objects.create(
                key="admin-test",
                user=alice,
                to_address=alice.email,
                subject="Hello",
                body_text="Hello",
                body_html="<p>Hello</p>",
            ),
            "ratings.Rating": Rating.objects.create(user=alice, variant=game.variant),
            "ratings.RatingChange": RatingChange.objects.create(
                game=game,
                user=alice,
                variant=game.variant,
                before=1500,
                after=1510,
                deviation_after=300,
            ),
            "accounts.Block": Block.objects.create(blocker=alice, blocked=bob),
            "accounts.InviteSent": InviteSent.objects.create(user=alice, invited=1),
            "notifications.PushSubscription": PushSubscription.objects.create(
                user=alice,
                endpoint="https://fcm.googleapis.com/fcm/send/admin-test",
                p256dh="B" * 87,
                auth="A" * 22,
            ),
            "api.AccessToken": api_tokens.token_create(user=alice, name="bot", scopes=["read"])[0],
            "api.ApiRequest": ApiRequest.objects.create(
                method="GET", path="/api/account", status=200, user=alice, milliseconds=4
            ),
            "api.RatedBotsAccepted": RatedBotsAccepted.objects.create(user=alice),
            "analysis.Analysis": Analysis.objects.create(game=game, budget="ci"),
            "tournaments.Tournament": Tournament.objects.create(
                name="Admin cup",
                kind=game.kind,
                variant=game.variant,
                seats=2,
                format=Tournament.Format.SWISS,
                rounds=3,
                min_players=2,
                max_players=8,
                place_points=[1, 0],
                created_by=alice,
            ),
        }
        yield people, world
        transaction.set_rollback(True)


@pytest.fixture
def people(people_and_world):
    return people_and_world[0]


@pytest.fixture
def world(people_and_world):
    return people_and_world[1]


def page_url(page, world, people):
    if page in SITE_PAGES:
        root = people["superuser"]
        return {
            "index": lambda: admin_url("index"),
            "password of a player": lambda: admin_url(
                "auth_user_password_change", world["accounts.User"].pk
            ),
            "password of a staff member": lambda: admin_url("auth_user_password_change", root.pk),
            "change page of a staff member": lambda: admin_url("accounts_user_change", root.pk),
            "own password change": lambda: admin_url("password_change"),
        }.get(page, lambda: admin_url("app_list", page.removeprefix("app ")))()
    label, name = page.split(" ")
    obj = world[label]
    prefix = f"{obj._meta.app_label}_{obj._meta.model_name}"
    if name in ("changelist", "add"):
        return admin_url(f"{prefix}_{name}")
    return admin_url(f"{prefix}_{name}", obj.pk)


def test_every_registered_model_is_in_the_table():
    registered = {model._meta.label for model in admin.site._registry}
    assert registered == set(EXPECTED_MODEL_PAGES)


def test_the_log_entry_is_not_in_the_admin():
    from django.contrib.admin.models import LogEntry

    assert LogEntry not in admin.site._registry


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("visitor", VISITORS)
def test_admin_page(client, world, people, visitor, page):
    url = page_url(page, world, people)
    login_as(client, people[visitor])

    response = client.get(url)

    expected = expected_status(visitor, page)
    assert response.status_code == expected, f"{visitor} at {page} ({url})"
    if visitor == "anonymous":
        assert_sent_to_log_in(response, url)
    elif page == "own password change" and visitor != "player":
        assert response["Location"] == "/accounts/password/change/"


def test_a_moderator_sees_a_staff_members_page_without_a_save_button(client, people):
    login_as(client, people["moderator"])

    response = client.get(admin_url("accounts_user_change", people["superuser"].pk))

    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="_save"' not in html
    assert "View user" in html


def test_a_moderator_may_change_a_player_page(client, world, people):
    login_as(client, people["moderator"])
    alice = world["accounts.User"]

    html = client.get(admin_url("accounts_user_change", alice.pk)).content.decode()

    assert 'name="_save"' in html
    assert "Change user" in html


def test_the_index_lists_only_what_a_moderator_may_see(client, people):
    login_as(client, people["moderator"])

    html = client.get(admin_url("index")).content.decode()

    for listed in ("Users", "Games", "Game actions", "Reports", "Audit trail"):
        assert f">{listed}</a>" in html, listed
    for hidden in ("Groups", "Notifications", "Ratings", "Outbound emails", "Email addresses"):
        assert f">{hidden}</a>" not in html, hidden
