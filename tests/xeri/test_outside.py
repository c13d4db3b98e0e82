"""The outside Monte Carlo player of issue 33 (benchmarks/xeri_outside.py): legal plays
from the view alone, the same play for the same seed, and an exact end-of-round search
that agrees with a plain minimax over every line."""

import random
from pathlib import Path

import pytest

from games.xeri.engine import RULES
from tests import file_module
from tests.xeri.helpers import twin_views

FILE = Path(__file__).resolve().parents[2] / "benchmarks" / "xeri_outside.py"


@pytest.fixture(scope="module")
def outside():
    module = file_module.load("xeri_outside", FILE)
    return module


def minimax(outside, state, side):
    """Every line of the rest of the round, no pruning: the value ``exact`` must give."""
    start = state.round
    seat = state.to_move
    values = []
    for card in set(state.hands[seat]):
        after = state.copy()
        after.play(seat, card)
        if after.over or after.round != start:
            values.append(outside.round_value(after, side))
        else:
            values.append(minimax(outside, after, side))
    return max(values) if seat % 2 == side else min(values)


def endgame(seats: int, seed: str, cards_left: int):
    """A state of a random match once the stock is empty and ``cards_left`` cards are
    left in the hands."""
    rng = random.Random(seed)
    state = RULES.new("classic", seats, RULES.deal(seed, "classic", seats))
    while not (state.stock == 0 and sum(map(len, state.hands)) == cards_left):
        state, _ = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("seats", [2, 4])
def test_the_outside_player_plays_legal_moves_and_repeats_itself(outside, seats):
    bot = outside.OutsideBot(samples=3)
    state = RULES.new("classic", seats, RULES.deal(f"outside-{seats}", "classic", seats))
    while not state.over:
        view = RULES.seat_view(state, state.to_move)
        action = bot.choose(view, state.n_actions)
        assert action in view["legal_actions"]
        if state.n_actions % 17 == 0:
            assert bot.choose(dict(view), state.n_actions) == action
        state, _ = state.apply(action)
    assert RULES.outcome(state) is not None


def test_the_outside_player_decides_from_the_view_alone(outside):
    bot = outside.OutsideBot(samples=6)
    for table, view, twin in twin_views(4, random.Random(3), "outside-twin"):
        assert bot.choose(view, table) == bot.choose(twin, table)


@pytest.mark.parametrize(("seats", "seed"), [(2, "end-a"), (2, "end-b"), (4, "end-c")])
def test_the_exact_search_gives_the_minimax_value_of_the_round(outside, seats, seed):
    state = endgame(seats, seed, 6 if seats == 2 else 8)
    for side in (0, 1):
        assert outside.exact(state, side) == minimax(outside, state, side)


def test_the_exact_search_finds_the_xeri_in_a_hand_made_end(outside):
    # Stock empty, two cards each: the seat to move holds 5D and 9C, the other 9H and 2C,
    # and the pile is a lone 5H. 5D takes it as a xeri (10 points); 9C would leave the 9H
    # a pile to take. The search plays 5D, and its value is the line 5D, then the reply.
    state = endgame(2, "end-d", 4).copy()
    seat = state.to_move
    state.hands[seat] = ["5D", "9C"]
    state.hands[1 - seat] = ["9H", "2C"]
    state.pile = ["5H"]
    side = seat % 2
    values = {}
    for card in ("5D", "9C"):
        after = state.copy()
        after.play(seat, card)
        values[card] = outside.exact(after, side)
    assert values["5D"] > values["9C"]
    assert outside.exact(state, side) == values["5D"]
    xeri = state.copy()
    xeri.play(seat, "5D")
    assert xeri.tally.xeris[side][0] == state.tally.xeris[side][0] + 1
