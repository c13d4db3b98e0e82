"""The real services, when configured (CI always configures them: see tests/conftest.py)."""

import pytest
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache
from django.db import connection

from accounts.models import User


@pytest.mark.postgres
@pytest.mark.django_db
def test_database_is_postgresql():
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        (version,) = cursor.fetchone()
    assert version.startswith("PostgreSQL")

    User.objects.create_user("pat", "pat@example.com", "a-long-password")
    assert User.objects.filter(email__iexact="PAT@example.com").get().username == "pat"


@pytest.mark.redis
def test_cache_is_redis_and_round_trips_values():
    assert isinstance(caches["default"], RedisCache)
    cache.set("xix-round-trip", {"cards": [1, 18], "sum": 19}, timeout=30)
    assert cache.get("xix-round-trip") == {"cards": [1, 18], "sum": 19}
    cache.delete("xix-round-trip")
    assert cache.get("xix-round-trip") is None


@pytest.mark.redis
@pytest.mark.django_db
def test_health_check_reports_redis_ok(client):
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "redis": "ok"}
