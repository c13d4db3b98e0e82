"""The public log, spelled as JSON-ready dicts for views, pages and ``apply``'s answer.

The state keeps each event as a tuple (cheap to make during a replay); every event is
public (ruling 28): hands are never in the log, only their sizes follow from it.
"""


def event_json(event: tuple, sheets) -> dict:
    """One logged event as a dict; ``sheets`` are the state's finished-round sheets."""
    kind = event[0]
    if kind == "play":
        _kind, seat, card, taken, xeri = event
        return {
            "type": "play",
            "seat": seat,
            "card": card,
            "captured": [*taken, card] if taken else [],
            "xeri": xeri,
        }
    if kind == "round":
        return {"type": "round", "round": event[1], "dealer": event[2]}
    if kind in ("redeal", "pile"):
        return {"type": kind, "round": event[1], "cards": list(event[2])}
    if kind == "deal":
        return {"type": "deal", "round": event[1], "deal": event[2]}
    if kind == "last_pile":
        _kind, number, seat, cards = event
        return {
            "type": "last_pile",
            "round": number,
            "seat": seat,
            "side": seat % 2,
            "cards": list(cards),
        }
    if kind == "score":
        return {"type": "score", **sheet_json(sheets[event[1] - 1])}
    return {"type": "end"}


def sheet_json(sheet: dict) -> dict:
    """A copy of one finished round's score sheet."""
    return {
        "round": sheet["round"],
        "sides": [dict(side) for side in sheet["sides"]],
        "winner": sheet["winner"],
    }
