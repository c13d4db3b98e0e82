"""Settings for pytest: base settings (same DATABASE_URL / REDIS_URL handling) made fast."""

import os

from .base import *  # noqa: F403
from .base import CACHES, env

SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="test-only-insecure-key-xix-online-pytest")
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"

# pytest-xdist workers share one Redis database: keep their cache keys apart.
CACHES["default"]["KEY_PREFIX"] = os.environ.get("PYTEST_XDIST_WORKER", "main")

# Serve static files straight from static/ (no collectstatic) the way WhiteNoise does.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
