"""Local development: the default for manage.py and dev.py run."""

import warnings

from .base import *  # noqa: F403
from .base import BASE_DIR, env

DEBUG = env.bool("DJANGO_DEBUG", default=True)
SECRET_KEY = env.str(
    "DJANGO_SECRET_KEY", default="dev-only-insecure-key-never-use-in-production-xix-online"
)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])

# Browser notifications work out of the box: without keys in the environment, one pair is
# made on the first start and kept in webpush-vapid.json next to db.sqlite3 (gitignored).
if not env.str("WEBPUSH_VAPID_PRIVATE_KEY", default=""):
    from xix_site.vapid import stored_pair

    _pair = stored_pair(BASE_DIR / "webpush-vapid.json")
    WEBPUSH_VAPID_PUBLIC_KEY, WEBPUSH_VAPID_PRIVATE_KEY = _pair["public"], _pair["private"]

# Templates are read afresh for every page, so an edited template shows on the next load:
# the ASGI server of `dev.py run` reloads itself when Python files change, and only then
# would it empty Django's cached template loader.
_engine = TEMPLATES[0]  # noqa: F405
TEMPLATES = [
    {
        **{key: value for key, value in _engine.items() if key != "APP_DIRS"},
        "OPTIONS": {
            **_engine["OPTIONS"],
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        "django.template.loaders.filesystem.Loader",
                        "django.template.loaders.app_directories.Loader",
                    ],
                )
            ],
        },
    }
]

# Under ASGI (dev.py run) WhiteNoise hands Django its static files as synchronous
# iterators, which Django reads in a thread with a warning; for a developer's few files
# that costs nothing worth a line on the console.
warnings.filterwarnings(
    "ignore", message="StreamingHttpResponse must consume synchronous iterators"
)
