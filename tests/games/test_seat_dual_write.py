"""Seats as rows (issue 15), dual write: every service that creates, starts, scores or ends
a game writes its seats, set-up and invitations in the same transaction as the pair
columns, so both say the same (docs/architecture.md, "Seats as rows")."""

import io
import json
from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command

from games import services
from games.models import Game, GameSeat, Invitation
from games.rows import game_rows
from games.selectors import game_state, games_their_turn, games_your_turn, user_games
from games.xix.engine import make_record, new_game, shuffled_deal
from moderation import services as moderation
from tests.factories import UserFactory, play, play_random, start_game
from tests.games.fixtures_play import both_moved, make_people

pytestmark = pytest.mark.django_db

PLAYING, RESIGNED, TIMED_OUT, FORFEITED = GameSeat.Status.values


@pytest.fixture
def alice(people):
    return people[0]


@pytest.fixture
def bob(people):
    return people[1]


@pytest.fixture
def people():
    """alice and bob, who play; carol, who watches; a staff member."""
    return make_people()


def seats_of(game) -> list[tuple]:
    """(position, username, score, rank, status) per seat, in position order."""
    return [
        (seat.position, seat.user.username, seat.score, seat.rank, seat.status)
        for seat in game.seats.select_related("user").order_by("position")
    ]


def agreed(game) -> Game:
    """``game`` fresh from the database, after checking that its set-up and seats say
    what its pair columns say (ranks and statuses are each test's own to check)."""
    game.refresh_from_db()
    assert game.setup == {"deal": game.deal, "first_leader": game.first_leader}
    assert (game.kind, game.seats_count) == ("xix", 2)
    seats = list(game.seats.order_by("position"))
    if game.status == Game.Status.WAITING:
        assert [(s.position, s.user_id) for s in seats] == [(None, game.created_by_id)]
    else:
        assert [(s.position, s.user_id, s.score) for s in seats] == [
            (0, game.player0_id, game.score0),
            (1, game.player1_id, game.score1),
        ]
    return game


def invitations_of(game) -> list[tuple]:
    return [
        (i.user.username, i.answered_at is not None, i.declined)
        for i in game.invitations.select_related("user")
    ]


def no_rows_left(game_id) -> bool:
    return not (
        GameSeat.objects.filter(game_id=game_id).exists()
        or Invitation.objects.filter(game_id=game_id).exists()
    )


def new_challenge(user, invited=None, **kwargs):
    return services.challenge_create(
        user=user, variant="standard", days_per_move=3, rated=True, invited=invited, **kwargs
    )


# --- challenges ---------------------------------------------------------------------------


def test_an_open_challenge_seats_its_maker_without_a_place_and_invites_nobody(alice, bob):
    game = agreed(new_challenge(alice))
    assert seats_of(game) == [(None, "alice", 0, None, PLAYING)]
    assert invitations_of(game) == []

    game = agreed(services.challenge_accept(user=bob, game_id=game.pk))
    mine = game.seat_of(alice)
    assert sorted(seats_of(game)) == sorted(
        [(mine, "alice", 0, None, PLAYING), (1 - mine, "bob", 0, None, PLAYING)]
    )
    assert invitations_of(game) == []


def test_a_direct_challenge_invites_and_its_acceptance_answers(alice, bob):
    game = agreed(new_challenge(alice, invited=bob))
    assert invitations_of(game) == [("bob", False, False)]

    game = agreed(services.challenge_accept(user=bob, game_id=game.pk))
    assert {username for _, username, *_ in seats_of(game)} == {"alice", "bob"}
    assert invitations_of(game) == [("bob", True, False)]


def test_a_bot_accepts_at_once_and_both_are_seated(alice):
    bot = UserFactory(username="bot-random", is_bot=True, bot_level="random")
    game = agreed(new_challenge(alice, invited=bot))
    assert game.status == Game.Status.ACTIVE
    assert sorted(username for _, username, *_ in seats_of(game)) == ["alice", "bot-random"]
    assert invitations_of(game) == [("bot-random", True, False)]


@pytest.mark.parametrize("who", ["alice", "bob"])
def test_a_withdrawn_challenge_leaves_no_seat_or_invitation(alice, bob, who):
    game = new_challenge(alice, invited=bob)
    services.challenge_withdraw(user={"alice": alice, "bob": bob}[who], game_id=game.pk)
    assert no_rows_left(game.pk)


