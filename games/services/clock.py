"""The bottom layer of the game services: locking a game, who plays a seat, the clock
and the start of a turn. Nothing here imports another module of ``games.services``.

``turn_begins`` wakes the site's move through the seam (``jobs.after_commit`` with the
task's name), never by importing the task module.
"""

import random
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import notices, push
from games.errors import GameError, NoSuchGame, NotAPlayer
from games.models import Game, GameSeat
from games.selectors import game_state
from xix_site import jobs

# The reminder goes out when this fraction of the time for a move is left.
REMIND_AT_FRACTION = 1 / 5
EXTRA_DAY = timedelta(days=1)
# NotAPlayer's message, which the game views also show.
NOT_SEATED = "You are not playing in this game."
# The task that plays a seat for the site (a bot's, one that left), sent through the seam.
SEAT_AUTOPLAY = "games.tasks.seat_autoplay"


def lock_game(game_id) -> Game:
    """The game, its row locked until the end of the caller's transaction; NoSuchGame.
    Its seat rows are read when first used; they are not locked."""
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError) as error:
        raise NoSuchGame() from error


def locked_seat(game_id, user) -> tuple[Game, int]:
    """The locked game and ``user``'s seat in it; NotAPlayer when ``user`` is not seated."""
    game = lock_game(game_id)
    seat = game.seat_of(user)
    if seat is None:
        raise NotAPlayer(NOT_SEATED)
    return game, seat


def start_clock(game: Game) -> None:
    """The seat to move gets the full time again (no time bank) and a fresh reminder; a
    player on vacation gets it from the vacation's end (``games.vacation``)."""
    period = timedelta(days=game.days_per_move)
    start = timezone.now()
    player = game.players[game.to_move] if game.to_move is not None else None
    if player is not None and player.vacation_until is not None:
        start = max(start, player.vacation_until)
    game.deadline = start + period
    game.remind_at = game.deadline - period * REMIND_AT_FRACTION


def turn_begins(game: Game, *, actor, state=None) -> None:
    """After a change that leaves the game active: wake the site to play the seat to move
    if it is a bot's or has left (``seat_autoplay``), or a forced move the person asked the
    site to make, or tell the person to move (unless they made the change themselves and
    are still to move). ``state``: the game's current state when the caller has it, so a
    forced move is found without replaying the log."""
    mover = game.players[game.to_move]
    if played_by_site(game, game.to_move) or forced_action(game, state) is not None:
        jobs.after_commit(SEAT_AUTOPLAY, game.pk, game.n_actions, countdown=site_move_delay(game))
    elif actor is None or mover.pk != actor.pk:
        notices.your_turn(game, mover)


def site_moves_made_here() -> int:
    """How many site moves this thread has made in-process after a commit (tasks run
    eagerly: dev, tests). A view compares it before and after a change: if it grew, the
    site has replied already and the table is read again to show it; if not, the reply
    (if any) is still to come from a worker."""
    return jobs.ran_here(SEAT_AUTOPLAY)


def site_move_delay(game: Game) -> float:
    """Seconds between a turn's start and the site's move for it (a bot's, a seat that
    left, a person's forced move): drawn from the game's seed and the action number only,
    uniformly between SITE_MOVE_DELAY_MIN and SITE_MOVE_DELAY_MAX, so when a site-made
    move lands says nothing of the position, nor of how many moves were legal
    (docs/security.md, "Site-made moves"). The same turn always gets the same delay. The
    task waits in the broker meanwhile (a Celery countdown), not in a worker; tasks run
    in-process (no Redis, tests) ignore it."""
    low, high = settings.SITE_MOVE_DELAY_MIN, settings.SITE_MOVE_DELAY_MAX
    return random.Random(f"{game.seed}/{game.n_actions}/delay").uniform(low, max(low, high))


def forced_action(game: Game, state=None) -> dict | None:
    """The one legal action of the person to move, when they asked the site to play their
    forced moves (``User.auto_forced``) and have exactly one; else None."""
    mover = game.players[game.to_move]
    if mover is None or mover.is_bot or not mover.auto_forced:
        return None
    legal = (state or game_state(game)).legal_actions()
    return {"seat": game.to_move, **legal[0]} if len(legal) == 1 else None


# --- who plays a seat -------------------------------------------------------------------


def seat_has_left(game: Game, position: int) -> bool:
    """Whether the seat at ``position`` has left (resigned, timed out, forfeited): the
    site plays its turns. A game of two seats ends when a seat leaves, so never there."""
    if game.seats_count == 2:
        return False
    return game.seat_rows()[position].status != GameSeat.Status.PLAYING


def played_by_site(game: Game, position: int) -> bool:
    """A bot's seat, or a seat that has left: the site makes its moves."""
    return game.players[position].is_bot or seat_has_left(game, position)


def live_humans(game: Game) -> list[int]:
    """The seats of people still playing."""
    return [seat for seat in range(game.seats_count) if not played_by_site(game, seat)]


# --- the extra day ----------------------------------------------------------------------


class ExtraDayTooLate(GameError):
    """The seat to move moved after the page with the extra-day button was drawn."""

    status = 409


@transaction.atomic
def game_extra_day(*, user, game_id, expected_seq: int | None = None) -> Game:
    """``user`` gives the person to move one more day: once per turn. Any player still
    playing who is not to move may give it; not to a bot or a seat that has left, which
    have no clock to extend.

    ``expected_seq``: the action number of the page the click came from. When the game has
    moved on since, no day is given (it would go to another move than the one meant)."""
    game, seat = locked_seat(game_id, user)
    if game.status != Game.Status.ACTIVE:
        raise GameError("The game is over.")
    if seat_has_left(game, seat):
        raise GameError("You have left this game.")
    if expected_seq is not None and expected_seq != game.n_actions:
        if game.to_move == seat and game.seats_count == 2:
            opponent = game.players[1 - seat].username
            raise ExtraDayTooLate(
                f"{opponent} has just moved: it is your move now, so no extra day was given."
            )
        raise ExtraDayTooLate(
            "The game has moved on since this page was loaded: no extra day was given; "
            "here is the current table."
        )
    if game.to_move == seat:
        if game.seats_count == 2:
            raise GameError("It is your move: only your opponent can give you more time.")
        raise GameError("It is your move: only the other players can give you more time.")
    if played_by_site(game, game.to_move):
        raise GameError("The site plays this seat's turns at once: it has no clock.")
    if game.extra_day_seq == game.n_actions:
        if game.seats_count == 2:
            raise GameError("You have already given an extra day for this move.")
        raise GameError("An extra day has already been given for this move.")
    game.deadline += EXTRA_DAY
    if game.remind_at is not None:
        game.remind_at += EXTRA_DAY
    game.extra_day_seq = game.n_actions
    game.save()
    push.game_changed(game)
    notices.extra_day(game, game.players[game.to_move], user)
    return game
