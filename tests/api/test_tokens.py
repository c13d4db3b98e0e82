"""Personal access tokens: made on the settings page (the secret shown once, a digest
stored), scopes (403 without the one asked), revoked (401), rate limits per token and per
address (429 with Retry-After), and every request logged."""

import hashlib
import logging
import re

import pytest
from django.test import Client

from api.models import AccessToken
from tests.api.helpers import api, post, token_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_token_made_on_the_settings_page_is_shown_once_and_stored_as_a_digest():
    alice = UserFactory(username="alice")
    client = signed_in(alice)
    made = client.post("/settings/tokens/", {"name": "my bot", "scopes": ["read", "bot:play"]})
    assert made.status_code == 200
    secret = re.search(r'value="(xix_[^"]+)"', made.content.decode())[1]
    token = AccessToken.objects.get(user=alice)
    assert token.digest == hashlib.sha256(secret.encode()).hexdigest()
    assert token.scopes == ["read", "bot:play"]
    assert secret not in str(AccessToken.objects.filter(pk=token.pk).values().get())
    settings_page = client.get("/settings/").content.decode()
    assert "my bot" in settings_page and token.prefix in settings_page
    assert secret not in settings_page  # shown once, on the answer that made it
    assert api(secret).get("/api/account").json()["username"] == "alice"


def test_a_token_needs_a_name_and_a_known_scope():
    alice = UserFactory(username="alice")
    client = signed_in(alice)
    refused = client.post("/settings/tokens/", {"name": "x", "scopes": ["root"]}, follow=True)
    assert "No such scope: root" in refused.content.decode()
    refused = client.post("/settings/tokens/", {"name": "x"}, follow=True)
    assert "Choose at least one scope" in refused.content.decode()
    assert not AccessToken.objects.exists()


def test_a_revoked_token_is_refused_401_and_last_use_is_kept():
    alice = UserFactory(username="alice")
    secret = token_for(alice, "read")
    client = api(secret)
    assert client.get("/api/account").status_code == 200
    token = AccessToken.objects.get(user=alice)
    assert token.last_used_at is not None
    revoked = signed_in(alice).post(f"/settings/tokens/{token.pk}/revoke", follow=True)
    assert "The token is revoked" in revoked.content.decode()
    assert client.get("/api/account").status_code == 401
    # Nobody else revokes it: bob's post leaves alice's next token alone.
    other = token_for(alice, "read", name="second")
    second = AccessToken.objects.get(name="second")
    signed_in(UserFactory(username="bob")).post(f"/settings/tokens/{second.pk}/revoke")
    assert api(other).get("/api/account").status_code == 200


def test_no_token_or_a_made_up_one_is_401():
    UserFactory(username="alice")
    assert Client().get("/api/account").status_code == 401
    assert api("xix_made-up").get("/api/account").status_code == 401


def test_a_token_without_the_scope_asked_for_is_403():
    alice = UserFactory(username="alice")
    client = api(token_for(alice, "read"))
    refused = post(client, "/api/challenges", {"game": "xix", "variant": "standard"})
    assert refused.status_code == 403
    assert "challenge:write" in refused.json()["detail"]
    assert client.get("/api/stream/event").status_code == 403
    reader = api(token_for(alice, "challenge:write", name="w"))
    assert reader.get("/api/account").status_code == 403


def test_a_flood_of_requests_is_429_with_retry_after(settings):
    settings.API_REQUESTS_PER_MINUTE_PER_TOKEN = 3
    alice = UserFactory(username="alice")
    client = api(token_for(alice, "read"))
    answers = [client.get("/api/account") for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert 1 <= int(answers[-1]["Retry-After"]) <= 60
    assert "at most 3 a minute" in answers[-1].json()["detail"]
    # Another token of the same address is counted apart.
    assert api(token_for(alice, "read", name="b")).get("/api/account").status_code == 200


def test_one_address_is_limited_whatever_the_tokens(settings):
    settings.API_REQUESTS_PER_MINUTE_PER_ADDRESS = 2
    client = api("xix_guess")
    assert [client.get("/api/account").status_code for _ in range(3)] == [401, 401, 429]


def test_each_request_is_logged(caplog):
    alice = UserFactory(username="alice")
    secret = token_for(alice, "read")
    token = AccessToken.objects.get(user=alice)
    with caplog.at_level(logging.INFO, logger="api.requests"):
        api(secret).get("/api/account")
        api("xix_nothing").get("/api/account")
    logged = [r.getMessage() for r in caplog.records if r.name == "api.requests"]
    assert logged[0].startswith(f"GET /api/account 200 user={alice.pk} token={token.pk}")
    assert logged[1].startswith("GET /api/account 401 user=- token=-")
