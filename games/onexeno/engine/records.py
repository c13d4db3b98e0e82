"""The ``onexeno/1`` record: header, validity and the ``check_records`` verdict."""

from games.kit.records import read_envelope, verdict

from .outcome import outcome
from .state import check_setup, replay

FORMAT = "onexeno/1"


def record_header(variant: str, seats: int, setup: dict) -> dict:
    """The keys before "actions", "format" first."""
    check_setup(variant, seats, setup)
    return {
        "format": FORMAT,
        "variant": variant,
        "seats": seats,
        "setup": {"first_dealer": setup["first_dealer"], "deck": list(setup["deck"])},
    }


def read_header(record) -> tuple[str, int, dict]:
    """(variant, seats, setup) of a record; InvalidSetup when it cannot start (index -1)."""
    variant, seats, setup = read_envelope(record, FORMAT)
    check_setup(variant, seats, setup)
    return variant, seats, {"first_dealer": setup["first_dealer"], "deck": list(setup["deck"])}


def check_record(record) -> dict:
    """One line of ``check_records`` (``onexeno-rulings.md``, "check_records")."""
    return verdict(_replay_record, record, _result)


def _replay_record(record):
    return replay(*read_header(record), record["actions"])


def _result(state) -> dict:
    result = outcome(state)
    return {
        "over": result is not None,
        "scores": state.scores,
        "ranks": list(result.ranks) if result is not None else None,
    }
