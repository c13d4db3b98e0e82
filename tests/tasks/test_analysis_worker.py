"""A whole post-game analysis of a game of each game through a real Celery worker that
takes only the analysis queue, with the search's "ci" budget (the test settings'
ANALYSIS_BUDGET): asked for over HTTP as on the replay page, run in chunks, read back
on the replay page."""

import time

import pytest
from django.conf import settings
from django.urls import reverse

from analysis.models import Analysis, AnalysisChunk
from games.selectors import game_line
from tests.analysis.fake import GAMES, finished_game
from tests.factories import UserFactory
from tests.tasks.test_worker import wait_until
from xix_site.celery import app as celery_app

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


def test_analysis_tasks_go_to_their_own_queue():
    for name in ("analysis.tasks.analysis_begin", "analysis.tasks.analysis_chunk"):
        route = celery_app.amqp.router.route({}, name)
        assert route["queue"].name == settings.CELERY_ANALYSIS_QUEUE
    assert settings.CELERY_ANALYSIS_QUEUE not in (
        settings.CELERY_TASK_DEFAULT_QUEUE,
        settings.CELERY_BOTS_QUEUE,
    )


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_whole_game_is_analysed_by_the_analysis_worker(kind, celery_workers, client):
    worker = celery_workers(queues="analysis", ANALYSIS_CHUNK_DECISIONS="16")
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    game = finished_game(kind, [ann, bob], seed=f"worker-{kind}")
    client.force_login(ann)
    started = time.monotonic()
    response = client.post(reverse("analysis:request", args=[game.pk]), {"step": 0})
    assert response.status_code == 302
    analysis = wait_until(
        lambda: Analysis.objects.filter(game=game, status__in=["done", "failed"]).first(),
        600,
        f"the analysis of the {kind} game",
    )
    took = time.monotonic() - started
    assert analysis.status == Analysis.Status.DONE, analysis.error
    assert analysis.budget == "ci"
    assert analysis.points, "a whole game has decisions"
    assert [d["index"] for d in analysis.decisions] == analysis.points
    assert AnalysisChunk.objects.filter(analysis=analysis).count() == analysis.chunks_total
    assert {row["seat"] for row in analysis.summary} == {0, 1}
    log_actions = game_line(game)
    for decision in analysis.decisions:
        assert decision["verdict"] in ("best", "good", "inaccuracy", "mistake", "blunder")
        assert decision["played"] == log_actions[decision["index"]]
        assert decision["loss"] >= 0 and len(decision["choices"]) >= 2
    log = worker.output()
    assert log.count("analysis.tasks.analysis_chunk") >= analysis.chunks_total
    print(
        f"{kind}: {len(analysis.points)} decisions in {took:.1f} s, "
        f"{analysis.cpu_seconds:.1f} CPU s in the search"
    )
    # The replay page draws it: one chart point per decision.
    page = client.get(reverse("games:replay", args=[game.pk])).content.decode()
    assert page.count('class="analysis-point') == len(analysis.points)
