"""Points of view (rulings 21, 22, 27-29): a seat, a spectator, or anyone after the end.

Everything of Xeri is public except the hands and the stock: a seat sees its own hand on
top of the public view, a spectator sees the public view alone, and the full view adds
every hand, the stock's order and the set-up. A view never holds the deck of the round in
progress or of a later round, nor a later round's rejected piles (they are in no log yet).
"""

from .cards import CARDS, sort_cards
from .events import event_json, sheet_json
from .outcome import SIDES, outcome
from .setup import copy_setup
from .state import State

SPECTATOR = "spectator"
FULL = "full"


def seat_view(state: State, seat: int, names=None) -> dict:
    """What ``seat`` knows: the public view and its own hand."""
    if type(seat) is not int or not 0 <= seat < state.seats:
        raise ValueError(f"seat must be 0 to {state.seats - 1}")
    return _view(state, seat, names)


def spectator_view(state: State, names=None) -> dict:
    return _view(state, SPECTATOR, names)


def full_view(state: State, names=None, *, you=None) -> dict:
    """Everything (for anyone once the match is over, ruling 29; for staff at any time).
    ``you``: the reader's seat, if they played, whose moves the log tells as "You"."""
    return _view(state, FULL, names, you=you)


def sides(seats: int) -> list[list[int]]:
    return [list(side) for side in SIDES[seats] or ((0,), (1,))]


def _view(state: State, viewer, names, *, you=None) -> dict:
    seats = state.seats
    mine = type(viewer) is int
    table = {*state.pile, *state.captured[0], *state.captured[1]}
    known = table | set(state.hands[viewer]) if mine else table
    if viewer == FULL:
        known = set(CARDS)
    result = outcome(state)
    return {
        "game": "xeri",
        "variant": state.variant,
        "seats": seats,
        "names": list(names) if names is not None else None,
        "viewer": viewer,
        # The seat the page tells as "You": a seat's own, or a full view's reader.
        "reader": viewer if mine else you,
        "sides": sides(seats),
        "partner": (viewer + 2) % 4 if mine and seats == 4 else None,
        "rounds": state.rounds,
        "round": state.round + 1,
        "deal": state.deal_no,
        "dealer": state.dealer,
        "to_move": state.to_move,
        "n_actions": state.n_actions,
        "stock": state.stock,
        "hand_counts": [len(hand) for hand in state.hands],
        "hand": list(state.hands[viewer]) if mine else None,
        "hands": [list(hand) for hand in state.hands] if viewer == FULL else None,
        "stock_cards": state.deck[state.draw :] if viewer == FULL else None,
        "pile": list(state.pile),
        "top": state.pile[-1] if state.pile else None,
        "captured": [
            {
                "side": side,
                "cards": list(state.captured[side]),
                "count": len(state.captured[side]),
                "xeris": state.xeris[side][0],
                "jack_xeris": state.xeris[side][1],
            }
            for side in (0, 1)
        ],
        "last_capturer": state.last_capturer,
        "sheets": [sheet_json(sheet) for sheet in state.sheets],
        "rounds_won": list(state.won),
        "totals": list(state.totals),
        "scores": state.scores,
        "unseen": sort_cards(set(CARDS) - known),
        "legal_actions": state.legal_actions() if mine and viewer == state.to_move else [],
        "result": result.as_json() if result else None,
        "history": [event_json(event, state.sheets) for event in state.events()],
        "setup": copy_setup(state.setup) if viewer == FULL else None,
    }
