"""The engine against benchmarks/naive/onexeno.py, a plain implementation of the same rules
written without the engine's bit masks (the one benchmarks/naive/compare.py times), in both
its forms: copying its state with ``copy.deepcopy`` and by hand.

Seeded games of every kind of table are played through both side by side: at every turn
both must offer the same legal actions in the same order, report the same events (draws,
placements with their tricks, passes, the end and its scores) and refuse the same wrong
actions. Two independent readings of the rules agreeing is a check of both."""

import json
import random
from collections import Counter

import pytest

from games.kit.errors import IllegalAction
from games.onexeno.engine import IDS, RULES
from tests import file_module
from tests.xix.engine.test_standalone import ROOT, python

NAIVE_FILE = ROOT / "benchmarks" / "naive" / "onexeno.py"
TABLES = [("basic", 2), ("basic", 4), ("basic", 7), ("partners", 4), ("partners", 6)]
# odd seeds: uniformly random choices (passes are common, so games end with every seat
# out; seed 5 empties the field at 4 seats); even seeds: a placement nine times in ten when
# there is one (games end by going out)
GAMES = [(variant, seats, seed) for variant, seats in TABLES for seed in (5, 2)]


@pytest.fixture(scope="module")
def naive():
    module = file_module.load("naive_onexeno", NAIVE_FILE)
    return module


def choose(legal, rng, seed):
    places = [action for action in legal if action["type"] == "place"]
    pool = places if seed % 2 == 0 and places and rng.random() < 0.9 else legal
    return pool[rng.randrange(len(pool))]


def start(variant, seats, seed):
    return RULES.new(variant, seats, RULES.deal(f"naive-agrees-{seed}", variant, seats))


def wrong_or_odd(state, legal, rng) -> dict:
    """An action worth trying at ``state``: a legal placement turned at random (rotations
    showing the same face are the same move, others may break a match); a card of the hand
    or any card next to a card of the field, or anywhere, in any rotation from -1 to 4;
    now and then a pass, a seat out of turn or a value of the wrong type."""
    seat = state.to_move
    kind = rng.randrange(10)
    if kind == 0:
        return {"seat": seat, "type": "pass"}
    if kind == 1:
        return {"seat": (seat + 1) % state.seats, "type": "pass"}
    places = [action for action in legal if action["type"] == "place"]
    if kind < 5 and places:
        return {**rng.choice(places), "rotation": rng.randrange(4)}
    near = rng.choice(sorted(state.field) or [(0, 0)])
    return {
        "seat": seat,
        "type": "place",
        "card": rng.choice(state.hands[seat]) if kind < 8 else rng.choice(IDS),
        "x": near[0] + rng.randrange(-1, 2) if kind < 7 else rng.randrange(-5, 6),
        "y": near[1] + rng.randrange(-1, 2) if kind < 7 else rng.randrange(-5, 6),
        "rotation": True if kind == 9 else rng.randrange(-1, 5),
    }


def events_or_refusal(state, action, refused):
    try:
        return list(state.apply(action)[1])
    except refused:
        return "refused"


def play_both(naive, variant, seats, seed) -> None:
    rng, tries = random.Random(seed), random.Random(-seed)
    state = start(variant, seats, seed)
    setup = RULES.deal(f"naive-agrees-{seed}", variant, seats)
    other, plain = naive.new(variant, seats, setup), naive.new_plain(variant, seats, setup)
    while not state.over:
        legal = state.legal_actions()
        assert other.legal_actions() == legal
        assert plain.legal_actions() == legal
        for _try in range(4):
            action = wrong_or_odd(state, legal, tries)
            assert events_or_refusal(other, action, naive.IllegalMove) == events_or_refusal(
                state, action, IllegalAction
            ), action
        action = choose(legal, rng, seed)
        state, events = state.apply(action)
        other, other_events = other.apply(action)
        before, (plain, plain_events) = plain, plain.apply(action)
        assert before.legal_actions() == legal  # the copy by hand left it as it was
        assert other_events == plain_events == list(events)
        assert other.over == plain.over == state.over
    for game in (other, plain):
        assert game.legal_actions() == []
        assert game.scores() == state.scores
        assert game.reason == state.reason


@pytest.mark.parametrize(("variant", "seats", "seed"), GAMES)
def test_the_naive_rules_play_the_same_game(naive, variant, seats, seed):
    play_both(naive, variant, seats, seed)


def test_the_compared_games_reach_every_rule():
    """The games above are worth comparing: between them they empty the field, take two
    lines with one card, pass for good in the end game and end both ways."""
    seen = Counter()
    for variant, seats, seed in GAMES:
        rng = random.Random(seed)
        state = start(variant, seats, seed)
        while not state.over:
            seen["empty field"] += not state.field
            state, events = state.apply(choose(state.legal_actions(), rng, seed))
            for event in events:
                if event["type"] == "place":
                    seen[f"{len(event['lines'])} lines"] += 1
                elif event["type"] == "pass":
                    seen["final pass"] += event["final"]
                elif event["type"] == "end":
                    seen[event["reason"]] += 1
    for what in ("empty field", "1 lines", "2 lines", "final pass", "went_out", "all_out"):
        assert seen[what] > 0, what


def test_the_naive_rules_use_nothing_of_the_engine():
    code = (
        "import importlib.util, json, sys; "
        f"spec = importlib.util.spec_from_file_location('naive', {str(NAIVE_FILE)!r}); "
        "spec.loader.exec_module(importlib.util.module_from_spec(spec)); "
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'games')))"
    )
    assert json.loads(python("-c", code)) == []


def test_the_comparison_runs_as_a_plain_script():
    output = python(
        "benchmarks/naive/compare.py",
        *("--game", "onexeno", "--variant", "basic", "--seats", "3"),
        *("--games", "2", "--repeats", "1"),
    )

    figures = json.loads(output)
    assert (figures["game"], figures["tables"], figures["games"]) == ("onexeno", ["basic 3"], 2)
    for side in ("engine", "naive", "naive_plain"):
        assert figures[side]["games_per_second"] > 0
        assert figures[side]["legal_actions_us"] > 0 and figures[side]["apply_us"] > 0
    assert set(figures["speedup"]) == {"games", "legal_actions", "apply"}
    assert set(figures["speedup_plain"]) == set(figures["speedup"])
