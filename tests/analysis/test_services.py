"""Asking for an analysis, its limits and permissions, and its tasks' steps (run in-process
here: CELERY_TASK_ALWAYS_EAGER; tests/tasks/test_analysis_worker.py runs a real worker)."""

import pytest
from django.db import transaction

from analysis import services
from analysis.models import Analysis, AnalysisChunk
from tests.analysis.fake import finished_game, live_game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def committed(monkeypatch, django_capture_on_commit_callbacks):
    """Each service's after-commit work (its tasks, in-process) runs when it returns, as
    after a real commit: the test's own transaction never commits."""
    for name in ("analysis_request", "analysis_retry"):
        service = getattr(services, name)

        def wrapped(*args, _service=service, **kwargs):
            with django_capture_on_commit_callbacks(execute=True):
                return _service(*args, **kwargs)

        monkeypatch.setattr(services, name, wrapped)


@pytest.fixture
def people():
    return UserFactory(username="ann"), UserFactory(username="bob"), UserFactory(username="cy")


def test_a_player_asks_and_the_whole_analysis_is_stored(people, fake_engine, settings):
    settings.ANALYSIS_CHUNK_DECISIONS = 10
    ann, bob, _cy = people
    game = finished_game("xeri", [ann, bob])
    analysis, made = services.analysis_request(user=ann, game_id=game.pk)
    assert made
    analysis.refresh_from_db()
    assert analysis.status == Analysis.Status.DONE
    assert analysis.percent == 100
    points = fake_engine.decision_points("xeri", game.variant, 2, game.setup, [])
    assert analysis.points and analysis.points != points
    assert [d["index"] for d in analysis.decisions] == analysis.points
    assert sorted(fake_engine.calls) == analysis.points  # each decision searched once
    assert analysis.chunks_total == (len(analysis.points) + 9) // 10
    assert AnalysisChunk.objects.filter(analysis=analysis).count() == analysis.chunks_total
    assert [row["seat"] for row in analysis.summary] == [0, 1]
    assert sum(row["decisions"] for row in analysis.summary) == len(analysis.points)


def test_asking_again_gives_the_same_analysis_and_costs_nothing(people, fake_engine, settings):
    settings.ANALYSIS_DAILY_LIMIT = 1
    ann, bob, cy = people
    game = finished_game("onexeno", [ann, bob])
    first, made = services.analysis_request(user=ann, game_id=game.pk)
    calls = len(fake_engine.calls)
    again, made_again = services.analysis_request(user=bob, game_id=game.pk)
    third, _ = services.analysis_request(user=ann, game_id=game.pk)  # over ann's limit: free
    assert made and not made_again
    assert first.pk == again.pk == third.pk
    assert Analysis.objects.count() == 1
    assert len(fake_engine.calls) == calls, "nothing was searched again"


def test_no_analysis_of_a_game_in_play(people, fake_engine):
    ann, bob, _cy = people
    game = live_game("xix", [ann, bob])
    with pytest.raises(services.NotOver) as refused:
        services.analysis_request(user=ann, game_id=game.pk)
    assert refused.value.status == 409
    assert "not over" in str(refused.value)
    assert not Analysis.objects.exists()
    assert fake_engine.calls == []


def test_the_daily_limit_says_when_another_may_be_asked_for(people, fake_engine, settings):
    settings.ANALYSIS_DAILY_LIMIT = 2
    ann, bob, _cy = people
    games = [finished_game("onexeno", [ann, bob], seed=f"s{n}") for n in range(3)]
    for game in games[:2]:
        services.analysis_request(user=ann, game_id=game.pk)
    with pytest.raises(services.LimitReached) as refused:
        services.analysis_request(user=ann, game_id=games[2].pk)
    assert refused.value.status == 429
    assert "2 analyses in the last 24 hours" in str(refused.value)
    assert "after" in str(refused.value)
    # bob has his own count
    _analysis, made = services.analysis_request(user=bob, game_id=games[2].pk)
    assert made


def test_the_site_wide_queue_limit(people, monkeypatch, settings, fake_engine):
    settings.ANALYSIS_QUEUE_LIMIT = 1
    ann, bob, cy = people
    one, two = (finished_game("onexeno", [ann, bob], seed=f"q{n}") for n in range(2))
    # No worker takes the first: it stays queued.
    monkeypatch.setattr(services, "_enqueue_begin", lambda analysis: None)
    services.analysis_request(user=ann, game_id=one.pk)
    with pytest.raises(services.QueueFull) as refused:
        services.analysis_request(user=bob, game_id=two.pk)
    assert refused.value.status == 503
    assert "queue is full" in str(refused.value)


def test_who_may_ask(people, fake_engine):
    ann, bob, cy = people
    public = finished_game("onexeno", [ann, bob], seed="p")
    # An imported game has no invitations: public. cy, a spectator, may ask for it.
    _analysis, made = services.analysis_request(user=cy, game_id=public.pk)
    assert made
    private = finished_game("onexeno", [ann, bob], seed="r")
    private.invitations.create(user=bob)
    with pytest.raises(services.NoSuchGame):  # cy may not even see it
        services.analysis_request(user=cy, game_id=private.pk)
    mona = UserFactory(username="mona", is_staff=True)
    with pytest.raises(services.NotAPlayer):  # a moderator sees it, but is not a player
        services.analysis_request(user=mona, game_id=private.pk)
    _analysis, made = services.analysis_request(user=bob, game_id=private.pk)
    assert made
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(services.NotAPlayer):
        services.analysis_request(user=AnonymousUser(), game_id=public.pk)


