"""What players are told about their games: the texts of the notifications that
``games.services`` writes, each inside the transaction of the change it reports."""

from django.utils import timezone

from games import outcomes
from games.models import Game, GameSeat
from games.rows import score_text
from notifications.models import Notification
from notifications.services import notify

Kind = Notification.Kind

REASONS = {
    Game.Reason.EXACT_19: "exactly 19 points in all",
    Game.Reason.REACHED_19: "19 points reached",
    Game.Reason.TALON_END: "the talon ran out",
    Game.Reason.RESIGNATION: "{loser} resigned",
    Game.Reason.TIMEOUT: "{loser} ran out of time",
    Game.Reason.ABORT: "aborted",
    Game.Reason.FORFEIT: "{loser} forfeited: account suspended",
    Game.Reason.ADJUDICATED: "decided by a moderator",
}


def terms(game: Game) -> str:
    rated = "rated" if game.rated else "casual"
    days = game.get_days_per_move_display()
    return f"{game.get_variant_display().lower()}, {days} per move, {rated}"


def _opponent(game: Game, user):
    return game.players[1 - game.seat_of(user)]


def challenge_received(game: Game) -> None:
    notify(
        user=game.invited,
        game=game,
        kind=Kind.CHALLENGE,
        seq=0,
        text=f"{game.created_by.username} challenges you to a game ({terms(game)}).",
        actor=game.created_by,
    )


def challenge_accepted(game: Game, acceptor) -> None:
    notify(
        user=game.created_by,
        game=game,
        kind=Kind.ACCEPTED,
        seq=0,
        text=f"{acceptor.username} accepted your challenge ({terms(game)}): the game is on.",
        actor=acceptor,
    )


def table_invited(game: Game, user) -> None:
    """``user`` is invited to the waiting table ``game`` (of any size)."""
    if game.seats_count == 2:
        text = f"{game.created_by.username} challenges you to a game ({terms(game)})."
    else:
        taken = game.seats.count()
        text = (
            f"{game.created_by.username} invites you to a table of {game.seats_count} "
            f"({terms(game)}): {taken} of {game.seats_count} seats taken."
        )
    notify(user=user, game=game, kind=Kind.CHALLENGE, seq=0, text=text, actor=game.created_by)


def table_started(game: Game, actor) -> None:
    """The last seat of ``game`` was filled (by ``actor``) and it began: every other
    human seat is told."""
    for position, user in enumerate(game.players):
        if user is None or (actor is not None and user.pk == actor.pk):
            continue
        if game.seats_count == 2 and actor is not None and user.pk == game.created_by_id:
            text = f"{actor.username} accepted your challenge ({terms(game)}): the game is on."
        else:
            text = (
                f"The table is full: your game {outcomes.company(game, position)} has "
                f"started ({terms(game)})."
            )
        notify(user=user, game=game, kind=Kind.ACCEPTED, seq=0, text=text, actor=actor)


LEFT = {
    GameSeat.Status.RESIGNED: "resigned",
    GameSeat.Status.TIMED_OUT: "ran out of time",
    GameSeat.Status.FORFEITED: "forfeited (account suspended)",
}


def seat_left(game: Game, position: int, actor=None) -> None:
    """The seat ``position`` of a zombie-policy table left (its status says how): the
    other humans learn that the site now plays its turns and it finishes last."""
    seat = game.seat_rows()[position]
    leaver = seat.user
    how = LEFT.get(seat.status, "left")
    text = f"{leaver.username} {how}: the site now plays their turns, and they finish last."
    for other, user in enumerate(game.players):
        if other == position or user is None or (actor is not None and user.pk == actor.pk):
            continue
        notify(
            user=user,
            game=game,
            kind=Kind.SEAT_LEFT,
            seq=game.n_actions,
            text=text,
            actor=leaver,
        )


def your_turn(game: Game, user) -> None:
    notify(
        user=user,
        game=game,
        kind=Kind.YOUR_TURN,
        seq=game.n_actions,
        text=f"Your move against {_opponent(game, user).username}.",
    )


def deadline_near(game: Game, user) -> None:
    left = game.deadline - timezone.now()
    hours = max(1, round(left.total_seconds() / 3600))
    notify(
        user=user,
        game=game,
        kind=Kind.DEADLINE,
        seq=game.n_actions,
        text=f"About {hours} hour{'s' if hours != 1 else ''} left for your move against "
        f"{_opponent(game, user).username}: after that the game is lost on time.",
    )


def extra_day(game: Game, user, granter) -> None:
    notify(
        user=user,
        game=game,
        kind=Kind.EXTRA_DAY,
        seq=game.n_actions,
        text=f"{granter.username} gave you an extra day for your move.",
        actor=granter,
    )


def game_over(game: Game, *, actor=None) -> None:
    """Tell both players the result, except the one whose action ended the game."""
    for seat, user in enumerate(game.players):
        if user is None or (actor is not None and user.pk == actor.pk):
            continue
        opponent = game.players[1 - seat]
        if game.status == Game.Status.ABORTED:
            if game.reason == Game.Reason.EARLY_ABORT:
                text = (
                    f"{opponent.username} aborted your game before you had both made a first "
                    "move: it has no result and changes no rating."
                )
            else:
                text = (
                    f"A moderator aborted your game against {opponent.username}: it has no "
                    f"result and changes no rating. Reason: {game.verdict}"
                )
            notify(
                user=user,
                game=game,
                kind=Kind.GAME_OVER,
                seq=game.n_actions,
                text=text,
                actor=actor,
            )
            continue
        if game.winner is None:
            outcome = "You drew"
        elif game.winner == seat:
            outcome = "You won"
        else:
            outcome = "You lost"
        loser = "you" if game.winner == 1 - seat else opponent.username
        reason = REASONS.get(game.reason, game.reason).format(loser=loser)
        text = f"{outcome} against {opponent.username}, {score_text(game.scores, seat)} ({reason})."
        if game.reason == Game.Reason.ADJUDICATED:
            text += f" Reason: {game.verdict}"
        notify(
            user=user,
            game=game,
            kind=Kind.GAME_OVER,
            seq=game.n_actions,
            text=text,
            actor=actor,
        )
