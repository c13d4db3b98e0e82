"""The Xactika rules engine: pure Python (standard library and ``games.kit`` only).

A game is (variant, seats, set-up) plus a list of actions; its state is a fold of the
actions over the set-up (``xactika-rulings.md``). Everything a page or a bot sees comes
from a view.

    >>> from games.xactika.engine import RULES
    >>> setup = RULES.deal("seed", "bid", 4)
    >>> state = RULES.new("bid", 4, setup)
    >>> state, events = state.apply(state.legal_actions()[0])
"""

from .cards import CODES, SHAPES, suit_name
from .game_rules import RULES
from .records import FORMAT, check_record, make_header, read_header, replay_record
from .state import BID, LOSE, VARIANTS, WIN, State, replay
from .views import full_view, seat_view, spectator_view

__all__ = [
    "BID",
    "CODES",
    "FORMAT",
    "LOSE",
    "RULES",
    "SHAPES",
    "VARIANTS",
    "WIN",
    "State",
    "check_record",
    "full_view",
    "make_header",
    "read_header",
    "replay",
    "replay_record",
    "seat_view",
    "spectator_view",
    "suit_name",
]
