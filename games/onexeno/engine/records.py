"""The ``onexeno/1`` record: header, validity and the ``check_records`` verdict."""

from games.kit.errors import IllegalAction, InvalidSetup

from .result import outcome
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
    if not isinstance(record, dict):
        raise InvalidSetup("a record must be a JSON object")
    if record.get("format") != FORMAT:
        raise InvalidSetup(f'"format" must be "{FORMAT}", not {record.get("format")!r}')
    for key in ("variant", "seats", "setup", "actions"):
        if key not in record:
            raise InvalidSetup(f"a record needs {key!r}")
    variant, seats, setup = record["variant"], record["seats"], record["setup"]
    check_setup(variant, seats, setup)
    if not isinstance(record["actions"], list):
        raise InvalidSetup('"actions" must be a list')
    return variant, seats, {"first_dealer": setup["first_dealer"], "deck": list(setup["deck"])}


def check_record(record) -> dict:
    """One line of ``check_records`` (``onexeno-rulings.md``, "check_records")."""
    try:
        variant, seats, setup = read_header(record)
        state = replay(variant, seats, setup, record["actions"])
    except InvalidSetup as error:
        return {"ok": False, "index": -1, "error": str(error)}
    except IllegalAction as error:
        return {"ok": False, "index": error.index, "error": str(error)}
    result = outcome(state)
    return {
        "ok": True,
        "over": result is not None,
        "scores": state.scores(),
        "ranks": list(result.ranks) if result is not None else None,
    }
