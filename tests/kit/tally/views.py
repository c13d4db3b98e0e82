"""What each viewer of a tally game may know: a seat sees its own hand and every played
card, a spectator the played cards only, the full view everything."""

from .state import ENDINGS, State

FULL = "full"


def seat_view(state: State, seat: int, names=None) -> dict:
    return _view(state, seat, names)


def spectator_view(state: State, names=None) -> dict:
    return _view(state, None, names)


def full_view(state: State, names=None, *, you=None) -> dict:
    """Everything; the history names every seat, so ``you`` (``GameRules.full_view``)
    changes nothing."""
    return _view(state, FULL, names)


def _view(state: State, viewer, names) -> dict:
    def sees(seat: int) -> bool:
        return viewer == FULL or viewer == seat

    outcome = state.outcome()
    return {
        "variant": state.variant,
        "seats": state.seats,
        "teams": [list(side) for side in state.sides] if state.sides else None,
        "viewer": viewer,
        "to_move": state.to_move,
        "n_actions": state.n_actions,
        "round": state.round,
        "hands": [
            {"count": len(hand), "cards": list(hand) if sees(seat) else None}
            for seat, hand in enumerate(state.hands)
        ],
        "undealt": list(state.undealt) if viewer == FULL else None,
        "table": [{"seat": seat, "card": card} for seat, card in state.table],
        "last_round": [{"seat": seat, "card": card} for seat, card in state.last_round],
        "points": list(state.points),
        "scores": list(state.scores),
        "legal_actions": state.legal_actions() if viewer == state.to_move else [],
        "result": outcome.as_json() if outcome else None,
        "history": [line for event in state.events for line in _lines(event, names)],
    }


def _lines(event: dict, names) -> list[str]:
    def name(seat: int) -> str:
        return names[seat] if names else f"Seat {seat}"

    if event["type"] == "play":
        return [f"{name(event['seat'])} plays {event['card']}."]
    if event["type"] == "round":
        high, low = event["high"], event["low"]
        return [
            f"Round {event['round']}: {name(high['seat'])} takes +{high['card']} with the "
            f"highest card and {name(low['seat'])} takes -{low['card']} with the lowest."
        ]
    return [ENDINGS[event["reason"]].sentence]
