"""XIX's strong and expert bots: information-set search through games.kit.ismcts."""

import random
import time

import pytest

from games import registry
from games.xix.bots import LEVELS, FlatBot, make_bot
from games.xix.bots.search import EXPERT_ITERATIONS, STRONG_ITERATIONS
from games.xix.bots.versus import main
from games.xix.engine import RULES, seat_view


def test_the_levels_on_offer_and_their_budgets():
    assert LEVELS == ("random", "heuristic", "strong", "expert")
    assert registry.bots("xix").LEVELS == LEVELS
    strong, expert = make_bot("strong"), make_bot("expert")
    assert (strong.level, strong.iterations) == ("strong", STRONG_ITERATIONS)
    assert (expert.level, expert.iterations) == ("expert", EXPERT_ITERATIONS)
    assert EXPERT_ITERATIONS >= 5 * STRONG_ITERATIONS
    assert make_bot("strong", iterations=50).iterations == 50
    assert make_bot("strong", playouts=60).iterations == 60  # bot_arena --playouts
    with pytest.raises(ValueError):
        make_bot("strong", iterations=5, playouts=5)
    # The bot strong replaced is built for the arena, never offered.
    assert "flat" not in LEVELS and isinstance(make_bot("flat", playouts=10), FlatBot)


def first_decision(variant: str, seed: str):
    """The first view of a seeded game whose seat to move has more than one legal action."""
    state = RULES.new(variant, 2, RULES.deal(seed, variant, 2))
    return state, seat_view(state, state.to_move)


def test_the_search_decides_from_the_view_alone():
    """Twin deals differing only in cards the seat to move cannot see (one of the other
    seat's closed cards swapped with the discard) give equal views and the same search."""
    bot = make_bot("strong", iterations=150)
    compared = 0
    for table in range(8):
        setup = RULES.deal(f"twin:{table}", "standard", 2)
        seat = setup["first_leader"]
        twin = RULES.hidden_swap(setup, seat, random.Random(table), 2)
        assert twin != setup
        views = [seat_view(RULES.new("standard", 2, s), seat) for s in (setup, twin)]
        assert views[0] == views[1]
        assert bot.visits(views[0], table) == bot.visits(views[1], table)
        compared += 1
    assert compared == 8


def decision_after(seed: str, scores, line):
    """The view of the seat to move after ``line`` from a standard deal at ``scores``."""
    state = RULES.new("standard", 2, RULES.deal(seed, "standard", 2)).copy()
    state.scores = list(scores)  # a position late in a game: the scoreboard decides
    for action in line:
        state, _ = state.apply(action)
    return seat_view(state, state.to_move)


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_strong_and_expert_are_deterministic_per_seed(level):
    """The same view and seed give the same move at the level's own budget; the tree, and
    so the move's statistics, depend on the seed."""
    bot = make_bot(level)
    # At 9-9 the next exchange ends the game (short playouts): seat 0 leads.
    view = decision_after("case", (9, 9), [])
    assert len(view["legal_actions"]) == 6
    start = time.process_time()
    move = bot.choose(view, "seed:1")
    assert time.process_time() - start < 10  # a few seconds at most, even on a busy core
    assert move in view["legal_actions"]
    assert make_bot(level).choose(view, "seed:1") == move
    small = make_bot(level, iterations=200)
    assert small.visits(view, "a") == small.visits(view, "a")
    assert small.visits(view, "a") != small.visits(view, "b")


# Deal "case": seat 0 holds 2 5 8 9 16 18, seat 1 holds 7 11 12 13 14 15; seat 0 leads.


@pytest.mark.parametrize(
    "led, followed, seat, right",
    [
        # Seat 0 takes a strike at 0-18: abandoning gives seat 1 one point, 19 in all, and
        # the lower score (seat 0's) wins at once; raising plays on for nothing better.
        (2, 7, 0, "abandon"),
        # Seat 1 takes it: abandoning would make 19 in all and lose; it must raise.
        (18, 7, 1, "raise"),
    ],
)
def test_the_search_finds_the_decision_the_scoreboard_demands(led, followed, seat, right):
    view = decision_after(
        "case",
        (0, 18),
        [{"seat": 0, "type": "play", "card": led}, {"seat": 1, "type": "play", "card": followed}],
    )
    assert view["phase"] == "decide" and view["viewer"] == seat
    assert make_bot("strong", iterations=400).choose(view, "x")["type"] == right


def test_versus_plays_the_flat_bot_at_a_budget_per_side(capsys):
    lines = main(["--variant", "talon", "--games", "2", "--a", "strong:8", "--b", "flat:12"])
    assert (
        lines[0]
        == "strong {'iterations': 8} (A) vs flat {'playouts': 12} (B), variant talon, seed 1"
    )
    assert "games: 2 (1 deals, each played twice with seats swapped)" in lines
    assert any(line.startswith("time per move B (flat): median") for line in lines)
    assert capsys.readouterr().out.splitlines() == lines
    for wrong in (["--a", "master"], ["--a", "heuristic:5"], ["--a", "strong:0"]):
        with pytest.raises(SystemExit):
            main([*wrong, "--b", "random"])
