"""Points of view (rulings 20 to 22): a seat, a spectator, or everything.

A view is a JSON-ready dict built from a ``State`` and a viewer. A seat's view holds the
public part of the game and that seat's own hand (and its legal actions on its turn);
a spectator's view only the public part; the full view adds every hand, the set-aside
cards and the whole set-up. No seat or spectator view says anything of another hand or of
the set-aside cards, so two states a seat cannot tell apart give it equal views.
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


def full_view(state: State, names=None) -> dict:
    """Everything: every hand, the set-aside cards and the set-up (ruling 22)."""
    return _view(state, FULL, names)


def _trick(trick) -> dict:
    return {
        "leader": trick.leader,
        "shape": SHAPES[trick.shape],
        "count": trick.count,
        "suit": suit_name(trick.shape, trick.count),
        "plays": [{"seat": seat, "card": CODES[card]} for seat, card in trick.plays],
        "winner": trick.winner,
    }


def _bids_in_order(bids, dealer: int, seats: int) -> list[dict]:
    order = [(dealer + 1 + step) % seats for step in range(seats)]
    return [{"seat": seat, "n": bids[seat]} for seat in order if bids[seat] is not None]


def _past(state: State) -> list[dict]:
    return [
        {
            "round": past.number,
            "dealer": past.dealer,
            "bids": (_bids_in_order(past.bids, past.dealer, state.seats) if past.bids else None),
            "taken": list(past.taken),
            "scores": list(past.scores),
            "tricks": [_trick(trick) for trick in past.tricks],
        }
        for past in state.past
    ]


def _view(state: State, viewer, names) -> dict:
    over = state.over
    seats = state.seats
    current = None
    if state.called is not None:
        shape, count = state.called
        current = {
            "leader": state.leader,
            "shape": SHAPES[shape],
            "count": count,
            "suit": suit_name(shape, count),
            "plays": [{"seat": seat, "card": CODES[card]} for seat, card in state.plays],
        }
    view = {
        "game": "xactika",
        "variant": state.variant,
        "variant_label": LABELS[state.variant],
        "viewer": viewer,
        "seats": seats,
        "names": list(names) if names else [f"Seat {seat}" for seat in range(seats)],
        "round": None if over else state.round,
        "n_rounds": state.n_rounds,
        "dealer": None if over else state.dealer,
        "phase": state.phase,
        "to_move": state.to_move,
        "n_actions": state.n_actions,
        "bids": [] if over else _bids_in_order(state.bids, state.dealer, seats),
        "barred_bid": state.barred,
        "leader": None if over else state.leader,
        "trick": current,
        "tricks": [] if over else [_trick(trick) for trick in state.tricks],
        "taken": [0] * seats if over else list(state.taken),
        "hand_counts": [hand.bit_count() for hand in state.hands] if not over else [0] * seats,
        "set_aside_count": DECK_SIZE - HAND * seats,
        "past_rounds": _past(state),
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


def history(state: State, names=None) -> list[str]:
    """The public log of the game, one line per event, for people."""
    who = list(names) if names else [f"Seat {seat}" for seat in range(state.seats)]
    lines = []
    for past in state.past:
        lines += _round_lines(
            state, who, past.number, past.dealer, past.bids, past.tricks, (), None
        )
        scores = ", ".join(
            f"{who[seat]} {_signed(score)}" for seat, score in enumerate(past.scores)
        )
        lines.append(f"Round {past.number + 1} scores: {scores}.")
    if not state.over:
        bids = state.bids if state.variant == BID else None
        lines += _round_lines(
            state,
            who,
            state.round,
            state.dealer,
            bids,
            state.tricks,
            state.plays,
            state.called,
        )
    else:
        totals = ", ".join(f"{who[seat]} {total}" for seat, total in enumerate(state.totals))
        lines.append(f"The game is over. Totals: {totals}.")
    return lines


def _signed(score: int) -> str:
    return f"+{score}" if score > 0 else str(score)


def _round_lines(state, who, number, dealer, bids, tricks, plays, called) -> list[str]:
    lines = [f"Round {number + 1} of {state.n_rounds}: {who[dealer]} deals."]
    if bids is not None:
        lines += [
            f"{who[bid['seat']]} bids {bid['n']}."
            for bid in _bids_in_order(bids, dealer, state.seats)
        ]
    for trick in tricks:
        lines += _play_lines(who, trick.plays, (trick.shape, trick.count))
        lines.append(f"{who[trick.winner]} takes the trick.")
    if plays:
        lines += _play_lines(who, plays, called)
    return lines


def _play_lines(who, plays, called) -> list[str]:
    (leader, led), *follows = plays
    shape, count = called
    lines = [
        f"{who[leader]} leads {CODES[led]} and calls {SHAPES[shape]}s: {suit_name(shape, count)}."
    ]
    lines += [f"{who[seat]} plays {CODES[card]}." for seat, card in follows]
    return lines
