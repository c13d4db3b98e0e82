"""Xactika's bots play legal games to the end from their seat's view alone."""

import random

import pytest

from games import registry
from games.arena import run_match, wilson
from games.xactika.bots import LEVELS, make_bot
from games.xactika.bots.heuristic import Table
from games.xactika.engine import RULES
from tests import seat_counts
from tests.xactika.test_rulings import EXAMPLE, EXAMPLE_ACTIONS


def quick_bot(level: str):
    """A bot of ``level``; the searching ones with a budget small enough for many games."""
    return make_bot(level, playouts=1) if level in ("strong", "expert") else make_bot(level)


def bot_game(levels, variant, seed) -> tuple[dict, list]:
    """(setup, actions) of a game where ``levels[s]`` plays seat s from its view only."""
    seats = len(levels)
    bots = [quick_bot(level) for level in levels]
    rng = random.Random(seed)
    setup = RULES.deal(f"bots-{seed}", variant, seats)
    state, actions = RULES.new(variant, seats, setup), []
    while not state.over:
        action = bots[state.to_move].choose(RULES.seat_view(state, state.to_move), rng)
        state, _events = state.apply(action)
        actions.append(action)
    return setup, actions


# Each variant at 2 and 10 seats and at seat counts between sampled per run
# (``tests/seat_counts.py``: the seed is named at the top of the run).
@pytest.mark.parametrize(
    ("variant", "seats"),
    [
        (variant, seats)
        for variant in ("bid", "win", "lose")
        for seats in seat_counts.sampled(
            RULES.variants[variant].seat_counts, name=f"xactika-{variant}"
        )
    ],
)
def test_every_level_plays_legal_games_to_the_end_at_a_sampled_seat_count(variant, seats):
    levels = [LEVELS[seat % len(LEVELS)] for seat in range(seats)]
    setup, actions = bot_game(levels, variant, f"legal-{seats}")
    verdict = RULES.check_record({**RULES.record_header(variant, seats, setup), "actions": actions})
    assert verdict["ok"] is True and verdict["over"] is True


def test_the_registry_finds_the_bots_and_they_take_a_seed_or_a_random():
    assert registry.bots("xactika").LEVELS == LEVELS
    view = RULES.seat_view(RULES.replay("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:3]), 0)
    for level in LEVELS:
        options = {"playouts": 40} if level in ("strong", "expert") else {}
        bot = registry.bots("xactika").make_bot(level, **options)
        assert bot.choose(view, "seed") == bot.choose(view, "seed")
        assert bot.choose(view, random.Random(1)) == bot.choose(view, random.Random(1))
        assert bot.choose(view, "seed") in view["legal_actions"]
    with pytest.raises(ValueError, match="takes no options"):
        make_bot("random", playouts=3)
    with pytest.raises(ValueError, match="unknown Xactika bot level"):
        make_bot("grandmaster")


def test_a_bot_refuses_a_view_without_legal_actions():
    view = RULES.seat_view(RULES.new("bid", 3, EXAMPLE), 1)
    for level in LEVELS:
        with pytest.raises(ValueError, match="no legal action"):
            quick_bot(level).choose(view, random.Random(0))


def test_the_heuristic_bot_bids_a_sure_trick_and_never_the_barred_bid():
    # Seat 0 holds 3333, the one 12: led, no card can beat it.
    view = RULES.seat_view(RULES.new("bid", 3, EXAMPLE), 0)
    assert make_bot("heuristic").choose(view)["n"] >= 1
    view = RULES.seat_view(RULES.replay("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:2]), 2)
    assert make_bot("heuristic").choose(view)["n"] != view["barred_bid"]


def test_the_heuristic_bot_counts_unseen_cards_from_its_view_only():
    table = Table(RULES.seat_view(RULES.replay("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:5]), 2))
    assert len(table.unseen) == 81 - 8 - 2  # its hand and the two cards on the table
    assert table.share == 14 / 71  # seats 0 and 1 hold 7 each of the 71 unseen


def test_the_heuristic_bot_beats_random_play():
    levels = ["heuristic", "random", "random", "random"]
    match = run_match("xactika", "bid", 4, levels, "test", tables=6)  # 24 games, rotated
    hero, other = match.entrants[0], match.entrants[1]
    assert hero.mean_score > other.mean_score and hero.mean_rank < other.mean_rank
    assert wilson(hero.points, hero.games)[0] > 0.25
