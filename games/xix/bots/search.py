"""The strong and expert bots: information-set Monte Carlo tree search through the kit.

``games.kit.ismcts`` grows one tree for the bot's information set (single-observer ISMCTS,
Cowling, Powley and Whitehouse 2012). XIX supplies:

- the sampler: ``determinize.Determinizer`` reads the view once per move and deals a fresh
  full state consistent with everything the seat knows for every iteration;
- the playout: the engine's fast ``random_playout`` (uniformly random legal actions, a coin
  for raise or abandon) to the end of the game; random play in the playouts beat greedy
  play for the outside player of issue 21;
- the reward: 1 for a win, 0.5 for a talon draw, 0 for a loss, per seat;
- actions keyed by (type, card, position) tuples; the tree's positions are ``_Position``
  wrappers that step the engine's ``State`` on those tuples directly.

Both seats' decisions inside the tree, raise and abandon among them, are chosen by UCB1 on
the statistics of the whole tree: the rest of the exchange is looked ahead in the tree
before the random playout takes over, and the tree is shared by every sampled deal. The
budget is a number of iterations, so a move depends only on the view and the seed.
"""

from games.kit.ismcts import SearchBot, SearchGame
from games.xix.engine import RULES
from games.xix.engine.playout import random_playout

from .determinize import Determinizer

STRONG_ITERATIONS = 2000
EXPERT_ITERATIONS = 15000
EXPLORATION = 0.7


class _Position:
    """A tree position: an engine ``State`` whose actions are (type, seat, card, position)
    tuples, applied by the engine's own step without building action dicts."""

    __slots__ = ("state",)

    def __init__(self, state):
        self.state = state

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def to_move(self):
        return self.state.to_move

    def legal_actions(self) -> list[tuple]:
        return self.state.legal_tuples()

    def apply(self, action: tuple):
        new = self.state.copy()
        new._step(*action)
        return _Position(new), ()


class _Ended:
    __slots__ = ("winner",)

    def __init__(self, winner):
        self.winner = winner


def action_tuple(action) -> tuple:
    """The key of an action: a (type, seat, card, position) tuple, from a tuple or a dict."""
    if type(action) is tuple:
        return action
    return (action["type"], action["seat"], action.get("card", 0), action.get("position", 0))


def _prepare(view: dict):
    deal = Determinizer(view).deal
    return lambda rng: _Position(deal(rng))


def _sample(view: dict, rng) -> _Position:
    return _prepare(view)(rng)


def _rollout(position, rng, stop=None) -> _Ended:
    _scores, winner = random_playout(position.state, rng.random)
    return _Ended(winner)


def _reward(end) -> list[float]:
    winner = end.winner
    if winner is None:
        return [0.5, 0.5]
    return [1.0, 0.0] if winner == 0 else [0.0, 1.0]


XIX_GAME = SearchGame(
    rules=RULES,
    sample=_sample,
    prepare=_prepare,
    reward=_reward,
    rollout=_rollout,
    key=action_tuple,
)


def search_bot(level: str, iterations: int, exploration: float = EXPLORATION) -> SearchBot:
    """An ISMCTS bot for XIX with ``iterations`` per move."""
    return SearchBot(XIX_GAME, level, iterations, exploration)
