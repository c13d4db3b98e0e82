"""The Celery application, configured from the CELERY_* Django settings.

Run a worker with `celery -A xix_site worker` and the scheduler with `celery -A xix_site beat`.
Without REDIS_URL the settings make every task run in-process (eager).

Services hand work to tasks through ``xix_site.jobs`` (by the task's name, once the
transaction commits), never by importing a task module.
"""

import os

from celery import Celery
from celery.contrib.django.task import DjangoTask

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "xix_site.settings.dev")

app = Celery("xix_site", task_cls=DjangoTask)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
