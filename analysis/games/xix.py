"""XIX for the analysis: the expert bot's own playouts (``games.xix.bots.strong``).

- Standard: after the action, the exchange is played out as the search does (random cards
  until a seat takes a strike, then the rest of the exchange greedily with the sample's
  cards shown) and valued by the chance of winning the match to 19 from its score (the
  exact win table, ``chance_to_win``); an action that ends the exchange is valued by the
  table at once.
- Talon: the same playout to the end of the game (the search's ``TO_END``).
- XIX 2.0: random playouts to the end of the game (the search's own for v2).
"""

from games.xix.bots.determinize import Determinizer
from games.xix.bots.strong import _PHASES, TO_END, _playout, _Sim, chance_to_win
from games.xix.engine.playout import random_playout
from games.xix.engine.rules import TALON, V2


def to_sim(state, to_end: bool) -> _Sim:
    """The search's small position (``_Sim``) for an engine state in play."""
    s = _Sim.__new__(_Sim)
    s.talon = state.variant == TALON
    s.closed = state.closed[:]
    s.opened = state.open[:]
    s.row = state.row[:]
    s.up = state.row_up[:]
    s.scores = state.scores[:]
    s.strikes = state.strikes[:]
    s.phase = _PHASES[state.phase]
    s.seat = state.to_move
    s.leader = state.leader
    s.led = state.led
    s.pool = state.pool
    s.loser = state.ex_loser
    s.value = None
    s.to_end = to_end
    return s


def _won(state) -> list[float]:
    if state.winner is None:
        return [0.5, 0.5]
    return [1.0, 0.0] if state.winner == 0 else [0.0, 1.0]


class Adapter:
    samples = 1.0

    def __init__(self, variant: str):
        self.variant = variant
        self.to_end = TO_END.get(variant, True)

    def sampler(self, view: dict):
        return Determinizer(view).deal

    def value(self, state, action: dict, rng) -> list[float]:
        after, _events = state.apply(action)
        if after.over:
            return _won(after)
        if self.variant == V2:
            _scores, winner = random_playout(after, rng.random)
            return [0.5, 0.5] if winner is None else [1.0 - winner, float(winner)]
        if not self.to_end and after.scores != state.scores:
            # The action ended the exchange: the table values the new score at once.
            a, b = after.scores
            chance = chance_to_win(False, a, b, after.row_up.count(False), *after.closed)
            return [chance, 1.0 - chance]
        chance = _playout(to_sim(after, self.to_end), rng.random, 1)
        return [chance, 1.0 - chance]


def adapter(variant: str, seats: int) -> Adapter:
    return Adapter(variant)
