"""Everything that changes a game or a challenge. Views and tasks call these; nothing else
writes ``Game`` or ``GameAction`` rows.

Each write runs in one transaction that locks the game row (``select_for_update``), so two
requests for the same game are applied one after the other, never interleaved. Side
effects for other systems (notifications, bot moves) go out after the commit through the
``game_changed`` signal.
"""

import random
import secrets
from datetime import timedelta

from django.db import transaction
from django.dispatch import Signal
from django.utils import timezone

from games.engine import IllegalAction, shuffled_deal
from games.models import DAYS_PER_MOVE, Game, GameAction, Variant
from games.selectors import game_state

CHALLENGE_LIFETIME = timedelta(days=7)
MAX_OPEN_CHALLENGES = 10

# Sent after the transaction that changed a game commits.
# kwargs: game (the saved Game), kind ("started", "action", "finished", "challenge"),
# and for "action" the engine events.
game_changed = Signal()


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


# Bots get their players in a later issue; until then every challenge to a bot is refused
# here, and only here.
BOTS_NOT_YET = "Bots will be able to play soon; for now, challenge a person."


def _locked(game_id) -> Game:
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError) as error:
        raise NoSuchGame() from error


def _locked_seat(game_id, user) -> tuple[Game, int]:
    """The locked game and ``user``'s seat in it; NotAPlayer when ``user`` is not seated."""
    game = _locked(game_id)
    seat = game.seat_of(user)
    if seat is None:
        raise NotAPlayer("You are not playing in this game.")
    return game, seat


def _send_after_commit(game: Game, kind: str, **extra) -> None:
    transaction.on_commit(lambda: game_changed.send(sender=Game, game=game, kind=kind, **extra))


def _deadline(game: Game):
    return timezone.now() + timedelta(days=game.days_per_move)


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
        if invited.is_bot:
            raise ChallengeError(BOTS_NOT_YET)
        if not invited.is_active:
            raise ChallengeError(f"{invited.username} cannot be challenged.")
    now = timezone.now()
    open_count = Game.objects.filter(
        created_by=user, status=Game.Status.WAITING, expires_at__gt=now
    ).count()
    if open_count >= MAX_OPEN_CHALLENGES:
        raise ChallengeError(
            f"You already have {MAX_OPEN_CHALLENGES} challenges waiting; cancel one first."
        )
    seed = secrets.token_hex(8)
    deal, first_leader = shuffled_deal(seed)
    with transaction.atomic():
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
        )
        _send_after_commit(game, "challenge")
    return game


def _waiting(game: Game) -> None:
    if game.status != Game.Status.WAITING or game.expires_at <= timezone.now():
        raise ChallengeError("This challenge is no longer open.")


@transaction.atomic
def challenge_accept(*, user, game_id) -> Game:
    """Seat ``user`` against the challenger and start the game. Locks the game row."""
    game = _locked(game_id)
    _waiting(game)
    if game.created_by_id == user.pk:
        raise ChallengeError("You cannot accept your own challenge.")
    if game.invited_id is not None and game.invited_id != user.pk:
        raise NotAPlayer("This challenge is for someone else.")
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
    game.deadline = _deadline(game)
    game.save()
    _send_after_commit(game, "started")
    return game


@transaction.atomic
def challenge_withdraw(*, user, game_id) -> bool:
    """Decline (the invited user) or cancel (the challenger) a waiting challenge.

    Returns True when the challenger cancelled it, False when the invited user declined.
    A waiting game has no actions yet, so removing its row loses nothing of any log.
    """
    game = _locked(game_id)
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
    deleted, _ = Game.objects.filter(status=Game.Status.WAITING, expires_at__lte=now).delete()
    return deleted


def game_rematch(*, user, game_id) -> Game:
    """Offer the opponent of a finished game the same game again (or accept their offer)."""
    try:
        game = Game.objects.get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError) as error:
        raise NoSuchGame() from error
    seat = game.seat_of(user)
    if seat is None:
        raise NotAPlayer("Only the players can ask for a rematch.")
    if not game.is_over:
        raise ChallengeError("A rematch can be offered once the game is over.")
    opponent = game.players[1 - seat]
    offer = Game.objects.filter(
        rematch_of=game,
        status=Game.Status.WAITING,
        created_by=opponent,
        expires_at__gt=timezone.now(),
    ).first()
    if offer is not None:
        return challenge_accept(user=user, game_id=offer.pk)
    mine = Game.objects.filter(
        rematch_of=game, created_by=user, status__in=[Game.Status.WAITING, Game.Status.ACTIVE]
    ).first()
    if mine is not None:
        return mine
    return challenge_create(
        user=user,
        variant=game.variant,
        days_per_move=game.days_per_move,
        rated=game.rated,
        invited=opponent,
        rematch_of=game,
    )


# --- play -------------------------------------------------------------------------------


def game_finish(game: Game, *, winner, scores, reason: str) -> None:
    """Record a result on a locked game (the caller saves it) and update ratings."""
    from ratings.services import ratings_apply_game

    game.status = Game.Status.FINISHED
    game.winner = winner
    game.score0, game.score1 = scores
    game.reason = reason
    game.finished_at = timezone.now()
    game.to_move = None
    game.deadline = None
    game.save()
    if game.rated:
        ratings_apply_game(game=game)
    _send_after_commit(game, "finished")


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
    state, events = game_state(game).apply(action)
    GameAction.objects.create(game=game, seq=game.n_actions, seat=seat, action=action)
    game.n_actions += 1
    game.score0, game.score1 = state.scores
    if state.over:
        game_finish(game, winner=state.winner, scores=state.scores, reason=state.reason)
    else:
        game.to_move = state.to_move
        game.deadline = _deadline(game)
        game.save()
    _send_after_commit(game, "action", events=events)
    return game, state, events


@transaction.atomic
def game_resign(*, user, game_id) -> Game:
    """``user`` resigns: the opponent wins. Locks the game row."""
    game, seat = _locked_seat(game_id, user)
    if game.status != Game.Status.ACTIVE:
        raise GameError("The game is already over.")
    game_finish(game, winner=1 - seat, scores=game.scores, reason=Game.Reason.RESIGNATION)
    return game
