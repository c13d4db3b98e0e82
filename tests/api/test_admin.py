"""The API in the admin: the staff see every token (its prefix, never its secret nor its
digest), its scopes, owner and last use, and revoke tokens; they read the request log,
each request a row (kept API_REQUEST_LOG_DAYS days). A person who is not staff gets 404."""

from datetime import timedelta

import pytest
from django.contrib.admin.models import LogEntry
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from api.middleware import PRUNE_MARK
from api.models import AccessToken, ApiRequest
from tests.api.helpers import api, token_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def staff() -> Client:
    client = Client()
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


def test_the_staff_see_each_token_without_its_secret_and_revoke_it():
    alice = UserFactory(username="alice")
    secret = token_for(alice, "read", "bot:play", name="alice's bot")
    token = AccessToken.objects.get(user=alice)
    assert api(secret).get("/api/account").status_code == 200  # used: last use written
    admin = staff()
    listing = admin.get(reverse("admin:api_accesstoken_changelist")).content.decode()
    assert f"{token.prefix}…" in listing and "alice&#x27;s bot" in listing
    assert "read, bot:play" in listing and "alice" in listing
    assert secret not in listing and token.digest not in listing
    page = admin.get(reverse("admin:api_accesstoken_change", args=[token.pk])).content.decode()
    assert secret not in page and token.digest not in page and "Last used at" in page

    done = admin.post(
        reverse("admin:api_accesstoken_changelist"),
        {"action": "revoke", "_selected_action": [token.pk]},
        follow=True,
    )
    assert "1 token revoked" in done.content.decode()
    assert AccessToken.objects.get(pk=token.pk).is_revoked
    assert api(secret).get("/api/account").status_code == 401
    assert LogEntry.objects.filter(object_id=str(token.pk)).exists()  # who revoked it
    assert admin.get(reverse("admin:api_accesstoken_add")).status_code == 403


def test_the_staff_read_the_request_log_and_old_requests_go():
    alice = UserFactory(username="alice")
    secret = token_for(alice, "read")
    api(secret).get("/api/account")
    api("xix_made_up").get("/api/account")
    Client().get("/api/schema/")  # the description is no program's request: not logged
    first, second = ApiRequest.objects.order_by("pk")
    assert (first.path, first.status, first.user, first.token.prefix) == (
        "/api/account",
        200,
        alice,
        secret[:8],
    )
    assert (second.status, second.user, second.token) == (401, None, None)
    assert ApiRequest.objects.count() == 2
    listing = staff().get(reverse("admin:api_apirequest_changelist")).content.decode()
    assert "/api/account" in listing and f"{secret[:8]}…" in listing

    ApiRequest.objects.update(at=timezone.now() - timedelta(days=15))
    cache.delete(PRUNE_MARK)
    api(secret).get("/api/account")
    assert list(ApiRequest.objects.values_list("status", flat=True)) == [200]


def test_a_person_who_is_not_staff_finds_no_token_admin():
    client = Client()
    client.force_login(UserFactory(username="mallory"))
    assert client.get(reverse("admin:api_accesstoken_changelist")).status_code == 404
    assert client.get(reverse("admin:api_apirequest_changelist")).status_code == 404


def test_a_request_from_no_address_is_refused_before_the_api_and_not_logged():
    secret = token_for(UserFactory(username="alice"), "read")
    assert api(secret, REMOTE_ADDR="not an address").get("/api/account").status_code == 403
    assert not ApiRequest.objects.exists()