def test_a_lapsed_challenge_leaves_no_seat_or_invitation(alice, bob, clock):
    lapsed = new_challenge(alice, invited=bob)
    clock.advance(seconds=int(services.CHALLENGE_LIFETIME.total_seconds()) - 1)
    kept = new_challenge(bob)
    clock.advance(seconds=1)
    assert services.challenges_expire() == 1  # games, not their seats and invitations
    assert no_rows_left(lapsed.pk)
    assert seats_of(agreed(kept)) == [(None, "bob", 0, None, PLAYING)]


def test_a_rematch_is_offered_to_the_opponent_and_seats_both_when_taken(alice, bob):
    game = play_random(start_game(alice, bob, seed="rematch-seats"))
    offer = agreed(services.game_rematch(user=bob, game_id=game.pk))
    assert seats_of(offer) == [(None, "bob", 0, None, PLAYING)]
    assert invitations_of(offer) == [("alice", False, False)]

    taken = agreed(services.game_rematch(user=alice, game_id=game.pk))
    assert taken.pk == offer.pk and taken.status == Game.Status.ACTIVE
    assert invitations_of(taken) == [("alice", True, False)]


# --- play and results ---------------------------------------------------------------------


def test_scores_follow_the_play_and_the_end_ranks_winner_and_loser(alice, bob):
    game = start_game(alice, bob, seed="scores-seats")
    while max(game.scores) == 0:
        game = play(game, [game_state(game).legal_actions()[0]])
    game = agreed(game)  # an exchange has been scored mid-game
    assert [rank for *_, rank, _ in seats_of(game)] == [None, None]

    game = agreed(play_random(game))
    winner = game.winner
    assert seats_of(game)[winner][3:] == (1, PLAYING)
    assert seats_of(game)[1 - winner][3:] == (2, PLAYING)


def test_a_draw_in_the_talon_ranks_both_first(alice, bob):
    # Seeded random play from this deal ends at the end of the talon, 11-11.
    game = agreed(play_random(start_game(alice, bob, variant="talon", seed="s54")))
    assert (game.reason, game.winner) == (Game.Reason.TALON_END, None)
    assert seats_of(game) == [(0, "alice", 11, 1, PLAYING), (1, "bob", 11, 1, PLAYING)]


def test_resigning_leaves_the_game_and_ranks_last(alice, bob):
    game = both_moved(start_game(alice, bob, seed="resign-seats"))
    game = agreed(services.game_resign(user=bob, game_id=game.pk))
    assert [seat[3:] for seat in seats_of(game)] == [(1, PLAYING), (2, RESIGNED)]
    assert game.seats.get(position=1).left_at == game.finished_at


@pytest.mark.parametrize("how", ["resign", "abort"])
def test_an_early_abort_ranks_nobody(alice, bob, how):
    game = start_game(alice, bob, seed="abort-seats")
    end = services.game_resign if how == "resign" else services.game_abort_by_player
    game = agreed(end(user=alice, game_id=game.pk))
    assert game.status == Game.Status.ABORTED
    assert seats_of(game) == [(0, "alice", 0, None, PLAYING), (1, "bob", 0, None, PLAYING)]


def test_running_out_of_time_leaves_the_game_and_ranks_last(alice, bob, clock):
    game = play_random(start_game(alice, bob, seed="timeout-seats"), moves=3)
    late = game.to_move
    clock.set(game.deadline + timedelta(seconds=1))
    assert services.deadlines_sweep()["timed_out"] == 1
    game = agreed(game)
    assert seats_of(game)[late][3:] == (2, TIMED_OUT)
    assert seats_of(game)[1 - late][3:] == (1, PLAYING)


# --- imported games -----------------------------------------------------------------------


def record_of(seed: str, moves: int | None) -> dict:
    deal, leader = shuffled_deal(seed)
    state, actions = new_game("standard", deal, leader), []
    while not state.over and (moves is None or len(actions) < moves):
        action = state.legal_actions()[0]
        state, _ = state.apply(action)
        actions.append(action)
    return make_record("standard", deal, leader, actions, players=["x", "y"])


@pytest.mark.parametrize("moves", [None, 7])
def test_an_imported_game_is_seated_as_in_its_record(alice, bob, moves, tmp_path):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record_of("import-seats", moves)))
    call_command("import_record", str(path), "--players", "bob", "alice", stdout=io.StringIO())
    game = agreed(Game.objects.get())
    final = game_state(game)
    seats = seats_of(game)
    assert [(position, name) for position, name, *_ in seats] == [(0, "bob"), (1, "alice")]
    if moves is None:
        assert [rank for *_, rank, _ in seats] == [1 + (final.winner != s) for s in (0, 1)]
    else:
        assert game.status == Game.Status.ACTIVE
        assert [rank for *_, rank, _ in seats] == [None, None]
    assert [score for _, _, score, *_ in seats] == list(final.scores)


