"""Plumbing every engine's ``RULES`` would otherwise restate: card sets as bitmasks, the
methods that only hand over to the state, and the ``check_records`` verdict."""

from collections.abc import Callable

from .errors import IllegalAction, InvalidSetup


def bits(mask: int) -> list[int]:
    """The set bits of ``mask`` (a set of cards), lowest first: 0b1010 -> [1, 3]."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


class StateMethods:
    """``apply``, ``legal_actions`` and ``is_legal`` of a ``GameRules``, for an engine whose
    states have ``apply`` and ``legal_actions`` themselves."""

    def apply(self, state, action) -> tuple:
        return state.apply(action)

    def legal_actions(self, state) -> list[dict]:
        return state.legal_actions()

    def is_legal(self, state, action) -> bool:
        try:
            state.apply(action)
        except IllegalAction:
            return False
        return True


def record_verdict(record, replay_record: Callable, summary: Callable[..., dict]) -> dict:
    """``check_records``'s line for ``record``: ``summary(last state)`` when every action
    is legal, else the index of the first illegal one (-1 for the header or set-up)."""
    try:
        state = replay_record(record)
    except InvalidSetup as error:
        return {"ok": False, "index": -1, "error": str(error)}
    except IllegalAction as error:
        return {"ok": False, "index": error.index, "error": str(error)}
    return {"ok": True, **summary(state)}
