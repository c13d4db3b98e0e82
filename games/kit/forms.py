"""A posted action form read into an action, by a game's description of its fields.

Every game's table posts the same shape: ``seq`` (the action number the page was drawn
at), ``type`` and the type's fields, each a small whole number. A game's site object
(``games.<key>.site``) describes its action types with ``Field``s and reads a form with
``parse_action_form``. Pure: standard library only, so a game's site needs no platform
module to read its forms; a form that is not an action at all is a ``BadForm`` with a sentence
for the player (the view answers 400 with it). Whether the action is legal is the engine's
business, not the form's.
"""

import re
from collections.abc import Mapping
from dataclasses import dataclass

# Form values people can type: small non-negative integers in ASCII digits only (no signs,
# no floats; not "²", nor other scripts' digits such as "٣", which ``\d`` would take).
NUMBER = re.compile(r"[0-9]{1,9}", re.ASCII)


class BadForm(Exception):
    """The posted form is not an action at all (missing or garbled fields)."""


@dataclass(frozen=True)
class Field:
    """One whole-number field of an action form, ``low`` to ``high`` as the engine counts."""

    label: str  # how messages name it: "card", "row position"
    low: int
    high: int
    missing: str  # the sentence when the form does not send the field at all
    shown_from: int | None = None  # what people see for ``low`` when it differs from
    # ``low`` (XIX's row positions 0 to 4 are shown as 1 to 5)


def number(post, name: str, label: str) -> int:
    """The whole number posted as ``name``; ``label`` names it in the message if not."""
    raw = post.get(name, "").strip()
    if not raw:
        raise BadForm(f"The {label} is missing.")
    if not NUMBER.fullmatch(raw):
        raise BadForm(f"The {label} must be a whole number, not {raw[:20]!r}.")
    return int(raw)


def _choices(words) -> str:
    """ "a, b or c" """
    words = list(words)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def parse_action_form(post, schema: Mapping[str, Mapping[str, Field]]) -> dict:
    """The action (without the seat) the form ``post`` asks for. ``schema``: each action
    type, in the order the message lists them, to its fields."""
    kind = post.get("type", "").strip()
    if kind not in schema:
        raise BadForm(f"Choose one of the offered actions: {_choices(schema)}.")
    action = {"type": kind}
    for name, field in schema[kind].items():
        if name not in post:
            raise BadForm(field.missing)
        value = number(post, name, field.label)
        if not field.low <= value <= field.high:
            shift = 0 if field.shown_from is None else field.shown_from - field.low
            raise BadForm(
                f"The {field.label} must be from {field.low + shift} to {field.high + shift}."
            )
        action[name] = value
    return action