# --- moderation ---------------------------------------------------------------------------


@pytest.fixture
def moderator(db):
    user = UserFactory(username="mod", is_staff=True)
    user.groups.add(Group.objects.get(name="Moderators"))
    return user


def test_a_suspension_forfeits_with_the_seat_left_and_withdraws_challenges(
    people, alice, bob, moderator
):
    carol = people[2]
    game = both_moved(start_game(alice, bob, seed="forfeit-seats"))
    waiting = new_challenge(bob, invited=carol)
    moderation.user_suspend(actor=moderator, user_id=bob.pk, reason="Cheating, twice.")
    game = agreed(game)
    assert [seat[3:] for seat in seats_of(game)] == [(1, PLAYING), (2, FORFEITED)]
    assert no_rows_left(waiting.pk)


def test_a_moderator_abort_ranks_nobody(alice, bob, moderator):
    game = play_random(start_game(alice, bob, seed="mod-abort-seats"), moves=9)
    moderation.game_abort(actor=moderator, game_id=game.pk, reason="The server lost a move.")
    game = agreed(game)
    assert [seat[3:] for seat in seats_of(game)] == [(None, PLAYING), (None, PLAYING)]


def test_an_adjudicated_game_ranks_the_chosen_winner_first(alice, bob, moderator):
    game = play_random(start_game(alice, bob, seed="adjudicate-seats"), moves=9)
    moderation.game_adjudicate(actor=moderator, game_id=game.pk, winner=1, reason="Agreed.")
    game = agreed(game)
    assert [seat[3:] for seat in seats_of(game)] == [(2, PLAYING), (1, PLAYING)]


# --- tests' own games ---------------------------------------------------------------------


def test_the_factory_seats_the_players_where_the_test_asks(alice, bob):
    for seed in ("factory-a", "factory-b", "factory-c", "factory-d"):
        game = agreed(start_game(alice, bob, seed=seed))
        assert seats_of(game) == [(0, "alice", 0, None, PLAYING), (1, "bob", 0, None, PLAYING)]


# --- reads that go through the seats ------------------------------------------------------


def test_the_turn_lists_follow_the_seat_to_move_with_one_join(alice, bob, people):
    carol = people[2]
    game = start_game(alice, bob, seed="turn-seats")
    waiting = new_challenge(alice, invited=carol)
    mover, waiter = game.players[game.to_move], game.players[1 - game.to_move]
    assert list(games_your_turn(mover)) == [game] and list(games_their_turn(mover)) == []
    assert list(games_your_turn(waiter)) == [] and list(games_their_turn(waiter)) == [game]
    assert list(games_your_turn(carol)) == list(games_their_turn(carol)) == []
    # The challenger's seat of a waiting challenge has no position: not one of her games.
    assert list(Game.objects.filter(user_games(alice))) == [game]
    assert waiting.seats.filter(user=alice).exists()
    assert str(games_your_turn(mover).query).count("JOIN") == 1

    game = play(game, [game_state(game).legal_actions()[0]])
    assert game.players[game.to_move] == waiter
    assert list(games_your_turn(waiter)) == [game] and list(games_their_turn(mover)) == [game]


def test_rows_come_from_the_seats_in_one_query(alice, bob, django_assert_num_queries):
    drawn = play_random(start_game(alice, bob, variant="talon", seed="s54"))
    resigned = services.game_resign(
        user=bob, game_id=both_moved(start_game(alice, bob, seed="rows-resign")).pk
    )
    in_play = start_game(bob, alice, seed="rows-play")
    games = Game.objects.filter(pk__in=[drawn.pk, resigned.pk, in_play.pk]).order_by("pk")
    with django_assert_num_queries(2):  # the games, then their seats with their users
        rows = [
            (row.opponent.username, row.score, row.outcome, row.my_turn)
            for row in game_rows(games, alice)
        ]
    resigned.refresh_from_db()
    assert rows == [
        ("bob", "11–11", "draw", False),
        ("bob", f"{resigned.score0}–{resigned.score1}", "won", False),
        ("bob", "0–0", "", in_play.to_move == 1),
    ]
