"""The Xeri engine: pure Python, standard library and ``games.kit`` only, no Django.

A match is (variant, seats, setup) plus a list of ``play`` actions; its state is a fold of
the actions over the set-up (``../shared/rules/xeri-rulings.md``).

    >>> from games.xeri.engine import RULES
    >>> setup = RULES.deal("example", "classic", 2)
    >>> state = RULES.new("classic", 2, setup)
    >>> state, events = state.apply(state.legal_actions()[0])
"""

from .game_rules import RULES
from .records import FORMAT, check_record, make_record, read_header, replay_record
from .setup import VARIANT, check_setup, deal, pile_passes
from .state import State, replay
from .views import full_view, seat_view, spectator_view

__all__ = [
    "FORMAT",
    "RULES",
    "VARIANT",
    "State",
    "check_record",
    "check_setup",
    "deal",
    "full_view",
    "make_record",
    "pile_passes",
    "read_header",
    "replay",
    "replay_record",
    "seat_view",
    "spectator_view",
]
