"""Settings as a fresh machine and a production host see them (each in a clean subprocess)."""

import json
import os
import secrets
import subprocess
import sys

from django.conf import settings

REPORT = """
import json
import django
from django.conf import settings
django.setup()
from xix_site.celery import app
database = settings.DATABASES["default"]
print(json.dumps({
    "database_engine": database["ENGINE"],
    "database_name": str(database["NAME"]),
    "atomic_requests": database["ATOMIC_REQUESTS"],
    "cache": settings.CACHES["default"]["BACKEND"],
    "cache_location": settings.CACHES["default"].get("LOCATION"),
    "eager": app.conf.task_always_eager,
    "eager_propagates": app.conf.task_eager_propagates,
    "broker": app.conf.broker_url,
    "result_backend": app.conf.result_backend,
    "serializer": app.conf.task_serializer,
    "accept": list(app.conf.accept_content),
    "soft_limit": app.conf.task_soft_time_limit,
    "hard_limit": app.conf.task_time_limit,
    "acks_late": app.conf.task_acks_late,
    "prefetch": app.conf.worker_prefetch_multiplier,
    "beat_schedule": app.conf.beat_schedule,
    "email_backend": settings.EMAIL_BACKEND,
    "email_host": getattr(settings, "EMAIL_HOST", None),
    "email_port": getattr(settings, "EMAIL_PORT", None),
    "email_verification": settings.ACCOUNT_EMAIL_VERIFICATION,
    "debug": settings.DEBUG,
    "time_zone": settings.TIME_ZONE,
    "use_tz": settings.USE_TZ,
    "user_model": settings.AUTH_USER_MODEL,
}))
"""


def run_python(args, env):
    """Run the project's interpreter with only `env` (plus PATH) in the environment."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=settings.BASE_DIR,
        env={"PATH": os.environ["PATH"], **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def settings_report(settings_module, **env):
    result = run_python(["-c", REPORT], {"DJANGO_SETTINGS_MODULE": settings_module, **env})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_fresh_machine_defaults_need_no_services():
    report = settings_report("xix_site.settings.dev")

    assert report["database_engine"] == "django.db.backends.sqlite3"
    assert report["database_name"] == str(settings.BASE_DIR / "db.sqlite3")
    assert report["atomic_requests"] is False
    assert report["cache"] == "django.core.cache.backends.locmem.LocMemCache"
    assert report["eager"] is True
    assert report["eager_propagates"] is True
    assert report["email_backend"] == "django.core.mail.backends.console.EmailBackend"
    assert report["email_verification"] == "mandatory"
    assert report["debug"] is True
    assert (report["time_zone"], report["use_tz"]) == ("UTC", True)
    assert report["user_model"] == "accounts.User"


def test_celery_is_json_only_with_time_limits():
    report = settings_report("xix_site.settings.dev")

    assert report["serializer"] == "json"
    assert report["accept"] == ["json"]
    assert (report["soft_limit"], report["hard_limit"]) == (60, 90)
    assert report["acks_late"] is True
    assert report["prefetch"] == 1
    # Every periodic job is a task that exists, on a sensible period (seconds).
    schedule = report["beat_schedule"]
    assert {name: (job["task"], job["schedule"]) for name, job in schedule.items()} == {
        "deadlines-sweep": ("games.tasks.deadlines_sweep", 60.0),
        "tables-expire": ("games.tasks.tables_expire", 3600.0),
        "outbox-flush": ("notifications.tasks.outbox_flush", 300.0),
        "digest-send": ("notifications.tasks.digest_send", 3600.0),
        "suspensions-lift": ("moderation.tasks.suspensions_lift", 300.0),
        "tournaments-sweep": ("tournaments.tasks.tournaments_sweep", 300.0),
    }


def test_services_come_from_the_environment():
    report = settings_report(
        "xix_site.settings.dev",
        DATABASE_URL="postgres://xix:secret@db.internal:5432/xix",
        REDIS_URL="redis://cache.internal:6379/2",
        EMAIL_URL="smtp://mail.internal:1025",
        ACCOUNT_EMAIL_VERIFICATION="optional",
    )

    assert report["database_engine"] == "django.db.backends.postgresql"
    assert report["database_name"] == "xix"
    assert report["cache"] == "django.core.cache.backends.redis.RedisCache"
    assert report["cache_location"] == "redis://cache.internal:6379/2"
    assert report["broker"] == "redis://cache.internal:6379/2"
    assert report["result_backend"] is None  # no task result is ever read
    assert report["eager"] is False
    assert report["email_backend"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (report["email_host"], report["email_port"]) == ("mail.internal", 1025)
    assert report["email_verification"] == "optional"


def test_smtp_from_separate_email_variables():
    report = settings_report(
        "xix_site.settings.dev", EMAIL_HOST="smtp.example.com", EMAIL_PORT="587"
    )

    assert report["email_backend"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (report["email_host"], report["email_port"]) == ("smtp.example.com", 587)


def test_test_settings_honour_the_same_environment():
    report = settings_report("xix_site.settings.test", REDIS_URL="redis://cache.internal:6379/2")

    assert report["cache"] == "django.core.cache.backends.redis.RedisCache"
    # Tests run tasks in-process unless they start a worker (tests/tasks), which sets
    # CELERY_EAGER=0 for it and EMAIL_URL for e-mail it can read back.
    assert report["eager"] is True
    assert report["email_backend"] == "django.core.mail.backends.locmem.EmailBackend"
    worker = settings_report(
        "xix_site.settings.test",
        REDIS_URL="redis://cache.internal:6379/2",
        CELERY_EAGER="0",
        CELERY_QUEUE="xix-test-q",
        EMAIL_URL="filemail:////tmp/mail",
    )
    assert worker["eager"] is False
    assert worker["email_backend"] == "django.core.mail.backends.filebased.EmailBackend"


PRODUCTION = {"DJANGO_SETTINGS_MODULE": "xix_site.settings.production"}


def test_production_refuses_to_start_without_a_secret_key():
    result = run_python(["manage.py", "check"], {**PRODUCTION, "DJANGO_ALLOWED_HOSTS": "x.org"})

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_production_refuses_to_start_without_allowed_hosts():
    result = run_python(
        ["manage.py", "check"], {**PRODUCTION, "DJANGO_SECRET_KEY": secrets.token_urlsafe(50)}
    )

    assert result.returncode != 0
    assert "DJANGO_ALLOWED_HOSTS must be set" in result.stderr


def test_production_passes_the_deployment_checklist():
    result = run_python(
        ["manage.py", "check", "--deploy"],
        {
            **PRODUCTION,
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "example.com",
        },
    )

    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout
    assert "WARNING" not in result.stdout + result.stderr


def test_an_unknown_email_verification_mode_stops_start_up():
    result = run_python(
        ["manage.py", "check"],
        {"DJANGO_SETTINGS_MODULE": "xix_site.settings.dev", "ACCOUNT_EMAIL_VERIFICATION": "maybe"},
    )

    assert result.returncode != 0
    assert "ACCOUNT_EMAIL_VERIFICATION must be none, optional or mandatory" in result.stderr


# --- the PostgreSQL connection pool (DATABASE_POOL, docs/settings.md "Database") ----------

DATABASE_REPORT = """
import json
import django
from django.conf import settings
django.setup()
database = settings.DATABASES["default"]
print(json.dumps({"conn_max_age": database["CONN_MAX_AGE"],
                  "pool": database.get("OPTIONS", {}).get("pool")}))
