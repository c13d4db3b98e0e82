"""Everything that changes a game in play. Views and tasks call these; nothing else
writes ``Game`` or ``GameAction`` rows, but the table services (``games.tables``: the
lobby, from setting a table up to its start, and rematches), which build on these.

Each write runs in one transaction that locks the game row (``select_for_update``), so two
requests for the same game are applied one after the other, never interleaved. The same
transaction writes the players' notifications (``games.notices``) and the outbox e-mails;
tasks (a bot's move, sending an e-mail) are sent by ``jobs.after_commit``, so they
start only once the change they act on is committed.

The package is split by concern, in layers; a module calls only the public functions of
the modules below it (``tests/test_import_graph.py`` fails on any circle):

- ``imports``: a game record replayed into a game;
- ``deadlines``: the periodic sweep (reminders, timeouts, late site moves);
- ``autoplay``: the site's moves (bots, seats that left, forced moves);
- ``leaving``: aborting, resigning, a seat leaving, a table left to bots;
- ``play``: a person's move, the log, live scores, the end of a game;
- ``clock``: locking a game, who plays a seat, the clock, a turn's start, the extra day.

This module only re-exports their public names, so callers write ``services.game_act``.
A test that replaces a function for its callers patches it where they look it up: on
the module that defines it (``leaving.seat_leave``, ``autoplay._site_bot``).
"""

from games.errors import GameError, NoSuchGame, NotAPlayer, StaleSequence
from games.kit.errors import IllegalAction
from games.services.autoplay import bot_move, seat_autoplay
from games.services.clock import (
    EXTRA_DAY,
    NOT_SEATED,
    REMIND_AT_FRACTION,
    SEAT_AUTOPLAY,
    ExtraDayTooLate,
    game_extra_day,
    live_humans,
    lock_game,
    played_by_site,
    seat_has_left,
    site_move_delay,
    site_moves_made_here,
    start_clock,
    turn_begins,
)
from games.services.deadlines import deadlines_sweep
from games.services.imports import IMPORTED_SEED, game_import, record_kind, record_replay
from games.services.leaving import (
    ABORT_CLOSED,
    ABORT_CLOSED_TABLE,
    REASON_OF_LEAVING,
    abort_allowed,
    game_abort_by_player,
    game_decide_by_standing,
    game_resign,
    seat_leave,
    table_abandoned,
)
from games.services.play import (
    game_act,
    game_close,
    game_finish,
    live_scores_write,
    ranks_with_leavers,
)

__all__ = [
    "ABORT_CLOSED",
    "ABORT_CLOSED_TABLE",
    "EXTRA_DAY",
    "IMPORTED_SEED",
    "NOT_SEATED",
    "REASON_OF_LEAVING",
    "REMIND_AT_FRACTION",
    "SEAT_AUTOPLAY",
    "ExtraDayTooLate",
    "GameError",
    "IllegalAction",
    "NoSuchGame",
    "NotAPlayer",
    "StaleSequence",
    "abort_allowed",
    "bot_move",
    "deadlines_sweep",
    "game_abort_by_player",
    "game_act",
    "game_decide_by_standing",
    "game_close",
    "game_extra_day",
    "game_finish",
    "game_import",
    "game_resign",
    "live_humans",
    "live_scores_write",
    "lock_game",
    "played_by_site",
    "ranks_with_leavers",
    "record_kind",
    "record_replay",
    "seat_autoplay",
    "seat_has_left",
    "seat_leave",
    "site_move_delay",
    "site_moves_made_here",
    "start_clock",
    "table_abandoned",
    "turn_begins",
]
