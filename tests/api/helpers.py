"""Helpers of the API's tests: tokens and requests with them."""

import json

from django.test import Client

from api import tokens

ALL_SCOPES = ["read", "bot:play", "board:play", "challenge:write"]


def token_for(user, *scopes, name="test") -> str:
    """A live token of ``user`` with ``scopes`` (all of them when none is named)."""
    _token, secret = tokens.token_create(user=user, name=name, scopes=list(scopes) or ALL_SCOPES)
    return secret


def api(secret=None, **extra) -> Client:
    """A client whose every request carries ``secret`` as its bearer token."""
    headers = {"HTTP_AUTHORIZATION": f"Bearer {secret}"} if secret else {}
    return Client(**headers, **extra)


def post(client: Client, path: str, data=None):
    return client.post(path, json.dumps(data or {}), content_type="application/json")


def lines(response) -> list[dict]:
    """The JSON lines of a stream's answer (read to its end: the test client's streams
    long-poll), keep-alive lines left out."""
    body = b"".join(response.streaming_content).decode()
    return [json.loads(line) for line in body.splitlines() if line.strip()]
