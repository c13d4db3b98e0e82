"""The seam between services and Celery tasks: work is handed on by the task's name.

A service never imports a task module (the tasks import the services, so that would close
a circle): it names the task, ``jobs.after_commit("games.tasks.seat_autoplay", game.pk,
seq, countdown=delay)``. The task is looked up in the Celery app's registry and sent with
its own ``apply_async``, so everything a task's sending does is kept: the queue from
CELERY_TASK_ROUTES (site moves go to the bots' queue), the countdown, and in-process
running when CELERY_TASK_ALWAYS_EAGER (no Redis: dev and tests).

``after_commit`` sends only once the transaction that wrote the state the task acts on has
committed, and never on rollback. If the broker cannot be reached then (or, run in-process,
the task fails), the failure is logged and the request that committed carries on: the
periodic sweeps (``games.tasks.deadlines_sweep`` for site moves,
``notifications.tasks.outbox_flush`` for e-mail) find the work in the database and send it
again. ``send`` sends at once and lets a failure through to its caller (the sweeps
themselves).
"""

import logging
import threading
from collections import Counter

from celery.result import EagerResult
from django.db import transaction

from xix_site.celery import app

log = logging.getLogger(__name__)

_here = threading.local()
# One import of the task modules at a time (task_named).
_importing = threading.Lock()


def ran_here(name: str) -> int:
    """How many times this thread has run the task ``name`` in-process after a commit
    (CELERY_TASK_ALWAYS_EAGER: dev and tests). A caller compares it before and after a
    change to learn whether the task's work is done already or still to come from a
    worker, without reading Celery's settings itself."""
    return getattr(_here, "ran", Counter())[name]


def _ran(name: str) -> None:
    if not hasattr(_here, "ran"):
        _here.ran = Counter()
    _here.ran[name] += 1


def task_named(name: str):
    """The registered task called ``name``. The web process loads the task modules of the
    installed apps (Celery's autodiscovery) on its first use; an unknown name is an error,
    not a message nobody consumes. Under an ASGI or threaded server two requests may ask at
    once: the second waits for the first's import instead of finding the registry half
    filled (a move once failed so)."""
    if name not in app.tasks:
        with _importing:
            if name not in app.tasks:
                app.loader.import_default_modules()
    try:
        return app.tasks[name]
    except KeyError:
        raise LookupError(f"no Celery task is registered as {name!r}") from None


def send(name: str, *args, **options):
    """Send the task ``name`` with ``args`` now (``options``: a ``countdown``, ...)."""
    return task_named(name).apply_async(args, **options)


def after_commit(name: str, *args, **options) -> None:
    """Send the task ``name`` with ``args`` once the current transaction commits (at once
    outside one); nothing if it rolls back. A failure to send is logged, not raised."""
    task = task_named(name)

    def enqueue():
        try:
            result = task.apply_async(args, **options)
        except Exception:
            log.exception("%s%r was not run; a periodic sweep will retry it", name, args)
            return
        if isinstance(result, EagerResult):
            _ran(name)

    enqueue.__qualname__ = f"enqueue {name}"
    transaction.on_commit(enqueue)
