"""Everything that changes a game or a challenge. Views and tasks call these; nothing else
writes ``Game`` or ``GameAction`` rows.

Each write runs in one transaction that locks the game row (``select_for_update``), so two
requests for the same game are applied one after the other, never interleaved. The same
transaction writes the players' notifications (``games.notices``) and the outbox e-mails;
tasks (a bot's move, sending an e-mail) are enqueued with ``delay_on_commit``, so they
start only once the change they act on is committed.
"""

import logging
import random
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games import notices
from games.models import DAYS_PER_MOVE, Game, GameAction, GameSeat, Invitation, Variant
from games.selectors import game_state, hidden_from
from games.xix.bots import make_bot
from games.xix.engine import IllegalAction, replay_record, seat_view, shuffled_deal
from notifications.services import viewing_mark

log = logging.getLogger(__name__)

CHALLENGE_LIFETIME = timedelta(days=7)
MAX_OPEN_CHALLENGES = 10
# The reminder goes out when this fraction of the time for a move is left.
REMIND_AT_FRACTION = 1 / 5
EXTRA_DAY = timedelta(days=1)
# NotAPlayer's message, which the game views also show.
NOT_SEATED = "You are not playing in this game."


class GameError(Exception):
    """A request the site refuses; the message is for the user. ``status`` is the HTTP code."""

    status = 400


class NotAPlayer(GameError):
    status = 403


class StaleSequence(GameError):
    """The page was rendered at another action number than the game now has."""

    status = 409

    def __init__(self, current: int):
        super().__init__(
            "The game has moved on since this page was loaded; here is the current table."
        )
        self.current = current


class ChallengeError(GameError):
    pass


class NoSuchGame(GameError):
    status = 404

    def __init__(self, message="There is no such game or challenge."):
        super().__init__(message)


def lock_game(game_id) -> Game:
    """The game, its row locked until the end of the caller's transaction; NoSuchGame.
    Its two players come in the same query; their rows are not locked."""
    try:
        return (
            Game.objects.select_related("player0", "player1")
            .select_for_update(of=("self",))
            .get(pk=game_id)
        )
    except (Game.DoesNotExist, ValueError, TypeError) as error:
        raise NoSuchGame() from error


def _locked_seat(game_id, user) -> tuple[Game, int]:
    """The locked game and ``user``'s seat in it; NotAPlayer when ``user`` is not seated."""
    game = lock_game(game_id)
    seat = game.seat_of(user)
    if seat is None:
        raise NotAPlayer(NOT_SEATED)
    return game, seat


def _start_clock(game: Game) -> None:
    """The seat to move gets the full time again (no time bank) and a fresh reminder."""
    period = timedelta(days=game.days_per_move)
    game.deadline = timezone.now() + period
    game.remind_at = game.deadline - period * REMIND_AT_FRACTION


def _turn_begins(game: Game, *, actor) -> None:
    """After a change that leaves the game active: wake the bot to move, or tell the
    person to move (unless they made the change themselves and are still to move)."""
    mover = game.players[game.to_move]
    if mover.is_bot:
        from games.tasks import bot_move

        bot_move.delay_on_commit(game.pk, game.n_actions)
    elif actor is None or mover.pk != actor.pk:
        notices.your_turn(game, mover)


def seats_write(game: Game) -> None:
    """Make ``game``'s seat rows say what its pair columns say (``Game.pair_seats``).

    While both shapes are kept (docs/architecture.md, "Seats as rows"), every service that
    seats players, scores or ends a game calls this in its own transaction, after setting
    the columns, so the two always agree (``manage.py check_seats`` proves it). One query
    reads the seats, and one writes those that changed."""
    have = {seat.user_id: seat for seat in game.seats.all()}
    now = timezone.now()
    changed, added, moved = [], [], []
    for wanted in game.pair_seats():
        seat = have.pop(wanted["user_id"], None)
        if seat is None:
            added.append(GameSeat(game=game, joined_at=now, **wanted))
            continue
        if seat.position is not None and seat.position != wanted["position"]:
            moved.append(seat.pk)
        if any(getattr(seat, field) != value for field, value in wanted.items()):
            for field, value in wanted.items():
                setattr(seat, field, value)
            seat.left_at = None if seat.status == GameSeat.Status.PLAYING else game.finished_at
            changed.append(seat)
    if have:
        GameSeat.objects.filter(pk__in=[seat.pk for seat in have.values()]).delete()
    if moved:
        # Two seats trading places: free the positions first, as (game, position) is unique.
        GameSeat.objects.filter(pk__in=moved).update(position=None)
    if changed:
        GameSeat.objects.bulk_update(changed, ["position", "score", "rank", "status", "left_at"])
    if added:
        GameSeat.objects.bulk_create(added)


