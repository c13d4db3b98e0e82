"""Run the periodic jobs that Celery beat schedules: once, or every N seconds.

    python manage.py periodic              # each job once, then exit (for cron)
    python manage.py periodic --every 60   # loop (what `python3 dev.py run` starts)

The jobs are the same services the beat tasks call: the deadline sweep (reminders,
timeouts, bot moves that waited too long), the expiry of waiting tables, the outbox flush, the
daily digest and lifting suspensions that reached their end date. Each is safe to run
any number of times.
"""

import time

from django.core.management.base import BaseCommand, CommandError
from django.db import close_old_connections

from games import services as games, tables
from moderation import services as moderation
from notifications import services as notifications

JOBS = {
    "deadlines": games.deadlines_sweep,
    "tables": tables.tables_expire,
    "outbox": notifications.outbox_flush,
    "digest": notifications.digest_send,
    "suspensions": moderation.suspensions_lift_expired,
}
# Older names of jobs, still accepted by --only: "challenges" before they were tables of two.
ALIASES = {"challenges": "tables"}


class Command(BaseCommand):
    help = "Run the periodic jobs (deadlines, tables, outbox, digest, suspensions)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--every", type=int, default=0, help="repeat every this many seconds (0: once)"
        )
        parser.add_argument(
            "--only", choices=sorted([*JOBS, *ALIASES]), action="append", help="run only these"
        )

    def handle(self, *args, every=0, only=None, **options):
        if every < 0:
            raise CommandError("--every must be 0 (once) or a number of seconds.")
        only = {ALIASES.get(name, name) for name in only or ()}
        jobs = {name: job for name, job in JOBS.items() if not only or name in only}
        while True:
            for name, job in jobs.items():
                if every:
                    close_old_connections()  # a long-running loop: drop stale connections
                try:
                    result = job()
                except Exception as error:  # one failing job must not stop the others
                    self.stderr.write(f"{name}: failed: {type(error).__name__}: {error}")
                    if not every:
                        raise
                else:
                    if every == 0 or result:
                        self.stdout.write(f"{name}: {result}")
            if not every:
                return
            time.sleep(every)
