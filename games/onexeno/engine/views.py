"""Points of view: what one seat, a spectator, or anyone after the game may see (R29).

A view is a JSON-ready dict built only from what its viewer may know: a seat sees its own
hand (with the card it drew last), never another hand (a partner's included) nor the
stack's order; the set of cards it has not seen is shown as a deduction, without places.
Once the game is over every hand is shown to everyone.
"""

from .cards import IDS
from .outcome import outcome
from .state import LIMIT, State, extent

FULL = "full"
SPECTATOR = "spectator"


def seat_view(state: State, seat: int, names=None) -> dict:
    if type(seat) is not int or not 0 <= seat < state.seats:
        raise ValueError(f"seat must be 0 to {state.seats - 1}")
    return _view(state, seat, names)


def spectator_view(state: State, names=None) -> dict:
    return _view(state, SPECTATOR, names)


def full_view(state: State, names=None, *, you=None) -> dict:
    """Everything; ``you``: the reader's seat, if they played, whose moves the history
    tells as "You"."""
    return _view(state, FULL, names, you=you)


def _who(seat: int, viewer, names) -> str:
    if seat == viewer:
        return "You"
    return names[seat] if names else f"Seat {seat + 1}"


def _line(entry: dict, viewer, names) -> dict:
    who = _who(entry["seat"], viewer, names)
    if entry["type"] == "pass":
        text = f"{who} passed for good" if entry["final"] else f"{who} passed"
    else:
        text = f"{who} laid card {entry['card']} at ({entry['x']}, {entry['y']})"
        if entry["taken"]:
            lines = len(entry["lines"])
            text += (
                f" and took {len(entry['taken'])} cards worth {entry['value']}"
                f" ({lines} line{'s' if lines > 1 else ''})"
            )
    return {**entry, "text": text}


def _field(state: State) -> list[dict]:
    cells = sorted(state.field.items(), key=lambda item: (item[0][1], item[0][0]))
    return [
        {"x": x, "y": y, "card": card, "rotation": rotation, "face": face}
        for (x, y), (card, rotation, face) in cells
    ]


def _extent(state: State) -> dict | None:
    box = extent(state.field)
    if box is None:
        return None
    low_x, high_x, low_y, high_y = box
    width, height = high_x - low_x + 1, high_y - low_y + 1
    return {
        "min_x": low_x,
        "max_x": high_x,
        "min_y": low_y,
        "max_y": high_y,
        "width": width,
        "height": height,
        "closed_x": width == LIMIT,
        "closed_y": height == LIMIT,
    }


def _view(state: State, viewer, names, *, you=None) -> dict:
    over = state.over
    everything = over or viewer == FULL
    own = viewer if type(viewer) is int else None
    reader = own if own is not None else you  # told as "You"
    seen = set(state.hands[own]) if own is not None else set()
    for cards in state.taken:
        seen.update(cards)
    seen.update(card for card, _rotation, _face in state.field.values())
    history = [_line(entry, reader, names) for entry in state.history()]
    return {
        "game": "onexeno",
        "variant": state.variant,
        "seats": state.seats,
        "viewer": viewer,
        "reader": reader,
        "names": list(names) if names else None,
        "dealer": state.dealer,
        "sides": [list(side) for side in state.sides] if state.sides else None,
        "to_move": state.to_move,
        "over": over,
        "n_actions": state.n_actions,
        "endgame": state.endgame,
        "stack_count": len(state.stack),
        "hand_counts": [len(hand) for hand in state.hands],
        "hand": list(state.hands[own]) if own is not None else None,
        "drawn": state.drawn[own] if own is not None else None,
        "hands": [list(hand) for hand in state.hands] if everything else None,
        "stack": list(state.stack) if viewer == FULL else None,
        "field": _field(state),
        "extent": _extent(state),
        "taken": [list(cards) for cards in state.taken],
        "taken_values": [state.taken_value(seat) for seat in range(state.seats)],
        "out": list(state.out),
        "scores": state.scores,
        # a deduction, never a location: the stack and the hands this viewer cannot see
        "unseen": [] if everything else [card for card in IDS if card not in seen],
        "legal_actions": state.legal_actions() if own is not None and own == state.to_move else [],
        "result": outcome(state).as_json() if over else None,
        "history": history,
    }