# --- challenges -------------------------------------------------------------------------


def challenge_create(
    *, user, variant: str, days_per_move: int, rated: bool, invited=None, rematch_of=None
) -> Game:
    """Create an open challenge (``invited`` None) or a direct one. Returns the waiting game."""
    if variant not in Variant.values:
        raise ChallengeError("Choose the standard or the talon variant.")
    if days_per_move not in DAYS_PER_MOVE:
        raise ChallengeError("Days per move must be 1, 2, 3, 5, 7 or 14.")
    if getattr(user, "is_bot", False):
        raise ChallengeError("Bots do not create challenges.")
    if invited is not None:
        if invited.pk == user.pk:
            raise ChallengeError("You cannot challenge yourself.")
        if not invited.is_active or invited.is_suspended:
            raise ChallengeError(f"{invited.username} cannot be challenged.")
        if invited.is_bot:
            rated = False  # bots take no part in the ratings (docs/rules.md, site decisions)
    seed = secrets.token_hex(8)
    deal, first_leader = shuffled_deal(seed)
    with transaction.atomic():
        # The challenger's row is locked before counting, so parallel requests from one
        # user count one after the other and the limit holds (on SQLite the IMMEDIATE
        # transaction already serialises them).
        user.lock_row()
        now = timezone.now()
        open_count = Game.objects.filter(
            created_by=user, status=Game.Status.WAITING, expires_at__gt=now
        ).count()
        if open_count >= MAX_OPEN_CHALLENGES:
            raise ChallengeError(
                f"You already have {MAX_OPEN_CHALLENGES} challenges waiting; cancel one first."
            )
        game = Game.objects.create(
            variant=variant,
            seed=seed,
            deal=deal,
            first_leader=first_leader,
            created_by=user,
            invited=invited,
            days_per_move=days_per_move,
            rated=rated,
            expires_at=now + CHALLENGE_LIFETIME,
            rematch_of=rematch_of,
            setup={"deal": deal, "first_leader": first_leader},
        )
        seats_write(game)
        if invited is not None:
            Invitation.objects.create(game=game, user=invited)
        if invited is not None and invited.is_bot:
            # A bot accepts a direct challenge at once, and the challenger is sent straight
            # to the table: they count as looking at it, so the bot's opening reply is not
            # e-mailed to them.
            viewing_mark(user.pk, game.pk)
            game = challenge_accept(user=invited, game_id=game.pk)
        elif invited is not None:
            notices.challenge_received(game)
    return game


def _hidden_from(game: Game, user) -> bool:
    """A direct challenge not yet accepted is private to its maker and the invited user,
    a table with invitations to its creator and invitees: to anyone else it answers
    exactly as a game that does not exist (NoSuchGame)."""
    return hidden_from(game, user)


def _waiting(game: Game, message="This challenge is no longer open.") -> None:
    if game.status != Game.Status.WAITING or game.expires_at <= timezone.now():
        raise ChallengeError(message)


@transaction.atomic
def challenge_accept(*, user, game_id) -> Game:
    """Seat ``user`` against the challenger and start the game. Locks the game row."""
    game = lock_game(game_id)
    if _hidden_from(game, user):
        raise NoSuchGame()
    _waiting(game)
    if game.created_by_id == user.pk:
        raise ChallengeError("You cannot accept your own challenge.")
    # Seats come from the game's seed, so a game's set-up can be reproduced from it.
    challenger_seat = random.Random(f"{game.seed}/seats").randrange(2)
    seats = [None, None]
    seats[challenger_seat] = game.created_by
    seats[1 - challenger_seat] = user
    game.player0, game.player1 = seats
    game.invited = user
    game.status = Game.Status.ACTIVE
    game.started_at = timezone.now()
    game.to_move = game.first_leader
    _start_clock(game)
    game.save()
    seats_write(game)
    game.invitations.filter(user=user).update(answered_at=game.started_at)
    if user.is_bot:
        # The bot accepted at once, inside the challenger's own request: the challenger is
        # looking at the game already, so they are not told about it.
        _turn_begins(game, actor=game.created_by)
    else:
        notices.challenge_accepted(game, user)
        _turn_begins(game, actor=user)
    return game


