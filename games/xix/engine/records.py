"""Game records, format ``xix/1``.

A record is one JSON object::

    {"format": "xix/1", "variant": "standard" | "talon",
     "deal": [18 distinct integers 1..18], "first_leader": 0 | 1, "actions": [...]}

The deal is laid out as in ruling 1. Other keys (players, dates, result) may be present
and are ignored when checking.
"""

from games.kit.records import verdict

from .state import InvalidSetup, State, check_setup, replay

FORMAT = "xix/1"


def make_record(variant: str, deal, first_leader: int, actions, **extra) -> dict:
    """A record of a game; ``extra`` keys (players, dates, result) go in as given."""
    record = {
        "format": FORMAT,
        "variant": variant,
        "deal": list(deal),
        "first_leader": first_leader,
        "actions": list(actions),
    }
    record.update(extra)
    return record


def record_of(state: State, actions, **extra) -> dict:
    return make_record(state.variant, state.deal, state.first_leader, actions, **extra)


def check_header(record) -> None:
    """Raise InvalidSetup unless the record's header is valid."""
    if not isinstance(record, dict):
        raise InvalidSetup("a record must be a JSON object")
    if record.get("format") != FORMAT:
        raise InvalidSetup(f'"format" must be "{FORMAT}", not {record.get("format")!r}')
    for key in ("variant", "deal", "first_leader", "actions"):
        if key not in record:
            raise InvalidSetup(f'the record has no "{key}"')
    check_setup(record["variant"], record["deal"], record["first_leader"])
    if not isinstance(record["actions"], list):
        raise InvalidSetup('"actions" must be a list')


def replay_record(record) -> State:
    """The final state of a record; raises InvalidSetup or IllegalAction (with ``index``)."""
    check_header(record)
    return replay(record["variant"], record["deal"], record["first_leader"], record["actions"])


def check_record(record) -> dict:
    """The verdict on one record, as ``check_records`` prints it."""
    return verdict(replay_record, record, _result)


def _result(state: State) -> dict:
    return {"over": state.over, "scores": list(state.scores), "winner": state.winner}
