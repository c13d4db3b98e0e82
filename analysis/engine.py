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
