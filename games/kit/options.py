"""Game options: the choices a game's rules leave to the players when a table is set up
(Xeri's match length, for one). Pure: no Django.

A game declares its options as ``RULES.options``, a tuple of ``GameOption`` (a game
without it has none). Each option's ``name`` is a keyword of its ``RULES.deal``: the
platform stores the chosen values on the waiting table (``Game.options``) and deals
``RULES.deal(seed, variant, seats, **options)`` when the table starts, so the set-up, the
replay and the record carry what was chosen.
"""

from dataclasses import dataclass


class BadOption(ValueError):
    """An option the game does not declare, or a value it does not offer; the message is
    for a player to read."""


@dataclass(frozen=True)
class GameOption:
    """One option: ``name`` (the deal's keyword and the stored key), ``label`` (the form's
    label and the start of its line on the pages), ``choices`` ((value, words) pairs,
    values JSON numbers or strings, in the order offered), ``default`` (one of the values:
    what a table without the option plays) and ``help`` (a sentence under the field)."""

    name: str
    label: str
    choices: tuple[tuple[int | str, str], ...]
    default: int | str
    help: str = ""

    def words(self, value) -> str:
        """The words of ``value`` ("Each player deals twice")."""
        return dict(self.choices)[value]

    def read(self, raw) -> int | str:
        """The value a form posted (always a string) or a stored one, as the option's own
        value; ``BadOption`` when the game does not offer it."""
        for value, _words in self.choices:
            if type(raw) is type(value) and raw == value or type(raw) is str and raw == str(value):
                return value
        offered = ", ".join(words for _value, words in self.choices)
        raise BadOption(f"{self.label}: choose one of {offered}.")


def declared(rules) -> tuple[GameOption, ...]:
    """The options ``rules`` declares (none for a game without ``options``)."""
    return tuple(getattr(rules, "options", ()))


def chosen(rules, given=None) -> dict:
    """Every declared option of ``rules`` with its value: ``given``'s (a mapping of names
    to posted or stored values) where it names one, else the default. ``BadOption`` for a
    name the game does not declare or a value it does not offer."""
    given = dict(given or {})
    options = declared(rules)
    unknown = sorted(set(given) - {option.name for option in options})
    if unknown:
        raise BadOption(f"{rules.name} has no option {unknown[0]!r}.")
    return {
        option.name: option.read(given[option.name]) if option.name in given else option.default
        for option in options
    }


def pairs(rules, values) -> list[tuple[str, str]]:
    """(label, words) of each option ``rules`` declares, with its value in ``values``;
    values missing (a table set up before the option existed) read as the default."""
    values = values or {}
    return [
        (option.label, option.words(values.get(option.name, option.default)))
        for option in declared(rules)
    ]


def lines(rules, values) -> list[str]:
    """What a table with ``values`` plays, one line per declared option ("Match length:
    each player deals twice"), as ``pairs``."""
    return [f"{label}: {words[:1].lower()}{words[1:]}" for label, words in pairs(rules, values)]
