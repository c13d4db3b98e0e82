"""The XIX rules engine: pure Python, standard library only, no Django.

A game is (variant, deal, first leader) plus a list of actions; its state is a fold of
the actions over the set-up. Everything a page or a bot sees comes from a view.

    >>> from games.xix.engine import new_game, shuffled_deal, seat_view
    >>> deal, leader = shuffled_deal(1)
    >>> state = new_game("standard", deal, leader)
    >>> state, events = state.apply(state.legal_actions()[0])
"""

from .actions import make_action, parse_action
from .deal import shuffled_deal
from .errors import IllegalAction
from .game_rules import RULES
from .records import FORMAT, check_header, check_record, make_record, record_of, replay_record
from .rules import STANDARD, TALON, V2, VARIANTS
from .state import InvalidSetup, State, apply, cards_of, new_game, replay
from .views import full_view, seat_view, spectator_view

__all__ = [
    "FORMAT",
    "RULES",
    "STANDARD",
    "TALON",
    "V2",
    "VARIANTS",
    "IllegalAction",
    "InvalidSetup",
    "State",
    "apply",
    "cards_of",
    "check_header",
    "check_record",
    "full_view",
    "make_action",
    "make_record",
    "new_game",
    "parse_action",
    "record_of",
    "replay",
    "replay_record",
    "seat_view",
    "shuffled_deal",
    "spectator_view",
]
