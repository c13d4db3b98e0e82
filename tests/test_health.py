"""GET /healthz, as a load balancer or an operator sees it."""

from unittest import mock

import pytest
from django.db import OperationalError, connection

pytestmark = pytest.mark.django_db


def test_healthy_without_redis(client, settings):
    settings.REDIS_URL = None

    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "redis": "not configured"}


def test_never_cached(client, settings):
    settings.REDIS_URL = None

    response = client.get("/healthz")

    assert "no-cache" in response["Cache-Control"]
    assert "no-store" in response["Cache-Control"]


def test_broken_database_is_a_503_naming_the_database(client, settings):
    settings.REDIS_URL = None

    with mock.patch.object(connection, "cursor", side_effect=OperationalError("server gone")):
        response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == {
        "status": "error",
        "database": "error: OperationalError: server gone",
        "redis": "not configured",
    }


def test_unreachable_redis_is_a_503_naming_redis(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1

    response = client.get("/healthz")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "error"
    assert body["database"] == "ok"
    assert body["redis"].startswith("error: ConnectionError")
    assert len(body["redis"]) < 200


def test_answers_get_and_head_but_not_writes(client, settings):
    settings.REDIS_URL = None

    assert client.head("/healthz").status_code == 200
    assert client.post("/healthz").status_code == 405
