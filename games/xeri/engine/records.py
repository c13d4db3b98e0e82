"""Records, format ``xeri/1`` (rulings 30-35), and ``check_records``'s verdict on one.

    {"format": "xeri/1", "variant": "classic", "seats": 2 | 4,
     "setup": {"first_dealer": d, "rounds": [{"deck": [...], "redeals": [...]}, ...]},
     "actions": [{"seat": s, "type": "play", "card": "<code>"}, ...]}

Other top-level keys (players, dates, result) are ignored.
"""

from games.kit.errors import IllegalAction, InvalidSetup

from .outcome import outcome
from .setup import check_setup, copy_setup
from .state import State, replay

FORMAT = "xeri/1"


def make_record(variant: str, seats: int, setup: dict, actions, **extra) -> dict:
    """A record; ``extra`` keys go in after the actions, as given."""
    return {
        "format": FORMAT,
        "variant": variant,
        "seats": seats,
        "setup": copy_setup(setup),
        "actions": list(actions),
        **extra,
    }


def read_header(record) -> tuple[str, int, dict]:
    """(variant, seats, setup) of a record, or InvalidSetup (ruling 33: index -1)."""
    if not isinstance(record, dict):
        raise InvalidSetup("a record must be a JSON object")
    if record.get("format") != FORMAT:
        raise InvalidSetup(f'"format" must be "{FORMAT}", not {record.get("format")!r}')
    for key in ("variant", "seats", "setup", "actions"):
        if key not in record:
            raise InvalidSetup(f'the record has no "{key}"')
    if not isinstance(record["actions"], list):
        raise InvalidSetup('"actions" must be a list')
    check_setup(record["variant"], record["seats"], record["setup"])
    return record["variant"], record["seats"], record["setup"]


def replay_record(record) -> State:
    """The last state of a record: InvalidSetup, or IllegalAction carrying its index."""
    variant, seats, setup = read_header(record)
    return replay(variant, seats, setup, record["actions"])


def check_record(record) -> dict:
    """One line of ``check_records`` (ruling 35)."""
    try:
        state = replay_record(record)
    except (InvalidSetup, IllegalAction) as error:
        index = error.index if isinstance(error, IllegalAction) else -1
        return {"ok": False, "index": index, "error": str(error)}
    result = outcome(state)
    return {
        "ok": True,
        "over": state.over,
        "scores": state.scores(),
        "ranks": list(result.ranks) if result else None,
    }
