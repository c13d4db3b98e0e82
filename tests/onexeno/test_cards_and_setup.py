"""The cards (R1, R2) and the set-up (R10, R21, R26), checked against the rulings' tables."""

from collections import Counter

import pytest

from games.kit.errors import InvalidSetup
from games.onexeno.engine import FACES, IDS, RULES, VALUE, shown, turn
from tests.onexeno.helpers import start

# The rulings' table of ids by value, copied as facts.
TABLE = {
    0: [0],
    1: [1, 2],
    2: [3, 5, 6, 9, 10, 17, 18, 34],
    3: [7, 11, 13, 14, 19, 21, 22, 25, 26, 35, 37, 38, 41, 42],
    4: [15, 23, 27, 29, 30, 39, 43, 45, 46, 51, 53, 54, 57, 58, 85, 86, 90, 102, 106, 170],
    5: [31, 47, 55, 59, 61, 62, 87, 91, 94, 103, 107, 110, 122, 171],
    6: [63, 95, 111, 119, 123, 126, 175, 187],
    7: [127, 191],
    8: [255],
}


def test_the_70_ids_by_value_are_the_rulings_table():
    assert sorted(IDS) == sorted(card for cards in TABLE.values() for card in cards)
    assert {card: VALUE[card] for card in IDS} == {c: v for v, cs in TABLE.items() for c in cs}
    assert Counter(VALUE.values()) == {0: 1, 1: 2, 2: 8, 3: 14, 4: 20, 5: 14, 6: 8, 7: 2, 8: 1}
    assert sum(VALUE.values()) == 280


def test_every_border_pattern_is_exactly_one_card_counting_turns_as_one():
    owners = Counter()
    for card in IDS:
        for _rotation, face in FACES[card]:
            owners[face] += 1
        assert card == min(shown(card, rotation) for rotation in range(4))
    assert sorted(owners) == list(range(256)) and set(owners.values()) == {1}


def test_a_quarter_turn_moves_cell_i_to_cell_i_plus_2():
    assert turn(0b00000001) == 0b00000100  # top-left corner to top-right
    assert turn(0b01000000) == 0b00000001  # bottom-left to top-left
    assert shown(14, 3) == 131  # the rulings' worked example: cells 0, 1, 7


@pytest.mark.parametrize("card", [0, 85, 170, 255])
def test_cards_showing_one_face_in_every_turn_have_one_rotation(card):
    assert [rotation for rotation, _face in FACES[card]] == [0]


@pytest.mark.parametrize("card", [17, 34, 51, 102, 119, 187])
def test_cards_with_a_half_turn_symmetry_have_two_rotations(card):
    assert [rotation for rotation, _face in FACES[card]] == [0, 1]


def test_the_worked_example_deal():
    state = start(seats=2, dealer=0)
    assert state.hands[1] == (0, 1, 2, 3, 5, 14)  # dealt first, and drew 14
    assert state.hands[0] == (6, 7, 9, 10, 11)
    assert state.field == {(0, 0): (13, 0, 13)}
    assert state.stack[:2] == (15, 17) and state.to_move == 1 and state.drawn[1] == 14


def test_blocks_of_five_go_clockwise_from_the_left_of_the_dealer_the_dealer_last():
    deck = list(reversed(IDS))
    state = start(seats=3, dealer=1, deck=deck)
    assert set(state.hands[2]) - {state.drawn[2]} == set(deck[0:5])
    assert set(state.hands[0]) == set(deck[5:10])
    assert set(state.hands[1]) == set(deck[10:15])  # the dealer
    assert state.field[0, 0][0] == deck[15] and state.drawn[2] == deck[16]
    assert len(state.stack) == 70 - 15 - 2 and state.to_move == 2


@pytest.mark.parametrize(("seats", "stack"), [(2, 59), (7, 34)])
def test_the_stack_holds_59_cards_with_2_players_and_34_with_7(seats, stack):
    state = start(seats=seats)
    assert len(state.stack) + 1 == stack  # the first player has drawn one


def test_a_seed_fixes_dealer_and_deck_and_different_seeds_differ():
    setups = [RULES.deal(seed, "basic", 5) for seed in range(20)]
    assert setups[3] == RULES.deal(3, "basic", 5)
    assert len({setup["first_dealer"] for setup in setups}) > 1
    assert all(sorted(setup["deck"]) == sorted(IDS) for setup in setups)


@pytest.mark.parametrize(
    ("variant", "seats", "setup", "message"),
    [
        ("classic", 2, None, 'the variant must be "basic" or "partners"'),
        ("basic", 8, None, "basic ONEXENO is played by 2 to 7 seats, not 8"),
        ("basic", True, None, "not True"),
        ("partners", 5, None, "partners ONEXENO is played by 4 or 6 seats, not 5"),
        ("basic", 2, {"first_dealer": 0}, 'exactly "first_dealer" and "deck"'),
        ("basic", 2, {"first_dealer": 2, "deck": list(IDS)}, "a seat from 0 to 1"),
        ("basic", 2, {"first_dealer": 0, "deck": list(IDS)[:-1] + [0]}, "each of the 70"),
        ("basic", 2, {"first_dealer": 0, "deck": [True] + list(IDS)[1:]}, "each of the 70"),
    ],
)
def test_invalid_setups_are_refused_with_the_reason(variant, seats, setup, message):
    setup = setup if setup is not None else {"first_dealer": 0, "deck": list(IDS)}
    with pytest.raises(InvalidSetup, match=message):
        RULES.check_setup(variant, seats, setup)


def test_partners_sit_opposite():
    info = RULES.variants["partners"]
    assert info.sides(4) == ((0, 2), (1, 3))
    assert info.sides(6) == ((0, 3), (1, 4), (2, 5))
    assert RULES.variants["basic"].sides(4) is None