"""
POSTGRES = "postgres://xix@db.internal:5432/xix"


def database_report(settings_module, **env):
    environ = {"DJANGO_SETTINGS_MODULE": settings_module, **env}
    if settings_module == PRODUCTION["DJANGO_SETTINGS_MODULE"]:
        environ |= {"DJANGO_SECRET_KEY": secrets.token_urlsafe(50), "DJANGO_ALLOWED_HOSTS": "x"}
    return run_python(["-c", DATABASE_REPORT], environ)


def test_production_serves_postgresql_from_a_bounded_pool_sized_by_the_environment():
    production = PRODUCTION["DJANGO_SETTINGS_MODULE"]
    result = database_report(production, DATABASE_URL=POSTGRES)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "conn_max_age": 0,
        "pool": {"min_size": 1, "max_size": 10, "timeout": 10.0, "max_idle": 300.0},
    }

    result = database_report(
        production,
        DATABASE_URL=POSTGRES,
        DATABASE_POOL_MIN_SIZE="0",
        DATABASE_POOL_MAX_SIZE="4",
        DATABASE_POOL_TIMEOUT="2.5",
        DATABASE_POOL_MAX_IDLE="60",
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["pool"] == {
        "min_size": 0,
        "max_size": 4,
        "timeout": 2.5,
        "max_idle": 60.0,
    }


def test_without_the_pool_production_keeps_a_connection_per_thread():
    result = database_report(
        PRODUCTION["DJANGO_SETTINGS_MODULE"], DATABASE_URL=POSTGRES, DATABASE_POOL="false"
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"conn_max_age": 60, "pool": None}


def test_development_and_sqlite_have_no_pool_unless_asked():
    for module, url in [
        ("xix_site.settings.dev", POSTGRES),
        ("xix_site.settings.production", "sqlite:////tmp/xix-pool-test.sqlite3"),
    ]:
        result = database_report(module, DATABASE_URL=url)
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout)["pool"] is None, module
    result = database_report("xix_site.settings.dev", DATABASE_URL=POSTGRES, DATABASE_POOL="1")
    assert json.loads(result.stdout) == {
        "conn_max_age": 0,
        "pool": {"min_size": 1, "max_size": 10, "timeout": 10.0, "max_idle": 300.0},
    }


def test_a_pool_with_kept_connections_or_impossible_sizes_stops_start_up():
    production = PRODUCTION["DJANGO_SETTINGS_MODULE"]
    kept = database_report(production, DATABASE_URL=POSTGRES, CONN_MAX_AGE="60")
    assert kept.returncode != 0
    assert "CONN_MAX_AGE=60 with DATABASE_POOL on" in kept.stderr
    for sizes in (
        {"DATABASE_POOL_MAX_SIZE": "0"},
        {"DATABASE_POOL_MIN_SIZE": "5", "DATABASE_POOL_MAX_SIZE": "4"},
        {"DATABASE_POOL_TIMEOUT": "0"},
    ):
        result = database_report(production, DATABASE_URL=POSTGRES, **sizes)
        assert result.returncode != 0, sizes
        assert "DATABASE_POOL_MIN_SIZE, DATABASE_POOL_MAX_SIZE and DATABASE_POOL_TIMEOUT" in (
            result.stderr
        )