@transaction.atomic
def challenge_withdraw(*, user, game_id) -> bool:
    """Decline (the invited user) or cancel (the challenger) a waiting challenge.

    Returns True when the challenger cancelled it, False when the invited user declined.
    A waiting game has no actions yet, so removing its row loses nothing of any log.
    """
    game = lock_game(game_id)
    if _hidden_from(game, user):
        raise NoSuchGame()
    if game.status != Game.Status.WAITING:
        raise ChallengeError("This challenge is no longer open.")
    if user.pk not in (game.created_by_id, game.invited_id):
        raise NotAPlayer("Only the challenger or the challenged player can do that.")
    cancelled = game.created_by_id == user.pk
    game.delete()
    return cancelled


def challenges_expire(*, now=None) -> int:
    """Remove waiting challenges past their expiry; returns how many."""
    now = now or timezone.now()
    _, deleted = Game.objects.filter(status=Game.Status.WAITING, expires_at__lte=now).delete()
    return deleted.get(Game._meta.label, 0)  # their seats and invitations go with them


@transaction.atomic
def game_rematch(*, user, game_id) -> Game:
    """Offer the opponent of a finished game the same game again (or accept their offer).

    A finished game has at most one rematch. The finished game's row is locked first, so
    clicks from both players (or many tabs) are taken one after the other: the first offers,
    the opponent's accepts, and every later click leads to that same game.
    """
    game = lock_game(game_id)
    seat = game.seat_of(user)
    if seat is None:
        raise NotAPlayer("Only the players can ask for a rematch.")
    if not game.is_over:
        raise ChallengeError("A rematch can be offered once the game is over.")
    if game.kind != "xix":
        from games.tables import table_rematch

        return table_rematch(game, user)
    opponent = game.players[1 - seat]
    rematch = (
        Game.objects.filter(rematch_of=game)
        .exclude(status=Game.Status.WAITING, expires_at__lte=timezone.now())
        .order_by("pk")
        .first()
    )
    if rematch is not None:
        if rematch.status == Game.Status.WAITING and rematch.created_by_id == opponent.pk:
            return challenge_accept(user=user, game_id=rematch.pk)
        return rematch
    return challenge_create(
        user=user,
        variant=game.variant,
        days_per_move=game.days_per_move,
        rated=game.rated,
        invited=opponent,
        rematch_of=game,
    )


# --- imported games ---------------------------------------------------------------------

IMPORTED_SEED = "imported"


@transaction.atomic
def game_import(*, record: dict, player0, player1, days_per_move: int = 3) -> Game:
    """A game between two existing users from an xix/1 record, with its whole action log:
    finished, or in play with a fresh clock (deadline and reminder) for the seat to move.
    Imported games are never rated. Raises the engine's InvalidSetup or IllegalAction for a
    record that does not replay; nothing is written then."""
    state = replay_record(record)
    if days_per_move not in DAYS_PER_MOVE:
        raise GameError("Days per move must be 1, 2, 3, 5, 7 or 14.")
    if player0.pk == player1.pk:
        raise GameError("The two players must be different users.")
    game = Game(
        variant=record["variant"],
        seed=IMPORTED_SEED,
        deal=list(record["deal"]),
        first_leader=record["first_leader"],
        setup={"deal": list(record["deal"]), "first_leader": record["first_leader"]},
        created_by=player0,
        invited=player1,
        player0=player0,
        player1=player1,
        days_per_move=days_per_move,
        rated=False,
        started_at=timezone.now(),
    )
    game.save()
    GameAction.objects.bulk_create(
        GameAction(game=game, seq=seq, seat=action["seat"], action=action)
        for seq, action in enumerate(record["actions"])
    )
    game.n_actions = len(record["actions"])
    game.score0, game.score1 = state.scores
    if state.over:
        game_close(game, status=Game.Status.FINISHED, winner=state.winner, reason=state.reason)
    else:
        game.status = Game.Status.ACTIVE
        game.to_move = state.to_move
        _start_clock(game)
        game.save()
        seats_write(game)
    return game


# --- play -------------------------------------------------------------------------------


def game_close(game: Game, *, status: str, winner, reason: str) -> None:
    """End a locked game (finished, or aborted by a moderator): its outcome, and no clock
    any more. Saves the row; ratings and notices are the caller's."""
    game.status = status
    game.winner = winner
    game.reason = reason
    game.finished_at = timezone.now()
    game.to_move = game.deadline = game.remind_at = None
    game.save()
    seats_write(game)


