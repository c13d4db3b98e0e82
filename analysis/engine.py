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
#
# Keys the search adds beyond the contract: each choice's "samples" (set-ups it was played
# out on: fewer for a choice dropped after the first round), "loss_error" (the standard
# error of "loss" over those set-ups), and ``accuracy(loss)`` (one decision's 0-100).

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
# ``hindsight`` playouts from the true state. With more than ``keep`` distinct choices the
# search runs in two rounds: every choice on the ``first`` share of the samples, then the
# ``keep`` best and the played one on the rest (see ``analyse_decision``). Where a playout
# grows with the table, ``work`` gives small tables more: at least ``work // seats``
# samples (and half as many hindsight playouts).
BUDGETS: dict[str, object] = {
    "standard": {
        "xix": {"samples": 128, "hindsight": 64, "keep": 8, "first": 0.25},
        "xeri": {"samples": 64, "hindsight": 32, "keep": 8, "first": 0.25},
        "xactika": {"samples": 16, "hindsight": 8, "keep": 6, "first": 0.25, "work": 240},
        "onexeno": {"samples": 24, "hindsight": 12, "keep": 6, "first": 0.34, "work": 96},
    },
    "ci": {
        "xix": {"samples": 24, "hindsight": 12, "keep": 6, "first": 0.34},
        "xeri": {"samples": 12, "hindsight": 6, "keep": 6, "first": 0.34},
        "xactika": {"samples": 8, "hindsight": 4, "keep": 4, "first": 0.5},
        "onexeno": {"samples": 8, "hindsight": 4, "keep": 4, "first": 0.5},
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
    n = len(legal)
    mine = keys.index(played_key)
    # Actions the game calls one choice (the same position follows) are played out once.
    group = getattr(game, "group", None)
    first: dict = {}
    stands_for = [first.setdefault(group(a) if group else j, j) for j, a in enumerate(legal)]
    tried = sorted(set(stands_for))
    samples = max(1, plan["samples"], plan.get("work", 0) // seats)
    hindsight = max(1, plan["hindsight"], plan.get("work", 0) // seats // 2)
    keep = plan.get("keep") or len(tried)
    if len(tried) <= keep:
        rounds = [(tried, samples, hindsight)]
    else:
        # Two rounds: every choice on a few samples, then the ``keep`` best of them and the
        # played one on the rest, valued on those fresh samples alone (so the best's value
        # is not the luckiest of many noisy figures).
        share = plan.get("first", 0.25)
        few, few_h = max(2, round(samples * share)), max(1, round(hindsight * share))
        rounds = [(tried, few, few_h), (None, samples - few, hindsight - few_h)]
    info = {j: [[0.0] * seats, 0] for j in tried}
    truth = {j: [0.0, 0] for j in tried}
    kept = tried
    draws: dict = {}  # the last round's value of each sample, per choice (for the error)
    for which, count, count_h in rounds:
        if which is None:
            ranked = sorted(tried, key=lambda j: (-info[j][0][seat] / info[j][1], j))
            kept = sorted(set(ranked[:keep]) | {stands_for[mine]})
            info.update({j: [[0.0] * seats, 0] for j in kept})
            which = kept
        draws = {j: [] for j in which}
        for _ in range(count):
            # Common random numbers: one set-up and one playout seed for every action.
            deal = draw(rng)
            chance = rng.getrandbits(64)
            for j in which:
                row = info[j]
                shares = game.value(deal, legal[j], random.Random(chance))
                for s, v in enumerate(shares):
                    row[0][s] += v
                row[1] += 1
                draws[j].append(shares[seat])
        for _ in range(count_h):
            chance = rng.getrandbits(64)
            for j in which:
                truth[j][0] += game.value(state, legal[j], random.Random(chance))[seat]
                truth[j][1] += 1
    means = {j: _mean(total, count) for j, (total, count) in info.items()}
    floor = min(means[j][seat] for j in kept)
    seats_values, values, truths, searched = [], [], [], []
    for j in range(n):
        r = stands_for[j]
        seats_values.append(means[r])
        # A choice dropped after the first round is shown no higher than the worst kept.
        values.append(means[r][seat] if r in kept else min(means[r][seat], floor))
        truths.append(truth[r][0] / truth[r][1])
        searched.append(info[r][1])
    # Ties: the played action first, then the choices kept to the end.
    order = sorted(range(n), key=lambda j: (-values[j], j != mine, stands_for[j] not in kept, j))
    best = order[0]
    loss = max(0.0, values[best] - values[mine])
    error = _paired_error(draws[stands_for[best]], draws[stands_for[mine]])
    hindsight_best = max(truths)
    return {
        "index": index,
        "seat": seat,
        "played": dict(played),
        "choices": [
            {
                "action": dict(legal[j]),
                "value": values[j],
                "hindsight": truths[j],
                "samples": searched[j],
            }
            for j in order
        ],
        "best": dict(legal[best]),
        "value": values[mine],
        "best_value": values[best],
        "loss": loss,
        "hindsight": truths[mine],
        "hindsight_best": hindsight_best,
        "hindsight_loss": max(0.0, hindsight_best - truths[mine]),
        "seats_value": seats_values[mine],
        "loss_error": error,
        "verdict": verdict(loss),
        "cpu": time.process_time() - started,
    }


def _paired_error(best: list[float], mine: list[float]) -> float:
    """The standard error of the mean of ``best - mine`` over the same samples."""
    n = len(mine)
    if n < 2:
        return 0.0
    diffs = [b - m for b, m in zip(best, mine, strict=True)]
    mean = sum(diffs) / n
    return math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)


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
