"""The site's moves: for a bot's seat, a seat that left (a zombie) and a person's forced
move when they asked for it (``seat_autoplay``, run by the task ``turn_begins`` sends).
The move is chosen outside any lock, then appended in one short transaction. Built on
``leaving``, ``play`` and ``clock``.
"""

import logging

from django.conf import settings
from django.db import transaction

from games import registry
from games.errors import NoSuchGame
from games.models import Game
from games.selectors import game_state
from games.services import clock, leaving, play

log = logging.getLogger(__name__)


def _site_bot(kind: str, level: str):
    """The bot of ``level`` of the game ``kind`` as the site runs it: with the options its
    game's bots module takes from the site's settings (``SITE_OPTIONS``: level -> option ->
    the setting's name; XIX's strong and expert bots search BOT_STRONG_ITERATIONS and
    BOT_EXPERT_ITERATIONS iterations per move), else as its game makes it."""
    bots = registry.bots(kind)
    wanted = getattr(bots, "SITE_OPTIONS", {}).get(level, {})
    options = {option: getattr(settings, name) for option, name in wanted.items()}
    return bots.make_bot(level, **options)


def _site_action(game: Game, state, seat: int) -> dict:
    """The move the site makes for ``seat`` (to move): a bot's choice from its seat view
    only, seeded by the game and the action number (the same move every time), or the
    game's ``zombie_action`` for a seat that left. A bot thinks the same way whatever the
    number of legal moves (one included), so its thinking time does not tell a forced
    move either."""
    rules = play.rules_of(game)
    if clock.seat_has_left(game, seat):
        return rules.zombie_action(state, seat)
    bot = game.players[seat]
    view = rules.seat_view(state, seat)
    action = _site_bot(game.kind, bot.bot_level).choose(view, f"{game.seed}/{game.n_actions}")
    return {"seat": seat, **action}


def _site_move_planned(game: Game) -> tuple[dict, object] | None:
    """(the action, its actor) the site would make now in ``game`` (read, not locked):
    a bot's choice, a seat that left's move, or a person's forced move when they asked
    for it; None when a person still playing is to move and has a choice (or did not ask).
    A bot is the actor of its move; a seat that left or a forced move acts for nobody, so
    its player is told of the turn after it, and of the result, like the others."""
    seat = game.to_move
    state = game_state(game)
    if clock.played_by_site(game, seat):
        actor = game.players[seat] if game.players[seat].is_bot else None
        return _site_action(game, state, seat), actor
    forced = clock.forced_action(game, state)
    return (forced, None) if forced is not None else None


def _unlocked_game(game_id) -> Game | None:
    try:
        return Game.objects.get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        return None


def seat_autoplay(*, game_id, expected_seq: int) -> bool:
    """Make the site's move for the seat to move (a bot, a seat that left, or a person's
    forced move when they asked for it) if the game is still at ``expected_seq``; returns
    whether a move was made. One move, one short transaction (docs/architecture.md,
    "Site-made moves"):

    1. With no lock and outside any transaction: read the game, check it is active, at
       ``expected_seq`` and that the site moves for the seat to move, replay the log and
       choose the move from the seat's view (seeded by the game and the action number, so
       a second run chooses the same). However long a bot thinks, no row is held.
    2. One transaction: lock the row, check again that the game is active, still at
       ``expected_seq`` with the same seat to move, and append the move
       (``play.action_append``, which enqueues the next turn's task once committed).

    False (and nothing written) when the game is gone, over, has moved on meanwhile, or a
    person still playing is to move: a duplicated, late or overtaken task is a no-op. A
    game with no person left ends at once (``table_abandoned``), without searching a move.
    """
    game = _unlocked_game(game_id)
    if game is None or game.status != Game.Status.ACTIVE or game.n_actions != expected_seq:
        return False
    if game.seats_count != 2 and not clock.live_humans(game):
        return _abandon(game_id, expected_seq)
    seat, who = game.to_move, f"seat {game.to_move} ({game.players[game.to_move].username})"
    log.info("%s thinking in game %s at action %s", who, game.pk, expected_seq)
    planned = _site_move_planned(game)
    if planned is None:
        return False
    action, actor = planned
    with transaction.atomic():
        try:
            game = clock.lock_game(game_id)
        except NoSuchGame:
            return False
        if (
            game.status != Game.Status.ACTIVE
            or game.n_actions != expected_seq
            or game.to_move != seat
        ):
            log.info("%s: game %s moved on at action %s, move dropped", who, game.pk, expected_seq)
            return False
        play.action_append(game, action, game_state(game), actor=actor)
    log.info("%s moved in game %s at action %s", who, game_id, expected_seq)
    return True


@transaction.atomic
def _abandon(game_id, expected_seq: int) -> bool:
    """End the locked game as abandoned if no person is playing it any more (a table
    left that way before this rule, or a race): ``table_abandoned``."""
    game = clock.lock_game(game_id)
    if game.status != Game.Status.ACTIVE or game.n_actions != expected_seq:
        return False
    if game.seats_count == 2 or clock.live_humans(game):
        return False
    leaving.table_abandoned(game, actor=None)
    return True


def bot_move(*, game_id, expected_seq: int) -> bool:
    """``seat_autoplay``, under the name tasks queued before it still carry."""
    return seat_autoplay(game_id=game_id, expected_seq=expected_seq)
