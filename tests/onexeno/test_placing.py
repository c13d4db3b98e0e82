"""Placing a card (R3-R6, R11, R2/R27) and every refusal a player can meet, with its message."""

import pytest

from games.kit.errors import IllegalAction
from games.onexeno.engine import FACES, IDS, shown
from games.onexeno.engine.cards import DEMAND
from tests.onexeno.helpers import arrange, build, passing, place, start


def refused(state, action, message):
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert message in str(caught.value)
    return str(caught.value)


def test_the_worked_example_edge_matches_with_three_turns():
    state, _events = start().apply(place(1, 14, 1, 0, 3))
    assert state.field[1, 0] == (14, 3, 131) and 14 not in state.hands[1]


def test_the_edge_rule_names_the_edge_and_both_patterns():
    message = refused(start(), place(1, 14, 1, 0, 0), "does not match the card at (0, 0)")
    assert message == (
        "card 14 turned 0 does not match the card at (0, 0): its left edge reads light, "
        "light, light against dark, dark, light (edge rule, ruling 3)"
    )


def test_the_edge_rule_below_a_card_compares_bottom_row_with_top_row():
    # card 13 shows cells 0, 2, 3 dark: its bottom row (6, 5, 4) is light, light, light
    state = arrange(start(), hands=[[6], [0, 3]])
    after, _events = state.apply(place(1, 0, 0, 1))  # card 0: all light
    assert after.field[0, 1][0] == 0
    message = refused(state, place(1, 3, 0, 1, 0), "its top edge reads dark, dark, light")
    assert message.endswith("against light, light, light (edge rule, ruling 3)")


def corner_position():
    """Card A at (0, 0) and a chain to (2, 1) that leaves (1, 0) and (0, 1) empty, so a card
    at (1, 1) touches A only at A's bottom-right corner."""
    cells = [(0, 0), (0, -1), (1, -1), (2, -1), (2, 0), (2, 1)]
    field = build(cells, seed=4)
    return arrange(start(), field=field, hands=[[], []], to_move=1), field


def test_the_corner_rule_holds_where_only_corners_meet():
    state, field = corner_position()
    corner_a = shown(*field[0, 0]) >> 4 & 1  # A's cell 4 meets the new card's cell 0
    mask, want = 0, 0
    for offset, cell in (((1, 0), (2, 1)), ((1, -1), (2, 0))):
        more_mask, more_want = DEMAND[offset][shown(*field[cell])]
        mask, want = mask | more_mask, want | more_want
    good = bad = None
    for card in IDS:
        if card in {c for c, _r in field.values()}:
            continue
        for rotation, face in FACES[card]:
            if face & mask == want:
                if (face & 1) == corner_a and good is None:
                    good = (card, rotation)
                if (face & 1) != corner_a and bad is None:
                    bad = (card, rotation)
    state = arrange(state, hands=[[], [good[0], bad[0]]])
    after, _events = state.apply(place(1, good[0], 1, 1, good[1]))
    assert after.field[1, 1][0] == good[0]
    colour = {0: "light", 1: "dark"}
    message = refused(state, place(1, bad[0], 1, 1, bad[1]), "its top-left corner reads")
    assert message.endswith(
        f"reads {colour[1 - corner_a]} against {colour[corner_a]} (corner rule, ruling 4)"
    )


def test_a_card_touching_only_at_a_corner_is_refused():
    refused(start(), place(1, 0, 1, 1), "(1, 1) shares no edge with a card on the field (ruling 5)")
    refused(start(), place(1, 14, 2, 0, 3), "(2, 0) shares no edge with a card on the field")


def test_an_occupied_cell_is_refused():
    refused(
        start(), place(1, 0, 0, 0), "(0, 0) already holds card 13: lay the card on an empty cell"
    )


def test_the_field_never_grows_past_five_columns_or_five_rows():
    row = build([(x, 0) for x in range(-2, 3)], seed=1)
    state = arrange(start(), field=row, hands=[[], list(IDS)], to_move=1)
    refused(
        state,
        place(1, 0, 3, 0),
        "at (3, 0) the field would be 6 columns wide: at most 5 (ruling 6)",
    )
    assert all(-2 <= action.get("x", 0) <= 2 for action in state.legal_actions())
    column = build([(0, y) for y in range(-4, 1)], seed=2)
    state = arrange(start(), field=column, hands=[[], list(IDS)], to_move=1)
    refused(state, place(1, 0, 0, 1), "at (0, 1) the field would be 6 rows tall: at most 5")
    assert all(-4 <= action.get("y", 0) <= 0 for action in state.legal_actions())


