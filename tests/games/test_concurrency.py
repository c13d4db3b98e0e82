"""Two real concurrent requests for the same move, against PostgreSQL: one is applied."""

import threading

import pytest
from django.db import connection

from games.models import GameAction
from games.selectors import game_state
from tests.factories import start_game
from tests.games.fixtures_play import HX, act_url, client_for, form_of, make_people


def race(game, user, posts, *, htmx: bool = False) -> list[int]:
    """POST each form of ``posts`` from its own thread (and its own client and database
    connection), all released together; returns the sorted status codes."""
    barrier = threading.Barrier(len(posts))
    statuses = []
    errors = []
    headers = HX if htmx else {}

    def submit(fields):
        try:
            client = client_for(user)
            barrier.wait(timeout=10)
            statuses.append(client.post(act_url(game), fields, **headers).status_code)
        except Exception as error:  # reported below: a thread cannot fail the test itself
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(fields,)) for fields in posts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors, errors
    return sorted(statuses)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("htmx", [False, True])
def test_the_same_move_twice_at_once_is_applied_once(htmx):
    alice, bob, _, _ = make_people()
    game = start_game(alice, bob, seed="race-seed")
    state = game_state(game)
    player = game.players[state.to_move]
    fields = form_of(state.legal_actions()[0], 0)

    statuses = race(game, player, [fields, fields], htmx=htmx)

    assert statuses == sorted([200 if htmx else 303, 409])
    assert GameAction.objects.filter(game=game).count() == 1
    game.refresh_from_db()
    assert game.n_actions == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_different_moves_at_once_leave_one_consistent_log():
    """Two tabs of one player send different moves at the same sequence number: one wins."""
    alice, bob, _, _ = make_people()
    game = start_game(alice, bob, seed="race-seed")
    state = game_state(game)
    player = game.players[state.to_move]
    first, second = state.legal_actions()[:2]

    statuses = race(game, player, [form_of(first, 0), form_of(second, 0)])

    assert statuses == [303, 409]
    log = list(GameAction.objects.filter(game=game).values_list("action", flat=True))
    assert len(log) == 1 and log[0] in (first, second)
    assert game_state(game).n_actions == 1
