"""Real concurrent requests (threads, each with its own database connection): the same
move twice, rematches and challenges from many clicks at once. Each is applied once."""

import threading

import pytest
from django.db import connection

from games import services, tables
from games.models import Game, GameAction
from games.selectors import game_state
from tests.at_once import at_once
from tests.factories import UserFactory, make_challenge, start_game
from tests.games.fixtures_play import HX, act_url, client_for, form_of, make_people, poll_url


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


@pytest.mark.django_db(transaction=True)
def test_moves_in_two_bot_games_all_succeed_while_their_pages_load_again_and_again():
    """One player, two tabs, two bot games (as with `python3 dev.py run`, bots answering in
    the request), while two more tabs load both games' pages and polls without pause: every
    move is recorded, none answered 503 "database is locked" (issue 14, item 13)."""
    ann = UserFactory(username="ann")
    bot = UserFactory(username="bot-random", is_bot=True, bot_level="random")
    games = [
        make_challenge(user=ann, variant="standard", days_per_move=3, rated=False, invited=bot)
        for _ in range(2)
    ]
    moves, players_done, stop = 8, [], threading.Event()

    def play(game_pk) -> list[int]:
        client, statuses = client_for(ann), []
        for _ in range(moves):
            game = Game.objects.get(pk=game_pk)
            state = game_state(game)
            assert game.players[state.to_move] == ann, "the bot has not answered"
            form = form_of(state.legal_actions()[0], game.n_actions)
            statuses.append(client.post(act_url(game), form).status_code)
        return statuses

    def load() -> int:
        # At least one round, however slow the machine: every page and poll answers.
        client, loads = client_for(ann), 0
        while True:
            for game in games:
                assert client.get(game.get_absolute_url()).status_code == 200
                assert client.get(poll_url(game, 0), **HX).status_code in (200, 204)
            loads += 1
            if stop.is_set():
                return loads

    def tab(i):
        if i >= 2:
            return load()
        try:
            return play(games[i].pk)
        finally:
            players_done.append(i)
            if len(players_done) == 2:
                stop.set()

    outcomes = at_once(tab, 4, timeout=300)

    assert not [o for o in outcomes if isinstance(o, BaseException)], outcomes
    assert outcomes[:2] == [[303] * moves] * 2
    for game in games:
        human_moves = GameAction.objects.filter(game=game, seat=game.seat_of(ann)).count()
        assert human_moves == moves


# --- rematches and the open-challenge limit, from many threads at once (issue 14) --------


def resigned_game(ann, bob):
    game = start_game(ann, bob, seed="rematch-race")
    return services.game_resign(user=bob, game_id=game.pk)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("clicks", [2, 10])
def test_rematch_clicked_by_both_players_at_once_makes_exactly_one_game(clicks):
    """Both players press Rematch together (twice, or ten times between them): one new
    game, which both clicks started, instead of two waiting offers or two rated games."""
    ann, bob, _, _ = make_people()
    old = resigned_game(ann, bob)

    outcomes = at_once(
        lambda i: tables.table_rematch(user=(ann, bob)[i % 2], game_id=old.pk), clicks
    )

    assert not [o for o in outcomes if isinstance(o, BaseException)], outcomes
    rematches = Game.objects.filter(rematch_of=old)
    assert rematches.count() == 1
    assert {game.pk for game in outcomes} == {rematches.get().pk}
    assert rematches.get().status == Game.Status.ACTIVE
    assert set(rematches.get().player_ids) == {ann.pk, bob.pk}


@pytest.mark.django_db(transaction=True)
def test_rematch_clicked_again_after_it_began_leads_to_the_same_game():
    """Once the rematch is under way, a further click by either player (a second tab, the
    back button) leads to that game; it does not offer a second rematch."""
    ann, bob, _, _ = make_people()
    old = resigned_game(ann, bob)
    offer = tables.table_rematch(user=ann, game_id=old.pk)
    started = tables.table_rematch(user=bob, game_id=old.pk)
    assert started.pk == offer.pk and started.status == Game.Status.ACTIVE

    assert tables.table_rematch(user=bob, game_id=old.pk).pk == offer.pk
    assert tables.table_rematch(user=ann, game_id=old.pk).pk == offer.pk
    assert Game.objects.filter(rematch_of=old).count() == 1


@pytest.mark.django_db(transaction=True)
def test_twenty_open_challenges_at_once_stop_at_the_limit():
    ann, _, _, _ = make_people()
    limit = tables.MAX_WAITING_TABLES

    outcomes = at_once(
        lambda i: make_challenge(user=ann, variant="standard", days_per_move=3, rated=True),
        20,
    )

    made = [o for o in outcomes if isinstance(o, Game)]
    refused = [o for o in outcomes if isinstance(o, tables.TableError)]
    assert (len(made), len(refused)) == (limit, 20 - limit), outcomes
    assert all(f"already have {limit} challenges or tables waiting" in str(e) for e in refused)
    assert Game.objects.filter(created_by=ann, status=Game.Status.WAITING).count() == limit
