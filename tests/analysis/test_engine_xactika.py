"""The analysis engine on Xactika (``analysis/engine.py``, ``analysis/games/xactika.py``)."""

import pytest

from analysis import engine
from tests.analysis.helpers import (
    check_game,
    imports_of_the_engine,
    judge,
    random_game,
    scripted,
    through_record,
)


def the_last_round_with_a_trick_to_take():
    """A hand-made two-seat game of Play to Win: from ``deal(11)`` every seat plays the
    first card of its legal list for 125 actions. Then, in the seventh trick of the last
    round, seat 0 (31 points to 25) has led the 3213 (face 9) calling three balls, and
    seat 1 holds the 3311 (face 8) and the 3321 (face 9): the 3321 takes the trick (the
    leader loses ties) and keeps seat 1 in the game, the 3311 gives the trick away and
    leaves it no way to catch up."""
    setup, actions, state = scripted("xactika", "win", 2, 11, 125)
    assert state.round == state.n_rounds - 1 and state.to_move == 1
    assert tuple(state.scores) == (31, 25) and len(state.tricks) == 6
    legal = [action["card"] for action in state.legal_actions()]
    assert sorted(legal) == ["3311", "3321"]
    return setup, actions


@pytest.fixture(scope="module")
def position():
    return the_last_round_with_a_trick_to_take()


def test_giving_the_trick_away_is_a_blunder_and_taking_it_is_best(position):
    setup, prefix = position
    take = {"seat": 1, "type": "play", "card": "3321"}
    give = {"seat": 1, "type": "play", "card": "3311"}
    bad, good = judge("xactika", "win", 2, setup, prefix, give, take)
    assert bad["best"] == take
    assert bad["value"] == 0.0 and bad["hindsight"] == 0.0  # seat 1 loses for sure
    assert good["seats_value"][0] == pytest.approx(1.0 - good["seats_value"][1])


@pytest.mark.parametrize(("variant", "seats"), [("bid", 2), ("lose", 4), ("bid", 10)])
def test_an_analysis_has_the_contract_shape_and_is_the_same_for_a_seed(variant, seats):
    # Ten seats play 900 actions: the first 150 are enough for three decisions.
    length = 150 if seats == 10 else None
    setup, actions = random_game("xactika", variant, seats, f"analysis-{seats}", length)
    results = check_game("xactika", variant, seats, setup, actions)
    assert engine.sides("xactika", variant, seats) == seats
    for result in results:
        # Each seat's share of the others it beats: the shares of a table add up to half
        # the pairs' games, (seats - 1) * seats / 2 divided by (seats - 1).
        assert sum(result["seats_value"]) == pytest.approx(seats / 2)


def test_the_analysis_reads_the_record_alone_and_loads_no_django():
    setup, actions = random_game("xactika", "bid", 3, "record", 60)
    variant, seats, setup2, actions2 = through_record("xactika", "bid", 3, setup, actions)
    index = engine.decision_points("xactika", variant, seats, setup2, actions2)[5]
    one = engine.analyse_decision("xactika", "bid", 3, setup, actions, index, budget="ci")
    two = engine.analyse_decision("xactika", variant, seats, setup2, actions2, index, budget="ci")
    one.pop("cpu"), two.pop("cpu")
    assert one == two
    assert "django" not in imports_of_the_engine()
