"""The strong bot: information-set Monte Carlo tree search (``games.kit.ismcts``).

Each iteration deals the cards the seat cannot see at random (``sample.sample``), grows
the tree a step, and plays on with a cheap greedy policy (``rollout``) until every seat
has had two turns (``horizon``); the look-ahead is then scored by what each side gained in
it (``reward``), a finished game by its places. ONEXENO has no rounds, and a whole game
is some 55 to 70 moves of 14 placements each on average: a short look ahead, where the
tricks given and taken happen, is worth far more per second than a few playouts to the
end.
"""

import math
import random

from games.kit.ismcts import Game, SearchBot, share_rewards
from games.onexeno.engine import RULES, VALUE
from games.onexeno.engine.state import LIMIT, line_counts

from .sample import sample

ITERATIONS = 300  # per move: about 0.4 s on one quiet core (docs/bots.md)
ROUNDS = 2  # the horizon: this many turns of every seat after the root
HAND_WEIGHT = 0.4  # a held card counts this much against its holder while the stack lasts
EXPLORATION = 0.25  # UCB1 constant: rewards differ by tenths here, not by halves
SCALE = 8.0  # points gained more than another side that make a reward of 0.73 (logistic)


def rollout(state, rng: random.Random, stop=None):
    """Play on greedily, as a player would at a glance: lay a card that takes a trick if
    one does, else one that leaves no line a card short of five, else any; among those the
    highest card (a card held at the end counts against you), ties at random. Pass only
    when no card fits (a pass is final in the end game)."""
    while not state.over and not (stop and stop(state)):
        legal = state.legal_actions()
        field = state.field
        rank_of = {}
        best, best_rank = [], (-1, -1)
        for action in legal:
            if action["type"] == "pass":
                continue
            cell = (action["x"], action["y"])
            safety = rank_of.get(cell)
            if safety is None:
                most = max(line_counts(field, *cell))
                safety = rank_of[cell] = 2 if most == LIMIT - 1 else 0 if most == LIMIT - 2 else 1
            rank = (safety, VALUE[action["card"]])
            if rank > best_rank:
                best, best_rank = [action], rank
            elif rank == best_rank:
                best.append(action)
        action = best[rng.randrange(len(best))] if best else legal[-1]
        state, _events = state.apply(action)
    return state


def horizon(root, state) -> bool:
    return state.n_actions - root.n_actions >= ROUNDS * root.seats


def reward(state) -> list[float]:
    """The finished game's places (``share_rewards``). At the horizon, what the look-ahead
    changed: per seat, the mean over the other sides of a logistic of its side's gain less
    theirs, a seat's gain being the value of the cards it took in the last ``ROUNDS``
    turns of every seat plus the value of the cards it laid (a held card counts against
    its holder at the end: ``HAND_WEIGHT`` of it while the stack lasts, all of it in the
    end game). The standing before the search is the same for every move, so it is left
    out: it would only flatten the logistic."""
    if state.over:
        return share_rewards(RULES.outcome(state).ranks, state.sides)
    seats = state.seats
    weight = HAND_WEIGHT if state.stack else 1.0
    gain = [0.0] * seats
    link = state.log
    for _step in range(ROUNDS * seats):
        link, entry = link
        if entry["type"] == "place":
            gain[entry["seat"]] += entry["value"] + weight * VALUE[entry["card"]]
    sides = state.sides or tuple((seat,) for seat in range(seats))
    worth = [sum(gain[member] for member in side) for side in sides]
    others = len(sides) - 1
    by_side = []
    for mine, own in enumerate(worth):
        total = sum(
            1.0 / (1.0 + math.exp((theirs - own) / SCALE))
            for index, theirs in enumerate(worth)
            if index != mine
        )
        by_side.append(total / others)
    side_of = {member: index for index, side in enumerate(sides) for member in side}
    return [by_side[side_of[seat]] for seat in range(seats)]


GAME = Game(rules=RULES, sample=sample, reward=reward, rollout=rollout, horizon=horizon)


def make_strong(iterations: int) -> SearchBot:
    return SearchBot(GAME, "strong", iterations, EXPLORATION)
