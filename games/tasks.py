"""Celery tasks for games. Thin: each loads by id and calls ``games.services`` (or
``games.tables``).

Every task is idempotent. ``seat_autoplay`` (and ``bot_move``, its name in queues written
before it) carries the action number it was enqueued for and does nothing if the game has
moved on; the sweeps re-read the database each time.
"""

from celery import shared_task
from django.db import DatabaseError

from games import services, tables

RETRY = {
    "autoretry_for": (DatabaseError, ConnectionError, TimeoutError),
    "retry_backoff": True,
    "retry_backoff_max": 300,
    "retry_jitter": True,
    "max_retries": 8,
}


@shared_task(**RETRY)
def seat_autoplay(game_id: int, expected_seq: int) -> bool:
    """The site's move for a bot's seat or a seat that left (``services.seat_autoplay``)."""
    return services.seat_autoplay(game_id=game_id, expected_seq=expected_seq)


@shared_task(**RETRY)
def bot_move(game_id: int, expected_seq: int) -> bool:
    """Kept for messages queued under this name: the same as ``seat_autoplay``."""
    return services.seat_autoplay(game_id=game_id, expected_seq=expected_seq)


@shared_task(**RETRY)
def deadlines_sweep() -> dict:
    return services.deadlines_sweep()


@shared_task(**RETRY)
def tables_expire() -> int:
    """Remove the waiting tables past their expiry (``tables.tables_expire``)."""
    return tables.tables_expire()


@shared_task(**RETRY)
def challenges_expire() -> int:
    """Kept for messages queued under this name: the same as ``tables_expire``."""
    return tables.tables_expire()
