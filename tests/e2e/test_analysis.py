"""The post-game analysis in Chromium: ann asks for the analysis of her finished game on
its replay, watches the progress bar fill as the chunks are stored, and clicks a point of
the advantage chart, which takes the replay to that step in place. Then the analysed
replay of a game of each game, at desktop and phone size, for people to look at
(test-artifacts/analysis-<game>-<size>.png), checked by axe-core.

In the first test the search is the platform's stand-in (tests/analysis/fake.py, in this
process: the live server's thread runs the pages), and the chunks are run here one at a
time instead of by a worker, so the test sees each step of the progress; the screenshots
are of the real search's analysis ("ci" budget), and tests/tasks/test_analysis_worker.py
runs the real search through a real worker.
"""

import re

import pytest
from playwright.sync_api import expect

from analysis import services
from analysis.models import Analysis
from tests.analysis.fake import GAMES, FakeEngine, finished_game
from tests.e2e.test_accessibility import audit
from tests.e2e.test_onexeno_game import logged_in
from tests.factories import UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def fake_engine(monkeypatch):
    return FakeEngine().install(monkeypatch)


def test_ask_watch_the_progress_fill_and_jump_from_the_chart(
    live_server, new_page, fake_engine, monkeypatch, settings, artifacts
):
    settings.ANALYSIS_CHUNK_DECISIONS = 20
    monkeypatch.setattr(services, "_enqueue_begin", lambda analysis: None)  # no worker
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    game = finished_game("onexeno", [ann, bob], seed="e2e")
    page = logged_in(new_page, live_server, ann)
    page.goto(f"{live_server.url}/games/{game.pk}/replay/")
    page.get_by_role("button", name="Ask for the analysis").click()
    expect(page.get_by_text("The analysis is queued: it starts")).to_be_visible()
    bar = page.locator("progress.analysis-bar")
    expect(bar).to_have_attribute("value", "0")

    analysis = Analysis.objects.get(game=game)
    number = services.analysis_begin(analysis.pk)
    total = Analysis.objects.get(pk=analysis.pk).chunks_total
    assert total >= 3
    seen = []
    while number is not None:
        number = services.analysis_chunk_run(analysis.pk, number)
        if number is None:
            break
        percent = Analysis.objects.get(pk=analysis.pk).percent
        expect(bar).to_have_attribute("value", str(percent), timeout=10_000)
        seen.append(percent)
    assert seen == sorted(seen) and 0 < seen[0] < 100  # the bar filled step by step
    # Done: the page reloads itself and draws the analysis.
    points = page.locator("a.analysis-point")
    expect(points.first).to_be_attached(timeout=10_000)
    expect(page.locator(".analysis-summary")).to_be_visible()
    page.screenshot(path=artifacts("analysis-e2e-done.png"), full_page=True)

    target = points.nth(3)
    step = target.get_attribute("data-step")
    url_before = page.url
    target.click()
    expect(page.locator("#replay-position")).to_contain_text(f"Step {step} of")
    expect(page.locator(f'a.analysis-point[data-step="{step}"]')).to_have_class(
        re.compile("analysis-point-current")
    )
    assert page.url.endswith(f"?step={step}") and page.url != url_before
    # Keys: N goes to the next mistake, when there is one after this step.
    following = page.locator('a[data-replay-nav="next-mistake"]')
    if following.count():
        wanted = following.get_attribute("href").split("step=")[1]
        page.locator("body").press("n")
        expect(page.locator("#replay-position")).to_contain_text(f"Step {wanted} of")


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_screenshots_of_the_analysed_replay(kind, live_server, new_page, artifacts):
    """With the real search at the "ci" budget (the test settings'), run in-process."""
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    game = finished_game(kind, [ann, bob], seed=f"shot-{kind}")
    analysis, _ = services.analysis_request(user=ann, game_id=game.pk)
    analysis.refresh_from_db()
    assert analysis.status == Analysis.Status.DONE
    marked = [d["index"] + 1 for d in analysis.decisions if d["verdict"] in ("mistake", "blunder")]
    step = marked[len(marked) // 2] if marked else analysis.points[5] + 1
    page = logged_in(new_page, live_server, ann)
    page.goto(f"{live_server.url}/games/{game.pk}/replay/?step={step}")
    expect(page.locator("#analysis-verdict")).to_be_visible()
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(200)
        page.screenshot(path=artifacts(f"analysis-{kind}-{size}.png"), full_page=True)
    # No serious accessibility problem in either theme and size (axe-core).
    assert audit(page) == []
