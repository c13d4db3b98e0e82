"""Push updates (games/push.py): every change a game's page shows publishes one ping after
the transaction commits, none on rollback; a ping names the game and its action number
only; and a game's stream is refused to whoever may not see its page."""

import json

import pytest
from django.db import transaction
from django.urls import reverse

from games import services, streams, tables, vacation
from games.models import Game
from games.selectors import game_state
from tests.factories import PASSWORD, UserFactory, make_challenge, play, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob):
    return start_game(alice, bob, seed="push")


def ping(game) -> tuple:
    game.refresh_from_db()
    return (f"game-{game.pk}", "game", {"game": game.pk, "seq": game.n_actions})


def one_move(game) -> Game:
    return play(game, [game_state(game).legal_actions()[0]])


def test_a_move_publishes_one_ping_after_commit(game, sent, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        game = one_move(game)
        assert sent == []  # nothing before the commit
    for callback in callbacks:
        callback()
    assert sent == [ping(game)]
    assert sent[0][2]["seq"] == 1


def test_a_rolled_back_move_publishes_nothing(game, sent, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError), transaction.atomic():
            one_move(game)
            raise RuntimeError("the request failed after the move")
    assert sent == []
    game.refresh_from_db()
    assert game.n_actions == 0


def test_a_move_that_ends_the_game_publishes_once(game, sent, django_capture_on_commit_callbacks):
    # Play all but the last action, then the final one alone.
    while True:
        state = game_state(game)
        action = state.legal_actions()[0]
        if state.apply(action)[0].over:
            break
        game = one_move(game)
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        game = one_move(game)
    assert game.status == Game.Status.FINISHED
    assert sent == [ping(game)]


@pytest.mark.parametrize(
    "change",
    ["extra day", "vacation", "resignation", "rematch offer", "rematch accepted"],
)
def test_each_change_a_page_shows_publishes_once(
    change, game, alice, bob, sent, django_capture_on_commit_callbacks
):
    if change == "extra day":
        if game.to_move == 0:
            game = one_move(game)
        giver = game.players[1 - game.to_move]
        sent.clear()
        with django_capture_on_commit_callbacks(execute=True):
            services.game_extra_day(user=giver, game_id=game.pk)
    elif change == "vacation":  # the mover's deadline moves: their opponents' pages show it
        mover = game.players[game.to_move]
        sent.clear()
        with django_capture_on_commit_callbacks(execute=True):
            vacation.vacation_start(user=mover, days=3)
    else:
        for _ in range(3):
            game = one_move(game)
        with django_capture_on_commit_callbacks(execute=True):
            services.game_resign(user=alice, game_id=game.pk)
        if change != "resignation":
            sent.clear()
            with django_capture_on_commit_callbacks(execute=True):
                tables.table_rematch(user=alice, game_id=game.pk)
        if change == "rematch accepted":
            sent.clear()
            with django_capture_on_commit_callbacks(execute=True):
                rematch = tables.table_rematch(user=bob, game_id=game.pk)
            assert rematch.status == Game.Status.ACTIVE
            # The finished game's page (its rematch offer) and the new game's waiting page.
            assert sorted(sent) == sorted([ping(game), ping(rematch)])
            return
    assert sent == [ping(game)]


def test_a_challenge_accepted_and_a_table_filled_publish_once(
    alice, bob, sent, served_tally, django_capture_on_commit_callbacks
):
    challenge = make_challenge(
        user=alice, variant="standard", days_per_move=3, rated=True, invited=bob
    )
    assert sent == []
    with django_capture_on_commit_callbacks(execute=True):
        tables.table_join(user=bob, game_id=challenge.pk)
    assert sent == [ping(challenge)]

    cy = UserFactory(username="cy")
    table = tables.table_create(
        user=alice, kind="tally", variant="open", seats=3, days_per_move=3, rated=False
    )
    with django_capture_on_commit_callbacks(execute=True):
        tables.table_join(user=bob, game_id=table.pk)
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        tables.table_join(user=cy, game_id=table.pk)
    table.refresh_from_db()
    assert table.status == Game.Status.ACTIVE
    assert sent == [ping(table)]


def test_pings_carry_no_card_and_are_the_same_for_every_viewer(
    game, sent, django_capture_on_commit_callbacks
):
    for _ in range(4):
        with django_capture_on_commit_callbacks(execute=True):
            game = one_move(game)
    # One publication per change, on the game's one channel: every viewer (each seat, a
    # spectator) receives these same bytes, and they hold the game's id and action number
    # only: no card, no HTML.
    assert sent == [(f"game-{game.pk}", "game", {"game": game.pk, "seq": n}) for n in (1, 2, 3, 4)]
    assert all(len(json.dumps(data)) < 40 for _, _, data in sent)


def test_no_ping_with_push_updates_off(game, sent, settings, django_capture_on_commit_callbacks):
    settings.PUSH_EVENTS = False
    with django_capture_on_commit_callbacks(execute=True):
        one_move(game)
    assert sent == []


def log_in(client, user):
    assert client.login(username=user.username, password=PASSWORD)
    return client


def test_the_stream_is_refused_like_the_page(client, people, alice, bob, settings):
    settings.PUSH_EVENTS = True
    private = make_challenge(
        user=alice, variant="standard", days_per_move=3, rated=True, invited=bob
    )
    url = reverse("game_stream", args=[private.pk])
    page = reverse("games:game", args=[private.pk])
    # Anonymous: to the log-in page.
    assert client.get(url).status_code == 302
    eve = people[2]
    outsider = log_in(client, eve)
    assert outsider.get(page).status_code == 404
    assert outsider.get(url).status_code == 404
    channels = streams.GameChannels()
    assert not channels.can_read_channel(eve, f"game-{private.pk}")
    assert not channels.can_read_channel(None, f"game-{private.pk}")
    assert channels.can_read_channel(bob, f"game-{private.pk}")
    assert not channels.can_read_channel(bob, "game-not-a-number")
    # A player under WSGI (no ASGI server): 204, which stops a browser's EventSource.
    client.logout()
    assert log_in(client, bob).get(url).status_code == 204


def test_pages_carry_the_stream_only_with_push_updates_on(client, game, alice, settings):
    log_in(client, alice)
    url = reverse("games:game", args=[game.pk])
    stream = reverse("game_stream", args=[game.pk])
    settings.PUSH_EVENTS = False
    page = client.get(url).content.decode()
    assert stream not in page and 'hx-trigger="every 3s"' in page
    settings.PUSH_EVENTS = True
    page = client.get(url).content.decode()
    assert f'data-push="{stream}"' in page
    assert 'hx-trigger="every 120s, game-push"' in page and 'data-poll="3s"' in page
