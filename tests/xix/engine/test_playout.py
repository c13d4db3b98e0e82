"""The fast playout plays exactly as the reference random player over the real engine."""

import math
import random

import pytest

from games.xix.engine import new_game, replay, shuffled_deal
from games.xix.engine.playout import random_playout
from tests.xix.engine.helpers import action_of, reference_playout, snapshot

VARIANTS = ["standard", "talon", "v2"]


def start(variant, seed):
    deal, leader = shuffled_deal(seed)
    return new_game(variant, deal, leader)


def fast(state, seed):
    record = []
    scores, winner = random_playout(state, random.Random(seed).random, record)
    return record, scores, winner


@pytest.mark.parametrize("variant", VARIANTS)
def test_whole_games_match_the_reference_player(variant):
    for seed in range(300):
        state = start(variant, seed)

        actions, final = reference_playout(state, random.Random(seed))
        record, scores, winner = fast(state, seed)

        assert record == actions, f"seed {seed}"
        assert (scores, winner) == (final.scores, final.winner), f"seed {seed}"


@pytest.mark.parametrize("variant", VARIANTS)
def test_games_from_mid_game_positions_match_the_reference_player(variant):
    phases = set()
    for seed in range(150):
        first = start(variant, seed)
        moves, _ = reference_playout(first, random.Random(seed))
        cut = seed * 7919 % len(moves)
        middle = replay(
            variant, first.deal, first.first_leader, [action_of(*m) for m in moves[:cut]]
        )
        phases.add(middle.phase)
        before = snapshot(middle)

        actions, final = reference_playout(middle, random.Random(-seed))
        record, scores, winner = fast(middle, -seed)

        assert record == actions, f"seed {seed}, cut {cut}"
        assert (scores, winner) == (final.scores, final.winner)
        assert snapshot(middle) == before  # the playout leaves its state alone
    decide = "slide" if variant == "v2" else "decide"
    assert phases == {"play", decide, "draft", "trade"}


def test_a_finished_game_is_returned_as_it_stands():
    state = start("talon", 3)
    _, final = reference_playout(state, random.Random(3))

    def no_more_choices():
        raise AssertionError("a finished game needs no choice")

    assert random_playout(final, no_more_choices) == (final.scores, final.winner)


class Stop(Exception):
    pass


def first_choice(state, r):
    """The playout's first action when its first random number is ``r``."""
    values = iter([r])

    def rand():
        try:
            return next(values)
        except StopIteration:
            raise Stop from None

    record = []
    try:
        random_playout(state, rand, record)
    except Stop:
        pass
    return record[0]


def edge_values(n):
    """Numbers in [0, 1) at and just around each boundary k / n between two choices."""
    values = {math.nextafter(1.0, 0.0)}
    for k in range(n):
        edge = k / n
        values |= {edge, math.nextafter(edge, 1.0)}
        if k:
            values.add(math.nextafter(edge, 0.0))
    return sorted(values)


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_choice_maps_a_random_number_to_the_same_action_as_the_reference(variant):
    # Rounding matters: legal[int(r * n)] must be taken with n = len(legal) in one product.
    for seed in range(4):
        rng = random.Random(seed)
        state = start(variant, seed)
        while not state.over:
            legal = state.legal_tuples()
            for r in edge_values(len(legal)):
                assert first_choice(state, r) == legal[int(r * len(legal))], (state.phase, r)
            state, _ = state.apply(action_of(*rng.choice(legal)))
