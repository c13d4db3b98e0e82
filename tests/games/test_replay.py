"""The replay viewer and the record download, through HTTP as people use them."""

import json
import re
from html import unescape
from io import StringIO

import pytest
from django.core.management import call_command

from games import services
from games.models import Game
from games.selectors import game_state
from games.xix.engine import full_view, replay
from tests.factories import UserFactory, make_challenge, play, play_random, start_game

pytestmark = pytest.mark.django_db

CARD = re.compile(r'data-card="(\d+)"')


def cards_on_page(html: str) -> list[int]:
    return [int(n) for n in CARD.findall(html)]


def hand_on_page(html: str, name: str, which: str) -> list[int]:
    label = f"{name}&#x27;s {which} hand"
    match = re.search(
        rf'<ul class="cards replay-cards" aria-label="{label}"[^>]*>(.*?)</ul>', html, re.S
    )
    assert match, f"no {which} hand for {name} on the page"
    return cards_on_page(match.group(1))


def current_history(html: str) -> str:
    match = re.search(
        r'<li class="replay-history-current" aria-current="step">(.*?)</li>', html, re.S
    )
    assert match, "no history line is marked as the current step"
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", match.group(1))).split())


def text(response) -> str:
    html = response.content.decode()
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def replay_url(game, step=None) -> str:
    url = f"/games/{game.pk}/replay/"
    return url if step is None else f"{url}?step={step}"


def record_url(game) -> str:
    return f"/games/{game.pk}/record.json"


@pytest.fixture
def ann():
    return UserFactory(username="ann")


@pytest.fixture
def bob():
    return UserFactory(username="bob")


@pytest.fixture
def carol():
    return UserFactory(username="carol")


@pytest.fixture
def staff():
    return UserFactory(username="boss", is_staff=True, is_superuser=True)


@pytest.fixture
def finished(ann, bob):
    game = play_random(start_game(ann, bob, seed="replay-finished"), seed=3)
    assert game.status == Game.Status.FINISHED
    return game


@pytest.fixture
def active(ann, bob):
    game = play_random(start_game(ann, bob, seed="replay-active"), moves=7, seed=1)
    assert game.status == Game.Status.ACTIVE
    return game


# --- who may see a replay ----------------------------------------------------------------


def test_a_visitor_replays_and_downloads_a_finished_public_game(client, finished):
    """Not signed in: the replay with every card, and the record, as anyone signed in,
    from the links at the end of the game's page."""
    page = client.get(f"/games/{finished.pk}/").content.decode()
    assert f'href="{replay_url(finished)}"' in page and f'href="{record_url(finished)}"' in page
    response = client.get(replay_url(finished, 0))
    assert response.status_code == 200
    html = response.content.decode()
    assert sorted(cards_on_page(html)) == list(range(1, 19))
    assert "Step 0 of" in text(response)
    assert f'href="{record_url(finished)}"' in html  # "Download the record"

    record = client.get(record_url(finished))
    assert record.status_code == 200
    assert record["Content-Disposition"].startswith("attachment;")
    assert json.loads(record.content)["deal"] == finished.setup["deal"]


def test_a_visitor_finds_the_replay_on_a_players_profile(client, finished):
    profile = client.get("/players/ann/")
    assert profile.status_code == 200
    link = re.search(r'<a href="([^"]+)" aria-label="Replay of game', profile.content.decode())
    assert link and link[1] == replay_url(finished)
    replay_page = client.get(link[1])
    assert replay_page.status_code == 200
    assert "Replay" in text(replay_page) and "Step 0 of" in text(replay_page)


@pytest.mark.parametrize("url", [replay_url, record_url])
def test_a_visitor_gets_no_card_of_a_game_in_play(client, active, url):
    response = client.get(url(active))
    assert response.status_code == 403
    assert "still being played" in text(response)
    assert cards_on_page(response.content.decode()) == []
    assert json.dumps(active.setup["deal"]) not in response.content.decode()
    assert "Content-Disposition" not in response