def test_a_chunk_run_twice_is_stored_once(people, monkeypatch, fake_engine, settings):
    settings.ANALYSIS_CHUNK_DECISIONS = 5
    ann, bob, _cy = people
    game = finished_game("onexeno", [ann, bob])
    monkeypatch.setattr(services, "_enqueue_begin", lambda analysis: None)
    analysis, _ = services.analysis_request(user=ann, game_id=game.pk)
    first = services.analysis_begin(analysis.pk)
    assert first == 0
    assert services.analysis_begin(analysis.pk) == 0  # delivered twice: the same plan
    decisions, cpu = services.analysis_chunk_compute(Analysis.objects.get(pk=analysis.pk), 0)
    assert services.analysis_chunk_store(analysis.pk, 0, decisions, cpu) == 1
    # The same chunk again (a task delivered twice): nothing stored, progress unchanged.
    assert services.analysis_chunk_store(analysis.pk, 0, decisions, cpu) is None
    calls = len(fake_engine.calls)
    assert services.analysis_chunk_run(analysis.pk, 0) == 1  # hands on, searches nothing
    assert len(fake_engine.calls) == calls
    analysis.refresh_from_db()
    assert analysis.chunks_done == 1
    assert AnalysisChunk.objects.filter(analysis=analysis).count() == 1


def test_a_failed_analysis_is_tried_again_keeping_its_chunks(
    people, monkeypatch, fake_engine, settings
):
    settings.ANALYSIS_CHUNK_DECISIONS = 5
    ann, bob, _cy = people
    game = finished_game("onexeno", [ann, bob])
    real = fake_engine.analyse_decision
    broken = {"at": None}

    def flaky(*args, **kwargs):
        index = args[5]
        if broken["at"] is None and len(fake_engine.calls) >= 7:
            broken["at"] = index
            raise RuntimeError("the search ran out of memory")
        return real(*args, **kwargs)

    monkeypatch.setattr("analysis.engine.analyse_decision", flaky)
    analysis, _ = services.analysis_request(user=ann, game_id=game.pk)
    analysis.refresh_from_db()
    assert analysis.status == Analysis.Status.FAILED
    assert "ran out of memory" in analysis.error
    stored = analysis.chunks_done
    assert stored == 1
    retried = services.analysis_retry(user=bob, game_id=game.pk)
    retried.refresh_from_db()
    assert retried.status == Analysis.Status.DONE
    assert retried.attempts == 2
    assert [d["index"] for d in retried.decisions] == retried.points
    # A done analysis is not run again.
    assert services.analysis_retry(user=ann, game_id=game.pk).status == Analysis.Status.DONE


def test_the_search_runs_outside_any_transaction(people, monkeypatch, fake_engine):
    ann, bob, _cy = people
    game = finished_game("onexeno", [ann, bob])
    real = fake_engine.analyse_decision
    seen = []

    def watched(*args, **kwargs):
        seen.append(transaction.get_connection().in_atomic_block)
        return real(*args, **kwargs)

    monkeypatch.setattr("analysis.engine.analyse_decision", watched)
    monkeypatch.setattr(services, "_enqueue_begin", lambda analysis: None)
    analysis, _ = services.analysis_request(user=ann, game_id=game.pk)
    # pytest-django's test transaction is the one atomic block open around the test.
    depth = len(transaction.get_connection().savepoint_ids)
    number = services.analysis_begin(analysis.pk)
    while number is not None:
        assert len(transaction.get_connection().savepoint_ids) == depth
        number = services.analysis_chunk_run(analysis.pk, number)
    assert seen and Analysis.objects.get(pk=analysis.pk).status == Analysis.Status.DONE


def test_each_step_pings_the_games_channel_with_counts_only(
    people, monkeypatch, fake_engine, settings
):
    settings.PUSH_EVENTS = True
    settings.ANALYSIS_CHUNK_DECISIONS = 20
    sent = []
    monkeypatch.setattr(
        "django_eventstream.send_event",
        lambda channel, kind, data: sent.append((channel, kind, data)),
    )
    ann, bob, _cy = people
    game = finished_game("onexeno", [ann, bob])
    analysis, _ = services.analysis_request(user=ann, game_id=game.pk)
    analysis.refresh_from_db()
    pings = [data for channel, kind, data in sent if kind == "analysis"]
    assert {channel for channel, kind, _ in sent if kind == "analysis"} == {f"game-{game.pk}"}
    assert all(set(data) == {"game", "status", "done", "total"} for data in pings)
    assert [data["done"] for data in pings if data["status"] == "running"] == list(
        range(analysis.chunks_total)
    )
    assert pings[-1] == {
        "game": game.pk,
        "status": "done",
        "done": analysis.chunks_total,
        "total": analysis.chunks_total,
    }
