"""Shared helpers for the Xactika tests: set-ups with chosen hands, actions, random games.

The deck is rebuilt here from ruling 1 (not imported from the engine), so a set-up written
by hand cannot agree with an engine bug.
"""

import itertools
import random

from games.xactika.engine import RULES

DECK = ["".join(digits) for digits in itertools.product("123", repeat=4)]


def value(card: str) -> int:
    return sum(int(digit) for digit in card)


def rounds_for(seats: int) -> int:
    return 8 if seats <= 8 else seats


def shuffle_with(hands_in_order, rest_order=None) -> list[str]:
    """A round's 81 codes: the given blocks first (in dealing order), then the rest."""
    dealt = [card for hand in hands_in_order for card in hand]
    rest = [card for card in (rest_order or DECK) if card not in dealt]
    return dealt + rest


def setup_with(seats: int, first_dealer: int, hands: dict, later=None) -> dict:
    """A set-up whose round 0 deals ``hands[seat]`` to each seat named, topped up to 8
    cards (and the seats not named given 8) from the unnamed cards in deck order. Later
    rounds deal ``later`` (a list of 81 codes) or the deck in order."""
    taken = {card for hand in hands.values() for card in hand}
    spare = iter(card for card in DECK if card not in taken)
    order = [(first_dealer + 1 + block) % seats for block in range(seats)]
    blocks = [list(hands.get(seat, [])) for seat in order]
    for block in blocks:
        block += [next(spare) for _ in range(8 - len(block))]
    first = shuffle_with(blocks)
    others = [list(later or DECK) for _ in range(rounds_for(seats) - 1)]
    return {"first_dealer": first_dealer, "rounds": [first, *others]}


def bid(seat, n):
    return {"seat": seat, "type": "bid", "n": n}


def lead(seat, card, shape):
    return {"seat": seat, "type": "play", "card": card, "shape": shape}


def follow(seat, card):
    return {"seat": seat, "type": "play", "card": card}


def record(variant, seats, setup, actions, **extra) -> dict:
    return {**RULES.record_header(variant, seats, setup), "actions": list(actions), **extra}


def random_game(variant: str, seats: int, seed) -> tuple[dict, list, list]:
    """(setup, actions, states) of a game of uniformly random legal actions."""
    setup = RULES.deal(f"xactika-test-{seed}", variant, seats)
    rng = random.Random(seed)
    state = RULES.new(variant, seats, setup)
    actions, states = [], [state]
    while not state.over:
        action = rng.choice(state.legal_actions())
        state, _events = state.apply(action)
        actions.append(action)
        states.append(state)
    return setup, actions, states
