"""Finished games of every kind for the platform's tests, and a stand-in for the search.

``FakeEngine`` has the contract's names and shapes (``analysis/engine.py``) with figures
drawn from a hash of each action, so the platform's tests need no search and run in
milliseconds; the tests of the real search are e's ``test_engine_*.py``.
"""

import hashlib
import json
import random

from games import registry
from games.services import game_import

# The shortest variant of each game, at its smallest table (seats).
GAMES = {
    "xix": ("standard", 2),
    "xeri": ("classic", 2),
    "xactika": ("win", 2),
    "onexeno": ("basic", 2),
}


def played_log(kind: str, variant: str, seats: int, seed: str = "analysis") -> tuple[dict, list]:
    """A set-up and a whole game's actions, each chosen at random among the legal ones."""
    rules = registry.rules(kind)
    setup = rules.deal(seed, variant, seats)
    state = rules.new(variant, seats, setup)
    rng = random.Random(seed)
    actions = []
    while not state.over:
        action = rng.choice(state.legal_actions())
        actions.append(action)
        state, _events = state.apply(action)
    return setup, actions


def finished_game(kind: str, players, *, variant=None, seed="analysis"):
    """A finished game of ``kind`` between ``players`` (seat order), played out at random."""
    variant = variant or GAMES[kind][0]
    rules = registry.rules(kind)
    setup, actions = played_log(kind, variant, len(players), seed)
    record = {**rules.record_header(variant, len(players), setup), "actions": actions}
    return game_import(record=record, players=players)


def live_game(kind: str, players, *, played: int = 6, seed="analysis"):
    """A game of ``kind`` in play, ``played`` actions in."""
    variant = GAMES[kind][0]
    rules = registry.rules(kind)
    setup, actions = played_log(kind, variant, len(players), seed)
    record = {**rules.record_header(variant, len(players), setup), "actions": actions[:played]}
    return game_import(record=record, players=players)


def _figure(*parts) -> float:
    digest = hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).digest()
    return digest[0] / 255


class FakeEngine:
    THRESHOLDS = {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.20}
    BUDGETS = {"standard": 1, "ci": 1}

    def __init__(self):
        self.calls = []

    def decision_points(self, key, variant, seats, setup, actions):
        rules = registry.rules(key)
        state = rules.new(variant, seats, setup)
        points = []
        for index, action in enumerate(actions):
            if len(state.legal_actions()) > 1:
                points.append(index)
            state, _events = state.apply(action)
        return points

    def sides(self, key, variant, seats):
        teams = registry.rules(key).variants[variant].sides(seats)
        return len(teams) if teams else seats

    def expected_place(self, share, sides):
        return 1 + (1 - share) * (sides - 1)

    def verdict(self, loss):
        if loss <= 0:
            return "best"
        for name in ("blunder", "mistake", "inaccuracy"):
            if loss >= self.THRESHOLDS[name]:
                return name
        return "good"

    def analyse_decision(
        self, key, variant, seats, setup, actions, index, *, budget="standard", seed=0
    ):
        self.calls.append(index)
        rules = registry.rules(key)
        state = rules.replay(variant, seats, setup, actions[:index])
        choices = [
            {
                "action": action,
                "value": _figure(index, action, "info"),
                "hindsight": _figure(index, action, "all"),
            }
            for action in state.legal_actions()
        ]
        choices.sort(key=lambda c: -c["value"])
        played = actions[index]
        mine = next((c for c in choices if c["action"] == played), choices[0])
        best = choices[0]
        hindsight_best = max(c["hindsight"] for c in choices)
        value = mine["value"]
        seat = played["seat"]
        others = (1 - value) if seats == 2 else 0.5
        return {
            "index": index,
            "seat": seat,
            "played": played,
            "choices": choices,
            "best": best["action"],
            "value": value,
            "best_value": best["value"],
            "loss": best["value"] - value,
            "hindsight": mine["hindsight"],
            "hindsight_best": hindsight_best,
            "hindsight_loss": hindsight_best - mine["hindsight"],
            "seats_value": [value if s == seat else others for s in range(seats)],
            "verdict": self.verdict(best["value"] - value),
            "cpu": 0.0,
        }

    def summary(self, key, variant, seats, decisions):
        rows = []
        for seat in range(seats):
            mine = [d for d in decisions if d["seat"] == seat]
            losses = [d["loss"] for d in mine]
            mean = sum(losses) / len(losses) if losses else 0.0
            rows.append(
                {
                    "seat": seat,
                    "decisions": len(mine),
                    "accuracy": max(0.0, 100 * (1 - mean)),
                    "mean_loss": mean,
                    "inaccuracies": sum(d["verdict"] == "inaccuracy" for d in mine),
                    "mistakes": sum(d["verdict"] == "mistake" for d in mine),
                    "blunders": sum(d["verdict"] == "blunder" for d in mine),
                }
            )
        return rows

    NAMES = (
        "decision_points", "analyse_decision", "summary", "sides", "expected_place",
        "verdict", "THRESHOLDS", "BUDGETS",
    )  # fmt: skip

    def install(self, monkeypatch):
        from analysis import engine

        for name in self.NAMES:
            monkeypatch.setattr(engine, name, getattr(self, name), raising=False)
        return self
