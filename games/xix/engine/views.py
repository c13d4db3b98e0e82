"""Points of view: what one seat, a spectator, or (after the game) anyone may see.

Everything that leaves the server is built here, from a ``State`` and a viewer. A view is a
plain JSON-ready dict. It holds only what the viewer knows (ruling 15), so two states the
viewer cannot tell apart give equal views, and a template or a JSON answer built from a
view cannot leak a hidden card.
"""

from . import rules
from .history import FULL, SPECTATOR, Narrator
from .state import State, cards_of


def seat_view(state: State, seat: int, names=None) -> dict:
    """What ``seat`` knows. ``names`` (per seat) may replace "Opponent" in the history."""
    if seat not in (0, 1):
        raise ValueError("seat must be 0 or 1")
    return _view(state, seat, names)


def spectator_view(state: State, names=None) -> dict:
    """Public information only."""
    return _view(state, SPECTATOR, names)


def full_view(state: State, names=None, *, you=None) -> dict:
    """Every card, for anyone once the game is over (and for staff at any time). ``you``:
    the reader's seat, if they played, whose lines the history tells as "You"."""
    return _view(state, FULL, names, you=you)


def _hand(state: State, seat: int, viewer) -> dict:
    closed = state.closed[seat]
    mine = viewer == seat or viewer == FULL
    if viewer in (0, 1) and viewer != seat:
        known = cards_of(state.known[viewer] & closed)
    else:
        known = []
    return {
        "closed": cards_of(closed) if mine else None,
        "closed_count": closed.bit_count(),
        "known_closed": known,
        "open": cards_of(state.open[seat]),
    }


def _row(state: State, viewer) -> list[dict]:
    if state.variant == rules.V2:
        return _row_v2(state, viewer)
    row = []
    for position in range(rules.ROW_SIZE):
        face_up = state.row_up[position]
        yours = viewer in (0, 1) and state.row_by[position] == viewer
        shown = face_up or yours or viewer == FULL
        row.append(
            {
                "position": position,
                "card": state.row[position] if shown else None,
                "face_up": face_up,
                "yours": yours,
            }
        )
    return row


def _row_v2(state: State, viewer) -> list[dict]:
    """Ruling 28: a seat sees a row card it placed or slid, while it stays at its place."""
    row = []
    for position in range(rules.ROW_SIZE):
        seat = viewer in (0, 1)
        knows = seat and bool(state.row_known[position] >> viewer & 1)
        yours = seat and state.row_by[position] == viewer
        slid_by = state.slid[position]
        row.append(
            {
                "position": position,
                "card": state.row[position] if knows or viewer == FULL else None,
                "face_up": False,
                "yours": yours,
                "peeked": knows and not yours,
                "slid_by": None if slid_by < 0 else slid_by,
                "known_to": [s for s in (0, 1) if state.row_known[position] >> s & 1],
            }
        )
    return row


def _view(state: State, viewer, names, *, you=None) -> dict:
    if viewer in (0, 1):
        seen = state.seen[viewer]
    elif viewer == FULL:
        seen = rules.ALL_CARDS
    else:
        seen = state.public
    led = state.led
    last = state.last_trick
    over = state.phase == rules.OVER
    to_move = state.to_move
    narrator = Narrator(state.variant, viewer, names, you=you)
    return {
        "variant": state.variant,
        "viewer": viewer,
        "phase": state.phase,
        "to_move": to_move,
        "exchange": state.exchange,
        "n_actions": state.n_actions,
        "scores": list(state.scores),
        "hands": [_hand(state, 0, viewer), _hand(state, 1, viewer)],
        "row": _row(state, viewer),
        "trick": {"leader": state.leader, "card": led} if led else None,
        "last_trick": (
            {"leader": last[0], "led": last[1], "followed": last[2], "taker": last[3]}
            if last
            else None
        ),
        "strikes": list(state.strikes),
        "stakes": state.stakes,
        "stakes_next": None if over else state.stakes_next,
        "pool": cards_of(state.pool),
        "last_exchange": (
            {"winner": state.ex_winner, "loser": state.ex_loser} if state.ex_winner >= 0 else None
        ),
        "legal_actions": state.legal_actions() if to_move is not None and to_move == viewer else [],
        "unseen": cards_of(rules.ALL_CARDS & ~seen),
        "discard": state.discard if viewer == FULL else None,
        "result": (
            {"winner": state.winner, "reason": state.reason, "scores": list(state.scores)}
            if over
            else None
        ),
        "history": narrator.lines(state.events()),
    }
