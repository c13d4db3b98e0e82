"""What every game's records share (``../shared/rules/GAMES.md``, "Records"): the envelope
around a game's own set-up, and the shape of a ``check_records`` verdict."""

from collections.abc import Callable

from .errors import IllegalAction, InvalidSetup

ENVELOPE_KEYS = ("variant", "seats", "setup", "actions")


def record_of(rules, variant: str, seats: int, setup: dict, actions, **extra) -> dict:
    """A game's record: the game's header (``rules.record_header``: its format and how it
    writes its set-up), its actions, then ``extra`` (players, dates, result) as given."""
    return {**rules.record_header(variant, seats, setup), "actions": list(actions), **extra}


def read_envelope(record, record_format: str) -> tuple:
    """(variant, seats, setup) of ``record``: a JSON object of ``record_format`` with a
    variant, a seat count, a set-up and a list of actions; InvalidSetup (index -1)
    otherwise. Whether the game can start from that set-up is the game's to check."""
    if not isinstance(record, dict):
        raise InvalidSetup("a record must be a JSON object")
    if record.get("format") != record_format:
        raise InvalidSetup(f'"format" must be "{record_format}", not {record.get("format")!r}')
    for key in ENVELOPE_KEYS:
        if key not in record:
            raise InvalidSetup(f'the record has no "{key}"')
    if not isinstance(record["actions"], list):
        raise InvalidSetup('"actions" must be a list')
    return record["variant"], record["seats"], record["setup"]


def verdict(replay_record: Callable, record, result: Callable[..., dict]) -> dict:
    """One line of ``check_records``: ``{"ok": True, **result(state)}`` for the state
    ``replay_record(record)`` reaches, or the refusal with the index of the first illegal
    action (-1 when the record cannot start)."""
    try:
        state = replay_record(record)
    except InvalidSetup as error:
        return {"ok": False, "index": -1, "error": str(error)}
    except IllegalAction as error:
        return {"ok": False, "index": error.index, "error": str(error)}
    return {"ok": True, **result(state)}
