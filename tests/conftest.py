"""Shared pytest set-up: tests that need a real service.

@pytest.mark.postgres runs when DATABASE_URL points at PostgreSQL; @pytest.mark.redis runs
when REDIS_URL is set. Without the service such a test is skipped, except under CI=true,
where it fails: CI must never pass by quietly skipping what it exists to check.
"""

import os
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

SERVICE_MARKERS = {
    "postgres": (
        "PostgreSQL",
        "DATABASE_URL=postgres://...",
        lambda: settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql",
    ),
    "redis": ("Redis", "REDIS_URL=redis://...", lambda: bool(settings.REDIS_URL)),
}


_UNREGISTER_TALLY = pytest.StashKey[object]()
TALLY_TEMPLATES = Path(__file__).resolve().parent / "kit" / "tally" / "templates"


def pytest_configure(config):
    """Register the test-only game ``tally`` (tests/kit/tally) for the whole session, so the
    conformance kit, check_records and the platform's tests see it; the site never does."""
    from games import registry

    config.stash[_UNREGISTER_TALLY] = registry.register("tally", "tests.kit.tally", "tally/1")
    # Its pages' templates (tests/kit/tally/site.py names them "tally/..."): for the tests'
    # template engine only, before it is built; the site's settings never list them.
    settings.TEMPLATES[0]["DIRS"] = [*settings.TEMPLATES[0]["DIRS"], TALLY_TEMPLATES]


def pytest_unconfigure(config):
    config.stash[_UNREGISTER_TALLY]()


def running_in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def pytest_runtest_setup(item):
    for marker, (service, variable, configured) in SERVICE_MARKERS.items():
        if item.get_closest_marker(marker) is None or configured():
            continue
        if running_in_ci():
            pytest.fail(f"CI=true but {service} is not configured: set {variable}", pytrace=False)
        pytest.skip(f"needs {service}: set {variable}")


_service_outcomes: Counter = Counter()


def pytest_runtest_logreport(report):
    # One outcome per test: the call phase, or setup when the test never got that far.
    if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
        for marker in SERVICE_MARKERS:
            if marker in report.keywords:
                _service_outcomes[(marker, report.outcome)] += 1


def pytest_terminal_summary(terminalreporter):
    if not _service_outcomes:
        return
    terminalreporter.section("service-marked tests")
    for marker in SERVICE_MARKERS:
        counts = ", ".join(
            f"{count} {outcome}"
            for (name, outcome), count in sorted(_service_outcomes.items())
            if name == marker
        )
        if counts:
            terminalreporter.write_line(f"{marker}: {counts}")


@pytest.fixture
def nav_text():
    """The visible text of the site's navigation bar in a response, whitespace collapsed."""
    import re
    from html import unescape

    def extract(response) -> str:
        html = response.content.decode()
        match = re.search(r'<nav class="nav" aria-label="Main">(.*?)</nav>', html, re.DOTALL)
        assert match, "the page has no site navigation bar"
        text = re.sub(r"<[^>]+>", " ", match.group(1))
        return " ".join(unescape(text).split())

    return extract


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Start every test with an empty cache: allauth's rate-limit counters live there, and a
    count left by one test (or, with Redis, by an earlier run) must not refuse the next."""
    from tests.cache_keys import clear_own_cache

    clear_own_cache()
    yield


class FrozenClock:
    """``django.utils.timezone.now`` pinned to ``now``; move it with ``advance``."""

    def __init__(self, now):
        self.now = now

    def advance(self, **delta):
        from datetime import timedelta

        self.now += timedelta(**delta)
        return self.now

    def set(self, when):
        self.now = when
        return when


@pytest.fixture
def clock(monkeypatch):
    """A frozen clock for everything that asks Django for the time (services, auto_now)."""
    from datetime import UTC, datetime

    from django.utils import timezone

    frozen = FrozenClock(datetime(2026, 11, 2, 12, 0, tzinfo=UTC))
    monkeypatch.setattr(timezone, "now", lambda: frozen.now)
    return frozen


@pytest.fixture
def served_tally():
    """The test game ``tally`` among the games the site serves for one test (the lobby
    offers only served games), removed after. ``registry.register`` refuses the key
    ``tally`` again, as the session already registered it."""
    from games import registry

    registry.SERVED.append("tally")
    yield "tally"
    registry.SERVED.remove("tally")
