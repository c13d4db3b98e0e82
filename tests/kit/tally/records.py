"""Tally's records, format ``tally/1``, laid out as every game's (``../shared/rules/GAMES.md``)::

{"format": "tally/1", "variant": "duel" | "open" | "partners", "seats": n,
 "setup": {"hands": [...], "undealt": [...], "first": s}, "actions": [...]}
"""

from games.kit.errors import IllegalAction, InvalidSetup

from .state import check_setup, replay

FORMAT = "tally/1"
HEADER_KEYS = ("format", "variant", "seats", "setup")


def record_header(variant: str, seats: int, setup: dict) -> dict:
    check_setup(variant, seats, setup)
    return {"format": FORMAT, "variant": variant, "seats": seats, "setup": setup}


def read_header(record) -> tuple[str, int, dict]:
    """(variant, seats, setup); InvalidSetup unless the record can start and has actions."""
    if not isinstance(record, dict):
        raise InvalidSetup("a record must be a JSON object")
    if record.get("format") != FORMAT:
        raise InvalidSetup(f'"format" must be "{FORMAT}", not {record.get("format")!r}')
    for key in (*HEADER_KEYS, "actions"):
        if key not in record:
            raise InvalidSetup(f'the record has no "{key}"')
    if not isinstance(record["actions"], list):
        raise InvalidSetup('"actions" must be a list')
    check_setup(record["variant"], record["seats"], record["setup"])
    return record["variant"], record["seats"], record["setup"]


def check_record(record) -> dict:
    """``check_records``'s verdict: ok with scores and ranks (null until over), or the index
    of the first illegal action (-1 for the header)."""
    try:
        state = replay(*read_header(record), record["actions"])
    except InvalidSetup as error:
        return {"ok": False, "index": -1, "error": str(error)}
    except IllegalAction as error:
        return {"ok": False, "index": error.index, "error": str(error)}
    outcome = state.outcome()
    return {
        "ok": True,
        "over": state.over,
        "scores": list(state.scores()),
        "ranks": list(outcome.ranks) if outcome else None,
    }
