"""Whole numbers read from a request: ASCII digits only, one helper for the whole site.

Python's ``str.isdigit`` is true for "²" and "①", which ``int()`` then refuses (a 500), and
``int()`` and the regular expression ``\\d`` both take other scripts' digits ("٣", "３") as
numbers. Every number a person may type or a page may send (an action number, a card, a
notification's id, a chat line's number, a replay step) is read here instead: the digits
0 to 9 only, a bounded count of them, and nothing else (no space inside, no underscore, no
"+" unless ``signed``), so that anything else is refused with the caller's clear 400.
"""

import re

# ASCII digits only: re.ASCII makes \d mean [0-9], spelled out here for the reader.
_UNSIGNED = re.compile(r"[0-9]+", re.ASCII)
_SIGNED = re.compile(r"[+-]?[0-9]+", re.ASCII)

# Nine digits: every number the site reads (action numbers, cards, ids of rows) is below
# 10**9, and a PostgreSQL integer column holds up to 2**31 - 1.
MAX_DIGITS = 9


def whole_number(raw, *, max_digits: int = MAX_DIGITS, signed: bool = False) -> int | None:
    """The whole number ``raw`` spells in ASCII digits (at most ``max_digits`` of them,
    after an optional sign when ``signed``), or None when it spells none. Surrounding
    white space is the caller's to strip."""
    if not isinstance(raw, str):
        return None
    pattern = _SIGNED if signed else _UNSIGNED
    if not pattern.fullmatch(raw):
        return None
    if len(raw.lstrip("+-")) > max_digits:
        return None
    return int(raw)
