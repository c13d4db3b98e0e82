"""Building Xeri set-ups by hand, and playing them, for the rulings tests."""

import random

from games.xeri.engine import RULES
from games.xeri.engine.cards import CARDS

# The worked example of xeri-rulings.md, as printed there.
EXAMPLE_SETUP = {
    "first_dealer": 1,
    "rounds": [
        {
            "deck": (
                "7H 8S 3C 4D JH 5D KC 10C 5H AD 10H 4H 10S JC AC 7C QH 10D 9C 8D 8H 5S 7S 7D "
                "3S QC JS 6H JD QD 6D 2S 3D 9H KS 5C KH 8C 6S QS 2H AS KD 3H 4S 4C 2C 6C 2D "
                "9S AH 9D"
            ).split(),
            "redeals": [["5C", "KH", "2S", "5S"]],
        },
        {
            "deck": (
                "KS AS 3C 7C JD 2D KC JC 9C 3H JH 2S QC 6C 2H 4S QH 7S QD 3S 10D 2C 9H 7D 8C "
                "10S 6H 5H 3D 8S 4C 8H 9D 8D 10C JS AH 4H 5D AC 9S 5S 10H 7H AD 6D 6S KH 4D 5C "
                "KD QS"
            ).split(),
            "redeals": [],
        },
    ],
}
EXAMPLE_CARDS = ["7H", "5H", "5D", "4H", "4D"]


def play(seat: int, card: str) -> dict:
    return {"seat": seat, "type": "play", "card": card}


def layout(seats: int, blocks, pile, rest=()) -> list[str]:
    """A 52-card deck: ``blocks`` are 6-card hands in dealing order (the first hands, then
    the later deals' hands, each block possibly shorter), ``pile`` the starting pile, then
    ``rest``; every card not named fills the gaps in canonical order."""
    named = [card for block in blocks for card in block] + list(pile) + list(rest)
    assert len(named) == len(set(named)), "a card is named twice"
    spare = iter([card for card in CARDS if card not in named])
    padded = [list(block) + [next(spare) for _ in range(6 - len(block))] for block in blocks]
    first = [card for block in padded[:seats] for card in block]
    later = [card for block in padded[seats:] for card in block]
    deck = first + list(pile) + later + list(rest)
    deck += list(spare)
    assert len(deck) == 52
    return deck


def setup_of(seats: int, first_dealer: int, *decks, redeals=None, seed="fill") -> dict:
    """A set-up whose first rounds use ``decks``; the other rounds (one deal per seat) are
    drawn from ``seed``."""
    drawn = RULES.deal(seed, "classic", seats)["rounds"]
    rounds = [{"deck": list(deck), "redeals": []} for deck in decks] + drawn[len(decks) :]
    if redeals:
        rounds[0]["redeals"] = redeals
    setup = {"first_dealer": first_dealer, "rounds": rounds}
    RULES.check_setup("classic", seats, setup)
    return setup


def run(setup: dict, cards, seats: int = 2):
    """The state after the seat to move plays each of ``cards`` in turn, and every event."""
    state = RULES.new("classic", seats, setup)
    events = []
    for card in cards:
        state, new = state.apply(play(state.to_move, card))
        events += new
    return state, events


def random_match(seats: int, seed, rounds=None):
    """(setup, actions, states) of a match of random legal plays."""
    setup = RULES.deal(f"random-{seed}", "classic", seats, rounds)
    rng = random.Random(seed)
    state = RULES.new("classic", seats, setup)
    actions, states = [], [state]
    while not state.over:
        action = rng.choice(state.legal_actions())
        state, _events = state.apply(action)
        actions.append(action)
        states.append(state)
    return setup, actions, states


def plays(events) -> list[dict]:
    return [event for event in events if event["type"] == "play"]


def twin_views(tables: int, rng: random.Random, name: str):
    """For each of ``tables`` classic tables (two seats, then four, in turn): the view of the
    seat to move at its set-up and at a twin that differs only in cards that seat cannot
    know (``RULES.hidden_swap``), checked the same; yields (table, view, twin's view). A
    bot that decides from the view alone answers both alike."""
    for table in range(tables):
        seats = (2, 4)[table % 2]
        setup = RULES.deal(f"{name}-{table}", "classic", seats)
        seat = RULES.new("classic", seats, setup).to_move
        twin = RULES.hidden_swap(setup, seat, rng, seats)
        assert twin != setup
        views = [RULES.seat_view(RULES.new("classic", seats, s), seat) for s in (setup, twin)]
        assert views[0] == views[1]
        yield table, views[0], views[1]
