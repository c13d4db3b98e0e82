"""Playing one seeded random game through an engine and its straightforward twin in
``benchmarks/naive/`` (the yardstick of docs/performance.md), comparing every step."""

import ast
import json
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def play_both(rules, naive_state, variant: str, seats: int, seed) -> tuple:
    """Play the game of ``seed`` (random legal actions) through ``rules`` and
    ``naive_state`` (a naive ``State`` class), asserting at every step that both offer the
    same legal actions in the same order, answer with the same events and hold the same
    scores; return (engine state, naive state, actions played) at the end."""
    setup = rules.deal(seed, variant, seats)
    engine = rules.new(variant, seats, setup)
    naive = naive_state.new(variant, seats, setup)
    choice = random.Random(seed).choice
    played = 0
    while not engine.over:
        legal = engine.legal_actions()
        assert naive.legal_actions() == legal, f"action {played} of game {seed!r}"
        assert naive.to_move == engine.to_move
        action = choice(legal)
        engine, events = engine.apply(action)
        naive, naive_events = naive.apply(action)
        assert list(naive_events) == list(events), f"action {played} of game {seed!r}"
        played += 1
    assert naive.over and naive.legal_actions() == []
    outcome = rules.outcome(engine)
    assert naive.scores() == list(outcome.scores)
    assert naive.ranks() == list(outcome.ranks)
    return engine, naive, played


def imported_modules(path: str) -> set[str]:
    """Every module a source file under the repository imports (its top-level names)."""
    tree = ast.parse((ROOT / path).read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
    return names


def compare(*args: str) -> dict:
    """What ``benchmarks/naive/compare.py`` prints, run as a plain script with ``args``."""
    done = subprocess.run(
        [sys.executable, "benchmarks/naive/compare.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def assert_every_apply_keeps(state) -> None:
    """Applying each legal action of a naive ``state`` leaves ``state`` as it was."""
    before = repr(state.data)
    for action in state.legal_actions():
        state.apply(action)
    assert repr(state.data) == before
