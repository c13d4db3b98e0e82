"""Settings for pytest: base settings (same DATABASE_URL / REDIS_URL handling) made fast."""

import os
from pathlib import Path

from .base import *  # noqa: F403
from .base import CACHES, DATABASES, env

SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="test-only-insecure-key-xix-online-pytest")
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# A SQLite test database is a file next to the configured one, not Django's in-memory
# database: the concurrency tests' threads then share it (and its locks) the way the web
# processes of `python3 dev.py run` share db.sqlite3.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    _name = Path(DATABASES["default"]["NAME"])
    DATABASES["default"].setdefault("TEST", {})["NAME"] = str(_name.with_name(f"test_{_name.name}"))

# In memory (django.core.mail.outbox), unless EMAIL_URL says otherwise: the Celery worker
# that tests/tasks starts writes its e-mail to files the test can read.
if not env.str("EMAIL_URL", default=""):
    EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"

# pytest-xdist workers share one Redis database: keep their cache keys apart.
CACHES["default"]["KEY_PREFIX"] = os.environ.get("PYTEST_XDIST_WORKER", "main")

# Serve static files straight from static/ (no collectstatic) the way WhiteNoise does.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True

# Tasks run in-process (errors propagating) unless a test starts a real Celery worker
# (tests/tasks/conftest.py), which switches this off for its duration. Each test process
# has its own queue, so workers started by parallel test processes never take each
# other's tasks.
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_EAGER", default=True)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_DEFAULT_QUEUE = env.str(
    "CELERY_QUEUE",
    default=f"xix-test-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-{os.getpid()}",
)
CELERY_BOTS_QUEUE = env.str("CELERY_BOTS_QUEUE", default=f"{CELERY_TASK_DEFAULT_QUEUE}-bots")
CELERY_ANALYSIS_QUEUE = env.str(
    "CELERY_ANALYSIS_QUEUE", default=f"{CELERY_TASK_DEFAULT_QUEUE}-analysis"
)
CELERY_TASK_ROUTES = {
    "games.tasks.seat_autoplay": {"queue": CELERY_BOTS_QUEUE},
    "games.tasks.bot_move": {"queue": CELERY_BOTS_QUEUE},
    "analysis.tasks.*": {"queue": CELERY_ANALYSIS_QUEUE},
}

# Many tests start more games against bots for one user than a person may have going;
# the limit's own tests set it (tests/games/test_bot_limits.py).
MAX_ACTIVE_BOT_GAMES = env.int("MAX_ACTIVE_BOT_GAMES", default=1000)

# Post-game analysis: the smallest search budget, so a whole game's analysis stays cheap.
ANALYSIS_BUDGET = env.str("ANALYSIS_BUDGET", default="ci")

# The hourly limits on challenges and tables set up (games/invite_limits.py) would stop the
# tests that set up dozens of games for one player within their second;
# tests/games/test_invite_limits.py puts the real figures (base.py) back.
TABLES_PER_HOUR = INVITATIONS_PER_HOUR = 1_000_000
