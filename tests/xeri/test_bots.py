"""The Xeri bots play legal matches to the end at every seat count, from their views."""

import random

import pytest

from games import registry
from games.xeri.bots import LEVELS, make_bot
from games.xeri.bots.heuristic import HeuristicBot, chance_of_any
from games.xeri.bots.sample_records import random_records
from games.xeri.engine import RULES, check_record

from .helpers import EXAMPLE_SETUP, run


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("level", ["random", "heuristic"])  # strong: test_strong.py
def test_a_bot_plays_legal_matches_to_the_end(level, seats):
    bot = make_bot(level)
    for seed in range(3):
        state = RULES.new("classic", seats, RULES.deal(f"bots-{seed}", "classic", seats))
        rng = random.Random(seed)
        while not state.over:
            view = RULES.seat_view(state, state.to_move)
            action = bot.choose(view, rng)
            assert action in view["legal_actions"]
            state, _ = state.apply(action)  # raises IllegalAction if it were not
        assert RULES.outcome(state) is not None


def test_mixed_tables_play_to_the_end():
    bots = [make_bot("heuristic"), make_bot("random"), make_bot("random"), make_bot("heuristic")]
    state = RULES.new("classic", 4, RULES.deal("mixed", "classic", 4))
    while not state.over:
        seat = state.to_move
        state, _ = state.apply(bots[seat].choose(RULES.seat_view(state, seat), seat))
    assert state.n_actions == 4 * 48


def test_registry_finds_the_xeri_bots_and_each_answers_a_seed_or_a_generator():
    module = registry.bots("xeri")
    assert module.LEVELS == LEVELS
    view = RULES.seat_view(RULES.new("classic", 2, EXAMPLE_SETUP), 0)
    for level in LEVELS:
        bot = module.make_bot(level)
        assert bot.choose(view, "seed") == bot.choose(view, "seed") in view["legal_actions"]
        assert bot.choose(view, random.Random(3)) in view["legal_actions"]
    with pytest.raises(ValueError, match="takes no options"):
        module.make_bot("heuristic", playouts=10)
    with pytest.raises(ValueError, match="takes no options"):
        module.make_bot("strong", depth=2)
    assert module.make_bot("strong", playouts=10).iterations == 10


def test_the_heuristic_bot_sees_only_the_view():
    """A view with every other field taken away still gives the same play: the bot reads
    the hand, pile, stock, hand sizes, unseen cards, seats and its own seat only."""
    keep = ("hand", "pile", "stock", "hand_counts", "unseen", "seats", "viewer", "legal_actions")
    state = RULES.new("classic", 4, RULES.deal("only", "classic", 4))
    bot = HeuristicBot()
    while not state.over:
        view = RULES.seat_view(state, state.to_move)
        bare = {key: view[key] for key in keep}
        assert bot.choose(bare) == bot.choose(view)
        state, _ = state.apply(bot.choose(view))


def test_the_heuristic_bot_takes_with_a_match_and_makes_a_xeri_when_it_can():
    state, _ = run(EXAMPLE_SETUP, ["8S"])  # the pile is 10S JC AC 7C 8S; seat 1 to move
    view = RULES.seat_view(state, 1)
    assert HeuristicBot().choose(view)["card"] in ("10C", "10H", "AD", "KC", "4H", "5H")
    state, _ = run(EXAMPLE_SETUP, ["7H", "5H"])  # seat 0 holds 5D: a xeri
    assert HeuristicBot().choose(RULES.seat_view(state, 0)) == {
        "seat": 0,
        "type": "play",
        "card": "5D",
    }


def test_the_heuristic_bot_takes_a_rich_pile_with_a_jack_and_keeps_it_for_a_poor_one():
    state, _ = run(EXAMPLE_SETUP, ["8S"])  # no 8 in seat 1's hand, which holds no Jack
    view = RULES.seat_view(state, 1)
    rich = {**view, "hand": ["JD", "3H"], "legal_actions": [], "pile": ["AS", "KS", "QS", "8S"]}
    rich["legal_actions"] = [{"seat": 1, "type": "play", "card": c} for c in rich["hand"]]
    assert HeuristicBot().choose(rich)["card"] == "JD"
    poor = {**rich, "pile": ["3S"]}
    assert HeuristicBot().choose(poor)["card"] == "3H"  # a match takes it anyway
    poor = {**rich, "pile": ["4S"], "hand": ["JD", "6H"]}
    poor["legal_actions"] = [{"seat": 1, "type": "play", "card": c} for c in poor["hand"]]
    assert HeuristicBot().choose(poor)["card"] == "6H"


def test_chance_of_any():
    assert chance_of_any(0, 40, 6) == 0.0 and chance_of_any(40, 40, 1) == 1.0
    assert chance_of_any(1, 10, 5) == pytest.approx(0.5)


def test_a_bot_refuses_a_view_without_legal_actions():
    view = RULES.seat_view(RULES.new("classic", 2, EXAMPLE_SETUP), 1)
    for level in LEVELS:
        with pytest.raises(ValueError):
            make_bot(level).choose(view, random.Random(1))
    with pytest.raises(ValueError, match="unknown Xeri bot level"):
        make_bot("grandmaster")


def test_random_records_are_legal_finished_matches():
    for record in random_records(4, 2, seed="t"):
        verdict = check_record(record)
        assert verdict["ok"] and verdict["over"] and len(verdict["ranks"]) == 4
