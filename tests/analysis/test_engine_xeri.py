"""The analysis engine on Xeri (``analysis/engine.py``, ``analysis/games/xeri.py``)."""

import pytest

from analysis import engine
from games.xeri.engine.cards import RANK
from tests.analysis.helpers import (
    check_game,
    imports_of_the_engine,
    judge,
    random_game,
    scripted,
    through_record,
)


def a_xeri_in_the_last_deal():
    """A hand-made two-seat match: from ``deal(35)`` every seat plays the last card of its
    legal list for 93 plays. Then, in the last deal of the match's last round, seat 0 holds
    the 5D and the 6D and the pile is the lone 5S: the 5D takes it as a xeri (10 points),
    the 6D leaves seat 1 a pile to take."""
    setup, actions, state = scripted("xeri", "classic", 2, 35, 93, pick=-1)
    assert state.round == state.rounds - 1 and state.to_move == 0
    assert state.pile == ["5S"] and sorted(state.hands[0]) == ["5D", "6D"]
    assert RANK["5D"] == RANK["5S"]
    return setup, actions


@pytest.fixture(scope="module")
def position():
    return a_xeri_in_the_last_deal()


def test_passing_a_xeri_up_is_marked_and_the_xeri_is_best(position):
    setup, prefix = position
    xeri = {"seat": 0, "type": "play", "card": "5D"}
    other = {"seat": 0, "type": "play", "card": "6D"}
    bad, good = judge("xeri", "classic", 2, setup, prefix, other, xeri)
    assert bad["best"] == xeri
    assert bad["choices"][0]["hindsight"] > bad["choices"][1]["hindsight"]
    # Two sides: the seats' shares are a chance of winning and its complement.
    assert good["seats_value"][1] == pytest.approx(1.0 - good["seats_value"][0])


@pytest.mark.parametrize("seats", [2, 4])
def test_an_analysis_has_the_contract_shape_and_is_the_same_for_a_seed(seats):
    setup, actions = random_game("xeri", "classic", seats, f"analysis-{seats}")
    results = check_game("xeri", "classic", seats, setup, actions)
    if seats == 4:  # partners share one value
        for result in results:
            values = result["seats_value"]
            assert values[0] == values[2] and values[1] == values[3]
    assert engine.sides("xeri", "classic", seats) == 2


def test_the_analysis_reads_the_record_alone_and_loads_no_django():
    setup, actions = random_game("xeri", "classic", 2, "record")
    variant, seats, setup2, actions2 = through_record("xeri", "classic", 2, setup, actions)
    index = engine.decision_points("xeri", variant, seats, setup2, actions2)[5]
    one = engine.analyse_decision("xeri", "classic", 2, setup, actions, index, budget="ci")
    two = engine.analyse_decision("xeri", variant, seats, setup2, actions2, index, budget="ci")
    one.pop("cpu"), two.pop("cpu")
    assert one == two
    assert "django" not in imports_of_the_engine()
