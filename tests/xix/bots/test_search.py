"""XIX's strong and expert bots: information-set search (XIX's own loop; the kit's in v2)."""

import random
import time

import pytest

from games import registry
from games.xix.bots import LEVELS, FlatBot, make_bot
from games.xix.bots.strong import EXPERT_ITERATIONS, STRONG_ITERATIONS
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


# --- issue 33: the exchange search's parts ----------------------------------------------


def test_the_score_table_reads_the_end_rules_exactly():
    """Seat 0's chance at the end of an exchange: the result where the score ends the game
    (exactly 19 in all: the lower wins; else 19 or more: the higher), the table between."""
    from games.xix.bots.heuristic import score_table
    from games.xix.bots.strong import chance_to_win

    assert chance_to_win(False, 0, 19, 3, 1, 1) == 1.0  # 19 in all, seat 0 lower
    assert chance_to_win(False, 12, 7, 3, 1, 1) == 0.0  # 19 in all, seat 0 higher
    assert chance_to_win(False, 20, 3, 3, 1, 1) == 1.0
    assert chance_to_win(False, 5, 21, 3, 1, 1) == 0.0
    assert chance_to_win(False, 9, 9, 3, 1, 1) == 0.5
    assert chance_to_win(False, 4, 11, 3, 1, 1) == score_table("standard")[(4, 11)]
    # Talon: over only with every talon card face up and a closed hand empty (ruling 14).
    assert chance_to_win(True, 10, 3, 0, 0, 1 << 5) == 1.0
    assert chance_to_win(True, 3, 3, 0, 1 << 4, 0) == 0.5
    assert chance_to_win(True, 3, 10, 0, 0, 0) == 0.0
    going_on = chance_to_win(True, 10, 3, 0, 1 << 4, 1 << 5)
    assert 0.5 < going_on < 1.0
    # A lead counts for less with more face-down talon cards (more exchanges to come).
    assert chance_to_win(True, 10, 3, 4, 1, 1) < chance_to_win(True, 10, 3, 1, 1, 1)
    assert chance_to_win(True, 3, 3, 2, 1, 1) == 0.5


def test_the_greedy_rest_of_an_exchange():
    """All cards shown, each side leads the cheapest card the other cannot beat and follows
    with the cheapest that takes, else its cheapest; the struck seat keeps the better of
    abandoning and playing on."""
    from games.xix.bots.heuristic import score_table
    from games.xix.bots.strong import _greedy, chance_to_win

    table = score_table("standard")
    mask = lambda *cards: sum(1 << c for c in cards)  # noqa: E731
    # Seat 0 (4 17 18) leads at one strike each against 2 3 5: 4 falls to 5 and 17 to 2
    # (19 in all: the lower card takes), so it leads 18; seat 1 throws 2 and, struck twice,
    # either abandons (3 points to seat 0) or loses 17 against 3 too (5 points).
    value = _greedy(False, [mask(4, 17, 18), mask(2, 3, 5)], 0, [1, 1], [0, 0], 3, [1, 1])
    assert value == min(table[(3, 0)], table[(5, 0)])
    # Seat 1 leading the same cards: seat 0 picks the better of the two for itself.
    value = _greedy(False, [mask(2, 3, 5), mask(4, 17, 18)], 1, [1, 1], [0, 0], 3, [1, 1])
    assert value == max(table[(0, 3)], table[(0, 5)])
    # 2 18 against 1 17: 2 is led, as 17 cannot take it (19 in all: the lower card takes)
    # and nor can 1; seat 1 throws 1 and then has only 17 against 18.
    value = _greedy(False, [mask(2, 18), mask(1, 17)], 0, [1, 1], [0, 0], 3, [1, 1])
    assert value == min(table[(3, 0)], table[(5, 0)])
    # Talon, 2 10 18 against 1 9 17: there 17 takes 2 and 1 takes 18 (19 in all: the
    # follower takes), so 2 is led and 9 takes it; seat 0, struck twice, abandons (6 to
    # seat 1) or plays on: seat 1 leads 1, 10 takes it, and seat 1 abandons (10 to seat
    # 0) or loses 17 against 18 as well (15).
    talon = [mask(2, 10, 18), mask(1, 9, 17)]
    value = _greedy(True, talon, 0, [1, 1], [0, 0], 3, [1, 1])
    on = min(chance_to_win(True, 10, 0, 3, 1, 1), chance_to_win(True, 15, 0, 3, 1, 1))
    assert value == max(chance_to_win(True, 0, 6, 3, 1, 1), on)


def test_trades_with_hidden_row_positions_are_one_action_at_the_root():
    """Talon: every face-down talon card is a dealt card the seat has never seen, so a
    trade names one of them only; the search still returns a legal trade."""
    from games.xix.bots.knowledge import Knowledge
    from games.xix.bots.strong import root_keys

    state = RULES.new("talon", 2, RULES.deal("group", "talon", 2))
    rng = random.Random(3)
    while state.phase != "trade":
        state, _ = state.apply(rng.choice(state.legal_actions()))
    view = seat_view(state, state.to_move)
    keys = root_keys(view, Knowledge(view))
    cards = {a["card"] for a in view["legal_actions"]}
    assert len(view["legal_actions"]) == 5 * len(cards)
    assert {(k[2], k[3]) for k in keys} == {(c, 0) for c in cards}
    move = make_bot("strong", iterations=300).choose(view, "g")
    assert move in view["legal_actions"] and move["position"] == 0


def test_a_cpu_time_budget_stops_the_search():
    view = decision_after("case", (9, 9), [])
    bot = make_bot("strong", iterations=10**9, seconds=0.05)
    started = time.process_time()
    assert bot.choose(view, "t") in view["legal_actions"]
    assert time.process_time() - started < 2
    assert 1 <= bot.last_iterations < 10**9


def test_a_lead_the_opponent_let_pass_weighs_the_samples_when_asked():
    """Deal "case": seat 0 leads 16 and seat 1 throws 7. What would have taken 16 is 17,
    18 and 3 (3 + 16 = 19: the lower card takes); seat 0 holds 18, so 3 and 17 are the
    unseen ones. With ``keep`` 0 the sampler mostly deals seat 1 neither of them (at most
    ``_TRIES`` draws); with the default (1) every sample stands as dealt."""
    from games.xix.bots.knowledge import Knowledge
    from games.xix.bots.strong import _Sampler, ducked_leads

    state = RULES.new("standard", 2, RULES.deal("case", "standard", 2))
    for card, seat in ((16, 0), (7, 1)):
        state, _ = state.apply({"seat": seat, "type": "play", "card": card})
    assert state.phase == "decide" and state.to_move == 1
    view = seat_view(state, 0)
    know = Knowledge(view)
    takers = 1 << 3 | 1 << 17 | 1 << 18
    assert ducked_leads(view, know) == [takers]
    # Seat 1's view has no lead of its own let pass.
    assert ducked_leads(seat_view(state, 1), Knowledge(seat_view(state, 1))) == []
    rng = random.Random(1)

    def share(keep):
        sampler = _Sampler(view, know, False, keep)
        return sum(bool(sampler.deal(rng).closed[1] & takers) for _ in range(400)) / 400

    dealt, weighed = share(1.0), share(0.0)
    assert 0.6 < dealt < 0.85  # 1 - C(9, 5) / C(11, 5) = 0.73
    assert weighed < 0.2
