"""Points of view (rulings 20 to 22): a seat, a spectator, or everything.

A view is a JSON-ready dict built from a ``State`` and a viewer. A seat's view holds the
public part of the game and that seat's own hand (and its legal actions on its turn);
a spectator's view only the public part; the full view adds every hand, the set-aside
cards and the whole set-up. No seat or spectator view says anything of another hand or of
the set-aside cards, so two states a seat cannot tell apart give it equal views.

Finished tricks and rounds never change, so what is drawn of them is kept on them and
shared by later views: treat a view as read-only.
"""

from .cards import CODES, DECK_SIZE, SHAPES, codes, suit_name
from .state import BID, HAND, LABELS, State, ranks

SPECTATOR = "spectator"
FULL = "full"


def seat_view(state: State, seat: int, names=None) -> dict:
    """What ``seat`` knows during the game (ruling 20)."""
    if type(seat) is not int or not 0 <= seat < state.seats:
        raise ValueError(f"seat must be 0 to {state.seats - 1}")
    return _view(state, seat, names)


def spectator_view(state: State, names=None) -> dict:
    """The public part of ruling 20, no hand at all (ruling 21)."""
    return _view(state, SPECTATOR, names)


def full_view(state: State, names=None, *, you=None) -> dict:
    """Everything: every hand, the set-aside cards and the set-up (ruling 22). ``you``: the
    reader's seat, if they played, whose moves the log tells as "You"."""
    return _view(state, FULL, names, you=you)


def _plays(plays) -> list[dict]:
    return [{"seat": seat, "card": CODES[card]} for seat, card in plays]


def _trick(trick) -> dict:
    drawn = trick.shown.get("view")
    if drawn is None:
        drawn = trick.shown["view"] = {
            "leader": trick.leader,
            "shape": SHAPES[trick.shape],
            "count": trick.count,
            "suit": suit_name(trick.shape, trick.count),
            "plays": _plays(trick.plays),
            "winner": trick.winner,
        }
    return drawn


def _bids_in_order(bids, dealer: int, seats: int) -> list[dict]:
    order = [(dealer + 1 + step) % seats for step in range(seats)]
    return [{"seat": seat, "n": bids[seat]} for seat in order if bids[seat] is not None]


def _round(past, seats: int) -> dict:
    drawn = past.shown.get("view")
    if drawn is None:
        drawn = past.shown["view"] = {
            "round": past.number,
            "dealer": past.dealer,
            "bids": _bids_in_order(past.bids, past.dealer, seats) if past.bids else None,
            "taken": list(past.taken),
            "scores": list(past.scores),
            "tricks": [_trick(trick) for trick in past.tricks],
        }
    return drawn


def _current_trick(state: State) -> dict | None:
    if state.called is None:
        return None
    shape, count = state.called
    return {
        "leader": state.leader,
        "shape": SHAPES[shape],
        "count": count,
        "suit": suit_name(shape, count),
        "plays": _plays(state.plays),
    }


def _view(state: State, viewer, names, *, you=None) -> dict:
    over = state.over
    seats = state.seats
    view = {
        "game": "xactika",
        "variant": state.variant,
        "variant_label": LABELS[state.variant],
        "viewer": viewer,
        # The seat the page tells as "You": a seat's own, or a full view's reader.
        "reader": viewer if type(viewer) is int else you,
        "seats": seats,
        "names": _names(seats, names),
        "round": None if over else state.round,
        "n_rounds": state.n_rounds,
        "dealer": None if over else state.dealer,
        "phase": state.phase,
        "to_move": state.to_move,
        "n_actions": state.n_actions,
        "bids": [] if over else _bids_in_order(state.bids, state.dealer, seats),
        "barred_bid": state.barred,
        "leader": None if over else state.leader,
        "trick": _current_trick(state),
        "tricks": [] if over else [_trick(trick) for trick in state.tricks],
        "taken": [0] * seats if over else list(state.taken),
        "hand_counts": [hand.bit_count() for hand in state.hands] if not over else [0] * seats,
        "set_aside_count": DECK_SIZE - HAND * seats,
        "past_rounds": [_round(past, seats) for past in state.past],
        "scores": list(state.totals),
        "hand": codes(state.hands[viewer]) if type(viewer) is int else None,
        "legal_actions": state.legal_actions() if viewer == state.to_move else [],
        "result": (
            {"scores": list(state.totals), "ranks": list(ranks(state.variant, state.totals))}
            if over
            else None
        ),
        "history": history(state, names),
    }
    if viewer == FULL:
        view["hands"] = None if over else [codes(hand) for hand in state.hands]
        view["set_aside"] = None if over else codes(state.deals[state.round][1])
        view["setup"] = {
            "first_dealer": state.setup["first_dealer"],
            "rounds": [list(deck) for deck in state.setup["rounds"]],
        }
    return view


# --- the log, for people ----------------------------------------------------------------


def _names(seats: int, names) -> list[str]:
    return list(names) if names else [f"Seat {seat}" for seat in range(seats)]


def history(state: State, names=None) -> list[str]:
    """The public log of the game, one line per event."""
    who = _names(state.seats, names)
    key = tuple(who)
    lines = []
    for past in state.past:
        lines += _round_lines(state, who, key, past)
    if state.over:
        totals = ", ".join(f"{who[seat]} {total}" for seat, total in enumerate(state.totals))
        lines.append(f"The game is over. Totals: {totals}.")
        return lines
    bids = state.bids if state.variant == BID else None
    lines += _opening_lines(state, who, state.round, state.dealer, bids)
    for trick in state.tricks:
        lines += _trick_lines(who, key, trick)
    if state.plays:
        lines += _play_lines(who, state.plays, state.called)
    return lines


def _round_lines(state: State, who, key, past) -> list[str]:
    drawn = past.shown.get(key)
    if drawn is None:
        drawn = _opening_lines(state, who, past.number, past.dealer, past.bids)
        for trick in past.tricks:
            drawn += _trick_lines(who, key, trick)
        scores = ", ".join(
            f"{who[seat]} {_signed(score)}" for seat, score in enumerate(past.scores)
        )
        drawn.append(f"Round {past.number + 1} scores: {scores}.")
        past.shown[key] = drawn
    return drawn


def _opening_lines(state: State, who, number, dealer, bids) -> list[str]:
    lines = [f"Round {number + 1} of {state.n_rounds}: {who[dealer]} deals."]
    if bids is not None:
        lines += [
            f"{who[bid['seat']]} bids {bid['n']}."
            for bid in _bids_in_order(bids, dealer, state.seats)
        ]
    return lines


def _trick_lines(who, key, trick) -> list[str]:
    drawn = trick.shown.get(key)
    if drawn is None:
        drawn = _play_lines(who, trick.plays, (trick.shape, trick.count))
        drawn.append(f"{who[trick.winner]} takes the trick.")
        trick.shown[key] = drawn
    return drawn


def _signed(score: int) -> str:
    return f"+{score}" if score > 0 else str(score)


def _play_lines(who, plays, called) -> list[str]:
    (leader, led), *follows = plays
    shape, count = called
    lines = [
        f"{who[leader]} leads {CODES[led]} and calls {SHAPES[shape]}s: {suit_name(shape, count)}."
    ]
    lines += [f"{who[seat]} plays {CODES[card]}." for seat, card in follows]
    return lines
