"""The production settings, unchanged except for the URL map, which adds one bare view
(``/__bare__``) so the load test can measure Django itself beside the site's own pages,
and the test game tally, served here so the benchmarks can seat tables of 3 to 10, and
no hourly limit on challenges and tables set up (each simulated player sets up games far
faster than a person does; the limits are still counted).

No game of more than two seats is served on the real site yet; tally (``tests/kit/tally``,
2 to 10 seats, pages of its own) is registered as a served game for the benchmarks only:
``benchmarks/load`` (``--tables``) and ``benchmarks/requests.py`` (``--seats``). The
site's own settings never see it."""

from games import registry
from xix_site.settings.production import *  # noqa: F403

ROOT_URLCONF = "loadsite.urls"

# games/invite_limits.py: the benchmarks set up many games per player in minutes.
TABLES_PER_HOUR = INVITATIONS_PER_HOUR = 1_000_000

# collectstatic (needed by the manifest storage of production) writes here, not into the
# project's own staticfiles/ directory.
STATIC_ROOT = BASE_DIR / "benchmarks" / "load" / "results" / "staticfiles"  # noqa: F405

# Once per process (settings load once): the engine and its pages (tests/kit/tally/site.py,
# whose templates are named "tally/...").
if "tally" not in registry.ENGINES:
    registry.register("tally", "tests.kit.tally", "tally/1", served=True)
TEMPLATES[0]["DIRS"] = [  # noqa: F405
    *TEMPLATES[0]["DIRS"],  # noqa: F405
    BASE_DIR / "tests" / "kit" / "tally" / "templates",  # noqa: F405
]
