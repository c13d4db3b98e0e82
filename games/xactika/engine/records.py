"""Game records, format ``xactika/1`` (``xactika-rulings.md``, "Records")::

    {"format": "xactika/1", "variant": "bid" | "win" | "lose", "seats": n,
     "setup": {"first_dealer": d, "rounds": [[81 card codes], ...]}, "actions": [...]}

Other top-level keys (players, dates, result) are ignored when checking.
"""

from games.kit.errors import IllegalAction, InvalidSetup

from .state import State, check_setup, ranks, replay

FORMAT = "xactika/1"


def make_header(variant: str, seats: int, setup: dict) -> dict:
    """The record's keys before "actions", "format" first."""
    check_setup(variant, seats, setup)
    return {
        "format": FORMAT,
        "variant": variant,
        "seats": seats,
        "setup": {
            "first_dealer": setup["first_dealer"],
            "rounds": [list(deck) for deck in setup["rounds"]],
        },
    }


def read_header(record) -> tuple[str, int, dict]:
    """(variant, seats, setup) of a record; raise InvalidSetup if the game cannot start."""
    if not isinstance(record, dict):
        raise InvalidSetup("a record must be a JSON object")
    if record.get("format") != FORMAT:
        raise InvalidSetup(f'"format" must be "{FORMAT}", not {record.get("format")!r}')
    for key in ("variant", "seats", "setup", "actions"):
        if key not in record:
            raise InvalidSetup(f'the record has no "{key}"')
    variant, seats, setup = record["variant"], record["seats"], record["setup"]
    check_setup(variant, seats, setup)
    if not isinstance(record["actions"], list):
        raise InvalidSetup('"actions" must be a list')
    return variant, seats, {"first_dealer": setup["first_dealer"], "rounds": setup["rounds"]}


def replay_record(record) -> State:
    """The last state of a record; raises InvalidSetup or IllegalAction (with ``index``)."""
    variant, seats, setup = read_header(record)
    return replay(variant, seats, setup, record["actions"])


def check_record(record) -> dict:
    """The verdict ``check_records`` prints for one record."""
    try:
        state = replay_record(record)
    except (InvalidSetup, IllegalAction) as error:
        index = error.index if isinstance(error, IllegalAction) else -1
        return {"ok": False, "index": index, "error": str(error)}
    return {
        "ok": True,
        "over": state.over,
        "scores": list(state.totals),
        "ranks": list(ranks(state.variant, state.totals)) if state.over else None,
    }
