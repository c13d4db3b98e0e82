"""XIX Online project package. Loading the Celery app here lets @shared_task bind to it."""

from .celery import app as celery_app

__all__ = ("celery_app",)
