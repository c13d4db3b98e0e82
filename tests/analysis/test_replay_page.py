"""The analysis on the replay page, through HTTP: the request form, the progress, the
chart, the verdict at a step, the mistakes' links; and "Play on from here"."""

import re

import pytest
from django.urls import reverse

from analysis.models import Analysis, PlayOn
from games.models import Game, GameAction
from games.selectors import game_line, game_state
from tests.analysis.fake import finished_game, live_game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(client):
    user = UserFactory(username="ann")
    client.force_login(user)
    return user


@pytest.fixture
def bob():
    return UserFactory(username="bob")


def replay(client, game, step=None, **headers):
    url = reverse("games:replay", args=[game.pk])
    return client.get(url if step is None else f"{url}?step={step}", **headers)


def ask(client, game, django_capture_on_commit_callbacks, step=0):
    with django_capture_on_commit_callbacks(execute=True):
        return client.post(reverse("analysis:request", args=[game.pk]), {"step": step})


def test_ask_from_the_replay_then_read_the_analysis(
    client, ann, bob, fake_engine, django_capture_on_commit_callbacks
):
    game = finished_game("xix", [ann, bob])
    page = replay(client, game).content.decode()
    assert "Ask for the analysis" in page
    response = ask(client, game, django_capture_on_commit_callbacks, step=5)
    assert response.status_code == 302
    assert response["Location"] == reverse("games:replay", args=[game.pk]) + "?step=5"
    # Sent from a page whose steps moved on in place (htmx): back to the step it shows.
    again = client.post(
        reverse("analysis:request", args=[game.pk]),
        {"step": 5},
        HTTP_REFERER=f"http://testserver/games/{game.pk}/replay/?step=12",
    )
    assert again["Location"].endswith("?step=12")
    analysis = Analysis.objects.get(game=game)
    assert analysis.status == Analysis.Status.DONE
    page = client.get(response["Location"]).content.decode()
    assert "The analysis is queued" in page  # the message of the request
    assert "Ask for the analysis" not in page
    # The summary: one row per player.
    assert re.search(r'<th scope="row">.*?ann</th>', page)
    ann_row = re.search(r'<th scope="row">.*?ann</th>(.*?)</tr>', page, re.DOTALL).group(1)
    cells = re.findall(r"<td>([^<]*)</td>", ann_row)
    mine = analysis.summary[game.seat_of(ann)]
    assert cells == [
        f"{mine['accuracy']:.0f}%",
        str(mine["inaccuracies"]),
        str(mine["mistakes"]),
        str(mine["blunders"]),
    ]
    # The chart: one link per decision, each to its step.
    links = re.findall(r'<a href="[^"]*\?step=(\d+)"[^>]*class="analysis-point', page)
    assert [int(s) for s in links] == [i + 1 for i in analysis.points]


def test_the_verdict_next_to_the_caption_names_the_best_choice(
    client, ann, bob, fake_engine, django_capture_on_commit_callbacks
):
    game = finished_game("xeri", [ann, bob])
    ask(client, game, django_capture_on_commit_callbacks)
    analysis = Analysis.objects.get(game=game)
    wrong = next(d for d in analysis.decisions if d["loss"] > 0.1)
    step = wrong["index"] + 1
    page = replay(client, game, step).content.decode()
    assert f"Step {step} of" in page
    assert "analysis-verdict-" + wrong["verdict"] in page
    assert wrong["verdict"].capitalize() in page
    assert "Best:" in page and "With hindsight" in page
    # The best choice in the log's words, as the history would have said it.
    best = re.search(r'<span class="analysis-key">Best:</span>\s*([^<]+)</p>', page).group(1)
    assert best.strip() and best.strip() != "another choice"
    # Mistakes: links to the next and previous, with their keys.
    marked = [d["index"] + 1 for d in analysis.decisions if d["verdict"] in ("mistake", "blunder")]
    later = [s for s in marked if s > step]
    if later:
        assert f'?step={later[0]}" hx-get' in page and 'data-replay-nav="next-mistake"' in page


