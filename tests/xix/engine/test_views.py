"""Ruling 15, played out: what each seat and a spectator are shown, step by step."""

import pytest

from games.xix.engine import full_view, new_game, seat_view, spectator_view
from tests.xix.engine.helpers import SPLIT, abandon, draft, play, run, trade


def seat_one_hides_5():
    """Seat 1 lost exchange 1 and put its closed 5 face down at position 0 (taking 7)."""
    state = run(new_game("standard", SPLIT, 0), [play(0, 16), play(1, 4), abandon(1)])
    return run(state, [draft(1, 16), draft(0, 4), trade(1, 5, 0)])


def seat_zero_takes_the_5():
    """Seat 0 lost exchange 2 and took the face-down 5, putting its closed 2 there."""
    state = run(seat_one_hides_5(), [play(0, 1), play(1, 6), abandon(0)])
    return run(state, [draft(0, 6), draft(1, 1), trade(0, 2, 0)])


def test_a_seat_sees_its_own_hands_and_only_the_count_of_the_opponents_closed_hand():
    state = seat_one_hides_5()
    view = seat_view(state, 0)

    assert view["hands"][0] == {
        "closed": [1, 2, 3, 17, 18],
        "closed_count": 5,
        "known_closed": [],
        "open": [4],
    }
    assert view["hands"][1] == {"closed": None, "closed_count": 5, "known_closed": [], "open": [16]}
    assert spectator_view(state)["hands"][0]["closed"] is None


def test_a_card_placed_face_down_is_known_to_its_owner_only():
    state = seat_one_hides_5()

    assert seat_view(state, 1)["row"][0] == {
        "position": 0,
        "card": 5,
        "face_up": False,
        "yours": True,
    }
    hidden = {"position": 0, "card": None, "face_up": False, "yours": False}
    assert seat_view(state, 0)["row"][0] == hidden
    assert spectator_view(state)["row"][0] == hidden
    assert full_view(state)["row"][0]["card"] == 5
    assert 5 in seat_view(state, 0)["unseen"]
    assert 5 not in seat_view(state, 1)["unseen"]


def test_a_dealt_row_card_is_unknown_until_someone_takes_it():
    state = seat_one_hides_5()

    assert 7 not in seat_view(state, 1)["unseen"]  # seat 1 took it into its closed hand
    assert 7 in seat_view(state, 1)["hands"][1]["closed"]
    assert 7 in seat_view(state, 0)["unseen"]
    assert [slot["card"] for slot in seat_view(state, 0)["row"][1:]] == [None] * 4


def test_nobody_but_a_full_view_is_shown_the_discard():
    state = seat_zero_takes_the_5()

    for view in (seat_view(state, 0), seat_view(state, 1), spectator_view(state)):
        assert view["discard"] is None
        assert 12 in view["unseen"]
    assert full_view(state)["discard"] == 12


def test_a_seat_knows_the_opponent_holds_the_card_it_hid_when_the_opponent_takes_it():
    state = seat_zero_takes_the_5()

    assert seat_view(state, 1)["hands"][0]["known_closed"] == [5]
    assert seat_view(state, 0)["hands"][1]["known_closed"] == []
    assert spectator_view(state)["hands"][0]["known_closed"] == []
    # Position 0 now holds seat 0's face-down 2: seat 1 no longer sees a card there.
    assert seat_view(state, 1)["row"][0]["card"] is None
    assert seat_view(state, 0)["row"][0] == {
        "position": 0,
        "card": 2,
        "face_up": False,
        "yours": True,
    }


def test_the_knowledge_ends_when_the_card_is_played():
    state = seat_zero_takes_the_5()  # seat 1 won exchange 2 and leads

    state = run(state, [play(1, 13), play(0, 5)])

    assert seat_view(state, 1)["hands"][0]["known_closed"] == []
    assert 5 in seat_view(state, 1)["pool"]


@pytest.mark.parametrize("given_away", [17, 5])
def test_the_knowledge_ends_when_the_opponent_trades_a_closed_card_away(given_away):
    state = seat_zero_takes_the_5()
    # Exchange 3: seat 1 leads 13, seat 0 loses with 3, abandons and trades a closed card.
    state = run(state, [play(1, 13), play(0, 3), abandon(0), draft(0, 13), draft(1, 3)])
    state = run(state, [trade(0, given_away, 1)])

    # Seat 1 cannot tell which closed card went: it may no longer say where the 5 is.
    assert seat_view(state, 1)["hands"][0]["known_closed"] == []


def test_a_seat_view_offers_legal_actions_only_to_the_seat_to_move():
    state = seat_one_hides_5()  # seat 0 leads exchange 2

    assert seat_view(state, 0)["legal_actions"] == state.legal_actions()
    assert seat_view(state, 1)["legal_actions"] == []
    assert spectator_view(state)["legal_actions"] == []


def test_a_seat_view_refuses_a_seat_that_does_not_exist():
    with pytest.raises(ValueError):
        seat_view(seat_one_hides_5(), 2)
