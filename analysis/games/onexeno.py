"""ONEXENO for the analysis: the strong bot's determinizations (``games.onexeno.bots.sample``:
the unseen cards shuffled into the other hands and the stack) and its playout policy
(``games.onexeno.bots.strong.rollout``: every seat making the best ``sensible`` placement,
ties at random). Once at most ``TO_END`` cards are left to play (stack and hands) the
playout goes on to the end of the game, scored by its places; before that, for ``TURNS``
turns of every seat after the action (the strong bot's own look-ahead).

The position there is valued as a share of the game (``analysis.search_share``). Each
seat's final score is estimated as what it has taken less ``HAND_WEIGHT`` of its hand (all
of it in the end game, as the rules score it at the end), and the difference between two
sides is spread by ``spread``: about ``SLOPE[seats]`` points per card still to play
(stack and hands), at most ``CAP[seats]``, as measured between that estimate and the final
scores of games played by the same policy (40 games per seat count; docs/analysis.md).
A finished game is scored by its places exactly.
"""

from analysis.search_share import shares
from games.kit.ismcts import share_rewards
from games.onexeno.bots.sample import sample
from games.onexeno.bots.strong import HAND_WEIGHT, rollout
from games.onexeno.engine import RULES, State, shown

TURNS = 2  # turns of every seat played out after the action, early in the game
TO_END = 30  # cards left to play (stack and hands) from which playouts go to the end
# seats -> (points of spread per card left to play, the most spread)
SLOPE = {2: 1.85, 3: 1.35, 4: 1.15, 7: 0.8}
CAP = {2: 62.0, 3: 53.0, 4: 46.0, 7: 36.0}
FLOOR = 4.0  # the estimate's own error with (almost) nothing left to play


def _measured(table: dict, seats: int) -> float:
    """``table`` at ``seats``, read linearly between the measured seat counts."""
    counts = sorted(table)
    if seats in table:
        return table[seats]
    for low, high in zip(counts, counts[1:], strict=False):
        if low < seats < high:
            t = (seats - low) / (high - low)
            return table[low] + t * (table[high] - table[low])
    return table[counts[0] if seats < counts[0] else counts[-1]]


def spread(seats: int, left: int) -> float:
    """The spread of the final difference between two sides with ``left`` cards to play."""
    return min(_measured(CAP, seats), FLOOR + _measured(SLOPE, seats) * left)


def estimate(state) -> list[float]:
    """Per seat, its side's final score as it stands (see the module's note)."""
    weight = HAND_WEIGHT if state.stack else 1.0
    own = [state.taken_value(s) - weight * state.hand_value(s) for s in range(state.seats)]
    if not state.sides:
        return own
    return [sum(own[m] for m in state.side_of(s)) for s in range(state.seats)]


class Adapter:
    samples = 1.0

    def __init__(self, seats: int):
        self.horizon = TURNS * seats

    def group(self, action: dict):
        """Placements that show the same face on the same cell (a card whose pattern
        looks the same turned) are one choice: the same position follows."""
        if action["type"] != "place":
            return ("pass",)
        return (action["x"], action["y"], shown(action["card"], action["rotation"]))

    def sampler(self, view: dict):
        return lambda rng: sample(view, rng)

    def value(self, state, action: dict, rng) -> list[float]:
        after, _events = State.apply(state, action)
        if len(after.stack) + sum(len(hand) for hand in after.hands) <= TO_END:
            end = rollout(after, rng, None)
        else:
            stop_at = after.n_actions + self.horizon
            end = rollout(after, rng, lambda s: s.n_actions >= stop_at)
        if end.over:
            return share_rewards(RULES.outcome(end).ranks, end.sides)
        left = len(end.stack) + sum(len(hand) for hand in end.hands)
        return shares(estimate(end), spread(end.seats, left), end.sides)


def adapter(variant: str, seats: int) -> Adapter:
    return Adapter(seats)
