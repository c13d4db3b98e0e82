"""Moderation's periodic task: suspensions whose end date has passed are lifted."""

from celery import shared_task

from games.tasks import RETRY
from moderation import services


@shared_task(**RETRY)
def suspensions_lift() -> int:
    return services.suspensions_lift_expired()