def test_the_htmx_step_partial_carries_the_chart_with_its_cursor(
    client, ann, bob, fake_engine, django_capture_on_commit_callbacks
):
    game = finished_game("onexeno", [ann, bob])
    ask(client, game, django_capture_on_commit_callbacks)
    analysis = Analysis.objects.get(game=game)
    step = analysis.points[3] + 1
    page = replay(client, game, step, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in page
    assert "analysis-point analysis-point-current" in page
    assert f'data-step="{step}"' in page


def test_a_spectator_of_a_public_game_may_ask(
    client, bob, fake_engine, django_capture_on_commit_callbacks
):
    ann, cy = UserFactory(username="ann"), UserFactory(username="cy")
    client.force_login(cy)
    game = finished_game("onexeno", [ann, bob])
    assert "Ask for the analysis" in replay(client, game).content.decode()
    assert ask(client, game, django_capture_on_commit_callbacks).status_code == 302
    assert Analysis.objects.filter(game=game, requested_by=cy).exists()


def test_a_visitor_is_sent_to_log_in(client, bob, fake_engine):
    ann = UserFactory(username="ann")
    game = finished_game("onexeno", [ann, bob])
    page = replay(client, game).content.decode()
    assert "to ask for this game" in page
    response = client.post(reverse("analysis:request", args=[game.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not Analysis.objects.exists()


def test_a_game_in_play_cannot_be_analysed_and_shows_nothing(client, ann, bob, fake_engine):
    game = live_game("xix", [ann, bob])
    response = client.post(reverse("analysis:request", args=[game.pk]), {"step": 0})
    assert response.status_code == 409
    assert "not over" in response.content.decode()
    assert not Analysis.objects.exists()
    progress = client.get(reverse("analysis:progress", args=[game.pk]))
    assert progress.status_code == 409
    # Even an analysis row written by hand (it cannot be through the site) never shows.
    Analysis.objects.create(game=game, budget="ci", status=Analysis.Status.DONE)
    mona = UserFactory(username="mona", is_staff=True, is_superuser=True)
    client.force_login(mona)
    page = replay(client, game).content.decode()
    assert "analysis-chart" not in page and "Computer analysis" not in page


def test_the_daily_limit_answers_with_its_message(
    client, ann, bob, fake_engine, settings, django_capture_on_commit_callbacks
):
    settings.ANALYSIS_DAILY_LIMIT = 1
    one = finished_game("onexeno", [ann, bob], seed="a")
    two = finished_game("onexeno", [ann, bob], seed="b")
    ask(client, one, django_capture_on_commit_callbacks)
    response = ask(client, two, django_capture_on_commit_callbacks)
    assert response.status_code == 429
    assert (
        "1 analyses in the last 24 hours" in response.content.decode()
        or "the most a day" in response.content.decode()
    )


def test_progress_while_running_and_a_reload_once_done(client, ann, bob, fake_engine, monkeypatch):
    from analysis import services

    monkeypatch.setattr(services, "_enqueue_begin", lambda analysis: None)
    game = finished_game("onexeno", [ann, bob])
    client.post(reverse("analysis:request", args=[game.pk]))
    analysis = Analysis.objects.get(game=game)
    services.analysis_begin(analysis.pk)
    services.analysis_chunk_run(analysis.pk, 0)
    analysis.refresh_from_db()
    page = replay(client, game).content.decode()
    assert f'<progress class="analysis-bar" max="100" value="{analysis.percent}"' in page
    assert 0 < analysis.percent < 100
    assert 'http-equiv="refresh"' in page  # without JS, the page reloads itself
    url = reverse("analysis:progress", args=[game.pk])
    polled = client.get(url, HTTP_HX_REQUEST="true")
    assert polled.status_code == 200 and "HX-Refresh" not in polled
    assert f"{analysis.percent}% done" in polled.content.decode()
    number = 1
    while number is not None:
        number = services.analysis_chunk_run(analysis.pk, number)
    polled = client.get(url, HTTP_HX_REQUEST="true")
    assert polled["HX-Refresh"] == "true"


def test_play_on_from_a_step_copies_the_log_into_a_new_game(client, ann, bob):
    game = finished_game("xix", [ann, bob])
    before = list(game_line(game))
    step = 7
    with_bots = client.post(
        reverse("analysis:play_on", args=[game.pk]), {"step": step, "level": "heuristic"}
    )
    assert with_bots.status_code == 302
    new = Game.objects.exclude(pk=game.pk).get()
    assert with_bots["Location"] == new.get_absolute_url()
    assert new.status == Game.Status.ACTIVE and not new.rated
    assert (new.kind, new.variant, new.setup) == (game.kind, game.variant, game.setup)
    assert game_line(new)[:step] == before[:step]
    assert new.players[game.seat_of(ann)] == ann
    assert all(p.is_bot for p in new.players if p != ann)
    assert list(game_line(game)) == before, "the old game's log is untouched"
    assert GameAction.objects.filter(game=game).count() == len(before)
    assert game_state(new).n_actions >= step
    # The same request again (a double click) leads to the same game.
    again = client.post(
        reverse("analysis:play_on", args=[game.pk]), {"step": step, "level": "heuristic"}
    )
    assert again["Location"] == new.get_absolute_url()
    assert PlayOn.objects.filter(source=game).count() == 1


def test_play_on_as_a_spectator_takes_the_chosen_seat(client, bob):
    ann, cy = UserFactory(username="ann"), UserFactory(username="cy")
    client.force_login(cy)
    game = finished_game("onexeno", [ann, bob])
    url = reverse("analysis:play_on", args=[game.pk])
    assert client.post(url, {"step": 3, "level": "heuristic"}).status_code == 400  # no seat
    response = client.post(url, {"step": 3, "level": "heuristic", "seat": 2})
    assert response.status_code == 302
    new = PlayOn.objects.get(source=game).game
    assert new.players[1] == cy


@pytest.mark.parametrize(
    "form, status",
    [
        ({"step": "x", "level": "heuristic"}, 400),
        ({"step": "-1", "level": "heuristic"}, 400),
        ({"step": "99999", "level": "heuristic"}, 400),
        ({"step": "3", "level": "grandmaster"}, 400),
    ],
)
def test_play_on_refuses_bad_input(client, ann, bob, form, status):
    game = finished_game("onexeno", [ann, bob])
    assert client.post(reverse("analysis:play_on", args=[game.pk]), form).status_code == status
    assert Game.objects.count() == 1


def test_play_on_from_the_last_step_or_a_live_game_is_refused(client, ann, bob):
    game = finished_game("onexeno", [ann, bob])
    url = reverse("analysis:play_on", args=[game.pk])
    response = client.post(url, {"step": game.n_actions, "level": "heuristic"})
    assert response.status_code == 400 and "over at this step" in response.content.decode()
    live = live_game("onexeno", [ann, bob], seed="live")
    response = client.post(
        reverse("analysis:play_on", args=[live.pk]), {"step": 2, "level": "heuristic"}
    )
    assert response.status_code == 409
    assert Game.objects.count() == 2


@pytest.mark.parametrize("kind, variant", [("xactika", "win"), ("onexeno", "partners")])
def test_play_on_at_a_table_of_four_keeps_seats_and_partners(client, ann, bob, kind, variant):
    cy, dee = UserFactory(username="cy"), UserFactory(username="dee")
    game = finished_game(kind, [bob, cy, ann, dee], variant=variant, seed="four")
    step = 9
    response = client.post(
        reverse("analysis:play_on", args=[game.pk]), {"step": step, "level": "random"}
    )
    assert response.status_code == 302
    new = PlayOn.objects.get(source=game).game
    assert new.seats_count == 4 and new.variant == variant
    assert new.players[2] == ann and all(new.players[s].is_bot for s in (0, 1, 3))
    teams = {row.position: row.team for row in new.seat_rows()}
    assert teams == {row.position: row.team for row in game.seat_rows()}
    assert game_line(new)[:step] == game_line(game)[:step]
