"""Leaving a game: aborting it early, resigning, and a seat that leaves (resigned, timed
out, forfeited) by the variant's policy: the game is forfeited, or the seat becomes a
zombie whose turns the site plays; a table with no person left ends as abandoned. Built on
``play`` and ``clock``.
"""

from django.db import transaction
from django.utils import timezone

from games import notices, push
from games.errors import GameError
from games.kit.outcome import side_ranks
from games.models import Game, GameSeat
from games.selectors import game_state
from games.services import clock, play


def _policy(game: Game) -> str:
    """What happens to a seat that resigns, times out or is forfeited: "forfeit" (the game
    ends, its side loses) or "zombie" (the site plays its turns and it finishes last).
    A game of two seats always forfeits: the other seat would be left alone."""
    if game.seats_count == 2:
        return "forfeit"
    return play.rules_of(game).variants[game.variant].timeout_policy


ABORT_CLOSED = (
    "Both of you have made a first move, so the game can no longer be aborted; "
    "you can still resign."
)
ABORT_CLOSED_TABLE = (
    "The game has begun (a first move was made), so it can no longer be aborted; "
    "you can still resign."
)


def abort_allowed(game: Game) -> bool:
    """Whether a player may abort ``game`` (no result, no rating change): while it is in
    play and until each player has made a first move (docs/rules.md, decision 29); at a
    table of more than two seats, only while no move at all has been made."""
    if game.status != Game.Status.ACTIVE:
        return False
    if game.seats_count != 2:
        return game.n_actions == 0
    # With one action or none the other seat has not moved yet (no query needed).
    if game.n_actions <= 1:
        return True
    return game.actions.values("seat").distinct().count() < 2


def _abort_early(game: Game, *, actor) -> None:
    game.aborted_by = actor  # counted against them when rated (games/aborts.py)
    play.game_close(game, status=Game.Status.ABORTED, winner=None, reason=Game.Reason.EARLY_ABORT)
    notices.game_over(game, actor=actor)


@transaction.atomic
def game_abort_by_player(*, user, game_id) -> Game:
    """``user`` aborts the game before each player has made a first move (at a table of
    more seats: before any move): it ends without a result and changes no rating. Locks
    the game row."""
    game, seat = clock.locked_seat(game_id, user)
    if game.status != Game.Status.ACTIVE:
        raise GameError("The game is already over.")
    play.check_live(game, seat)
    if not abort_allowed(game):
        raise GameError(ABORT_CLOSED if game.seats_count == 2 else ABORT_CLOSED_TABLE)
    _abort_early(game, actor=user)
    return game


@transaction.atomic
def game_resign(*, user, game_id) -> Game:
    """``user`` resigns (``seat_leave``): at two seats the opponent wins. Until each
    player has made a first move (at more seats: any move) the game is aborted instead
    (no result, no rating change). Locks the game row."""
    game, seat = clock.locked_seat(game_id, user)
    if game.status != Game.Status.ACTIVE:
        raise GameError("The game is already over.")
    if clock.seat_has_left(game, seat):
        raise GameError("You have already left this game.")
    if abort_allowed(game):
        _abort_early(game, actor=user)
        return game
    seat_leave(game, seat, GameSeat.Status.RESIGNED, actor=user)
    return game


REASON_OF_LEAVING = {
    GameSeat.Status.RESIGNED: Game.Reason.RESIGNATION,
    GameSeat.Status.TIMED_OUT: Game.Reason.TIMEOUT,
    GameSeat.Status.FORFEITED: Game.Reason.FORFEIT,
}


def seat_leave(game: Game, position: int, status: str, actor=None) -> None:
    """The seat at ``position`` of the locked active ``game`` leaves it with ``status``
    (resigned, timed out, forfeited), by the variant's policy (``_policy``):

    - forfeit: the game ends and the leaver's side loses; at more than two seats the
      other sides keep their order by the current scores, the leaver's side last;
    - zombie: the seat's status changes, the other players are told, and the site plays
      its turns from now on (``seat_autoplay``); when that leaves no person playing, the
      game ends at once as abandoned (``table_abandoned``).

    ``actor`` is the user whose request it is (the resigner), None for the sweep or a
    moderator."""
    reason = REASON_OF_LEAVING[status]
    if game.seats_count == 2:
        play.game_finish(game, winner=1 - position, scores=game.scores, reason=reason, actor=actor)
        return
    row = game.seat_rows()[position]
    row.status, row.left_at = status, timezone.now()
    row.save(update_fields=["status", "left_at"])
    if _policy(game) == "forfeit":
        rules = play.rules_of(game)
        scores = play.scores_now(game_state(game)) or game.scores
        sides = rules.variants[game.variant].sides(game.seats_count)
        ranks = play.ranks_with_leavers(game, side_ranks(scores, sides))
        play.game_finish(game, scores=scores, ranks=ranks, reason=reason, actor=actor)
        return
    if not clock.live_humans(game):
        table_abandoned(game, actor=actor)
        return
    notices.seat_left(game, position, actor=actor)
    push.game_changed(game)
    if game.to_move == position:
        game.deadline = game.remind_at = None
        game.save(update_fields=["deadline", "remind_at", "updated"])
        clock.turn_begins(game, actor=actor)


def _standing(game: Game, state) -> tuple[list, list[int]]:
    """(scores, places) of a game in play as it stands: the rules' own ``standing`` when
    they have one (Xactika: totals, the lowest best in Play to Lose), else the scores the
    engine keeps during play (or the seat rows'), higher better, partners sharing."""
    rules = play.rules_of(game)
    standing = getattr(rules, "standing", None)
    if standing is not None:
        outcome = standing(state)
        return list(outcome.scores), list(outcome.ranks)
    scores = play.scores_now(state) or game.scores
    sides = rules.variants[game.variant].sides(game.seats_count)
    return scores, list(side_ranks(scores, sides))


def table_abandoned(game: Game, *, actor) -> None:
    """End the locked active ``game``, where no person is playing any more (the last one
    resigned, timed out or was forfeited), at once as "abandoned" (docs/rules.md, site
    decisions): the seats still playing (bots) keep their order by the standing now, ahead
    of every seat that left, and those rank in reverse order of leaving. Rated as any
    finished game. The site never plays out a game nobody is left to watch."""
    scores, ranks = _standing(game, game_state(game))
    play.game_finish(
        game,
        scores=scores,
        ranks=play.ranks_with_leavers(game, ranks),
        reason=Game.Reason.ABANDONED,
        actor=actor,
    )


@transaction.atomic
def game_decide_by_standing(*, game_id, verdict: str) -> Game | None:
    """End the active game ``game_id`` at once as adjudicated, by the standing now
    (``_standing``: the rules' own standing, else the scores, higher better, partners
    sharing), the sides that left after the others; ``verdict`` is the sentence the game
    page shows. For a game that reached a longest duration set for it (a tournament's).
    Locks the game row; None, and nothing written, when the game is no longer active."""
    game = clock.lock_game(game_id)
    if game.status != Game.Status.ACTIVE:
        return None
    scores, ranks = _standing(game, game_state(game))
    ranks = play.ranks_with_leavers(game, ranks)
    game.verdict = verdict
    play.game_finish(
        game,
        scores=scores,
        ranks=ranks,
        winner=play.sole_first(ranks),
        reason=Game.Reason.ADJUDICATED,
    )
    return game