def game_finish(game: Game, *, winner, scores, reason: str, actor=None) -> None:
    """Record a result on a locked game, update ratings and tell the players (all but
    ``actor``, whose own action ended the game)."""
    from ratings.services import ratings_apply_game

    game.score0, game.score1 = scores
    game_close(game, status=Game.Status.FINISHED, winner=winner, reason=reason)
    if game.rated:
        ratings_apply_game(game=game)
    notices.game_over(game, actor=actor)


@transaction.atomic
def game_act(*, user, game_id, action, expected_seq: int):
    """Apply ``user``'s action to the game; returns (game, new state, events).

    Locks the game row, checks the seat, that the game is active and that the client saw
    the latest action (``expected_seq`` == actions so far), applies the action through the
    engine and appends it to the log. Raises NotAPlayer, StaleSequence, GameError or
    IllegalAction; nothing is written then.
    """
    game, seat = _locked_seat(game_id, user)
    if game.status != Game.Status.ACTIVE:
        raise IllegalAction("the game is over")
    if expected_seq != game.n_actions:
        raise StaleSequence(game.n_actions)
    if not isinstance(action, dict):
        raise IllegalAction("an action must be a JSON object")
    action = {"seat": seat, **action} if "seat" not in action else action
    if action["seat"] != seat:
        raise IllegalAction(f"you sit in seat {seat}, not {action['seat']!r}")
    state, events = _append(game, action, game_state(game), actor=user)
    return game, state, events


def _append(game: Game, action: dict, state, *, actor):
    """Apply ``action`` to the locked game whose current state is ``state``, append it to
    the log, and start the next turn or finish the game. Returns (state, events)."""
    state, events = state.apply(action)
    GameAction.objects.create(game=game, seq=game.n_actions, seat=action["seat"], action=action)
    game.n_actions += 1
    scored = game.scores != list(state.scores)
    game.score0, game.score1 = state.scores
    if state.over:
        game_finish(
            game, winner=state.winner, scores=state.scores, reason=state.reason, actor=actor
        )
    else:
        game.to_move = state.to_move
        _start_clock(game)
        game.save()
        if scored:
            seats_write(game)
        _turn_begins(game, actor=actor)
    return state, events


ABORT_CLOSED = (
    "Both of you have made a first move, so the game can no longer be aborted; "
    "you can still resign."
)


def abort_allowed(game: Game) -> bool:
    """Whether a player may abort ``game`` (no result, no rating change): while it is in
    play and until each player has made a first move (docs/rules.md, decision 29)."""
    if game.status != Game.Status.ACTIVE:
        return False
    # The first action is always the first leader's, so with one action or none the other
    # seat has not moved yet (no query needed).
    if game.n_actions <= 1:
        return True
    return not game.actions.exclude(seat=game.first_leader).exists()


def _abort_early(game: Game, *, actor) -> None:
    game_close(game, status=Game.Status.ABORTED, winner=None, reason=Game.Reason.EARLY_ABORT)
    notices.game_over(game, actor=actor)


@transaction.atomic
def game_abort_by_player(*, user, game_id) -> Game:
    """``user`` aborts the game before each player has made a first move: it ends without
    a result and changes no rating. Locks the game row."""
    game, _ = _locked_seat(game_id, user)
    if game.status != Game.Status.ACTIVE:
        raise GameError("The game is already over.")
    if not abort_allowed(game):
        raise GameError(ABORT_CLOSED)
    _abort_early(game, actor=user)
    return game


@transaction.atomic
def game_resign(*, user, game_id) -> Game:
    """``user`` resigns: the opponent wins. Until each player has made a first move the
    game is aborted instead (no result, no rating change). Locks the game row."""
    game, seat = _locked_seat(game_id, user)
    if game.status != Game.Status.ACTIVE:
        raise GameError("The game is already over.")
    if abort_allowed(game):
        _abort_early(game, actor=user)
        return game
    game_finish(
        game, winner=1 - seat, scores=game.scores, reason=Game.Reason.RESIGNATION, actor=user
    )
    return game


class ExtraDayTooLate(GameError):
    """The opponent moved after the page with the extra-day button was drawn."""

    status = 409