def test_a_card_not_in_hand_or_not_a_card_is_refused():
    refused(start(), place(1, 6, 1, 0), "card 6 is not in your hand: you hold 0, 1, 2, 3, 5, 14")
    refused(start(), place(1, 4, 1, 0), "card 4 is not in your hand")  # 4 is no card id


@pytest.mark.parametrize("rotation", [-1, 4])
def test_a_rotation_outside_0_to_3_is_refused(rotation):
    refused(
        start(), place(1, 14, 1, 0, rotation), "the rotation must be 0, 1, 2 or 3 quarter turns"
    )


def test_equivalent_rotations_are_one_move_legal_alike():
    # card 5 (cells 0 and 2): its top edge reads dark, light, dark, its bottom edge light
    state = arrange(start(), field={(0, 0): (5, 0)}, hands=[[], [0, 85, 170]], to_move=1)
    assert state.legal_actions() == [place(1, 0, 0, 1, 0), place(1, 85, 0, -1, 0), passing(1)]
    one = state.apply(place(1, 85, 0, -1, 0))[0]
    three = state.apply(place(1, 85, 0, -1, 3))[0]  # every turn of 85 shows the same face
    assert one.field == three.field and one.history() == three.history()
    assert one.history()[-1]["rotation"] == 0


def test_a_half_turn_of_a_symmetric_card_is_the_same_move():
    # card 1 turned once shows cell 2 dark: its right edge reads dark, light, light, which
    # card 17 (cells 0 and 4) meets with its left edge in rotations 0 and 2
    state = arrange(start(), field={(0, 0): (1, 1)}, hands=[[], [17, 0]], to_move=1)
    legal = [a for a in state.legal_actions() if a["type"] == "place" and a["card"] == 17]
    assert place(1, 17, 1, 0, 0) in legal and all(a["rotation"] in (0, 1) for a in legal)
    for action in legal:
        turned = {**action, "rotation": action["rotation"] + 2}
        assert state.apply(turned)[0].field == state.apply(action)[0].field
    refused(state, place(1, 17, 1, 0, 1), "its left edge reads light, light, dark")
    refused(state, place(1, 17, 1, 0, 3), "its left edge reads light, light, dark")


def test_on_an_empty_field_any_card_goes_to_the_origin_and_no_pass():
    state = arrange(start(), field={}, hands=[[], [1, 255]], to_move=1)
    assert state.legal_actions() == [
        place(1, 1, 0, 0, 0),
        place(1, 1, 0, 0, 1),
        place(1, 1, 0, 0, 2),
        place(1, 1, 0, 0, 3),
        place(1, 255, 0, 0, 0),
    ]
    refused(state, passing(1), "the field is empty: you must lay a card at (0, 0) (ruling 11)")
    refused(
        state,
        place(1, 1, 1, 0),
        "the field is empty: the card goes to (0, 0), not (1, 0) (ruling 11)",
    )


def test_out_of_turn_and_malformed_actions_name_the_problem():
    state = start()
    refused(state, passing(0), "it is seat 1's turn, not seat 0's")
    refused(state, {"seat": 1, "type": "claim"}, "unknown action type 'claim'")
    refused(state, {"seat": 1, "type": "pass", "card": 3}, "a pass action has no 'card'")
    refused(state, {"seat": 1, "type": "place", "card": 14, "x": 1, "y": 0}, "needs 'rotation'")
    refused(state, {**place(1, 14, 1, 0, 3), "x": 1.0}, "'x' must be a whole number")
    refused(state, {**place(1, 14, 1, 0, 3), "rotation": True}, "'rotation' must be a whole number")
    refused(state, [1], "an action must be a JSON object")


def test_legal_actions_come_by_card_then_row_by_row_then_rotation_and_the_pass_last():
    legal = start().legal_actions()
    keys = [(a["card"], a["y"], a["x"], a["rotation"]) for a in legal[:-1]]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert legal[-1] == passing(1)
    assert place(1, 14, 1, 0, 3) in legal and place(1, 14, 1, 0, 0) not in legal


def test_a_refused_action_changes_nothing():
    state = start()
    before = (dict(state.field), state.hands, state.stack, state.n_actions)
    refused(state, place(1, 14, 1, 0, 0), "edge rule")
    state.apply(place(1, 14, 1, 0, 3))
    assert (state.field, state.hands, state.stack, state.n_actions) == before
