"""Play: a person's move (``game_act``), appending any move to the log
(``action_append``), the live scores, and the end of a game (``game_close``,
``game_finish``, the places of the sides that left). Built on ``clock``.
"""

from django.db import transaction
from django.utils import timezone

from games import notices, push, registry
from games.errors import GameError, StaleSequence
from games.kit.errors import IllegalAction
from games.models import LEFT_BY_REASON, Game, GameAction, GameSeat
from games.outcomes import sides_of
from games.selectors import game_state
from games.services import clock
from games.signals import game_closed


def rules_of(game: Game):
    return registry.rules(game.kind)


def scores_now(state) -> list[int]:
    """Each seat's score as the engine keeps it during play (``GameState.scores``)."""
    return list(state.scores)


def ranks_with_leavers(game: Game, ranks) -> list[int]:
    """Final places: the sides still playing keep their order by ``ranks`` (the engine's
    places, partners sharing one) before every side that has left, and those rank in
    reverse order of leaving: who left first is last (docs/rules.md, site decisions). A
    side has left when one of its seats has; it left when its first seat did."""
    rows = game.seat_rows()
    gone, live = [], []
    for side in sides_of(game):
        left = [rows[s].left_at for s in side if clock.seat_has_left(game, s)]
        if left:
            gone.append((min(left), side[0], side))
        else:
            live.append(side)
    final = [0] * game.seats_count
    for side in live:
        place = 1 + sum(1 for other in live if ranks[other[0]] < ranks[side[0]])
        for seat in side:
            final[seat] = place
    for index, (_, _, side) in enumerate(sorted(gone, reverse=True)):
        for seat in side:
            final[seat] = len(live) + 1 + index
    return final


def game_close(game: Game, *, status: str, winner, reason: str) -> None:
    """End a locked game (finished, or aborted by a moderator): its outcome, and no clock
    any more. Saves the row and, for two seats, the places in the seat rows from
    ``winner``: the winner 1 and the loser 2, a draw 1 and 1, none when aborted; the
    loser of a resignation, a timeout or a forfeit has left with that status. Ratings
    and notices are the caller's. Sends ``games.signals.game_closed`` last (the places
    at more seats are written before, by ``result_write``)."""
    game.status = status
    game.reason = reason
    game.finished_at = timezone.now()
    game.to_move = game.deadline = game.remind_at = None
    game.save()
    if game.seats_count == 2 and status == Game.Status.FINISHED:
        rows = game.seat_rows()
        left = LEFT_BY_REASON.get(reason)
        for row in rows:
            row.rank = 1 if winner in (None, row.position) else 2
            if left is not None and winner == 1 - row.position:
                row.status, row.left_at = left, game.finished_at
        GameSeat.objects.bulk_update(rows, ["rank", "status", "left_at"])
    push.game_changed(game)
    game_closed.send(sender=Game, game=game)


def sole_first(ranks) -> int | None:
    """The seat ranked first alone (a two-seat game's winner); None when first is shared."""
    firsts = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return firsts[0] if len(firsts) == 1 else None


def result_write(game: Game, *, scores, winner, ranks, reason: str) -> None:
    """Finish a locked game with its result, and nothing else (no rating, no notice): each
    seat row's score, and its place: for two seats from ``winner`` (``game_close``), at
    more seats from ``ranks``."""
    rows = game.seat_rows()
    for row, score in zip(rows, scores, strict=True):
        row.score = score
    if game.seats_count != 2:
        for row, rank in zip(rows, ranks, strict=True):
            row.rank = rank
    GameSeat.objects.bulk_update(rows, ["score", "rank"])
    game_close(game, status=Game.Status.FINISHED, winner=winner, reason=reason)


def game_finish(game: Game, *, scores, reason: str, winner=None, ranks=None, actor=None) -> None:
    """Record a result on a locked game, update ratings and tell the players (all but
    ``actor``, whose own action ended the game).

    Two seats: ``winner`` (None for a draw) and the two ``scores``. More seats: every
    seat's score and place (``ranks``, 1 best, ties share) go into its seat row."""
    from ratings.services import ratings_apply_game

    result_write(game, scores=scores, winner=winner, ranks=ranks, reason=reason)
    if game.rated:
        ratings_apply_game(game=game)
    notices.game_over(game, actor=actor)


def _finish_played(game: Game, state, *, actor) -> None:
    """End a locked game whose state is over, with the engine's outcome: for two seats
    the winner is the seat ranked first alone (None for a draw); at more seats the sides
    that left rank after the others (``ranks_with_leavers``)."""
    outcome = rules_of(game).outcome(state)
    if game.seats_count == 2:
        winner = sole_first(outcome.ranks)
        game_finish(game, winner=winner, scores=outcome.scores, reason=outcome.reason, actor=actor)
        return
    game_finish(
        game,
        scores=outcome.scores,
        ranks=ranks_with_leavers(game, outcome.ranks),
        reason=outcome.reason,
        actor=actor,
    )


def check_live(game: Game, seat: int) -> None:
    if clock.seat_has_left(game, seat):
        raise GameError("You have left this game: the site plays your turns now.")


@transaction.atomic
def game_act(*, user, game_id, action, expected_seq: int):
    """Apply ``user``'s action to the game; returns (game, new state, events).

    Locks the game row, checks the seat (still playing), that the game is active and that
    the client saw the latest action (``expected_seq`` == actions so far), applies the
    action through the engine and appends it to the log. Raises NotAPlayer, StaleSequence,
    GameError or IllegalAction; nothing is written then.
    """
    game, seat = clock.locked_seat(game_id, user)
    if game.status != Game.Status.ACTIVE:
        raise IllegalAction("the game is over")
    check_live(game, seat)
    if expected_seq != game.n_actions:
        raise StaleSequence(game.n_actions)
    if not isinstance(action, dict):
        raise IllegalAction("an action must be a JSON object")
    action = {"seat": seat, **action} if "seat" not in action else action
    if action["seat"] != seat:
        raise IllegalAction(f"you sit in seat {seat}, not {action['seat']!r}")
    state, events = action_append(game, action, game_state(game), actor=user)
    return game, state, events


def _scores_write(game: Game, scores) -> None:
    """Keep the live ``scores`` of a game of two seats in its seat rows (the lists show
    them); only the rows whose score changed are written."""
    rows = [row for row, score in zip(game.seat_rows(), scores, strict=True) if row.score != score]
    for row in rows:
        row.score = scores[row.position]
    if rows:
        GameSeat.objects.bulk_update(rows, ["score"])


def live_scores_write(game: Game, state) -> None:
    """Keep a two-seat game's live scores, from its current ``state``, in its seat rows."""
    if game.seats_count == 2:
        _scores_write(game, scores_now(state))


def action_append(game: Game, action: dict, state, *, actor):
    """Apply ``action`` to the locked game whose current state is ``state``, append it to
    the log, and start the next turn or finish the game. Returns (state, events)."""
    state, events = state.apply(action)
    GameAction.objects.create(game=game, seq=game.n_actions, seat=action["seat"], action=action)
    game.n_actions += 1
    push.game_changed(game)
    if state.over:
        _finish_played(game, state, actor=actor)
        return state, events
    live_scores_write(game, state)
    game.to_move = state.to_move
    if clock.seat_has_left(game, game.to_move):
        game.deadline = game.remind_at = None  # a seat that left has no clock
    else:
        clock.start_clock(game)
    game.save()
    clock.turn_begins(game, actor=actor, state=state)
    return state, events
