"""Settings shared by every environment, read from environment variables.

Every variable has a default that works on a fresh machine with nothing else running:
SQLite in the project directory, local-memory cache, Celery tasks run in-process and
e-mail printed to the console. docs/settings.md lists every variable.
"""

from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

from games import registry  # pure: the list of games, no Django

BASE_DIR = Path(__file__).resolve().parent.parent.parent

env = environ.Env()

SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="")
DEBUG = env.bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=[])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    # The admin, with the site's own log-in (rate-limited, refuses suspended users).
    "xix_site.apps.XixAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # Before staticfiles, so runserver serves files the way WhiteNoise does in production.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
    # Every game of the registry, one app each (games/<key>/): its templates, static files
    # and template tags; no models. The registry is the one list of games.
    *registry.apps(),
    "ratings",
    "notifications",
    "moderation",
    "chat",
    # The open API (api/, docs/api.md); django-ninja serves its interactive docs' files.
    "ninja",
    "api",
    "tournaments",
    # Post-game analysis (analysis/, docs/analysis.md): its own Celery queue.
    "analysis",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy and Permissions-Policy (docs/security.md).
    "xix_site.security.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    # A form in a charset other than UTF-8: 400 before the CSRF check reads it
    # (xix_site/charset.py).
    "xix_site.charset.FormCharsetMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # A NUL character in the address, query or form: 400 before any view (xix_site/nul.py);
    # after the CSRF check, which refuses a forged form (403) whatever it holds.
    "xix_site.nul.NulRefusalMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "xix_site.outage.DatabaseOutageMiddleware",  # here, not last: see its docstring
    "accounts.middleware.UserTimeZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # Each request to the API logged (api/middleware.py).
    "api.middleware.RequestLog",
]

ROOT_URLCONF = "xix_site.urls"
WSGI_APPLICATION = "xix_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        # template_partials replaces APP_DIRS with its own loader chain at start-up.
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.context_processors.your_turn",
                "notifications.context_processors.unread_notifications",
                "games.streams.push_settings",
                "xix_site.theme.theme",
            ],
        },
    },
]

# Database: SQLite next to manage.py unless DATABASE_URL says otherwise.
DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite, the default of `python3 dev.py run` (docs/settings.md, SQLITE_TIMEOUT):
    # - IMMEDIATE: a transaction takes the write lock when it begins, so two writers queue
    #   for it. (DEFERRED, SQLite's default, takes it at the first write; a transaction that
    #   has read first then fails at once with "database is locked", whatever the timeout.)
    # - timeout: how long a writer waits for the lock before giving up.
    # - WAL: page loads keep reading while a move is written, and a write never waits
    #   for readers.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": env.float("SQLITE_TIMEOUT", default=20),
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        }
    )
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=0)
# A kept connection is checked before a request reuses it: after a database restart the
# first request reconnects instead of failing on the dead connection. With a pool, the pool
# checks a connection the same way before it hands it out.
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True


def database_pool(database: dict, *, default: bool) -> None:
    """Serve ``database`` (PostgreSQL only) from a psycopg connection pool in each process
    when ``DATABASE_POOL`` (``default`` unless set) is on: at most
    ``DATABASE_POOL_MAX_SIZE`` connections per process, whatever the number of requests
    in flight. A request that finds every connection taken waits for one, at most
    ``DATABASE_POOL_TIMEOUT`` seconds, then fails with ``PoolTimeout`` (an
    ``OperationalError``), which ``xix_site.outage`` answers 503 "busy, try again".
    A pooled connection goes back to the pool when Django closes it, at the end of each
    request, so ``CONN_MAX_AGE`` must be 0 (Django refuses anything else with a pool).
    docs/settings.md, "Database"; docs/operations.md, "Database connections"."""
    if database["ENGINE"] != "django.db.backends.postgresql":
        return
    if not env.bool("DATABASE_POOL", default=default):
        return
    if database["CONN_MAX_AGE"] != 0:
        raise ImproperlyConfigured(
            f"CONN_MAX_AGE={database['CONN_MAX_AGE']} with DATABASE_POOL on: a pooled "
            "connection goes back to the pool after each request, so set CONN_MAX_AGE=0 "
            "(or DATABASE_POOL=false to keep connections per thread); see docs/settings.md."
        )
    min_size = env.int("DATABASE_POOL_MIN_SIZE", default=1)
    max_size = env.int("DATABASE_POOL_MAX_SIZE", default=10)
    timeout = env.float("DATABASE_POOL_TIMEOUT", default=10.0)
    if not 0 <= min_size <= max_size or max_size < 1 or timeout <= 0:
        raise ImproperlyConfigured(
            "DATABASE_POOL_MIN_SIZE, DATABASE_POOL_MAX_SIZE and DATABASE_POOL_TIMEOUT need "
            f"0 <= min <= max, max >= 1 and a timeout above 0 (got {min_size}, {max_size}, "
            f"{timeout}); see docs/settings.md."
        )
    database.setdefault("OPTIONS", {})["pool"] = {
        "min_size": min_size,
        "max_size": max_size,
        "timeout": timeout,
        # A connection unused this long is closed (down to min_size): a quiet process
        # gives its connections back to PostgreSQL.
        "max_idle": env.float("DATABASE_POOL_MAX_IDLE", default=300.0),
    }


