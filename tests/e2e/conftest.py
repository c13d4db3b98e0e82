"""End-to-end tests: real Chromium driven by Playwright against pytest-django's live server.

Chromium comes from the system (Debian's ``chromium`` package; CI installs it in
``.ci/run``), never from Playwright's own download. Set ``CHROMIUM`` to use another binary.
Without one a test marked ``e2e`` is skipped, except under CI=true, where it fails: CI must
never pass by quietly skipping what it exists to check.

Screenshots and downloads go to ``test-artifacts/`` at the project root (gitignored).
"""

import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import running_in_ci

# Playwright's sync API runs an asyncio loop in this thread; the tests still use the ORM
# (and the live server's thread does too) in plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def chromium_path() -> str | None:
    wanted = os.environ.get("CHROMIUM", "").strip()
    if wanted:
        return wanted if Path(wanted).is_file() else None
    return shutil.which("chromium") or shutil.which("chromium-browser")


def pytest_runtest_setup(item):
    if item.get_closest_marker("e2e") is None or chromium_path():
        return
    reason = "needs Chromium: apt-get install chromium (or set CHROMIUM=/path/to/chromium)"
    if running_in_ci():
        pytest.fail(f"CI=true but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser):
    """A page in a fresh browser context (its own cookies: one person per context)."""
    contexts = []

    def make(**options):
        options.setdefault("viewport", {"width": 1280, "height": 900})
        context = browser.new_context(accept_downloads=True, **options)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def artifacts():
    """Where a test saves what people should be able to look at afterwards."""
    ARTIFACTS.mkdir(exist_ok=True)

    def path(name: str) -> Path:
        target = ARTIFACTS / name
        print(f"artifact: {target}")
        return target

    return path
