"""Tally's records, format ``tally/1``, laid out as every game's (``../shared/rules/GAMES.md``)::

{"format": "tally/1", "variant": "duel" | "open" | "partners", "seats": n,
 "setup": {"hands": [...], "undealt": [...], "first": s}, "actions": [...]}
"""

from games.kit.records import read_envelope, verdict

from .state import check_setup, replay

FORMAT = "tally/1"
HEADER_KEYS = ("format", "variant", "seats", "setup")


def record_header(variant: str, seats: int, setup: dict) -> dict:
    check_setup(variant, seats, setup)
    return {"format": FORMAT, "variant": variant, "seats": seats, "setup": setup}


def read_header(record) -> tuple[str, int, dict]:
    """(variant, seats, setup); InvalidSetup unless the record can start and has actions."""
    variant, seats, setup = read_envelope(record, FORMAT)
    check_setup(variant, seats, setup)
    return variant, seats, setup


def check_record(record) -> dict:
    """``check_records``'s verdict: ok with scores and ranks (null until over), or the index
    of the first illegal action (-1 for the header)."""
    return verdict(lambda r: replay(*read_header(r), r["actions"]), record, _result)


def _result(state) -> dict:
    outcome = state.outcome()
    return {
        "over": state.over,
        "scores": list(state.scores),
        "ranks": list(outcome.ranks) if outcome else None,
    }
