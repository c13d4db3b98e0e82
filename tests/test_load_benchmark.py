"""The load test (benchmarks/load): how run.py --tables splits the players among table
sizes, and check_db.py, which after a run must find every game whole, of any kind and
seat count, and name the game whose log and seats disagree.

For check_db these tests build the games the load test plays (XIX between two, tally at
tables of 4 and 10) with the services, and spoil one at a time the way a lost or doubled
write would. For --tables: every player must get a seat at a whole table, each size about
as many players, and a number no mix can seat must be refused before anything starts."""

from pathlib import Path

import pytest

from games import services
from games.models import Game, GameSeat
from tests import file_module
from tests.factories import UserFactory, play_random, start_game, start_table

LOAD = Path(__file__).resolve().parents[1] / "benchmarks" / "load"


def script(name: str):
    """A script of benchmarks/load (not a package) as a module."""
    module = file_module.load(f"load_{name}", LOAD / f"{name}.py")
    return module


@pytest.fixture(scope="module")
def check_db():
    return script("check_db")


@pytest.fixture(scope="module")
def run():
    return script("run")


def check(check_db, *games):
    return check_db.check(Game.objects.filter(pk__in=[game.pk for game in games]))


@pytest.fixture
def played(db):
    """A finished XIX game, a finished 10-seat tally table, and a 4-seat one in play."""
    ann, bob = UserFactory(), UserFactory()
    xix = play_random(start_game(ann, bob, seed="check-xix"))
    ten = play_random(start_table("tally", "open", UserFactory.create_batch(10), seed="ten"))
    four = start_table("tally", "open", UserFactory.create_batch(4), seed="four")
    four = play_random(four, moves=5)
    return xix, ten, four


@pytest.mark.django_db
def test_whole_games_of_every_size_pass(check_db, played):
    xix, ten, four = played
    assert (xix.status, ten.status, four.status) == ("finished", "finished", "active")
    result = check(check_db, xix, ten, four)
    assert result["problems"] == []
    assert result["ok"]
    assert result["games_by_table"] == {"tally/10": 1, "tally/4": 1, "xix/2": 1}
    assert result["games_checked"] == 3
    assert result["actions_checked"] == xix.n_actions + 30 + 5
    assert result["finished_reasons"] == {xix.reason: 1, "played out": 1}


@pytest.mark.django_db
def test_a_table_where_a_seat_left_ranks_it_last_and_passes(check_db):
    users = UserFactory.create_batch(4)
    game = play_random(start_table("tally", "open", users, seed="leaver"), moves=2)
    leaver = game.players[game.to_move]
    services.game_resign(user=leaver, game_id=game.pk)
    game.refresh_from_db()
    while game.status == Game.Status.ACTIVE:
        game.forget_seats()
        if services.seat_has_left(game, game.to_move):  # the site's move, as its task makes
            assert services.seat_autoplay(game_id=game.pk, expected_seq=game.n_actions)
            game.refresh_from_db()
        else:
            game = play_random(game, moves=1)
    assert game.status == "finished"
    assert GameSeat.objects.get(game=game, user=leaver).rank == 4
    assert check(check_db, game)["ok"]


@pytest.mark.django_db
def test_a_seat_score_that_disagrees_with_the_replay_is_named(check_db, played):
    _, ten, _ = played
    seat = GameSeat.objects.get(game=ten, position=7)
    GameSeat.objects.filter(pk=seat.pk).update(score=seat.score + 1)
    result = check(check_db, *played)
    assert not result["ok"]
    assert len(result["problems"]) == 1
    assert result["problems"][0].startswith(f"game {ten.pk} (tally, 10 seats): seat scores")


@pytest.mark.django_db
def test_a_wrong_place_or_a_wrong_winner_is_named(check_db, played):
    xix, ten, _ = played
    GameSeat.objects.filter(game=ten, position=0).update(rank=11)
    # The winner of a two-seat game is its seat ranked first alone: make it the other one.
    loser = 1 if xix.winner in (None, 0) else 0
    GameSeat.objects.filter(game=xix).update(rank=2)
    GameSeat.objects.filter(game=xix, position=loser).update(rank=1)
    problems = check(check_db, *played)["problems"]
    assert any(p.startswith(f"game {ten.pk} (tally, 10 seats): seat places") for p in problems)
    assert any(p.startswith(f"game {xix.pk} (xix, 2 seats): seat places") for p in problems)


@pytest.mark.django_db
def test_a_missing_action_and_a_wrong_player_to_move_are_named(check_db, played):
    xix, _, four = played
    # The game counts one action more than its log holds (the log itself is append-only).
    Game.objects.filter(pk=xix.pk).update(n_actions=xix.n_actions + 1)
    Game.objects.filter(pk=four.pk).update(to_move=(four.to_move + 1) % 4)
    problems = check(check_db, *played)["problems"]
    assert any(
        p.startswith(f"game {xix.pk} (xix, 2 seats): n_actions={xix.n_actions + 1}, ")
        and f"missing [{xix.n_actions}]" in p
        for p in problems
    )
    assert f"game {four.pk} (tally, 4 seats): seat {(four.to_move + 1) % 4} to move, " in (
        " ".join(problems)
    )


@pytest.mark.django_db
def test_a_table_still_active_after_its_last_move_is_named(check_db, played):
    _, ten, _ = played
    Game.objects.filter(pk=ten.pk).update(status=Game.Status.ACTIVE, to_move=0)
    problems = check(check_db, ten)["problems"]
    assert problems == [
        f"game {ten.pk} (tally, 10 seats): replay is over but the game is still active"
    ]


# --- run.py --tables -------------------------------------------------------------------


def players_by_size(groups):
    return {size: groups.count(size) * size for size in sorted(set(groups))}


def test_a_hundred_players_at_2_4_10_sit_at_whole_tables_about_evenly(run):
    groups = run.table_groups(100, [2, 4, 10])
    assert sum(groups) == 100
    assert players_by_size(groups) == {2: 34, 4: 36, 10: 30}
    # Interleaved in the order of arrival: every size is in the first three groups.
    assert sorted(groups[:3]) == [2, 4, 10]


def test_without_pairs_the_rest_still_fits_at_whole_tables(run):
    groups = run.table_groups(100, [4, 10])
    assert sum(groups) == 100
    assert set(groups) == {4, 10}


@pytest.mark.parametrize(("users", "sizes"), [(21, [2, 4, 10]), (7, [4, 10]), (3, [4])])
def test_players_no_mix_can_seat_are_refused(run, users, sizes):
    with pytest.raises(ValueError, match=f"{users} players cannot all be seated"):
        run.table_groups(users, sizes)


@pytest.mark.parametrize("text", ["2,2", "1,4", "2,11", "4,x"])
def test_bad_seat_counts_are_refused(run, text):
    with pytest.raises(ValueError, match="different seat counts from 2 to 10"):
        run.parse_sizes(text)


def test_seat_counts_are_read_in_order(run):
    assert run.parse_sizes("10,2,4") == [10, 2, 4]