@pytest.mark.parametrize("url", [replay_url, record_url])
def test_a_visitor_is_sent_to_log_in_for_a_private_table_or_a_missing_game(client, url):
    """A finished private table's replay and record are its people's: a visitor is sent
    to log in, exactly as for a game that does not exist."""
    from tests.games.table_helpers import finish_table
    from tests.games.test_private_tables import private_table

    cast = {name: UserFactory(username=name) for name in ("ann", "ben", "cy")}
    private = finish_table(private_table(cast), [3, 2, 1], [1, 2, 3])
    missing = Game(pk=private.pk + 1000)
    for game in (private, missing):
        response = client.get(url(game))
        assert response.status_code == 302
        assert response["Location"] == f"/accounts/login/?next={url(game)}"


@pytest.mark.parametrize("who", ["ann", "bob", "carol", "staff"])
def test_everyone_logged_in_sees_every_card_of_a_finished_game(client, finished, who, request):
    client.force_login(request.getfixturevalue(who))
    response = client.get(replay_url(finished, 0))
    assert response.status_code == 200
    html = response.content.decode()
    # Before the first action: both closed hands, the five face-down row cards and the
    # discarded card: all eighteen cards, each once.
    assert sorted(cards_on_page(html)) == list(range(1, 19))
    deal = finished.setup["deal"]
    assert hand_on_page(html, "ann", "closed") == sorted(deal[0:6])
    assert hand_on_page(html, "bob", "closed") == sorted(deal[6:12])
    assert f'data-card="{deal[17]}" data-discard' in html
    assert "Step 0 of" in text(response)


@pytest.fixture
def clerk():
    """Staff without the permission to see hidden cards."""
    return UserFactory(username="clerk", is_staff=True)


@pytest.mark.parametrize("who", ["ann", "bob", "carol", "clerk"])
def test_nobody_but_moderators_gets_the_replay_of_a_live_game(client, active, who, request):
    client.force_login(request.getfixturevalue(who))
    response = client.get(replay_url(active, 3))
    assert response.status_code == 403
    assert "still being played" in text(response)
    assert cards_on_page(response.content.decode()) == []
    assert f'href="/games/{active.pk}/"' in response.content.decode()


def test_a_moderator_who_does_not_play_replays_a_live_game_with_a_warning(client, active, staff):
    client.force_login(staff)
    response = client.get(replay_url(active, 0))
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    assert sorted(cards_on_page(response.content.decode())) == list(range(1, 19))
    assert "You see every card because you are a moderator" in text(response)
    # The record of a live game stays refused, to moderators too.
    assert "Download the record" not in text(response)


def test_a_moderator_playing_in_the_game_gets_no_replay_of_it(client, active):
    seated = active.players[0]
    seated.is_staff = seated.is_superuser = True
    seated.save()
    client.force_login(seated)
    response = client.get(replay_url(active, 0))
    assert response.status_code == 403
    assert cards_on_page(response.content.decode()) == []


@pytest.mark.parametrize("who", ["ann", "bob", "carol", "staff"])
def test_nobody_gets_the_record_of_a_live_game(client, active, who, request):
    client.force_login(request.getfixturevalue(who))
    response = client.get(record_url(active))
    assert response.status_code == 403
    assert "Content-Disposition" not in response
    assert "still being played" in text(response)
    assert json.dumps(active.setup["deal"]) not in response.content.decode()


def test_an_open_challenge_has_no_replay_or_record(client, ann, bob):
    challenge = make_challenge(
        user=ann, variant="standard", days_per_move=3, rated=True, invited=None
    )
    client.force_login(bob)
    for url in (replay_url(challenge), record_url(challenge)):
        response = client.get(url)
        assert response.status_code == 403
        assert "not been accepted yet" in text(response)


def test_a_direct_challenge_is_invisible_to_others(client, ann, bob, carol):
    challenge = make_challenge(
        user=ann, variant="standard", days_per_move=3, rated=True, invited=bob
    )
    client.force_login(carol)
    assert client.get(replay_url(challenge)).status_code == 404
    assert client.get(record_url(challenge)).status_code == 404


def test_a_missing_game_is_404(client, ann):
    client.force_login(ann)
    assert client.get("/games/987654/replay/").status_code == 404
    assert client.get("/games/987654/record.json").status_code == 404


def test_replay_and_record_only_answer_get(client, finished, ann):
    client.force_login(ann)
    assert client.post(replay_url(finished)).status_code == 405
    assert client.post(record_url(finished)).status_code == 405


# --- stepping ----------------------------------------------------------------------------


