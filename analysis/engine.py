"""Post-game analysis of one finished game: the search side (pure: no Django).

This module is the contract between the analysis platform (``analysis/`` models, Celery
tasks, views and the replay page) and the games' searches. The platform calls only the
names below; everything else here is the search's own business.

Value. Every figure is a seat's expected *share* (``games.kit.ismcts.share_rewards``): 1 for
a side that finishes ahead of every other side, 0 for one beaten by all, a tie counting one
half. With two sides (two seats, or Xeri's partnerships) the share is the chance of winning
the game; at a table of more sides it maps to the expected place,
``place = 1 + (1 - share) * (sides - 1)`` (``expected_place``).

A *decision* is an action chosen by a seat that had two or more legal actions. For each, the
analysis values every legal action twice:
- from the seat's information at the time (a search over set-ups consistent with that
  seat's view, ``games.kit.ismcts`` style), so a move is judged only on what the player
  could know;
- "with hindsight": the same action searched with every card shown (the true state).
The loss of the played action is ``best value - played value`` from the seat's information;
``verdict`` classes it by ``THRESHOLDS`` (written down in ``docs/analysis.md``).
"""

# Public names the platform uses; their shapes are fixed here.
#
# decision_points(key, variant, seats, setup, actions) -> list[int]
#     Indices into ``actions`` (the game's whole log, as its record lists it) that are
#     decisions, in order.
#
# analyse_decision(key, variant, seats, setup, actions, index, *, budget="standard", seed=0)
#     -> dict, JSON-ready:
#     {"index": int, "seat": int, "played": dict (actions[index]),
#      "choices": [{"action": dict, "value": float, "hindsight": float}, ...]
#                 every legal action (the game may group indistinguishable ones), best
#                 ``value`` first,
#      "best": dict, "value": float, "best_value": float, "loss": float,
#      "hindsight": float, "hindsight_best": float, "hindsight_loss": float,
#      "seats_value": [float per seat]   each seat's expected share after the played
#                                         action, from the mover's information (the chart),
#      "verdict": "best" | "good" | "inaccuracy" | "mistake" | "blunder",
#      "cpu": float}                      CPU seconds this decision took
#
# summary(key, variant, seats, decisions: list[dict]) -> list[dict], one per seat:
#     {"seat": int, "decisions": int, "accuracy": float (0-100), "mean_loss": float,
#      "inaccuracies": int, "mistakes": int, "blunders": int}
#
# sides(key, variant, seats) -> int          how many sides play (2 = a win chance)
# expected_place(share, sides) -> float
# verdict(loss) -> str
# THRESHOLDS: dict[str, float]               {"inaccuracy": ..., "mistake": ..., "blunder": ...}
# BUDGETS: dict[str, object]                 at least "standard"; CI may use a smaller one

import importlib
import math
import random
import time

from games import registry
from games.kit.ismcts import action_key

THRESHOLDS: dict[str, float] = {"inaccuracy": 0.03, "mistake": 0.08, "blunder": 0.20}
# A loss this small is within the search's noise: the played action counts as the best.
BEST = 0.01
# Accuracy of one decision: 100 * exp(-ACCURACY_SLOPE * loss) (docs/analysis.md).
ACCURACY_SLOPE = 4.4

# Per budget, per game: ``samples`` set-ups drawn from the seat's view (one playout each,
# every legal action played out on the same set-up with the same random numbers) and
# ``hindsight`` playouts from the true state.
BUDGETS: dict[str, object] = {
    "standard": {
        "xix": {"samples": 64, "hindsight": 32},
        "xeri": {"samples": 32, "hindsight": 16},
        "xactika": {"samples": 16, "hindsight": 8},
        "onexeno": {"samples": 8, "hindsight": 4},
    },
    "ci": {
        "xix": {"samples": 24, "hindsight": 12},
        "xeri": {"samples": 12, "hindsight": 6},
        "xactika": {"samples": 8, "hindsight": 4},
        "onexeno": {"samples": 4, "hindsight": 2},
    },
}


def adapter(key: str, variant: str, seats: int):
    """The game's analysis adapter (``analysis.games.<key>``)."""
    return importlib.import_module(f"analysis.games.{key}").adapter(variant, seats)


def sides(key: str, variant: str, seats: int) -> int:
    """How many sides play (2: a value is a chance of winning)."""
    teams = registry.rules(key).variants[variant].sides(seats)
    return len(teams) if teams else seats


def expected_place(share: float, sides: int) -> float:
    """The expected place (1 = first) of a side with expected ``share`` among ``sides``."""
    return 1.0 + (1.0 - share) * (sides - 1)


