"""ONEXENO for the analysis: the strong bot's determinizations (``games.onexeno.bots.sample``:
the unseen cards shuffled into the other hands and the stack) and its playout policy
(``games.onexeno.bots.strong.rollout``: every seat making the best ``sensible`` placement,
ties at random), played to the end of the game and scored by its places (by side in the
partners variant)."""

from games.kit.ismcts import share_rewards
from games.onexeno.bots.sample import sample
from games.onexeno.bots.strong import rollout
from games.onexeno.engine import RULES, State


class Adapter:
    samples = 1.0

    def sampler(self, view: dict):
        return lambda rng: sample(view, rng)

    def value(self, state, action: dict, rng) -> list[float]:
        after, _events = State.apply(state, action)
        end = rollout(after, rng, None)
        return share_rewards(RULES.outcome(end).ranks, end.sides)


def adapter(variant: str, seats: int) -> Adapter:
    return Adapter()
