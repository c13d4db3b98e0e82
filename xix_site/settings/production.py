"""Production: secrets come from the environment and have no defaults."""

from .base import *  # noqa: F403
from .base import ALLOWED_HOSTS, DATABASES, SECRET_KEY, STORAGES, database_pool, env, require

require("DJANGO_SECRET_KEY", SECRET_KEY)
require("DJANGO_ALLOWED_HOSTS", ALLOWED_HOSTS)

DEBUG = False
# PostgreSQL: a bounded pool of connections per process (DATABASE_POOL, on by default
# here), which needs CONN_MAX_AGE 0. Without the pool a thread keeps its own connection
# for 60 s.
_pooled = env.bool("DATABASE_POOL", default=True)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and _pooled:
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=0)
    database_pool(DATABASES["default"], default=True)
else:
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)

STORAGES["staticfiles"] = {
    "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage",
}

SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env.bool("DJANGO_SECURE_HSTS_PRELOAD", default=True)
SESSION_COOKIE_SECURE = env.bool("DJANGO_SECURE_COOKIES", default=True)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
if env.bool("DJANGO_BEHIND_TLS_PROXY", default=False):
    # Only behind a proxy that terminates TLS and overwrites X-Forwarded-Proto.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
