"""Shared parts of a game's ``RULES`` and bots: ``fold_actions`` (a replay), ``is_legal``, the
first-legal ``zombie_action`` and the ``random`` bot."""

import random

from .errors import IllegalAction, InvalidSetup


def fold_actions(state, actions):
    """The state after applying ``actions`` one by one with ``state.apply``: the heart of a
    ``replay``. InvalidSetup unless ``actions`` is a list; an IllegalAction raised carries
    the index of the action that raised it."""
    if not isinstance(actions, list):
        raise InvalidSetup('"actions" must be a list')
    for index, action in enumerate(actions):
        try:
            state, _events = state.apply(action)
        except IllegalAction as error:
            error.index = index
            raise
    return state


def is_legal(state, action) -> bool:
    """Whether ``state.apply`` accepts ``action`` (any object; never raises)."""
    try:
        state.apply(action)
    except IllegalAction:
        return False
    return True


class StatePlay:
    """The ``zombie_action`` of ``GameRules`` most games play: the seat's first legal
    action; and no table options (``games.kit.options``). A game's ``RULES`` class
    inherits them, or overrides them."""

    options: tuple = ()  # of games.kit.options.GameOption, each a keyword of ``deal``

    def zombie_action(self, state, seat: int) -> dict:
        """The first legal action of ``seat``, which must be to move."""
        if state.over or state.to_move != seat:
            raise IllegalAction(f"seat {seat} is not to move")
        return state.legal_actions()[0]


class RandomBot:
    """The ``random`` level every game can offer: a uniformly random legal action."""

    level = "random"

    def choose(self, view: dict, seed=None) -> dict:
        """One of ``view["legal_actions"]``, the same for the same view and seed; ``seed``
        may also be a ``random.Random``, which the choice then draws from."""
        legal = view["legal_actions"]
        if not legal:
            raise ValueError("the seat has no legal action")
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        return rng.choice(legal)


class _RandomOnly:
    """The bots of a game that has none of its own: the ``random`` level."""

    LEVELS = ("random",)

    @staticmethod
    def make_bot(level: str, **options) -> RandomBot:
        if level != "random" or options:
            raise ValueError(f"this game has no {level!r} bot")
        return RandomBot()


RANDOM_ONLY = _RandomOnly()
