"""The record rule every game shares: an action has exactly its keys, of the right type."""

from collections.abc import Mapping

from .errors import IllegalAction


def check_action_shape(action, schema: Mapping[str, Mapping[str, type]]) -> None:
    """Raise IllegalAction unless ``action`` is ``{"seat": int, "type": t, ...schema[t]}``.

    ``schema`` maps each action type to its other keys and their types. Booleans are not
    integers, and a key too many is as illegal as one missing.
    """
    if not isinstance(action, dict):
        raise IllegalAction("an action must be a JSON object")
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in schema:
        known = ", ".join(sorted(schema))
        raise IllegalAction(f"unknown action type {kind!r}: the types are {known}")
    fields = {"seat": int, "type": str, **schema[kind]}
    extra = sorted(set(action) - set(fields))
    if extra:
        raise IllegalAction(f"a {kind} action has no {', '.join(map(repr, extra))}")
    for key, wanted in fields.items():
        if key not in action:
            raise IllegalAction(f"a {kind} action needs {key!r}")
        value = action[key]
        if isinstance(value, bool) or not isinstance(value, wanted):
            raise IllegalAction(f"{key!r} must be {_TYPE_NAMES.get(wanted, wanted.__name__)}")


_TYPE_NAMES = {int: "a whole number", str: "a string", list: "a list"}
