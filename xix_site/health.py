"""GET /healthz: is the site able to serve? Checks the database and, if configured, Redis."""

import redis
from django.conf import settings
from django.db import DatabaseError, connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

REDIS_TIMEOUT_SECONDS = 1


def short_reason(exc: Exception) -> str:
    """The exception class and the first line of its message, short enough for a status page."""
    lines = str(exc).strip().splitlines()
    reason = f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__
    return f"error: {reason[:150]}"


def database_status() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as exc:
        return short_reason(exc)
    return "ok"


def redis_status() -> str:
    if not settings.REDIS_URL:
        return "not configured"
    client = redis.Redis.from_url(
        settings.REDIS_URL,
        socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
        socket_timeout=REDIS_TIMEOUT_SECONDS,
    )
    try:
        client.ping()
    except redis.RedisError as exc:
        return short_reason(exc)
    finally:
        client.close()
    return "ok"


@never_cache
@require_safe
def healthz(request):
    parts = {"database": database_status(), "redis": redis_status()}
    healthy = all(value in ("ok", "not configured") for value in parts.values())
    return JsonResponse(
        {"status": "ok" if healthy else "error", **parts}, status=200 if healthy else 503
    )
