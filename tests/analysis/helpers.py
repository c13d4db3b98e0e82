"""What the analysis engine's tests of every game share (``tests/analysis/test_engine_*``)."""

import json
import subprocess
import sys
from pathlib import Path

from analysis import engine
from games import registry

VERDICTS = {"best", "good", "inaccuracy", "mistake", "blunder"}


def through_record(key: str, variant: str, seats: int, setup: dict, actions: list):
    """(variant, seats, setup, actions) as a stored record gives them back: the record
    written as JSON text, read again and its header parsed by the game's rules."""
    rules = registry.rules(key)
    record = {**rules.record_header(variant, seats, setup), "actions": actions}
    read = json.loads(json.dumps(record))
    variant, seats, setup = rules.read_header(read)
    return variant, seats, setup, read["actions"]


def check_shape(result: dict, key: str, variant: str, seats: int, setup, actions, index):
    """The contract's shape (``analysis/engine.py``) and its invariants for one decision."""
    rules = registry.rules(key)
    state = rules.replay(variant, seats, setup, actions[:index])
    legal = [dict(action) for action in state.legal_actions()]
    assert set(result) >= {
        "index", "seat", "played", "choices", "best", "value", "best_value", "loss",
        "hindsight", "hindsight_best", "hindsight_loss", "seats_value", "verdict", "cpu",
    }  # fmt: skip
    assert result["index"] == index
    assert result["seat"] == state.to_move == actions[index]["seat"]
    assert result["played"] == actions[index]
    choices = result["choices"]
    assert sorted(json.dumps(c["action"], sort_keys=True) for c in choices) == sorted(
        json.dumps(a, sort_keys=True) for a in legal
    )
    values = [c["value"] for c in choices]
    assert values == sorted(values, reverse=True)
    assert all(0.0 <= c["value"] <= 1.0 and 0.0 <= c["hindsight"] <= 1.0 for c in choices)
    assert result["best"] == choices[0]["action"]
    assert result["best_value"] == choices[0]["value"]
    mine = next(c for c in choices if c["action"] == actions[index])
    assert result["value"] == mine["value"]
    assert result["hindsight"] == mine["hindsight"]
    assert abs(result["loss"] - (result["best_value"] - result["value"])) < 1e-9
    assert result["hindsight_best"] == max(c["hindsight"] for c in choices)
    assert result["hindsight_loss"] >= 0.0
    assert result["loss_error"] >= 0.0
    assert all(c["samples"] >= 1 for c in choices)
    assert mine["samples"] == max(c["samples"] for c in choices)  # kept to the end
    assert len(result["seats_value"]) == seats
    assert result["seats_value"][result["seat"]] == result["value"]
    assert result["verdict"] == engine.verdict(result["loss"]) and result["verdict"] in VERDICTS
    assert result["cpu"] > 0.0
    json.dumps(result)  # JSON-ready, as the platform stores it


def check_game(key: str, variant: str, seats: int, setup: dict, actions: list, seed=0):
    """A whole short analysis through the contract: decision points, a few decisions
    analysed twice with one seed (the same answers but for the CPU time), and the summary."""
    points = engine.decision_points(key, variant, seats, setup, actions)
    assert points == sorted(set(points)) and points
    rules = registry.rules(key)
    state = rules.new(variant, seats, setup)
    for index, action in enumerate(actions):
        assert (index in points) == (len(state.legal_actions()) >= 2)
        state, _events = state.apply(action)
    picked = [points[0], points[len(points) // 2], points[-1]]
    results = []
    for index in picked:
        one = engine.analyse_decision(
            key, variant, seats, setup, actions, index, budget="ci", seed=seed
        )
        again = engine.analyse_decision(
            key, variant, seats, setup, actions, index, budget="ci", seed=seed
        )
        check_shape(one, key, variant, seats, setup, actions, index)
        one.pop("cpu"), again.pop("cpu")
        assert one == again
        results.append(one)
    rows = engine.summary(key, variant, seats, results)
    assert [row["seat"] for row in rows] == list(range(seats))
    for row in rows:
        mine = [r for r in results if r["seat"] == row["seat"]]
        assert row["decisions"] == len(mine)
        assert 0.0 <= row["accuracy"] <= 100.0
        assert row["mistakes"] == sum(r["verdict"] == "mistake" for r in mine)
        assert row["blunders"] == sum(r["verdict"] == "blunder" for r in mine)
        assert row["inaccuracies"] == sum(r["verdict"] == "inaccuracy" for r in mine)
    return results


def random_game(key: str, variant: str, seats: int, seed, length: int | None = None):
    """(setup, actions) of a game of random legal actions from ``deal(seed)``, to the end
    (or its first ``length`` actions)."""
    import random

    rules = registry.rules(key)
    setup = rules.deal(seed, variant, seats)
    state = rules.new(variant, seats, setup)
    rng = random.Random(seed)
    actions = []
    while not state.over and (length is None or len(actions) < length):
        action = dict(rng.choice(state.legal_actions()))
        actions.append(action)
        state, _events = state.apply(action)
    return setup, actions


def imports_of_the_engine() -> set[str]:
    """The top-level packages a fresh interpreter has loaded after importing the analysis
    engine and its game adapters (for the pure-engine check)."""
    code = (
        "import sys, analysis.engine as e\n"
        "for k in ('xix', 'xeri', 'xactika', 'onexeno'): e.adapter(k, "
        "next(iter(e.registry.rules(k).variants)), 2)\n"
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    ).stdout
    return set(out.split())


def scripted(key: str, variant: str, seats: int, seed, count: int, pick: int = 0):
    """(setup, actions, state): ``count`` actions from ``deal(seed)``, each seat taking the
    action at ``pick`` in its legal list (0 the first, -1 the last) every time."""
    rules = registry.rules(key)
    setup = rules.deal(seed, variant, seats)
    state = rules.new(variant, seats, setup)
    actions = []
    for _ in range(count):
        action = dict(state.legal_actions()[pick])
        actions.append(action)
        state, _events = state.apply(action)
    return setup, actions, state


def judge(key: str, variant: str, seats: int, setup, prefix: list, bad: dict, good: dict):
    """The analyses (ci budget) of the decision after ``prefix`` played as ``bad`` and as
    ``good``, checked against the contract; the hand-made tests' common part: ``bad`` is
    marked a mistake or a blunder with ``good`` the best, ``good`` is "best", and the loss
    shows with hindsight too."""
    index = len(prefix)
    actions = [*prefix, bad]
    assert index in engine.decision_points(key, variant, seats, setup, actions)
    worse = engine.analyse_decision(key, variant, seats, setup, actions, index, budget="ci")
    check_shape(worse, key, variant, seats, setup, actions, index)
    assert worse["verdict"] in ("mistake", "blunder")
    assert worse["hindsight_loss"] >= engine.THRESHOLDS["mistake"]
    better = engine.analyse_decision(
        key, variant, seats, setup, [*prefix, good], index, budget="ci"
    )
    check_shape(better, key, variant, seats, setup, [*prefix, good], index)
    assert better["verdict"] == "best" and better["loss"] == 0.0
    assert better["value"] - worse["value"] >= engine.THRESHOLDS["mistake"]
    return worse, better
