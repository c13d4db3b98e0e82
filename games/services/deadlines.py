"""The periodic sweep: reminders, timeouts (the seat leaves, ``leaving.seat_leave``) and
the site's moves that waited too long, sent again through the seam. Built on ``leaving``
and ``clock``.
"""

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from games import notices
from games.models import Game, GameSeat
from games.services import clock, leaving
from xix_site import jobs

log = logging.getLogger(__name__)


def _bot_to_move() -> Exists:
    """The game's seat to move is played by the site: a bot's, or one that has left."""
    return Exists(
        GameSeat.objects.filter(game=OuterRef("pk"), position=OuterRef("to_move")).filter(
            Q(user__is_bot=True) | ~Q(status=GameSeat.Status.PLAYING)
        )
    )


def deadlines_sweep(*, now=None) -> dict:
    """Remind players whose time is running out, end games whose deadline has passed, and
    re-enqueue the site's moves (bots, seats that left) that have waited too long. Safe to
    run any number of times.

    A seat the site plays is never reminded or timed out: its move is enqueued again
    instead. Each game is handled in
    its own transaction (a savepoint when called inside one): a game that fails is rolled
    back, logged with its id and counted under "failed", and the sweep goes on with the
    others. Returns counts.
    """
    now = now or timezone.now()
    active = Game.objects.filter(status=Game.Status.ACTIVE)
    done = {"reminded": 0, "timed_out": 0, "bots_nudged": 0, "failed": 0}
    for pk in (
        active.filter(remind_at__lte=now, deadline__gt=now)
        .exclude(_bot_to_move())
        .values_list("pk", flat=True)
    ):
        _sweep_one(done, "reminded", pk, lambda pk=pk: _remind(pk, now))
    for pk in active.filter(deadline__lte=now).exclude(_bot_to_move()).values_list("pk", flat=True):
        _sweep_one(done, "timed_out", pk, lambda pk=pk: _time_out(pk, now))
    stale = now - timedelta(seconds=settings.BOT_NUDGE_SECONDS)
    for pk, seq in active.filter(_bot_to_move(), updated__lte=stale).values_list("pk", "n_actions"):
        _sweep_one(done, "bots_nudged", pk, lambda pk=pk, seq=seq: _nudge(pk, seq))
    return done


def _nudge(game_id, seq) -> int:
    jobs.send(clock.SEAT_AUTOPLAY, game_id, seq)
    return 1


def _sweep_one(done: dict, what: str, game_id, step) -> None:
    """Run one game's ``step`` of the sweep in its own transaction and add what it returns
    to ``done[what]``; on any error, roll that game back, log it and count it as failed."""
    try:
        with transaction.atomic():
            done[what] += step()
    except Exception:
        log.exception("deadlines sweep: %s failed for game %s", what, game_id)
        done["failed"] += 1


@transaction.atomic
def _remind(game_id, now) -> int:
    game = clock.lock_game(game_id)
    if game.status != Game.Status.ACTIVE or game.remind_at is None or game.remind_at > now:
        return 0
    game.remind_at = None
    game.save(update_fields=["remind_at"])
    if clock.played_by_site(game, game.to_move) or game.deadline <= now:
        return 0
    notices.deadline_near(game, game.players[game.to_move])
    return 1


@transaction.atomic
def _time_out(game_id, now) -> int:
    """The person to move ran out of time: their seat leaves the game (``seat_leave``: at
    two seats, and in a forfeit-policy game, their side loses)."""
    game = clock.lock_game(game_id)
    if game.status != Game.Status.ACTIVE or game.deadline is None or game.deadline > now:
        return 0
    if clock.played_by_site(game, game.to_move):
        return 0
    leaving.seat_leave(game, game.to_move, GameSeat.Status.TIMED_OUT)
    return 1
