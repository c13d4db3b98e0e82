"""Requests at once against PostgreSQL: an analysis asked for by several people in the same
instant is stored once, a person's daily limit holds across parallel requests, and a
double click on "Play on from here" starts one game."""

import pytest
from django.test import Client
from django.urls import reverse

from analysis import services
from analysis.models import Analysis, PlayOn
from games.models import Game
from tests.analysis.fake import finished_game
from tests.at_once import at_once, failures
from tests.factories import UserFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def no_worker(monkeypatch, fake_engine):
    monkeypatch.setattr(services, "_enqueue_begin", lambda analysis: None)


def test_many_requests_at_once_store_one_analysis(no_worker):
    players = [UserFactory(username=name) for name in ("ann", "bob")]
    others = [UserFactory(username=f"fan{n}") for n in range(4)]
    game = finished_game("onexeno", players)
    people = players + others

    def ask(i):
        return services.analysis_request(user=people[i], game_id=game.pk)

    results = at_once(ask, len(people))
    assert failures(results) == []
    assert Analysis.objects.filter(game=game).count() == 1
    assert sum(made for _analysis, made in results) == 1
    assert len({analysis.pk for analysis, _made in results}) == 1


def test_the_daily_limit_holds_for_parallel_requests(no_worker, settings):
    settings.ANALYSIS_DAILY_LIMIT = 2
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    games = [finished_game("onexeno", [ann, bob], seed=f"p{n}") for n in range(5)]

    def ask(i):
        return services.analysis_request(user=ann, game_id=games[i].pk)

    results = at_once(ask, len(games))
    refused = failures(results)
    assert len(refused) == 3 and all(isinstance(e, services.LimitReached) for e in refused)
    assert Analysis.objects.filter(requested_by=ann).count() == 2


def test_a_double_click_on_play_on_starts_one_game():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    game = finished_game("onexeno", [ann, bob])
    url = reverse("analysis:play_on", args=[game.pk])

    def click(_i):
        client = Client()
        client.force_login(ann)
        return client.post(url, {"step": 4, "level": "random"})

    responses = at_once(click, 3)
    assert failures(responses) == []
    assert {r.status_code for r in responses} == {302}
    assert len({r["Location"] for r in responses}) == 1
    assert PlayOn.objects.filter(source=game).count() == 1
    assert Game.objects.count() == 2
