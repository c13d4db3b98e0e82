"""XIX's ``RULES``: the game interface over the engine's own functions, records unchanged."""

import json
import random

import pytest

from games import registry
from games.kit.errors import IllegalAction, InvalidSetup
from games.kit.interface import GameRules, GameState
from games.kit.outcome import Outcome
from games.kit.play import is_legal
from games.xix.engine import (
    RULES,
    make_action,
    make_record,
    new_game,
    record_of,
    replay,
    shuffled_deal,
)
from games.xix.engine.playout import random_playout


def played(variant, seed):
    """(setup, actions, final state) of a random game drawn from ``seed``."""
    setup = RULES.deal(seed, variant, 2)
    trail = []
    random_playout(RULES.new(variant, 2, setup), random.Random(seed).random, trail)
    actions = [make_action(*step) for step in trail]
    return setup, actions, RULES.replay(variant, 2, setup, actions)


def test_the_registry_hands_out_xix_rules_matching_the_protocols():
    assert registry.rules("xix") is RULES
    assert isinstance(RULES, GameRules)
    assert isinstance(RULES.new("standard", 2, RULES.deal("s", "standard", 2)), GameState)
    assert (RULES.key, RULES.name, RULES.record_format) == ("xix", "XIX", "xix/1")


def test_the_variants_are_standard_and_talon_for_two_seats_and_only_talon_draws():
    assert sorted(RULES.variants) == ["standard", "talon", "v2"]
    assert RULES.variants["v2"].label == "XIX 2.0 (2023 rules)"
    for key, info in RULES.variants.items():
        assert (info.key, info.seat_counts, info.timeout_policy) == (key, (2,), "forfeit")
        assert info.rating_system(2) == "glicko2"
        assert info.can_draw is (key == "talon")


def test_the_setup_is_the_sites_shuffle_of_the_same_seed():
    deal, first_leader = shuffled_deal("a1b2c3d4e5f60718")
    setup = RULES.deal("a1b2c3d4e5f60718", "talon", 2)
    assert setup == {"deal": deal, "first_leader": first_leader}
    assert RULES.deal("a1b2c3d4e5f60718", "talon", 2) == setup
    assert RULES.full_view(RULES.new("talon", 2, setup)) == RULES.full_view(
        new_game("talon", deal, first_leader)
    )


@pytest.mark.parametrize(
    ("variant", "seats", "setup", "words"),
    [
        ("standard", 3, None, "2 seats, not 3"),
        ("standard", True, None, "2 seats, not True"),
        ("chess", 2, None, '"variant" must be'),
        ("standard", 2, {"deal": list(range(1, 19))}, 'exactly "deal" and "first_leader"'),
        ("standard", 2, {"deal": [1] * 18, "first_leader": 0}, "exactly once"),
        ("talon", 2, {"deal": list(range(1, 19)), "first_leader": 2}, "must be 0 or 1"),
    ],
)
def test_a_setup_that_cannot_start_is_refused_with_the_kits_error(variant, seats, setup, words):
    setup = setup or RULES.deal(1, "standard", 2)
    with pytest.raises(InvalidSetup, match=words):
        RULES.check_setup(variant, seats, setup)
    with pytest.raises(InvalidSetup, match=words):
        RULES.new(variant, seats, setup)


def test_refusals_are_the_kits_and_replay_names_the_index():
    setup, actions, _state = played("standard", 3)
    bad = [*actions[:4], {**actions[4], "seat": 1 - actions[4]["seat"]}]
    with pytest.raises(IllegalAction, match="not your turn") as caught:
        RULES.replay("standard", 2, setup, bad)
    assert caught.value.index == 4
    state = RULES.new("standard", 2, setup)
    assert is_legal(state, actions[0]) and not is_legal(state, bad[4])
    assert not is_legal(state, {**actions[0], "seat": True})


@pytest.mark.parametrize("variant", ["standard", "talon", "v2"])
def test_the_record_header_is_byte_for_byte_what_xix_1_records_hold(variant):
    setup, actions, state = played(variant, 11)
    header = RULES.record_header(variant, 2, setup)
    record = {**header, "actions": actions}
    expected = make_record(variant, setup["deal"], setup["first_leader"], actions)
    assert json.dumps(record) == json.dumps(expected)
    assert json.dumps(record) == json.dumps(record_of(state, actions))
    assert list(header) == ["format", "variant", "deal", "first_leader"]
    assert RULES.read_header(json.loads(json.dumps(record))) == (variant, 2, setup)
    assert RULES.check_record(record) == registry.check_record(record)


def test_read_header_refuses_what_check_records_refuses_as_a_whole():
    setup, actions, _state = played("standard", 5)
    record = {**RULES.record_header("standard", 2, setup), "actions": actions}
    with pytest.raises(InvalidSetup, match='"first_leader" must be 0 or 1'):
        RULES.read_header({**record, "first_leader": 2})
    with pytest.raises(InvalidSetup, match='"format" must be "xix/1"'):
        RULES.read_header({**record, "format": "xix/2"})


def first_game(variant, wanted):
    for seed in range(2000):
        setup, actions, state = played(variant, seed)
        if wanted(state):
            return state
    raise AssertionError("no such game in 2000 seeds")


def test_the_outcome_ranks_the_winner_first_and_a_talon_draw_shares_first_place():
    won = first_game("standard", lambda s: s.winner == 1)
    assert RULES.outcome(won) == Outcome(tuple(won.scores), (2, 1), won.reason)
    assert won.reason in RULES.endings
    draw = first_game("talon", lambda s: s.winner is None)
    assert RULES.outcome(draw) == Outcome(tuple(draw.scores), (1, 1), "talon end")
    assert draw.scores[0] == draw.scores[1]
    assert RULES.outcome(RULES.new("talon", 2, RULES.deal(1, "talon", 2))) is None


def test_the_zombie_action_is_the_first_legal_one_and_only_for_the_seat_to_move():
    setup, actions, _state = played("talon", 8)
    state = replay("talon", setup["deal"], setup["first_leader"], actions[:7])
    seat = state.to_move
    assert RULES.zombie_action(state, seat) == state.legal_actions()[0]
    assert is_legal(state, RULES.zombie_action(state, seat))
    with pytest.raises(IllegalAction):
        RULES.zombie_action(state, 1 - seat)
