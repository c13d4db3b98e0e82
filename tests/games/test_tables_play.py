"""Tables of any size played to the end through the services: every action by
``game_act``, the result (scores and places) in the seat rows, partners sharing their
side's, and a rated table rated by its places."""

import random

import pytest

from games import registry, services
from games.kit.errors import IllegalAction
from games.models import Game, GameAction, GameSeat
from games.selectors import game_state
from ratings.models import Rating, RatingChange
from tests.factories import UserFactory, start_table

pytestmark = pytest.mark.django_db


def people(n, prefix="p"):
    return [UserFactory(username=f"{prefix}{i}") for i in range(n)]


def play_to_the_end(game, seed=0):
    """Each seat to move plays a random legal card through ``game_act``, as its player
    would; returns the final state and the game row as the database holds it."""
    rng = random.Random(seed)
    while game.status == Game.Status.ACTIVE:
        state = game_state(game)
        mover = game.players[state.to_move]
        action = rng.choice(state.legal_actions())
        game, state, _ = services.game_act(
            user=mover, game_id=game.pk, action=action, expected_seq=game.n_actions
        )
    return state, Game.objects.get(pk=game.pk)


def seat_rows(game):
    return list(GameSeat.objects.filter(game=game).order_by("position"))


@pytest.mark.parametrize("seats", [3, 5, 10])
def test_an_open_table_is_played_to_the_end_with_every_seat_scored_and_placed(seats):
    users = people(seats)
    game = start_table("tally", "open", users, seed=f"open-{seats}")
    state, game = play_to_the_end(game, seed=seats)
    outcome = registry.rules("tally").outcome(state)
    assert game.status == Game.Status.FINISHED
    assert game.reason == outcome.reason == "played out"
    assert game.winner is None and game.to_move is None and game.deadline is None
    assert game.n_actions == 3 * seats == GameAction.objects.filter(game=game).count()
    rows = seat_rows(game)
    assert [row.score for row in rows] == list(outcome.scores)
    assert [row.rank for row in rows] == list(outcome.ranks)
    assert {row.status for row in rows} == {GameSeat.Status.PLAYING}
    assert game.scores == list(outcome.scores)  # what pages read
    best = max(outcome.scores)
    assert all((row.rank == 1) == (row.score == best) for row in rows)


def test_an_action_out_of_turn_or_after_the_end_changes_nothing():
    users = people(4)
    game = start_table("tally", "open", users, seed="turns")
    state = game_state(game)
    other = (state.to_move + 1) % 4
    with pytest.raises(IllegalAction):
        services.game_act(
            user=users[other],
            game_id=game.pk,
            action={"type": "play", "card": state.hands[other][0]},
            expected_seq=0,
        )
    assert GameAction.objects.filter(game=game).count() == 0
    _, game = play_to_the_end(game)
    with pytest.raises(IllegalAction, match="over"):
        services.game_act(
            user=users[0], game_id=game.pk, action={"type": "play", "card": 1}, expected_seq=12
        )


@pytest.mark.parametrize("seats", [4, 6])
def test_partners_share_their_side_s_score_and_place(seats):
    users = people(seats)
    game = start_table("tally", "partners", users, seed=f"partners-{seats}")
    state, game = play_to_the_end(game, seed=seats)
    rows = seat_rows(game)
    sides = registry.rules("tally").variants["partners"].sides(seats)
    for side in sides:
        assert len({rows[s].score for s in side}) == 1
        assert len({rows[s].rank for s in side}) == 1
        assert sum(state.points[s] for s in side) == rows[side[0]].score
    # Places count sides: the best side is 1st and the worst is at most the number of sides.
    assert min(row.rank for row in rows) == 1
    assert max(row.rank for row in rows) <= len(sides)


def test_a_rated_table_rates_every_seat_by_its_place():
    users = people(5)
    game = start_table("tally", "open", users, seed="rated-5", rated=True)
    _, game = play_to_the_end(game, seed=3)
    rows = seat_rows(game)
    changes = {c.user_id: c for c in RatingChange.objects.filter(game=game)}
    assert set(changes) == {u.pk for u in users}
    gain = {row.rank: changes[row.user_id].after - changes[row.user_id].before for row in rows}
    # Newcomers all start alike: a better place never gains less than a worse one.
    places = sorted(gain)
    assert all(gain[a] > gain[b] for a, b in zip(places, places[1:], strict=False))
    assert gain[places[0]] > 0 > gain[places[-1]]
    assert Rating.objects.filter(kind="tally", variant="open", games=1).count() == 5
    # Finishing again (a repeated call) rates nobody twice.
    from ratings.services import ratings_apply_game

    assert len(ratings_apply_game(game=game)) == 5
    assert RatingChange.objects.filter(game=game).count() == 5


def test_a_rated_partners_table_rates_partners_together():
    users = people(4, prefix="t")
    game = start_table("tally", "partners", users, seed="rated-partners", rated=True)
    _, game = play_to_the_end(game, seed=1)
    rows = seat_rows(game)
    changes = {c.user_id: c for c in RatingChange.objects.filter(game=game)}
    assert len(changes) == 4
    delta = [changes[row.user_id].after - changes[row.user_id].before for row in rows]
    assert rows[0].rank != rows[1].rank, "this seed's game has a winning side"
    winners = [s for s in range(4) if rows[s].rank == 1]
    losers = [s for s in range(4) if rows[s].rank == 2]
    assert all(delta[w] > 0 for w in winners) and all(delta[x] < 0 for x in losers)


def test_a_two_seat_game_keeps_its_pair_columns_with_scores_below_zero():
    """The pair columns as before for two seats: the scores (signed), the winner is the
    seat ranked first alone, and the seat rows agree."""
    a, b = people(2, prefix="d")
    game = start_table("tally", "duel", [a, b], seed="duel")
    state, game = play_to_the_end(game, seed=2)
    outcome = registry.rules("tally").outcome(state)
    assert min(outcome.scores) < 0, "this seed's duel ends below zero"
    assert [game.scores[0], game.scores[1]] == list(outcome.scores)
    firsts = [seat for seat, rank in enumerate(outcome.ranks) if rank == 1]
    assert game.winner == (firsts[0] if len(firsts) == 1 else None)
    assert [(r.score, r.rank) for r in seat_rows(game)] == list(
        zip(outcome.scores, outcome.ranks, strict=True)
    )
