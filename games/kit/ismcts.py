"""Information-set Monte Carlo tree search for any game of the site (standard library only).

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 2012). One tree is grown for the searching seat's information set.
Each iteration

1. draws a *determinization*: a full engine state consistent with everything the seat's
   view shows (the game's ``sample(view, rng)``, which must never place a card where the
   seat knows it is not);
2. descends the tree, every node choosing among the children whose actions are legal in
   this determinization by UCB1 with *availability* counts (a child's exploration term
   grows with the iterations in which it could have been chosen, not with its parent's);
   each node is scored from the point of view of the seat that made its action, so every
   seat, opponents included, picks its best reply in the tree;
3. adds one child for an action not yet tried, plays on with the game's rollout policy
   (uniformly random legal actions by default) until the game ends or the game's
   ``horizon`` says the position can be scored;
4. scores the end position for every seat (``reward``: 1 for a side that beat every other
   side, 0 for one beaten by all, a share in between) and adds it along the path.

The move is the root's most visited action. The budget is a number of iterations, not a
time, so a move depends only on the view and the seed.

A game supplies a ``SearchGame`` below (its rules, a sampler, and optionally a faster rollout, a
horizon with an evaluation, and a key for its actions); its ``strong`` bot is then a
``SearchBot``.
"""

import math
import random
from collections.abc import Callable
from dataclasses import dataclass


def action_key(action: dict):
    """A hashable key for an action dict (lists become tuples)."""
    return tuple(
        (name, tuple(value) if isinstance(value, list) else value)
        for name, value in sorted(action.items())
    )


def share_rewards(ranks, sides) -> list[float]:
    """Per seat, the share of the other sides it finished ahead of (a tie counts one
    half): 1 for a lone winner, 0 for the last. Partners get their side's share."""
    seats = len(ranks)
    if sides:
        leaders = [side[0] for side in sides]
        side_of = {seat: index for index, side in enumerate(sides) for seat in side}
    else:
        leaders = list(range(seats))
        side_of = {seat: seat for seat in range(seats)}
    others = len(leaders) - 1
    if others <= 0:
        return [0.5] * seats
    rewards = []
    for seat in range(seats):
        mine = ranks[seat]
        won = 0.0
        for leader in leaders:
            if side_of[leader] == side_of[seat]:
                continue
            theirs = ranks[leader]
            won += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
        rewards.append(won / others)
    return rewards


def random_rollout(state, rng: random.Random, stop: Callable | None = None):
    """Uniformly random legal actions until the game is over (or ``stop(state)``)."""
    choice = rng.choice
    while not state.over and not (stop and stop(state)):
        state, _events = state.apply(choice(state.legal_actions()))
    return state


@dataclass
class SearchGame:
    """What the search needs of a game.

    - ``sample(view, rng)``: a full state consistent with ``view`` (a determinization).
    - ``reward(state)``: a list of floats in [0, 1], one per seat, for a finished state, or
      for one where ``horizon`` said stop. The default reads ``rules.outcome`` and the
      variant's sides (``share_rewards``).
    - ``rollout(state, rng, stop)``: the playout policy; the default is random.
    - ``horizon(root, state)``: True where a playout may stop and be scored (the end of
      the round, say); None plays every playout to the end of the game.
    - ``key(action)``: a hashable key for an action (``action_key`` by default).
    - ``prepare(view)``: optional; returns a ``draw(rng)`` that samples like
      ``sample(view, rng)``, for a game whose sampler reads the view once per search
      rather than once per iteration.
    """

    rules: object
    sample: Callable
    reward: Callable | None = None
    rollout: Callable = random_rollout
    horizon: Callable | None = None
    key: Callable = action_key
    prepare: Callable | None = None

    def sampler(self, view: dict) -> Callable:
        """``draw(rng)``: one determinization of ``view`` per call."""
        if self.prepare is not None:
            return self.prepare(view)
        sample = self.sample
        return lambda rng: sample(view, rng)

    def rewards_of(self, state) -> list[float]:
        if self.reward is not None:
            return self.reward(state)
        outcome = self.rules.outcome(state)
        sides = self.rules.variants[state.variant].sides(state.seats)
        return share_rewards(outcome.ranks, sides)


class Node:
    __slots__ = ("mover", "visits", "avail", "total", "children")

    def __init__(self, mover: int | None):
        self.mover = mover  # the seat whose action led here (None at the root)
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.children: dict = {}


def select(children: dict, keyed, exploration: float, log=math.log, sqrt=math.sqrt):
    """One step down the tree: among ``keyed`` (key, action) pairs legal here, those with
    no child yet, else the child of the best UCB1 score with availability counts (each
    child's availability counts up here). Returns (untried pairs, best child, its action);
    the untried are to be expanded first."""
    untried = []
    best, best_action, best_score = None, None, -1.0
    for k, action in keyed:
        child = children.get(k)
        if child is None:
            untried.append((k, action))
            continue
        child.avail += 1
        score = child.total / child.visits + exploration * sqrt(log(child.avail) / child.visits)
        if score > best_score:
            best, best_action, best_score = child, action, score
    return untried, best, best_action


def search(game: SearchGame, view: dict, rng: random.Random, iterations: int, exploration: float):
    """Grow the tree for ``view``'s seat; the root's children by action key."""
    root = Node(None)
    key = game.key
    draw = game.sampler(view)
    rollout = game.rollout
    horizon = game.horizon
    for _ in range(iterations):
        state = draw(rng)
        start = state
        stop = (lambda s, start=start: horizon(start, s)) if horizon else None
        node = root
        path = []
        while not state.over and not (stop and stop(state)):
            children = node.children
            keyed = [(key(action), action) for action in state.legal_actions()]
            untried, best, best_action = select(children, keyed, exploration)
            if untried:
                k, action = untried[rng.randrange(len(untried))]
                child = children[k] = Node(state.to_move)
                state, _events = state.apply(action)
                path.append(child)
                break
            path.append(best)
            state, _events = state.apply(best_action)
            node = best
        state = rollout(state, rng, stop)
        rewards = game.rewards_of(state)
        for child in path:
            child.visits += 1
            child.total += rewards[child.mover]
    return root


class SearchBot:
    """A bot that searches with ISMCTS; ``iterations`` per move, reproducible by seed."""

    def __init__(self, game: SearchGame, level: str, iterations: int, exploration: float = 0.7):
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        self.game = game
        self.level = level
        self.iterations = iterations
        self.exploration = exploration

    def root(self, view: dict, seed=None) -> Node:
        """The searched tree's root for ``view`` (its children keyed by ``game.key``)."""
        return search(self.game, view, random.Random(seed), self.iterations, self.exploration)

    def visits(self, view: dict, seed=None) -> list[tuple[dict, int, float]]:
        """(action, visits, mean reward) for each of the view's legal actions."""
        legal = view["legal_actions"]
        if not legal:
            raise ValueError("the seat has no legal action")
        root = self.root(view, seed)
        rows = []
        for action in legal:
            child = root.children.get(self.game.key(action))
            if child is None or not child.visits:
                rows.append((action, 0, 0.0))
            else:
                rows.append((action, child.visits, child.total / child.visits))
        return rows

    def choose(self, view: dict, seed=None) -> dict:
        # No shortcut for a single legal action: the search runs all the same, so the time
        # a move takes does not tell a forced move (docs/security.md, "Site-made moves").
        rows = self.visits(view, seed)
        # Most visits; ties go to the better mean, then to the earliest action.
        best = max(range(len(rows)), key=lambda j: (rows[j][1], rows[j][2], -j))
        return rows[best][0]
