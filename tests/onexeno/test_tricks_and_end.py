"""Tricks (R7-R9), turns and the end game (R12-R16, R20), scoring and places (R17, R19, R22,
R28), in positions built from real matching cards."""

import pytest

from games.kit.errors import IllegalAction
from games.onexeno.engine import RULES, VALUE
from tests.onexeno.helpers import arrange, build, passing, place, start

ROWS = [(x, y) for y in range(-2, 3) for x in range(-2, 3)]


def lay_last(cells, last, seed=0, seats=2, **changes):
    """A field on ``cells`` whose card at ``last`` is taken back into seat 1's hand."""
    field = build(cells, seed=seed)
    card, rotation = field.pop(last)
    state = arrange(start(seats=seats), field=field, hands=[[], [card, 255 if card != 255 else 0]])
    state = arrange(state, to_move=1, **changes)
    return state, field, place(1, card, *last, rotation)


def test_the_rules_trick_example_takes_the_row_and_leaves_the_rest():
    row = [(x, 0) for x in range(-2, 3)]
    cells = row + [(0, -1), (-1, 1), (2, 1)]  # F, G and H of onexeno.md section 8
    state, field, action = lay_last(cells, (1, 0))
    after, events = state.apply(action)
    taken = [field[cell][0] for cell in row if cell != (1, 0)] + [action["card"]]
    assert sorted(after.taken[1]) == sorted(taken)
    assert set(after.field) == {(0, -1), (-1, 1), (2, 1)}
    entry = events[0]
    assert entry["lines"] == ["row"] and entry["value"] == sum(VALUE[card] for card in taken)
    view = RULES.spectator_view(after)
    assert view["extent"] == {
        "min_x": -1,
        "max_x": 2,
        "min_y": -1,
        "max_y": 1,
        "width": 4,
        "height": 3,
        "closed_x": False,
        "closed_y": False,
    }
    assert view["scores"] == [0, entry["value"]]  # taken so far, hands not subtracted (R28)


def test_a_column_of_five_is_a_trick():
    cells = [(0, y) for y in range(5)] + [(1, 2)]
    state, field, action = lay_last(cells, (0, 4))
    after, _events = state.apply(action)
    assert set(after.field) == {(1, 2)} and len(after.taken[1]) == 5


def test_four_cards_in_a_row_are_no_trick():
    state, _field, action = lay_last([(x, 0) for x in range(4)], (3, 0))
    after, events = state.apply(action)
    assert after.taken[1] == () and events[0]["lines"] == [] and len(after.field) == 4


def test_a_corner_to_corner_diagonal_of_a_closed_field_is_a_trick():
    diagonal = [(k, k) for k in range(-2, 3)]
    stairs = [(k + 1, k) for k in range(-2, 2)]
    field = build(ROWS, seed=5)
    kept = {cell: field[cell] for cell in diagonal + stairs}
    card, rotation = kept.pop((2, 2))
    state = arrange(start(), field=kept, hands=[[], [card, 0 if card else 1]], to_move=1)
    after, events = state.apply(place(1, card, 2, 2, rotation))
    assert events[0]["lines"] == ["diagonal"]
    assert sorted(after.taken[1]) == sorted(field[cell][0] for cell in diagonal)
    assert set(after.field) == set(stairs)


def test_the_centre_of_a_closed_full_field_takes_four_lines_and_17_cards():
    state, field, action = lay_last(ROWS, (0, 0), seed=6)
    after, events = state.apply(action)
    assert events[0]["lines"] == ["row", "column", "diagonal", "anti-diagonal"]
    assert len(after.taken[1]) == 17 and len(set(after.taken[1])) == 17
    assert len(after.field) == 25 - 17


def test_after_a_trick_that_empties_the_field_the_next_card_goes_to_the_origin():
    state, _field, action = lay_last([(x, 3) for x in range(-1, 4)], (3, 3))
    after, _events = state.apply(action)
    assert after.field == {} and after.to_move == 0
    legal = after.legal_actions()
    assert legal and all((a["type"], a["x"], a["y"]) == ("place", 0, 0) for a in legal)


def test_the_seat_to_act_draws_first_and_only_it_sees_the_card():
    state, _events = start().apply(passing(1))
    assert state.to_move == 0 and state.drawn[0] == 15 and 15 in state.hands[0]
    assert 15 in RULES.seat_view(state, 0)["hand"] and RULES.seat_view(state, 0)["drawn"] == 15
    assert RULES.seat_view(state, 1)["hand"] == [0, 1, 2, 3, 5, 14]
    assert RULES.seat_view(state, 1)["drawn"] == 14 and 15 in RULES.seat_view(state, 1)["unseen"]
    assert not state.endgame and state.history()[-1] == {"type": "pass", "seat": 1, "final": False}


