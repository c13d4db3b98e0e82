"""Game records, format ``xactika/1`` (``xactika-rulings.md``, "Records")::

    {"format": "xactika/1", "variant": "bid" | "win" | "lose", "seats": n,
     "setup": {"first_dealer": d, "rounds": [[81 card codes], ...]}, "actions": [...]}

Other top-level keys (players, dates, result) are ignored when checking.
"""

from games.kit.records import read_envelope, verdict

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
    variant, seats, setup = read_envelope(record, FORMAT)
    check_setup(variant, seats, setup)
    return variant, seats, {"first_dealer": setup["first_dealer"], "rounds": setup["rounds"]}


def replay_record(record) -> State:
    """The last state of a record; raises InvalidSetup or IllegalAction (with ``index``)."""
    variant, seats, setup = read_header(record)
    return replay(variant, seats, setup, record["actions"])


def check_record(record) -> dict:
    """The verdict ``check_records`` prints for one record."""
    return verdict(replay_record, record, _result)


def _result(state: State) -> dict:
    return {
        "over": state.over,
        "scores": list(state.totals),
        "ranks": list(ranks(state.variant, state.totals)) if state.over else None,
    }