def verdict(loss: float) -> str:
    """The class of a decision by its loss (``THRESHOLDS``; ``BEST`` counts as no loss)."""
    if loss <= BEST:
        return "best"
    if loss < THRESHOLDS["inaccuracy"]:
        return "good"
    if loss < THRESHOLDS["mistake"]:
        return "inaccuracy"
    if loss < THRESHOLDS["blunder"]:
        return "mistake"
    return "blunder"


def decision_points(key: str, variant: str, seats: int, setup: dict, actions) -> list[int]:
    """Indices of ``actions`` chosen by a seat that had two legal actions or more."""
    rules = registry.rules(key)
    state = rules.new(variant, seats, setup)
    out = []
    for index, action in enumerate(actions):
        if len(state.legal_actions()) >= 2:
            out.append(index)
        state, _events = state.apply(action)
    return out


def _budget(budget: str, key: str) -> dict:
    if budget not in BUDGETS:
        raise ValueError(f"unknown analysis budget {budget!r}")
    return BUDGETS[budget][key]


def _mean(totals: list[float], count: int) -> list[float]:
    return [total / count for total in totals]


def analyse_decision(
    key: str,
    variant: str,
    seats: int,
    setup: dict,
    actions,
    index: int,
    *,
    budget: str = "standard",
    seed=0,
) -> dict:
    """The analysis of ``actions[index]`` (see the module's note for the dict's shape)."""
    started = time.process_time()
    rules = registry.rules(key)
    plan = _budget(budget, key)
    state = rules.replay(variant, seats, setup, list(actions[:index]))
    if state.over:
        raise ValueError("the game is over before this action")
    played = actions[index]
    seat = state.to_move
    legal = state.legal_actions()
    keys = [action_key(action) for action in legal]
    played_key = action_key(played)
    if played_key not in keys:
        raise ValueError(f"action {index} is not legal in its position")
    game = adapter(key, variant, seats)
    view = rules.seat_view(state, seat)
    draw = game.sampler(view)
    rng = random.Random(f"analysis:{key}:{variant}:{seats}:{seed}:{index}")
    samples = max(1, round(plan["samples"] * game.samples))
    hindsight = max(1, round(plan["hindsight"] * game.samples))
    n = len(legal)
    totals = [[0.0] * seats for _ in range(n)]
    for _ in range(samples):
        # Common random numbers: one set-up and one playout seed for every action.
        deal = draw(rng)
        chance = rng.getrandbits(64)
        for j, action in enumerate(legal):
            for s, v in enumerate(game.value(deal, action, random.Random(chance))):
                totals[j][s] += v
    truth = [0.0] * n
    for _ in range(hindsight):
        chance = rng.getrandbits(64)
        for j, action in enumerate(legal):
            truth[j] += game.value(state, action, random.Random(chance))[seat]
    seats_values = [_mean(row, samples) for row in totals]
    values = [row[seat] for row in seats_values]
    truths = [total / hindsight for total in truth]
    order = sorted(range(n), key=lambda j: (-values[j], j))
    mine = keys.index(played_key)
    best = order[0]
    loss = max(0.0, values[best] - values[mine])
    hindsight_best = max(truths)
    return {
        "index": index,
        "seat": seat,
        "played": dict(played),
        "choices": [
            {"action": dict(legal[j]), "value": values[j], "hindsight": truths[j]} for j in order
        ],
        "best": dict(legal[best]),
        "value": values[mine],
        "best_value": values[best],
        "loss": loss,
        "hindsight": truths[mine],
        "hindsight_best": hindsight_best,
        "hindsight_loss": max(0.0, hindsight_best - truths[mine]),
        "seats_value": seats_values[mine],
        "verdict": verdict(loss),
        "cpu": time.process_time() - started,
    }


def accuracy(loss: float) -> float:
    """One decision's accuracy, 0-100: 100 for no loss, falling as the loss grows."""
    return 100.0 * math.exp(-ACCURACY_SLOPE * max(0.0, loss))


def summary(key: str, variant: str, seats: int, decisions: list[dict]) -> list[dict]:
    """Per seat: its decisions, accuracy (mean of ``accuracy``), mean loss and how many
    inaccuracies, mistakes and blunders."""
    out = []
    for seat in range(seats):
        mine = [d for d in decisions if d["seat"] == seat]
        losses = [d["loss"] for d in mine]
        verdicts = [d["verdict"] for d in mine]
        out.append(
            {
                "seat": seat,
                "decisions": len(mine),
                "accuracy": (sum(accuracy(x) for x in losses) / len(losses)) if mine else 100.0,
                "mean_loss": (sum(losses) / len(losses)) if mine else 0.0,
                "inaccuracies": verdicts.count("inaccuracy"),
                "mistakes": verdicts.count("mistake"),
                "blunders": verdicts.count("blunder"),
            }
        )
    return out