# Off by default here (dev and tests); production.py turns it on.
database_pool(DATABASES["default"], default=False)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Redis: when REDIS_URL is set it is the cache, the Celery broker and the result backend.
# Unset, the cache lives in process memory and Celery runs tasks in-process.
REDIS_URL = env.str("REDIS_URL", default="") or None
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            # A dead Redis must fail requests quickly instead of hanging them.
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
        },
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = ["accounts.backends.HumanAuthenticationBackend"]
# Argon2id (memory-hard) for new and changed passwords. On this project's 2-core machine a
# check costs about 0.35 s of CPU against 1 s for Django's default PBKDF2 (docs/security.md).
# The PBKDF2 hashers stay listed so older hashes still verify; Django re-hashes such a
# password with Argon2 at its owner's next log-in.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# django-allauth: sign up with username + e-mail + password, log in with either.
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
# Sign-up costs the same whether or not the address has an account (docs/security.md).
ACCOUNT_FORMS = {"signup": "accounts.forms.SignupForm"}
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_VERIFICATION = env.str("ACCOUNT_EMAIL_VERIFICATION", default="mandatory")
if ACCOUNT_EMAIL_VERIFICATION not in ("none", "optional", "mandatory"):
    raise ImproperlyConfigured(
        "ACCOUNT_EMAIL_VERIFICATION must be none, optional or mandatory, "
        f"not {ACCOUNT_EMAIL_VERIFICATION!r}."
    )
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[XIX Online] "
# The link in the mail opens a page with a Confirm button (a POST): mail scanners that
# follow links must not confirm addresses. Confirming logs the person in when it happens
# in the browser that signed up (allauth checks the session), not in any other.
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS = 3
# The browser that signed up is logged in when its confirmation link is followed there
# (LOGIN_ON_EMAIL_CONFIRMATION) for as long as the link is valid, not only within
# allauth's 15 minutes: people read their mail later. Another browser is never logged in.
ACCOUNT_LOGIN_TIMEOUT = ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS * 24 * 60 * 60
ACCOUNT_LOGIN_ON_PASSWORD_RESET = False
ACCOUNT_SESSION_REMEMBER = None  # ask ("Remember me")
# The account pages go through allauth's rate limits, counted in the cache: Redis when
# REDIS_URL is set (shared by every web process), process memory otherwise. The format is
# "<amount>/<period>/<per>", period s/m/h/d or "<n>s", per ip, key (the log-in or address
# typed in) or user; several limits separated by commas all apply.
ACCOUNT_RATE_LIMITS = {
    # Wrong passwords: 10 a minute from one IP address, 5 per account name in 5 minutes.
    "login_failed": "10/m/ip,5/300s/key",
    "login": "30/m/ip",
    "signup": "20/h/ip",
    "confirm_email": "1/180s/key",
    "reset_password": "20/m/ip,5/h/key",
    "reset_password_from_key": "20/m/ip",
    "change_password": "5/m/user",
    "manage_email": "10/m/user",
    "reauthenticate": "10/m/user",
}
# Per-IP limits need the visitor's address, not the proxy's: behind N reverse proxies that
# each append to X-Forwarded-For, set this to N.
ALLAUTH_TRUSTED_PROXY_COUNT = env.int("ALLAUTH_TRUSTED_PROXY_COUNT", default=0)

