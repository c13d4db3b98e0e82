"""Determinizations for the strong bot: full ONEXENO states that fit one seat's view.

A seat sees its own hand, the field, every taken pile, the stack count, each hand's size,
who is out and the whole move list (ruling 29). What it cannot see is where the cards of
``view["unseen"]`` are: the stack and the other hands, a partner's included. Nothing in
the game narrows that down for certain: a pass may be made with a playable card in hand
(ruling 14), so it tells nothing, and every card ever laid is on the field or in a taken
pile, which the view shows. A determinization therefore deals the unseen cards at random
into the other hands (each its public size) and the stack (its public count), and keeps
everything else as the view shows it, so that ``RULES.seat_view`` of the sample is the view
it came from.
"""

import random

from games.onexeno.engine import State
from games.onexeno.engine.state import sides_of

# The state built from the last view sampled, without the hidden cards: a search samples
# the same view many times. One tuple, replaced whole, so threads never see half of it.
_last: tuple[dict, State] | None = None


def _public(view: dict) -> State:
    """A state holding everything ``view`` shows; other hands and the stack are empty."""
    seat = view["viewer"]
    if type(seat) is not int or view["over"] or view["to_move"] is None:
        raise ValueError("a determinization needs a seat's view of a game in play")
    seats = view["seats"]
    state = State.__new__(State)
    state.variant, state.seats, state.dealer = view["variant"], seats, view["dealer"]
    state.sides = sides_of(view["variant"], seats)
    state.field = {
        (cell["x"], cell["y"]): (cell["card"], cell["rotation"], cell["face"])
        for cell in view["field"]
    }
    hands = [()] * seats
    hands[seat] = tuple(view["hand"])
    state.hands = tuple(hands)
    state.stack = ()
    state.taken = tuple(tuple(cards) for cards in view["taken"])
    state.out = tuple(view["out"])
    state.to_move = view["to_move"]
    state.endgame = view["endgame"]
    drawn = [None] * seats  # another seat's last draw is never shown, nor used in play
    drawn[seat] = view["drawn"]
    state.drawn = tuple(drawn)
    state.n_actions = view["n_actions"]
    state.reason = None
    log = None
    for line in view["history"]:
        log = (log, {name: value for name, value in line.items() if name != "text"})
    state.log = log
    return state


def sample(view: dict, rng: random.Random) -> State:
    """A full state consistent with ``view``: the unseen cards shuffled into the other
    hands and the stack, each of its public size."""
    global _last
    last = _last
    if last is not None and last[0] is view:
        base = last[1]
    else:
        base = _public(view)
        _last = (view, base)
    counts = view["hand_counts"]
    unseen = list(view["unseen"])
    if len(unseen) != sum(counts) - counts[view["viewer"]] + view["stack_count"]:
        raise ValueError("the view's unseen cards do not fill the other hands and the stack")
    rng.shuffle(unseen)
    hands = list(base.hands)
    at = 0
    for other, count in enumerate(counts):
        if other != view["viewer"]:
            hands[other] = tuple(sorted(unseen[at : at + count]))
            at += count
    state = base._copy()
    state.hands = tuple(hands)
    state.stack = tuple(unseen[at:])
    return state
