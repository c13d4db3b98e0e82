"""The strong bot: information-set Monte Carlo tree search (``games.kit.ismcts``).

Each iteration deals the cards the seat cannot see at random (``sample.sample``), grows the
tree a step, and plays on with a cheap greedy policy (``rollout``) until every seat has had
two turns (``horizon``); the look-ahead is then scored by what each side gained in it
(``reward``), a finished game by its places. At the root every legal action is tried; below
it each seat weighs only the few placements a player would (``sensible``), so the tree finds
the best of the replies that matter instead of expanding random ones. ONEXENO has no rounds,
and a whole game is some 55 to 70 moves of 14 placements each on average: a short look
ahead, where the tricks given and taken happen, is worth far more per second than a few
playouts to the end.
"""

import math
import random

from games.kit.ismcts import SearchBot, SearchGame, share_rewards
from games.onexeno.engine import RULES, VALUE, State
from games.onexeno.engine.state import LIMIT, line_counts

from .sample import sample

ITERATIONS = 300  # per move: about 0.4 s on one quiet core (docs/bots.md)
ROUNDS = 2  # the horizon: this many turns of every seat after the root
HAND_WEIGHT = 0.4  # a held card counts this much against its holder while the stack lasts
EXPLORATION = 0.25  # UCB1 constant: rewards differ by tenths here, not by halves
KEEP = 5  # placements each seat weighs after the searching seat's move
SCALE = 8.0  # points gained more than another side that make a reward of 0.73 (logistic)


def sensible(state: State) -> tuple[list[dict], list[tuple[int, int]]]:
    """The placements a player would weigh, best first, with their ranks: those that take a
    trick if any do, else those that leave no line a card short of five if any do, else
    all; within that class the highest cards first (a card held at the end counts against
    you), at most ``KEEP``. Only when no card fits, the legal actions as they are (a pass,
    which is final in the end game)."""
    legal = State.legal_actions(state)
    field = state.field
    safety_of = {}
    ranked = []
    for index, action in enumerate(legal):
        if action["type"] == "pass":
            continue
        cell = (action["x"], action["y"])
        safety = safety_of.get(cell)
        if safety is None:
            most = max(line_counts(field, *cell))
            safety = safety_of[cell] = 2 if most == LIMIT - 1 else 0 if most == LIMIT - 2 else 1
        ranked.append((-safety, -VALUE[action["card"]], index))
    if not ranked:
        return legal, [(0, 0)] * len(legal)
    ranked.sort()
    top = ranked[0][0]
    kept = [entry for entry in ranked if entry[0] == top][:KEEP]
    return [legal[index] for _s, _v, index in kept], [(-s, -v) for s, v, _index in kept]


class Lookahead(State):
    """A state inside the search, after the searching seat's move: every seat weighs only
    its ``sensible`` placements, so the tree's replies are a player's, not random ones."""

    __slots__ = ()

    def legal_actions(self) -> list[dict]:
        return sensible(self)[0]

    def apply(self, action) -> tuple[State, tuple]:
        new, events = State.apply(self, action)
        new.__class__ = Lookahead
        return new, events


class Root(State):
    """The sampled state the search starts from: every legal action is tried."""

    __slots__ = ()

    def apply(self, action) -> tuple[State, tuple]:
        new, events = State.apply(self, action)
        new.__class__ = Lookahead
        return new, events


def search_sample(view: dict, rng: random.Random) -> State:
    state = sample(view, rng)
    state.__class__ = Root
    return state


def rollout(state, rng: random.Random, stop=None):
    """Play on greedily, as a player would at a glance: the best ``sensible`` placement,
    ties at random."""
    while not state.over and not (stop and stop(state)):
        actions, ranks = sensible(state)
        ties = sum(1 for rank in ranks if rank == ranks[0])
        state, _events = state.apply(actions[rng.randrange(ties)])
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


GAME = SearchGame(
    rules=RULES, sample=search_sample, reward=reward, rollout=rollout, horizon=horizon
)


def make_strong(iterations: int) -> SearchBot:
    return SearchBot(GAME, "strong", iterations, EXPLORATION)