# E-mail: EMAIL_URL wins, then EMAIL_HOST (SMTP), else messages go to the console.
if env.str("EMAIL_URL", default=""):
    vars().update(env.email_url("EMAIL_URL"))
elif env.str("EMAIL_HOST", default=""):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = env.str("EMAIL_HOST")
    EMAIL_PORT = env.int("EMAIL_PORT", default=25)
    EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
    EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", default="")
    EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=False)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="XIX Online <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # production.py swaps in WhiteNoise's compressed, hashed storage (needs collectstatic).
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# /healthz answers plain-HTTP probes from load balancers instead of redirecting them.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
X_FRAME_OPTIONS = "DENY"

# Security headers on every response (docs/security.md). Django sends Referrer-Policy,
# Cross-Origin-Opener-Policy, X-Content-Type-Options and X-Frame-Options itself;
# xix_site.security adds Content-Security-Policy and Permissions-Policy. The policy allows
# only the site's own files: no inline <script>, no style="" attribute, no other origin.
CONTENT_SECURITY_POLICY = env.str(
    "DJANGO_CONTENT_SECURITY_POLICY",
    default=(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; "
        "form-action 'self'; frame-ancestors 'none'"
    ),
)
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=()"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

# Cookies. Secure (HTTPS-only) cookies are switched on in production.py. SameSite=Lax keeps
# both cookies off cross-site POSTs, subresources and frames but sends the session on a
# link followed from elsewhere (an e-mail's link to a game). No script reads the CSRF cookie:
# pages carry the token in the form and in <body hx-headers>, so it can be HttpOnly too.
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_HTTPONLY = True
CSRF_COOKIE_SAMESITE = "Lax"
# "Remember me" (ACCOUNT_SESSION_REMEMBER = None above): unticked, the session ends with the
# browser; ticked, it lasts 30 days from the last change to the session (log-in), so a
# correspondence player who looks in every week or two (moves have up to 14 days) stays
# logged in. Polling does not extend it: SESSION_SAVE_EVERY_REQUEST stays False.
SESSION_COOKIE_AGE = 60 * 60 * 24 * 30

# Celery, configured from these CELERY_* settings by xix_site/celery.py.
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_TASK_SOFT_TIME_LIMIT = 60
CELERY_TASK_TIME_LIMIT = 90
# Every task is idempotent, so a task is acknowledged only once it has run: a worker that
# dies mid-task leaves it to be delivered again.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_TIMEZONE = TIME_ZONE
# Two queues, each with its own worker (docker-compose.yml): the bots' moves on
# CELERY_BOTS_QUEUE, everything else (e-mail, notifications, the sweeps) on CELERY_QUEUE,
# so a bot's thinking never delays an e-mail (docs/operations.md, "Workers").
CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_QUEUE", default="celery")
CELERY_BOTS_QUEUE = env.str("CELERY_BOTS_QUEUE", default="bots")
# Post-game analyses (analysis/tasks.py) on a third queue and worker: minutes of search
# never delay a move or an e-mail.
CELERY_ANALYSIS_QUEUE = env.str("CELERY_ANALYSIS_QUEUE", default="analysis")
CELERY_TASK_ROUTES = {
    "games.tasks.seat_autoplay": {"queue": CELERY_BOTS_QUEUE},
    "games.tasks.bot_move": {"queue": CELERY_BOTS_QUEUE},
    "analysis.tasks.*": {"queue": CELERY_ANALYSIS_QUEUE},
}
# Publishing gives up quickly when the broker is down: the request has already committed
# and the periodic sweeps re-enqueue the work from the database.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.5,
    "interval_max": 1,
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# An unacknowledged task (its worker died) is handed out again after this many seconds.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=3600),
}
CELERY_BEAT_SCHEDULE = {
    "deadlines-sweep": {"task": "games.tasks.deadlines_sweep", "schedule": 60.0},
    "tables-expire": {"task": "games.tasks.tables_expire", "schedule": 3600.0},
    "outbox-flush": {"task": "notifications.tasks.outbox_flush", "schedule": 300.0},
    # Hourly: each digest user gets theirs when it is DIGEST_HOUR in their time zone.
    "digest-send": {"task": "notifications.tasks.digest_send", "schedule": 3600.0},
    "suspensions-lift": {"task": "moderation.tasks.suspensions_lift", "schedule": 300.0},
    "tournaments-sweep": {"task": "tournaments.tasks.tournaments_sweep", "schedule": 300.0},
}
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True

