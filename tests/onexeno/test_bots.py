"""The ONEXENO bots play legal games to the end at every table, from their view only."""

import random

import pytest

from games import registry
from games.onexeno.bots import BOTS
from games.onexeno.bots.duel import duel, play, wilson
from games.onexeno.engine import RULES
from tests.onexeno.helpers import arrange, build, passing, start

TABLES = [("basic", n) for n in range(2, 8)] + [("partners", 4), ("partners", 6)]


@pytest.mark.parametrize(("variant", "seats"), TABLES)
@pytest.mark.parametrize("level", sorted(BOTS))
def test_a_bot_plays_legal_games_to_the_end(variant, seats, level):
    for seed in range(2):
        levels = [level if seat % 2 == 0 else "random" for seat in range(seats)]
        state, actions = play(variant, seats, levels, f"test-{seed}")
        assert state.over and RULES.outcome(state) is not None
        header = RULES.record_header(variant, seats, RULES.deal(f"test-{seed}", variant, seats))
        assert RULES.check_record({**header, "actions": actions})["ok"] is True


@pytest.mark.parametrize("level", sorted(BOTS))
def test_a_bot_needs_nothing_but_the_view(level):
    state = start(seats=3)
    view = RULES.seat_view(state, state.to_move)
    action = BOTS[level](view, random.Random(1))
    assert action in view["legal_actions"] and action == BOTS[level](view, random.Random(1))
    with pytest.raises(ValueError, match="no legal action"):
        BOTS[level](RULES.seat_view(state, 0), random.Random(1))


def test_the_heuristic_bot_takes_a_trick_when_one_is_there():
    field = build([(x, 0) for x in range(-2, 3)], seed=8)
    card, _rotation = field.pop((0, 0))
    hand = [card] + [other for other in (0, 255, 85, 170, 15) if other not in field][:4]
    state = arrange(start(), field=field, hands=[[], hand])
    action = BOTS["heuristic"](RULES.seat_view(state, 1), random.Random(0))
    assert (action["card"], action["x"], action["y"]) == (card, 0, 0)
    assert state.apply(action)[0].taken[1]


def test_the_heuristic_bot_does_not_pass_for_good_while_it_can_lay_a_card():
    state = arrange(start(), stack=[], endgame=True)
    action = BOTS["heuristic"](RULES.seat_view(state, 1), random.Random(0))
    assert action != passing(1)


def test_the_heuristic_bot_beats_the_random_bot():
    result = duel(20)
    assert result["wilson95"][0] > 0.5
    low, high = wilson(10, 20)
    assert low < 0.5 < high


def test_the_platform_finds_the_bots_by_level_and_seeds_them():
    found = registry.bots("onexeno")
    # strong and expert: tests/onexeno/test_strong.py
    assert found.LEVELS == (*BOTS, "strong", "expert")
    view = RULES.seat_view(start(seats=4), 1)
    for level in BOTS:
        bot = found.make_bot(level)
        assert bot.choose(view, "s-1") in view["legal_actions"]
        assert bot.choose(view, "s-1") == bot.choose(view, "s-1")
    with pytest.raises(ValueError, match="no 'grandmaster' bot"):
        found.make_bot("grandmaster")
    with pytest.raises(ValueError, match="no 'heuristic' bot"):
        found.make_bot("heuristic", playouts=10)
