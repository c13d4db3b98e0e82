"""Records, format ``xeri/1`` (rulings 30-35), and ``check_records``'s verdict on one.

    {"format": "xeri/1", "variant": "classic", "seats": 2 | 4,
     "setup": {"first_dealer": d, "rounds": [{"deck": [...], "redeals": [...]}, ...]},
     "actions": [{"seat": s, "type": "play", "card": "<code>"}, ...]}

Other top-level keys (players, dates, result) are ignored.
"""

from games.kit.records import read_envelope, verdict

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
    variant, seats, setup = read_envelope(record, FORMAT)
    check_setup(variant, seats, setup)
    return variant, seats, setup


def replay_record(record) -> State:
    """The last state of a record: InvalidSetup, or IllegalAction carrying its index."""
    variant, seats, setup = read_header(record)
    return replay(variant, seats, setup, record["actions"])


def check_record(record) -> dict:
    """One line of ``check_records`` (ruling 35)."""
    return verdict(replay_record, record, _result)


def _result(state: State) -> dict:
    result = outcome(state)
    return {
        "over": state.over,
        "scores": state.scores,
        "ranks": list(result.ranks) if result else None,
    }