# Notifications and e-mail.
# The address of the site as players reach it, for the links in e-mails.
SITE_URL = env.str("SITE_URL", default="http://127.0.0.1:8000")
EMAIL_SUBJECT_PREFIX_SITE = "[XIX Online] "
# Local hour (in each user's time zone) at which the daily digest goes out.
DIGEST_HOUR = env.int("DIGEST_HOUR", default=8)
# A player whose game page asked for news within this many seconds is "looking at the
# game": their notifications for it are not e-mailed. The page polls every 3 seconds.
NOTIFY_VIEWING_SECONDS = env.int("NOTIFY_VIEWING_SECONDS", default=60)

# Browser notifications (Web Push, notifications.webpush): the VAPID key pair that signs
# the site's messages to the browsers' push services (`manage.py webpush_keys` makes one),
# and the contact the push services may write to (a mailto: or https: URL; SITE_URL when
# empty). Without both keys the settings page offers no browser notifications.
WEBPUSH_VAPID_PUBLIC_KEY = env.str("WEBPUSH_VAPID_PUBLIC_KEY", default="")
WEBPUSH_VAPID_PRIVATE_KEY = env.str("WEBPUSH_VAPID_PRIVATE_KEY", default="")
WEBPUSH_VAPID_SUBJECT = env.str("WEBPUSH_VAPID_SUBJECT", default="")

# Vacation (games/vacation.py): the days a player may stop their clocks in a calendar year.
VACATION_DAYS_PER_YEAR = env.int("VACATION_DAYS_PER_YEAR", default=30)

# Bots. XIX's strong and expert bots' budgets per move, in search iterations (docs/bots.md).
BOT_STRONG_ITERATIONS = env.int("BOT_STRONG_ITERATIONS", default=2000)
BOT_EXPERT_ITERATIONS = env.int("BOT_EXPERT_ITERATIONS", default=15000)
# A game whose bot has been to move this long without moving gets its task enqueued again
# by the deadline sweep (the task was lost: broker outage, worker killed).
BOT_NUDGE_SECONDS = env.int("BOT_NUDGE_SECONDS", default=120)
# A site-made move (a bot's, a seat that left, a forced move) is made this many seconds
# after its turn starts, drawn uniformly between the two from the game's seed and the
# action number: its timing tells nothing of the position (docs/security.md).
SITE_MOVE_DELAY_MIN = env.float("SITE_MOVE_DELAY_MIN", default=0.5)
SITE_MOVE_DELAY_MAX = env.float("SITE_MOVE_DELAY_MAX", default=2.0)
# Games with bots a person may have going at once (waiting or in play, a seat still
# theirs): "Play a bot", a table with a bot, a challenge to a bot (docs/security.md).
MAX_ACTIVE_BOT_GAMES = env.int("MAX_ACTIVE_BOT_GAMES", default=5)

# Post-game analysis (analysis/, docs/analysis.md): analyses one person may ask for in 24
# hours (a game's analysis asked for again costs nothing), analyses queued or running on
# the whole site before a new one is refused, the search's budget (a key of
# ``analysis.engine.BUDGETS``), and how many decisions one task analyses.
ANALYSIS_DAILY_LIMIT = env.int("ANALYSIS_DAILY_LIMIT", default=5)
ANALYSIS_QUEUE_LIMIT = env.int("ANALYSIS_QUEUE_LIMIT", default=50)
ANALYSIS_BUDGET = env.str("ANALYSIS_BUDGET", default="standard")
ANALYSIS_CHUNK_DECISIONS = env.int("ANALYSIS_CHUNK_DECISIONS", default=4)