def test_whoever_draws_the_last_card_is_not_yet_in_the_end_game():
    state = arrange(start(), stack=[255])
    state, _events = state.apply(passing(1))  # seat 0 draws the last card
    assert state.stack == () and 255 in state.hands[0] and not state.endgame
    state, _events = state.apply(passing(0))  # not final
    assert state.out == (False, False) and state.to_move == 1 and state.endgame
    state, _events = state.apply(passing(1))  # final: seat 1 is out
    assert state.out == (False, True) and state.to_move == 0
    after, _events = state.apply(passing(0))
    assert after.over and after.reason == "all_out" and after.to_move is None


def test_an_out_seat_is_skipped_and_its_actions_refused():
    state = arrange(start(seats=3), stack=[], endgame=True)
    state, _events = state.apply(passing(1))
    state, _events = state.apply(passing(2))
    assert state.to_move == 0
    state, _events = state.apply(state.legal_actions()[0])
    assert state.to_move == 0  # seats 1 and 2 are out: seat 0 plays on alone
    with pytest.raises(IllegalAction) as caught:
        state.apply(passing(1))
    assert str(caught.value) == "seat 1 is out: it passed in the end game (ruling 14)"


def test_a_seat_with_no_placement_may_only_pass():
    state = arrange(start(), field={(0, 0): (0, 0)}, hands=[[], [17, 255]], to_move=1)
    assert state.legal_actions() == [passing(1)]


def test_a_final_pass_puts_the_whole_team_out():
    state = arrange(start("partners", 4), stack=[], endgame=True)
    state, _events = state.apply(passing(1))
    assert state.out == (False, True, False, True) and state.to_move == 2
    state, _events = state.apply(state.legal_actions()[0])
    assert state.to_move == 0


def test_going_out_ends_the_game_at_once_after_the_trick():
    cells = [(x, 0) for x in range(5)]
    field = build(cells, seed=7)
    card, rotation = field.pop((4, 0))
    hands = [[63 if 63 not in field else 0], [card], [2], [3]]
    state = arrange(start("partners", 4), field=field, hands=hands, stack=[], endgame=True)
    state = arrange(state, to_move=1, taken=[(), (), (), (7,)])
    after, events = state.apply(place(1, card, 4, 0, rotation))
    assert after.over and after.reason == "went_out" and events[-1]["type"] == "end"
    won = sum(VALUE[c] for c in [f[0] for f in field.values()] + [card]) + VALUE[7] - VALUE[3]
    lost = -VALUE[hands[0][0]] - VALUE[2]
    assert RULES.outcome(after).scores == (lost, won, lost, won)
    assert RULES.outcome(after).ranks == (2, 1, 2, 1)


def test_scores_are_taken_minus_hand_at_the_end_and_ties_share_a_place():
    hands = [[255], [15, 23], [1], [3]]  # hand values 8, 8, 1, 2
    taken = [(170, 85), (102,), (0, 2), ()]  # taken values 8, 4, 1, 0
    state = arrange(start(seats=4), hands=hands, taken=taken, stack=[], endgame=True)
    for seat in (1, 2, 3, 0):
        state, _events = state.apply(passing(seat))
    outcome = RULES.outcome(state)
    assert outcome.scores == (0, -4, 0, -2) and outcome.ranks == (1, 4, 1, 3)
    assert outcome.reason == "all_out"


def test_cards_left_on_the_field_count_for_nobody():
    state = arrange(start(), hands=[[1], [2]], stack=[], endgame=True)
    state, _events = state.apply(passing(1))
    state, _events = state.apply(passing(0))
    assert RULES.outcome(state).scores == (-1, -1) and RULES.outcome(state).ranks == (1, 1)


def test_an_absent_seat_passes_and_on_an_empty_field_lays_its_first_placement():
    assert RULES.zombie_action(start(), 1) == passing(1)
    empty = arrange(start(), field={}, hands=[[], [1, 255]], to_move=1)
    assert RULES.zombie_action(empty, 1) == place(1, 1, 0, 0, 0)
    with pytest.raises(IllegalAction, match="seat 0 is not to move"):
        RULES.zombie_action(start(), 0)
