"""Gunicorn settings for the production web process: ``gunicorn -c xix_site/gunicorn_conf.py``.

Two worker processes, each with a few threads (gunicorn's ``gthread`` worker). A log-in
spends a few hundred milliseconds in the password hash (Argon2, which releases the GIL);
with sync workers every request that arrives meanwhile waits in the queue behind it, with
threads it is served beside it. The load test in docs/performance.md measures both.
A worker's threads share its pool of database connections (DATABASE_POOL, on in
production), so the site holds at most ``workers x min(threads, DATABASE_POOL_MAX_SIZE)``
connections to PostgreSQL; without the pool, one per thread.

Every value can be changed from the environment; docs/settings.md lists them.
"""

import os


def _number(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        number = int(value)
    except ValueError as error:
        raise SystemExit(f"{name} must be a whole number, not {value!r}") from error
    if number < 1:
        raise SystemExit(f"{name} must be at least 1, not {number}")
    return number


wsgi_app = "xix_site.wsgi"
bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = _number("WEB_CONCURRENCY", 2)
threads = _number("GUNICORN_THREADS", 4)
worker_class = "gthread" if threads > 1 else "sync"
timeout = _number("GUNICORN_TIMEOUT", 30)
graceful_timeout = _number("GUNICORN_GRACEFUL_TIMEOUT", 30)
keepalive = 5
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-") or None
