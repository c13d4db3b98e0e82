"""Emptying the cache of this test process only.

With Redis, the pytest-xdist workers (and a Celery worker some tests start) share one
Redis database; each worker's cache keys carry its own prefix (``KEY_PREFIX``, see
``xix_site/settings/test.py``). ``cache.clear()`` would empty the whole database: another
worker's rate-limit counters in the middle of a test, and the Celery broker's queues.
"""

from django.conf import settings
from django.core.cache import cache


def clear_own_cache() -> None:
    """Delete this process's cache keys (all of them with the in-memory cache)."""
    location = settings.CACHES["default"].get("LOCATION", "")
    if not str(location).startswith("redis"):
        cache.clear()
        return
    client = cache._cache.get_client(write=True)
    prefix = settings.CACHES["default"].get("KEY_PREFIX", "")
    keys = list(client.scan_iter(match=f"{prefix}:*", count=1000))
    if keys:
        client.delete(*keys)
