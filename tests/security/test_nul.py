"""A NUL character anywhere in a request answers a clear 400, never a 500 (issue 14, item
5): PostgreSQL refuses NUL in text, so a NUL that reached a query crashed the page. The
``NulRefusalMiddleware`` turns it away before any view runs; admin actions with ids that
are not ids answer 400 too. Run against PostgreSQL (that is where it crashed)."""

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from tests.factories import UserFactory
from tests.moderation.admin_fixtures import make_moderator

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

MESSAGE = b"NUL character"


@pytest.fixture
def people():
    return {
        "player": UserFactory(username="pat"),
        "moderator": make_moderator("mona"),
        "root": UserFactory(username="root", is_staff=True, is_superuser=True),
    }


def client_for(user) -> Client:
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


PLAYER_URLS = [
    "/players/%00/",
    "/players/bob%00/history/",
    "/players/pat/?page=%00",
    "/?q=%00",
    "/games/%00/",
    "/notifications/?x%00=1",
]
ADMIN_URLS = [
    "accounts_user_changelist?username=%00",
    "accounts_user_changelist?q=%00",
    "accounts_user_changelist?q=bob%00",
    "games_game_changelist?q=%00",
    "moderation_report_changelist?q=%00",
    "moderation_auditentry_changelist?target=%00",
]


@pytest.mark.parametrize("who", [None, "player"])
@pytest.mark.parametrize("url", PLAYER_URLS)
def test_a_nul_in_a_site_url_answers_400(people, who, url):
    response = client_for(people.get(who)).get(url)

    assert response.status_code == 400
    assert MESSAGE in response.content


@pytest.mark.parametrize("who", ["moderator", "root"])
@pytest.mark.parametrize("url", ADMIN_URLS)
def test_a_nul_in_an_admin_filter_answers_400(people, who, url):
    name, query = url.split("?")
    response = client_for(people[who]).get(f"{reverse(f'admin:{name}')}?{query}")

    assert response.status_code == 400
    assert MESSAGE in response.content


def test_a_nul_in_a_posted_form_answers_400_and_changes_nothing(people):
    client = client_for(people["player"])

    response = client.post(reverse("players:settings"), {"first_name": "Pat\x00"})

    assert response.status_code == 400
    assert MESSAGE in response.content
    assert User.objects.get(username="pat").first_name == ""


@pytest.mark.parametrize("ids", [["%00"], ["\x00"], ["abc"], ["1", "2.5"], [""]])
def test_an_admin_action_with_ids_that_are_not_ids_answers_400(people, ids):
    target = UserFactory(username="tess")
    client = client_for(people["moderator"])
    url = reverse("admin:accounts_user_changelist")

    response = client.post(url, {"action": "suspend_users", "_selected_action": ids})

    assert response.status_code == 400
    target.refresh_from_db()
    assert not target.is_suspended


def test_a_good_action_request_still_works(people):
    target = UserFactory(username="tess")
    client = client_for(people["moderator"])
    url = reverse("admin:accounts_user_changelist")

    response = client.post(url, {"action": "suspend_users", "_selected_action": [target.pk]})

    assert response.status_code == 200  # the form that asks for a reason
    assert b"tess" in response.content


def test_a_forged_post_holding_a_nul_is_refused_as_forged(people):
    client = Client(enforce_csrf_checks=True)
    client.force_login(people["player"])

    response = client.post(reverse("players:settings"), {"csrfmiddlewaretoken": "\x00"})

    assert response.status_code == 403
