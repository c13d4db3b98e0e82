"""The ONEXENO rules engine: pure Python, standard library and ``games.kit`` only.

A game is (variant, seats, set-up) plus a list of actions; its state is a fold of the
actions over the set-up (``onexeno.md`` and the binding ``onexeno-rulings.md``).

    >>> from games.onexeno.engine import RULES
    >>> state = RULES.new("basic", 3, RULES.deal(1, "basic", 3))
    >>> state, events = state.apply(state.legal_actions()[0])
"""

from .cards import FACES, IDS, VALUE, shown, turn
from .game_rules import RULES
from .outcome import ENDINGS, outcome
from .records import FORMAT, check_record, read_header, record_header
from .state import BASIC, PARTNERS, State, replay
from .views import full_view, seat_view, spectator_view

__all__ = [
    "BASIC",
    "ENDINGS",
    "FACES",
    "FORMAT",
    "IDS",
    "PARTNERS",
    "RULES",
    "VALUE",
    "State",
    "check_record",
    "full_view",
    "outcome",
    "read_header",
    "record_header",
    "replay",
    "seat_view",
    "shown",
    "spectator_view",
    "turn",
]