@transaction.atomic
def game_extra_day(*, user, game_id, expected_seq: int | None = None) -> Game:
    """``user`` gives the opponent, who is to move, one more day: once per turn.

    ``expected_seq``: the action number of the page the click came from. When the game has
    moved on since, no day is given (it would go to another move than the one meant)."""
    game, seat = _locked_seat(game_id, user)
    if game.status != Game.Status.ACTIVE:
        raise GameError("The game is over.")
    if expected_seq is not None and expected_seq != game.n_actions:
        if game.to_move == seat:
            opponent = game.players[1 - seat].username
            raise ExtraDayTooLate(
                f"{opponent} has just moved: it is your move now, so no extra day was given."
            )
        raise ExtraDayTooLate(
            "The game has moved on since this page was loaded: no extra day was given; "
            "here is the current table."
        )
    if game.to_move == seat:
        raise GameError("It is your move: only your opponent can give you more time.")
    if game.extra_day_seq == game.n_actions:
        raise GameError("You have already given an extra day for this move.")
    game.deadline += EXTRA_DAY
    if game.remind_at is not None:
        game.remind_at += EXTRA_DAY
    game.extra_day_seq = game.n_actions
    game.save()
    mover = game.players[game.to_move]
    if not mover.is_bot:
        notices.extra_day(game, mover, user)
    return game


# --- bots -------------------------------------------------------------------------------


def _site_bot(level: str):
    """The bot of ``level`` as the site runs it: the strong bot at BOT_STRONG_PLAYOUTS."""
    options = {"playouts": settings.BOT_STRONG_PLAYOUTS} if level == "strong" else {}
    return make_bot(level, **options)


@transaction.atomic
def bot_move(*, game_id, expected_seq: int) -> bool:
    """Play the bot's move in a game if it is still the bot's turn at ``expected_seq``.

    Returns False (and writes nothing) when the game is gone, over, has moved on, or the
    seat to move is not a bot: a duplicated or late task is a no-op. The decision is made
    under the row lock from the bot's seat view only, seeded by the game and the action
    number, so running the task again for the same position makes the same move.
    """
    try:
        game = lock_game(game_id)
    except NoSuchGame:
        return False
    if game.status != Game.Status.ACTIVE or game.n_actions != expected_seq:
        return False
    seat = game.to_move
    bot = game.players[seat]
    if not bot.is_bot:
        return False
    log.info("bot %s thinking in game %s at action %s", bot.username, game.pk, expected_seq)
    state = game_state(game)
    view = seat_view(state, seat)
    seed = f"{game.seed}/{expected_seq}"
    action = _site_bot(bot.bot_level).choose(view, seed)
    _append(game, {"seat": seat, **action}, state, actor=bot)
    log.info("bot %s moved in game %s at action %s", bot.username, game.pk, expected_seq)
    return True


# --- the periodic sweep -----------------------------------------------------------------


def _bot_to_move() -> Q:
    return Q(to_move=0, player0__is_bot=True) | Q(to_move=1, player1__is_bot=True)


def deadlines_sweep(*, now=None) -> dict:
    """Remind players whose time is running out, end games whose deadline has passed, and
    re-enqueue bot moves that have waited too long. Safe to run any number of times.

    A bot is never timed out: its move is enqueued again instead. Each game is handled in
    its own transaction (a savepoint when called inside one): a game that fails is rolled
    back, logged with its id and counted under "failed", and the sweep goes on with the
    others. Returns counts.
    """
    from games.tasks import bot_move

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
        _sweep_one(done, "bots_nudged", pk, lambda pk=pk, seq=seq: _nudge(bot_move, pk, seq))
    return done


def _nudge(task, game_id, seq) -> int:
    task.delay(game_id, seq)
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
    game = lock_game(game_id)
    if game.status != Game.Status.ACTIVE or game.remind_at is None or game.remind_at > now:
        return 0
    mover = game.players[game.to_move]
    game.remind_at = None
    game.save(update_fields=["remind_at"])
    if mover.is_bot or game.deadline <= now:
        return 0
    notices.deadline_near(game, mover)
    return 1


@transaction.atomic
def _time_out(game_id, now) -> int:
    game = lock_game(game_id)
    if game.status != Game.Status.ACTIVE or game.deadline is None or game.deadline > now:
        return 0
    if game.players[game.to_move].is_bot:
        return 0
    game_finish(game, winner=1 - game.to_move, scores=game.scores, reason=Game.Reason.TIMEOUT)
    return 1