# Aborting rated games before the first moves (games/aborts.py, docs/rules.md 42): a player
# who aborts RATED_ABORT_LIMIT rated games within RATED_ABORT_WINDOW_HOURS may not start
# or join a rated game for RATED_ABORT_PAUSE_HOURS after the last of them.
RATED_ABORT_LIMIT = env.int("RATED_ABORT_LIMIT", default=3)
RATED_ABORT_WINDOW_HOURS = env.int("RATED_ABORT_WINDOW_HOURS", default=24)
RATED_ABORT_PAUSE_HOURS = env.int("RATED_ABORT_PAUSE_HOURS", default=24)

# Game chat (docs/features.md, "Chat"): per user over all games, at most CHAT_BURST
# messages in CHAT_BURST_SECONDS and CHAT_PER_DAY in 24 hours (429 beyond).
CHAT_BURST = env.int("CHAT_BURST", default=5)
CHAT_BURST_SECONDS = env.int("CHAT_BURST_SECONDS", default=30)
CHAT_PER_DAY = env.int("CHAT_PER_DAY", default=200)

# What one person may send in a rolling hour (games/invite_limits.py, docs/security.md):
# challenges and tables set up, and people invited to them. Cancelled ones count too.
TABLES_PER_HOUR = env.int("TABLES_PER_HOUR", default=20)
INVITATIONS_PER_HOUR = env.int("INVITATIONS_PER_HOUR", default=30)

# Where the admin lives: a path that is not guessed from the outside in production.
# Push updates (games/push.py): PUSH_EVENTS on says the site runs under an ASGI server
# (uvicorn), so pages open their game's event stream and poll slowly as a safety net.
# With REDIS_URL the events go through Redis pub/sub to every web process.
PUSH_EVENTS = env.bool("PUSH_EVENTS", default=False)
# The open API (api/, docs/api.md): requests a minute per token and per client address
# (429 with Retry-After beyond), and its streams' pace: a keep-alive line after this many
# quiet seconds; without push, a stream reads again every API_POLL_SECONDS and ends after
# API_LONG_POLL_SECONDS (the client opens it again).
API_REQUESTS_PER_MINUTE_PER_TOKEN = env.int("API_REQUESTS_PER_MINUTE_PER_TOKEN", default=300)
API_REQUESTS_PER_MINUTE_PER_ADDRESS = env.int("API_REQUESTS_PER_MINUTE_PER_ADDRESS", default=600)
API_KEEPALIVE_SECONDS = env.float("API_KEEPALIVE_SECONDS", default=5)
API_POLL_SECONDS = env.float("API_POLL_SECONDS", default=1)
API_LONG_POLL_SECONDS = env.float("API_LONG_POLL_SECONDS", default=25)
# Days the API's requests are kept for the staff (the admin's "API requests").
API_REQUEST_LOG_DAYS = env.int("API_REQUEST_LOG_DAYS", default=14)
# How often a page that holds an event stream still polls (seconds).
PUSH_POLL_SECONDS = env.int("PUSH_POLL_SECONDS", default=120)
EVENTSTREAM_CHANNELMANAGER_CLASS = "games.streams.GameChannels"
if REDIS_URL:
    from redis.connection import parse_url

    # No socket timeout: the stream's Redis listener waits on pub/sub for as long as it takes.
    EVENTSTREAM_REDIS = {**parse_url(REDIS_URL), "socket_connect_timeout": 2}

ADMIN_URL = env.str("ADMIN_URL", default="admin/").strip("/") + "/"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env.str("DJANGO_LOG_LEVEL", default="INFO")},
    # Replaces Django's own "django" logger set-up, which would print errors twice in DEBUG.
    "loggers": {"django": {"handlers": ["console"], "level": "INFO", "propagate": False}},
}


def require(name: str, value: object) -> None:
    """Refuse to start when a setting that has no safe default is missing."""
    if not value:
        raise ImproperlyConfigured(
            f"The environment variable {name} must be set for these settings "
            f"(see docs/settings.md)."
        )
