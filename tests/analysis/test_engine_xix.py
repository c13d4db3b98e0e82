"""The analysis engine on XIX (``analysis/engine.py``, ``analysis/games/xix.py``)."""

import pytest

from analysis import engine
from games.xix.engine import RULES
from tests.analysis.helpers import check_game, imports_of_the_engine, judge, random_game


def eighteen_points_then_a_strike():
    """A hand-made standard game: from ``deal(7)`` every seat plays its first legal card,
    drafts and trades its first option, and abandons each exchange at its first strike, so
    every exchange awards one point; when 18 points have been awarded (0 to 18), seat 0
    takes a strike and must choose. Abandoning gives seat 1 its 19th point: exactly 19
    points awarded in all, and the lower score (seat 0's 0) wins at once (ruling 11).
    Raising plays on at 0 to 18, where seat 1 needs only one more exchange of two points."""
    setup = RULES.deal(7, "standard", 2)
    state = RULES.new("standard", 2, setup)
    actions = []
    while not (state.phase == "decide" and sum(state.scores) == 18):
        legal = state.legal_actions()
        if state.phase == "decide":
            action = next(a for a in legal if a["type"] == "abandon")
        else:
            action = legal[0]
        actions.append(dict(action))
        state, _events = state.apply(action)
    assert state.scores == [0, 18] and state.to_move == 0
    return setup, actions


@pytest.fixture(scope="module")
def position():
    return eighteen_points_then_a_strike()


def test_raising_where_abandoning_wins_the_game_is_a_blunder_and_abandoning_is_best(position):
    setup, prefix = position
    raise_, abandon = {"seat": 0, "type": "raise"}, {"seat": 0, "type": "abandon"}
    bad, good = judge("xix", "standard", 2, setup, prefix, raise_, abandon)
    assert bad["best"] == abandon
    by_action = {c["action"]["type"]: c for c in bad["choices"]}
    # Abandoning wins for certain, from the seat's information and with hindsight.
    assert by_action["abandon"]["value"] == 1.0 and by_action["abandon"]["hindsight"] == 1.0
    assert by_action["raise"]["value"] < 0.9 and by_action["raise"]["hindsight"] < 0.9
    assert bad["seats_value"] == pytest.approx([bad["value"], 1.0 - bad["value"]])
    assert good["seats_value"] == [1.0, 0.0]


@pytest.mark.parametrize("variant", ["standard", "talon", "v2"])
def test_an_analysis_of_each_variant_has_the_contract_shape_and_is_the_same_for_a_seed(variant):
    setup, actions = random_game("xix", variant, 2, f"analysis-{variant}")
    check_game("xix", variant, 2, setup, actions)


def test_another_seed_draws_other_samples_but_the_same_sure_verdict(position):
    setup, prefix = position
    actions = [*prefix, {"seat": 0, "type": "raise"}]
    one = engine.analyse_decision(
        "xix", "standard", 2, setup, actions, len(prefix), seed=1, budget="ci"
    )
    two = engine.analyse_decision(
        "xix", "standard", 2, setup, actions, len(prefix), seed=2, budget="ci"
    )
    assert one["best"] == two["best"] == {"seat": 0, "type": "abandon"}
    assert one["choices"][1]["value"] != two["choices"][1]["value"]


def test_the_analysis_reads_the_record_alone_and_loads_no_django():
    setup, actions = random_game("xix", "standard", 2, "record")
    from tests.analysis.helpers import through_record

    variant, seats, setup2, actions2 = through_record("xix", "standard", 2, setup, actions)
    index = engine.decision_points("xix", variant, seats, setup2, actions2)[3]
    one = engine.analyse_decision("xix", "standard", 2, setup, actions, index, budget="ci")
    two = engine.analyse_decision("xix", variant, seats, setup2, actions2, index, budget="ci")
    one.pop("cpu"), two.pop("cpu")
    assert one == two
    assert "django" not in imports_of_the_engine()


def test_an_action_not_legal_in_its_position_is_refused(position):
    setup, prefix = position
    with pytest.raises(ValueError):
        engine.analyse_decision(
            "xix", "standard", 2, setup, [*prefix, {"seat": 1, "type": "raise"}], len(prefix)
        )
