"""Openskill on the Glicko scale, and the one ``rate`` function in front of both systems."""

import pytest
from hypothesis import given, strategies as st

from games import registry
from ratings import systems
from ratings.systems import GLICKO2, OPENSKILL, State, glicko2, openskill
from tests.ratings.party import RULES as PARTY

NEW = systems.newcomer(OPENSKILL)


def test_a_newcomer_shows_1500_and_350_in_both_systems():
    assert openskill.Skill().shown == 1500
    assert openskill.Skill().deviation == pytest.approx(350)
    assert (NEW.rating, NEW.deviation, NEW.mu, NEW.sigma) == (1500, pytest.approx(350), 25, 25 / 3)
    assert NEW.volatility is None
    old = systems.newcomer(GLICKO2)
    assert (old.rating, old.deviation, old.volatility, old.mu) == (1500, 350, 0.06, None)


skills = st.builds(
    openskill.Skill,
    mu=st.floats(min_value=5, max_value=45),
    sigma=st.floats(min_value=0.5, max_value=25 / 3),
)


@given(skills)
def test_the_map_to_the_glicko_scale_is_exact_both_ways(skill):
    back = openskill.from_glicko(skill.as_glicko())
    assert back.mu == pytest.approx(skill.mu) and back.sigma == pytest.approx(skill.sigma)
    # The shown rating is the mean on the Glicko scale, 42 Glicko points to one openskill
    # point, as a Glicko-2 board shows its mean: 1500 is an average player on both.
    assert skill.shown == pytest.approx(1500 + 42 * (skill.mu - 25))
    assert skill.shown == pytest.approx(skill.as_glicko().rating)


def test_places_order_the_changes_first_gains_last_loses():
    after = systems.rate([[NEW], [NEW], [NEW], [NEW]], [1, 2, 3, 4], board=OPENSKILL)
    mus = [side[0].mu for side in after]
    shown = [side[0].rating for side in after]
    assert mus == sorted(mus, reverse=True) and len(set(mus)) == 4
    assert shown[0] > 1500 > shown[3]
    assert mus[0] > 25 > mus[3]
    assert all(side[0].sigma < NEW.sigma for side in after)  # everyone is better known


def test_tied_players_move_alike_and_a_tie_between_equals_moves_no_mean():
    after = systems.rate([[NEW], [NEW], [NEW]], [1, 2, 2], board=OPENSKILL)
    assert after[1] == after[2]
    assert after[0][0].mu > 25 > after[1][0].mu

    strong = State(0, 0, None, 30.0, 3.0)
    even = systems.rate([[NEW], [NEW], [NEW]], [1, 1, 1], board=OPENSKILL)
    assert all(side[0].mu == pytest.approx(25) for side in even)
    upset = systems.rate([[strong], [NEW], [NEW]], [2, 2, 1], board=OPENSKILL)
    assert upset[0][0].mu < 30 and upset[2][0].mu > 25


def test_partners_share_the_direction_of_their_change():
    good, weak = State(0, 0, None, 32.0, 4.0), State(0, 0, None, 18.0, 6.0)
    winners, losers = systems.rate([[weak, NEW], [good, NEW]], [1, 2], board=OPENSKILL)
    assert winners[0].mu > weak.mu and winners[1].mu > NEW.mu
    assert losers[0].mu < good.mu and losers[1].mu < NEW.mu
    assert winners[0].rating > weak.as_skill().shown and losers[0].rating < good.as_skill().shown


def test_one_against_one_is_glicko2_on_either_board():
    won, lost = systems.rate(
        [[systems.newcomer(GLICKO2)], [systems.newcomer(GLICKO2)]], [1, 2], board=GLICKO2
    )
    expected = glicko2.update(glicko2.Rating(), glicko2.Rating(), 1)
    assert won[0] == State(expected.rating, expected.deviation, expected.volatility)
    assert lost[0].rating < 1500

    # On a board that can have more sides, the same Glicko-2 update is stored as openskill.
    won, lost = systems.rate([[NEW], [NEW]], [1, 2], board=OPENSKILL)
    assert won[0].as_glicko().rating == pytest.approx(expected.rating)
    assert won[0].deviation == pytest.approx(expected.deviation)
    assert won[0].volatility == pytest.approx(expected.volatility)
    assert won[0].rating == pytest.approx(openskill.Skill(won[0].mu, won[0].sigma).shown)
    draw = systems.rate([[NEW], [NEW]], [1, 1], board=OPENSKILL)
    assert draw[0][0].mu == pytest.approx(25)


def test_which_system_rates_a_game_and_how_a_board_reads():
    assert systems.system_for([["a"], ["b"]]) == GLICKO2
    assert systems.system_for([["a"], ["b"], ["c"]]) == OPENSKILL
    assert systems.system_for([["a", "c"], ["b", "d"]]) == OPENSKILL
    for info in registry.rules("xix").variants.values():
        assert systems.board_for(info) == GLICKO2
    assert systems.board_for(PARTY.variants["duel"]) == GLICKO2
    assert systems.board_for(PARTY.variants["free"]) == OPENSKILL
    assert systems.board_for(PARTY.variants["pairs"]) == OPENSKILL


def test_a_game_needs_a_place_for_each_side():
    with pytest.raises(ValueError):
        systems.rate([[NEW], [NEW], [NEW]], [1, 2], board=OPENSKILL)
    with pytest.raises(ValueError):
        openskill.rate([[openskill.Skill()]], [1])
