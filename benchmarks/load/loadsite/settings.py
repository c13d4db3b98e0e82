"""The production settings, unchanged except for the URL map, which adds one bare view
(``/__bare__``) so the load test can measure Django itself beside the site's own pages."""

from xix_site.settings.production import *  # noqa: F403

ROOT_URLCONF = "loadsite.urls"

# collectstatic (needed by the manifest storage of production) writes here, not into the
# project's own staticfiles/ directory.
STATIC_ROOT = BASE_DIR / "benchmarks" / "load" / "results" / "staticfiles"  # noqa: F405
