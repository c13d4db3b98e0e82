"""The analysis engine on ONEXENO (``analysis/engine.py``, ``analysis/games/onexeno.py``)."""

import pytest

from analysis import engine
from games.onexeno.engine import RULES
from tests.analysis.helpers import (
    check_game,
    imports_of_the_engine,
    judge,
    random_game,
    scripted,
    through_record,
)

BEST_TAKE = {"seat": 0, "type": "place", "card": 95, "x": 3, "y": 3, "rotation": 1}
NOTHING = {"seat": 0, "type": "place", "card": 53, "x": 1, "y": -2, "rotation": 1}


def a_trick_to_take_when_behind():
    """A hand-made two-seat basic game: from ``deal(4)`` every seat lays the first
    placement of its legal list for 53 turns. Seat 0 is then behind, 51 to 75, with five
    cards left in the stack. Laying its card 95 at (3, 3) completes lines worth 22 and puts
    it ahead; laying the card 53 at (1, -2) takes nothing."""
    setup, actions, state = scripted("onexeno", "basic", 2, 4, 53)
    assert state.to_move == 0 and list(state.scores) == [51, 75] and len(state.stack) == 5
    took = state.apply(BEST_TAKE)[0].taken_value(0) - state.taken_value(0)
    assert took == 22
    assert state.apply(NOTHING)[0].taken_value(0) == state.taken_value(0)
    return setup, actions


@pytest.fixture(scope="module")
def position():
    return a_trick_to_take_when_behind()


def test_taking_nothing_where_a_trick_wins_is_a_blunder_and_a_taking_placement_is_best(
    position,
):
    setup, prefix = position
    bad, good = judge("onexeno", "basic", 2, setup, prefix, NOTHING, BEST_TAKE)
    state = RULES.replay("basic", 2, setup, prefix)
    best_after = state.apply(bad["best"])[0]
    assert best_after.taken_value(0) - state.taken_value(0) >= 20
    by_key = {tuple(sorted(c["action"].items())): c for c in bad["choices"]}
    assert by_key[tuple(sorted(BEST_TAKE.items()))]["value"] == bad["best_value"]
    assert good["value"] - bad["value"] >= engine.THRESHOLDS["blunder"]


@pytest.mark.parametrize(("variant", "seats"), [("basic", 3), ("partners", 4)])
def test_an_analysis_has_the_contract_shape_and_is_the_same_for_a_seed(variant, seats):
    setup, actions = random_game("onexeno", variant, seats, f"analysis-{seats}")
    results = check_game("onexeno", variant, seats, setup, actions)
    assert engine.sides("onexeno", variant, seats) == (2 if variant == "partners" else seats)
    if variant == "partners":
        for result in results:
            values = result["seats_value"]
            assert values[0] == values[2] and values[1] == values[3]


def test_the_analysis_reads_the_record_alone_and_loads_no_django():
    setup, actions = random_game("onexeno", "basic", 2, "record")
    variant, seats, setup2, actions2 = through_record("onexeno", "basic", 2, setup, actions)
    index = engine.decision_points("onexeno", variant, seats, setup2, actions2)[-3]
    one = engine.analyse_decision("onexeno", "basic", 2, setup, actions, index, budget="ci")
    two = engine.analyse_decision("onexeno", variant, seats, setup2, actions2, index, budget="ci")
    one.pop("cpu"), two.pop("cpu")
    assert one == two
    assert "django" not in imports_of_the_engine()
