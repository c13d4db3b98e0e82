"""Xeri for the analysis: the strong bot's determinizations (``games.xeri.bots.sample``) and
its playout policy (``games.xeri.bots.strong.rollout``: every seat playing the heuristic
bot's rules of thumb, with a little chance), played to the end of the match and scored by
its places (a partnership's share at four seats). A Xeri match is a few rounds of a few
milliseconds each, so no horizon is needed."""

from games.kit.ismcts import share_rewards
from games.xeri.bots.sample import Prepared
from games.xeri.bots.strong import rollout
from games.xeri.engine import RULES


class Adapter:
    samples = 1.0

    def __init__(self, variant: str, seats: int):
        self.sides = RULES.variants[variant].sides(seats)

    def sampler(self, view: dict):
        ready = Prepared(view)
        return lambda rng: ready.sample(rng, fresh=True)

    def value(self, state, action: dict, rng) -> list[float]:
        after, _events = state.apply(action)
        end = rollout(after, rng, None)
        return share_rewards(RULES.outcome(end).ranks, self.sides)


def adapter(variant: str, seats: int) -> Adapter:
    return Adapter(variant, seats)
