"""The Celery application, configured from the CELERY_* Django settings.

Run a worker with `celery -A xix_site worker` and the scheduler with `celery -A xix_site beat`.
Without REDIS_URL the settings make every task run in-process (eager).

Tasks are enqueued with ``delay_on_commit``: only once the transaction that wrote the
state they act on has committed. Publishing is made safe here: if the broker cannot be
reached, the failure is logged and the request that committed carries on; the periodic
sweeps (``games.tasks.deadlines_sweep`` for bot moves, ``notifications.tasks.outbox_flush``
for e-mail) find the work from the database and enqueue it again.
"""

import logging
import os

from celery import Celery
from celery.contrib.django.task import DjangoTask

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "xix_site.settings.dev")

log = logging.getLogger(__name__)


class XixTask(DjangoTask):
    def delay_on_commit(self, *args, **kwargs) -> None:
        self.apply_async_on_commit(args, kwargs)

    def apply_async_on_commit(self, args=None, kwargs=None, **options) -> None:
        """``apply_async(args, kwargs, **options)`` once the transaction commits (options:
        a ``countdown``, ...). The queue comes from CELERY_TASK_ROUTES."""
        from django.db import transaction

        def enqueue():
            try:
                self.apply_async(args, kwargs, **options)
            except Exception:
                # The broker is down (or, in eager mode, the task itself failed): the
                # change is committed and a periodic sweep finds the work again.
                log.exception("%s%r was not run; a periodic sweep will retry it", self.name, args)

        enqueue.__qualname__ = f"enqueue {self.name}"
        transaction.on_commit(enqueue)


app = Celery("xix_site", task_cls=XixTask)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
