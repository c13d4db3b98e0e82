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

from tests import seat_counts

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
    conformance kit, check_records and the platform's tests see it; the site never does.
    End each transactional test with the quick flush (``tests/quick_flush.py``).
    Draw this run's seat-count seed (``tests/seat_counts.py``) unless one is set: here,
    before pytest-xdist starts its workers, which inherit it and so collect the same cases."""
    from games import registry
    from tests import quick_flush

    quick_flush.install()
    os.environ.setdefault(seat_counts.VARIABLE, seat_counts.draw_seed())

    config.stash[_UNREGISTER_TALLY] = registry.register("tally", "tests.kit.tally", "tally/1")
    # Its pages' templates (tests/kit/tally/site.py names them "tally/..."): for the tests'
    # template engine only, before it is built; the site's settings never list them.
    settings.TEMPLATES[0]["DIRS"] = [*settings.TEMPLATES[0]["DIRS"], TALLY_TEMPLATES]


def _seat_counts_line() -> str:
    seed = seat_counts.run_seed()
    if seed == seat_counts.EVERY:
        return f"seat counts: every one ({seat_counts.VARIABLE}={seed})"
    return (
        f"seat counts: sampled with {seat_counts.VARIABLE}={seed} (set it to run these cases "
        f"again, or to {seat_counts.EVERY} for every seat count)"
    )


def pytest_report_header(config):
    return _seat_counts_line()


def pytest_unconfigure(config):
    config.stash[_UNREGISTER_TALLY]()


# The longest tests, longest first (``--durations`` of whole runs with ``-n 2``, 28 Nov
# 2026, the URL matrix, HTTPS and whole-game-by-forms entries from the second; see
# docs/testing.md). They start first so that pytest-xdist's workers share them
# out, instead of one worker running the last of them alone while the other waits. A test
# id here is a prefix: a module, a test, or one case of it.
SLOW_FIRST = [
    "tests/security/test_url_matrix.py::test_no_url_answers_500_to_odd_numbers",
    "tests/e2e/test_players_words.py::test_screenshots_of_a_replay_of_every_game",
    "tests/e2e/test_play_through.py",
    "tests/e2e/test_xactika_game.py::test_a_person_plays_xactika",
    "tests/e2e/test_xeri_game.py::test_a_person_plays_a_partnership_match",
    "tests/security/test_url_matrix.py::test_no_answer_shows_a_card",
    "tests/xix/bots/test_bots.py::test_a_bot_decides_from_its_view_only[expert",
    "tests/xix/engine/test_check_records_command.py::test_ten_thousand_records",
    "tests/test_security.py::test_production_redirects_to_https",
    "tests/test_pages_benchmark.py::test_the_load_tests_players_can_play_a_whole_game",
    "tests/e2e/test_bot_game.py",
    "tests/faults/test_database_outage.py",
    "tests/e2e/test_accessibility.py::test_every_other_page_kind",
    "tests/e2e/test_xix_v2_game.py",
    "tests/xix/engine/test_check_records_command.py::test_process_exit_statuses",
    "tests/faults/test_redis_outage.py",
    "tests/kit/test_ismcts.py::test_the_search_beats_random_play",
    "tests/e2e/test_onexeno_game.py::test_a_person_plays_onexeno",
    "tests/e2e/test_phone_layout.py",
    "tests/games/test_seat_migration.py",
    "tests/xix/engine/test_view_properties.py",
    "tests/xix/bots/test_bots.py::test_a_bot_decides_from_its_view_only[strong",
    "tests/e2e/test_dev_run.py",
    "tests/e2e/test_players_words.py",
    "tests/test_database_busy.py::test_the_concurrency_tests_also_pass",
    "tests/kit/test_conformance.py::test_a_seat_sees_nothing_of_what_hidden_swap_changes[xactika",
    "tests/tasks/",
    "tests/games/test_seats_only_migration.py",
    "tests/xix/bots/test_bots.py",
    "tests/e2e/test_accessibility.py",
    "tests/xix/engine/test_properties.py",
    "tests/onexeno/test_properties.py",
    "tests/e2e/",
    "tests/kit/test_conformance.py::test_a_seat_sees_nothing_of_what_hidden_swap_changes",
]


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database as pytest-django makes it, and the groups its migrations wrote
    (the Moderators group and its permissions) written again after every flush.

    A transactional test ends by flushing the database, which empties what migrations
    wrote; Django then sends ``post_migrate`` (permissions and content types come back),
    and this puts the groups back on it. So a test may run after a transactional one on the
    same worker, as pytest-xdist's work stealing can make happen
    (``tests/test_flush_keeps_groups.py``)."""
    from django.apps import apps
    from django.contrib.auth.models import Group
    from django.db.models.signals import post_migrate

    with django_db_blocker.unblock():
        groups = {
            group.name: list(group.permissions.values_list("content_type__app_label", "codename"))
            for group in Group.objects.all()
        }
    # Sent once per app with models; the last one comes after every app's permissions.
    last = [config for config in apps.get_app_configs() if config.models_module][-1]

    def restore(sender, using, **kwargs):
        if sender is not last:
            return
        from django.contrib.auth.models import Permission
        from django.db.models import Q

        for name, permissions in groups.items():
            group, created = Group.objects.using(using).get_or_create(name=name)
            if created and permissions:
                wanted = Q()
                for app_label, codename in permissions:
                    wanted |= Q(content_type__app_label=app_label, codename=codename)
                group.permissions.set(Permission.objects.using(using).filter(wanted))

    post_migrate.connect(restore, weak=False, dispatch_uid="tests-restore-groups")
    yield
    post_migrate.disconnect(dispatch_uid="tests-restore-groups")


def _db_use(item) -> int:
    """0: no database; 1: a test in a transaction; 2: a transactional test (its database
    flushed after it), as pytest-django tells them apart."""
    fixtures = getattr(item, "fixturenames", ())
    marker = item.get_closest_marker("django_db")
    transactional = marker is not None and bool(
        marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences")
    )
    if transactional or "transactional_db" in fixtures or "live_server" in fixtures:
        return 2
    return 1 if marker is not None or "db" in fixtures else 0


def _slowness(item) -> int:
    """The place of ``item`` in SLOW_FIRST (len(SLOW_FIRST) for any other test)."""
    nodeid = item.nodeid
    return next(
        (rank for rank, prefix in enumerate(SLOW_FIRST) if nodeid.startswith(prefix)),
        len(SLOW_FIRST),
    )


def pytest_collection_modifyitems(config, items):
    """The longest tests first (SLOW_FIRST), within the order pytest-django keeps: tests in
    a transaction before transactional tests, whose flush would empty what the migrations
    wrote (the Moderators group) for the tests after them. A slow test without the
    database goes first of all; the quick ones without it come last, to fill the end of
    the run evenly."""
    last = len(SLOW_FIRST)

    def order(indexed):
        position, item = indexed
        use, rank = _db_use(item), _slowness(item)
        phase = 0 if use == 0 and rank < last else 3 if use == 0 else use
        return phase, rank, position

    items[:] = [item for _position, item in sorted(enumerate(items), key=order)]


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
    terminalreporter.write_sep("-", _seat_counts_line())
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
