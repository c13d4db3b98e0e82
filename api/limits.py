"""The API's request limits: per token and per client address, each a count of requests in
a fixed window of one minute, kept in the cache (Redis when ``REDIS_URL`` is set, so every
web process counts together). Over the limit: ``RateLimited``, answered 429 with
``Retry-After``: the seconds until the window ends."""

import math
import time

from django.conf import settings
from django.core.cache import cache

WINDOW = 60  # seconds


class RateLimited(Exception):
    def __init__(self, *, retry_after: int, what: str, limit: int):
        super().__init__(
            f"Too many requests from this {what}: at most {limit} a minute. "
            f"Try again in {retry_after} s."
        )
        self.retry_after = retry_after


def _count(key: str, limit: int, what: str) -> None:
    now = time.time()
    window = int(now // WINDOW)
    name = f"api-rate:{key}:{window}"
    cache.add(name, 0, timeout=WINDOW + 5)
    try:
        used = cache.incr(name)
    except ValueError:  # expired between add and incr: this request opens a new count
        cache.set(name, 1, timeout=WINDOW + 5)
        used = 1
    if used > limit:
        retry_after = max(1, math.ceil((window + 1) * WINDOW - now))
        raise RateLimited(retry_after=retry_after, what=what, limit=limit)


def check_address(network: str) -> None:
    """Count one request from ``network`` (an address, an IPv6 /64)."""
    _count(f"ip:{network}", settings.API_REQUESTS_PER_MINUTE_PER_ADDRESS, "address")


def check_token(token_id: int) -> None:
    """Count one request made with the token ``token_id``."""
    _count(f"token:{token_id}", settings.API_REQUESTS_PER_MINUTE_PER_TOKEN, "token")