def test_each_step_shows_the_position_after_that_many_actions(client, finished, carol):
    client.force_login(carol)
    actions = list(finished.actions.order_by("seq").values_list("action", flat=True))
    for step in (1, 2, len(actions) // 2, len(actions) - 1):
        before = replay(
            finished.variant,
            finished.setup["deal"],
            finished.setup["first_leader"],
            actions[: step - 1],
        )
        after = replay(
            finished.variant, finished.setup["deal"], finished.setup["first_leader"], actions[:step]
        )
        view = full_view(after, ["ann", "bob"])
        response = client.get(replay_url(finished, step))
        html = response.content.decode()
        assert f"Step {step} of {len(actions)}" in text(response)
        for seat, name in enumerate(["ann", "bob"]):
            assert hand_on_page(html, name, "closed") == view["hands"][seat]["closed"]
            assert hand_on_page(html, name, "open") == view["hands"][seat]["open"]
        row = re.search(r'<ol class="row-cards"[^>]*>(.*?)</ol>', html, re.S).group(1)
        assert cards_on_page(row) == [slot["card"] for slot in view["row"]]
        assert row.count(", face down") == sum(not slot["face_up"] for slot in view["row"])
        assert row.count(", face up") == sum(slot["face_up"] for slot in view["row"])
        # The lines this action wrote are the highlighted ones.
        new_lines = view["history"][len(full_view(before, ["ann", "bob"])["history"]) :]
        assert new_lines
        assert current_history(html) == " ".join([str(step), *new_lines])


def test_first_and_last_steps_disable_the_way_out(client, finished, ann):
    client.force_login(ann)
    last = finished.n_actions
    html = client.get(replay_url(finished, 0)).content.decode()
    assert (
        '<span class="button button-secondary replay-nav-button" aria-disabled="true" '
        'data-replay-nav="previous">' in html
    )
    assert f'href="/games/{finished.pk}/replay/?step=1"' in html
    assert re.search(
        rf'href="/games/{finished.pk}/replay/\?step={last}"\s+hx-get="[^"]+"\s+'
        r'data-replay-nav="last"',
        html,
    )

    response = client.get(replay_url(finished, last))
    html = response.content.decode()
    assert f"Step {last} of {last}" in text(response)
    assert 'aria-disabled="true" data-replay-nav="next"' in html
    assert 'aria-disabled="true" data-replay-nav="last"' in html
    assert "Game over" in text(response)


@pytest.mark.parametrize("raw, shown", [("-4", 0), ("99999", "last"), (" 2 ", 2), ("", 0)])
def test_out_of_range_steps_are_clamped(client, finished, ann, raw, shown):
    client.force_login(ann)
    last = finished.n_actions
    expected = last if shown == "last" else shown
    response = client.get(replay_url(finished), {"step": raw})
    assert response.status_code == 200
    assert f"Step {expected} of {last}" in text(response)


@pytest.mark.parametrize("raw", ["abc", "1.5", "2e3", "0x10"])
def test_a_step_that_is_not_a_number_is_a_clear_400(client, finished, ann, raw):
    client.force_login(ann)
    response = client.get(replay_url(finished), {"step": raw})
    assert response.status_code == 400
    assert f"The step must be a whole number from 0 to {finished.n_actions}" in text(response)


def test_htmx_gets_only_the_step(client, finished, ann):
    client.force_login(ann)
    response = client.get(replay_url(finished, 4), headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and "site-header" not in html
    assert f"Step 4 of {finished.n_actions}" in text(response)
    assert "HX-Request" in response["Vary"]
    # A history restore (back button with no cached page) gets the whole page.
    restore = client.get(
        replay_url(finished, 4),
        headers={"HX-Request": "true", "HX-History-Restore-Request": "true"},
    )
    assert "<html" in restore.content.decode()


def test_a_seated_player_sees_their_own_seat_at_the_bottom(client, finished, bob):
    client.force_login(bob)
    html = client.get(replay_url(finished, 0)).content.decode()
    assert html.index('id="replay-seat-0"') < html.index('id="replay-seat-1"')
    assert html.index("ann&#x27;s closed hand") < html.index("bob&#x27;s closed hand")


def test_the_header_tells_the_result(client, finished, carol):
    client.force_login(carol)
    winner = finished.players[finished.winner].username
    page = text(client.get(replay_url(finished)))
    # Seat order between the names for someone who did not play (tests/games/
    # test_scores_and_wording.py has the players' own order).
    assert f"{winner} won, ann {finished.scores[0]}–{finished.scores[1]} bob" in page
    assert "Download the record" in page


def test_a_resigned_game_replays_to_the_resignation(client, ann, bob, carol):
    game = play_random(start_game(ann, bob, seed="resigned"), moves=5, seed=2)
    services.game_resign(user=ann, game_id=game.pk)
    client.force_login(carol)
    response = client.get(replay_url(game, 999))
    assert response.status_code == 200
    page = text(response)
    assert "Step 5 of 5" in page
    assert "Game over: bob won" in page and "(resignation)" in page


def test_an_aborted_game_can_be_replayed(client, active, carol):
    Game.objects.filter(pk=active.pk).update(status=Game.Status.ABORTED, reason=Game.Reason.ABORT)
    client.force_login(carol)
    response = client.get(replay_url(active, 7))
    assert response.status_code == 200
    assert "Aborted at" in text(response)
    assert sorted(cards_on_page(response.content.decode()))  # cards are shown once over


def test_a_talon_game_shows_its_talon(client, ann, bob):
    game = play_random(start_game(ann, bob, variant="talon", seed="talon-replay"), seed=5)
    client.force_login(ann)
    response = client.get(replay_url(game, 0))
    assert response.status_code == 200
    assert 'id="replay-row-title">Talon</h3>' in response.content.decode()
    assert sorted(cards_on_page(response.content.decode())) == list(range(1, 19))


# --- the record ----------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["ann", "carol", "staff"])
def test_the_record_downloads_and_passes_check_records(client, finished, who, request, tmp_path):
    client.force_login(request.getfixturevalue(who))
    response = client.get(record_url(finished))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == (
        f'attachment; filename="xix-game-{finished.pk}.json"'
    )
    record = json.loads(response.content)
    assert record["format"] == "xix/1"
    assert record["players"] == ["ann", "bob"]
    assert record["deal"] == finished.setup["deal"]
    assert len(record["actions"]) == finished.n_actions
    assert record["result"] == {
        "status": "finished",
        "winner": finished.winner,
        "scores": finished.scores,
        "reason": finished.reason,
    }
    assert record["game"] == f"http://testserver/games/{finished.pk}/"

    path = tmp_path / f"xix-game-{finished.pk}.json"
    path.write_bytes(response.content)
    out = StringIO()
    call_command("check_records", str(path), stdout=out)
    verdict = json.loads(out.getvalue())
    assert verdict == {
        "ok": True,
        "over": True,
        "scores": finished.scores,
        "winner": finished.winner,
    }


def test_the_record_of_a_resigned_game_is_legal_and_says_so(client, ann, bob, tmp_path):
    game = play_random(start_game(ann, bob, seed="resigned-record"), moves=9, seed=4)
    state_before = game_state(game)
    game = services.game_resign(user=bob, game_id=game.pk)
    client.force_login(ann)
    record = json.loads(client.get(record_url(game)).content)
    assert record["result"]["reason"] == "resignation"
    assert record["result"]["winner"] == 0
    path = tmp_path / "resigned.json"
    path.write_text(json.dumps(record))
    out = StringIO()
    call_command("check_records", str(path), stdout=out)
    verdict = json.loads(out.getvalue())
    assert verdict["ok"] is True and verdict["over"] is False
    assert verdict["scores"] == list(state_before.scores)


def test_a_game_with_no_actions_yet_finished_by_resignation(client, ann, bob):
    game = start_game(ann, bob, seed="instant-resign")
    services.game_resign(user=ann, game_id=game.pk)
    client.force_login(bob)
    response = client.get(replay_url(game))
    assert response.status_code == 200
    assert "Step 0 of 0" in text(response)
    record = json.loads(client.get(record_url(game)).content)
    assert record["actions"] == []


def test_the_replay_plays_the_same_moves_as_the_log(client, ann, bob):
    game = start_game(ann, bob, seed="scripted")
    state = game_state(game)
    game = play(game, [state.legal_actions()[0]])
    services.game_resign(user=ann, game_id=game.pk)
    client.force_login(ann)
    html = client.get(replay_url(game, 1)).content.decode()
    first = game.actions.get(seq=0).action
    mover = "ann" if first["seat"] == 0 else "bob"
    assert f"{mover} led {first['card']}" in current_history(html)
