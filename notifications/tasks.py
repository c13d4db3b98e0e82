"""Celery tasks for e-mail and browser notifications. Thin: each loads by id and calls
``notifications.services`` or ``notifications.webpush``."""

from celery import shared_task
from django.db import DatabaseError

from notifications import services, webpush

TRANSIENT = (DatabaseError, services.SendFailed, ConnectionError, TimeoutError)


@shared_task(
    autoretry_for=TRANSIENT,
    retry_backoff=30,
    retry_backoff_max=3600,
    retry_jitter=True,
    max_retries=services.MAX_EMAIL_ATTEMPTS,
)
def email_send(outbound_id: int) -> bool:
    return services.email_send(outbound_id)


@shared_task(autoretry_for=(DatabaseError,), retry_backoff=True, max_retries=3)
def outbox_flush() -> int:
    return services.outbox_flush()


@shared_task(autoretry_for=(DatabaseError,), retry_backoff=True, max_retries=3)
def digest_send() -> int:
    return services.digest_send()


@shared_task
def webpush_send(notification_id: int) -> int:
    """Not retried: each browser's failure is recorded on its subscription (webpush.send),
    and a browser notification that comes late is worth less than none."""
    return webpush.send(notification_id)
