"""Celery tasks of the post-game analysis, routed to their own queue (``analysis.tasks.*``
in ``CELERY_TASK_ROUTES``: CELERY_ANALYSIS_QUEUE), so a long search never delays a move or
an e-mail. Thin: each loads by id and calls ``analysis.services``.

``analysis_begin`` reads the game's decisions and hands over to the first chunk; each
``analysis_chunk`` analyses its decisions, stores them with the progress, and enqueues the
next chunk not stored yet: one chunk at a time per game, so the progress fills in order and
many games share the workers. Both are idempotent; a chunk whose search raises marks the
analysis failed (the page offers to try again), a database error is retried.
"""

import logging

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.db import DatabaseError

from analysis import services

logger = logging.getLogger(__name__)

RETRY = {
    "autoretry_for": (DatabaseError, ConnectionError),
    "retry_backoff": True,
    "retry_backoff_max": 300,
    "retry_jitter": True,
    "max_retries": 8,
}
# A chunk is a few decisions at the chosen budget: well under these on the analysis worker.
LIMITS = {"soft_time_limit": 300, "time_limit": 360}

FAILED = "The search stopped before the end of this analysis."


def _failed(analysis_id: int, error: BaseException) -> None:
    logger.exception("analysis %s failed", analysis_id, exc_info=error)
    message = "It took too long." if isinstance(error, SoftTimeLimitExceeded) else str(error)
    services.analysis_fail(analysis_id, f"{FAILED} {message}".strip())


@shared_task(**RETRY, **LIMITS)
def analysis_begin(analysis_id: int) -> None:
    try:
        number = services.analysis_begin(analysis_id)
    except (DatabaseError, ConnectionError):
        raise
    except Exception as error:
        _failed(analysis_id, error)
        return
    if number is not None:
        analysis_chunk.delay(analysis_id, number)


@shared_task(**RETRY, **LIMITS)
def analysis_chunk(analysis_id: int, number: int) -> None:
    try:
        following = services.analysis_chunk_run(analysis_id, number)
    except (DatabaseError, ConnectionError):
        raise
    except Exception as error:
        _failed(analysis_id, error)
        return
    if following is not None:
        analysis_chunk.delay(analysis_id, following)
