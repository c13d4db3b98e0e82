"""Everything that changes a game in play. Views and tasks call these; nothing else
writes ``Game`` or ``GameAction`` rows, but the table services (``games.tables``: the
lobby, from setting a table up to its start, and rematches), which build on these.

Each write runs in one transaction that locks the game row (``select_for_update``), so two
requests for the same game are applied one after the other, never interleaved. The same
transaction writes the players' notifications (``games.notices``) and the outbox e-mails;
tasks (a bot's move, sending an e-mail) are sent by ``jobs.after_commit``, so they
start only once the change they act on is committed.
"""

import logging
import random
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from games import notices, push, registry
from games.errors import GameError, NoSuchGame, NotAPlayer, StaleSequence
from games.kit.errors import IllegalAction
from games.kit.outcome import side_ranks
from games.models import DAYS_PER_MOVE, LEFT_BY_REASON, Game, GameAction, GameSeat
from games.outcomes import sides_of
from games.selectors import game_state
from xix_site import jobs

log = logging.getLogger(__name__)

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


def _locked_seat(game_id, user) -> tuple[Game, int]:
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
    if _played_by_site(game, game.to_move) or _forced_action(game, state) is not None:
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


def _forced_action(game: Game, state=None) -> dict | None:
    """The one legal action of the person to move, when they asked the site to play their
    forced moves (``User.auto_forced``) and have exactly one; else None."""
    mover = game.players[game.to_move]
    if mover is None or mover.is_bot or not mover.auto_forced:
        return None
    legal = (state or game_state(game)).legal_actions()
    return {"seat": game.to_move, **legal[0]} if len(legal) == 1 else None


# --- imported games ---------------------------------------------------------------------

IMPORTED_SEED = "imported"


def record_kind(record) -> str:
    """The registered game whose record format ``record`` names; GameError otherwise."""
    kind = registry.kind_of_record(record)
    if kind is None:
        raise GameError(registry.format_error(record))
    return kind


def record_replay(record):
    """(kind, variant, seats, setup, actions, state) of a game record of any registered
    format, replayed by its rules; GameError for an unknown format, the engine's
    InvalidSetup or IllegalAction (with ``.index``) for a record that does not replay."""
    kind = record_kind(record)
    rules = registry.rules(kind)
    variant, seats, setup = rules.read_header(record)
    actions = record.get("actions")
    state = rules.replay(variant, seats, setup, actions)
    return kind, variant, seats, setup, actions, state


@transaction.atomic
def game_import(*, record: dict, players, days_per_move: int = 3) -> Game:
    """A game between existing users (``players[i]`` in seat i) from a record of any game
    the site knows (``xix/1``, ``xeri/1``...), with its whole action log: finished, or in
    play with a fresh clock (deadline and reminder) for the seat to move. Imported games
    are never rated and tell nobody. Raises GameError, or the engine's InvalidSetup or
    IllegalAction for a record that does not replay; nothing is written then."""
    kind, variant, seats, setup, actions, state = record_replay(record)
    if days_per_move not in DAYS_PER_MOVE:
        raise GameError("Days per move must be 1, 2, 3, 5, 7 or 14.")
    players = list(players)
    if len(players) != seats:
        raise GameError(f"The record is a game of {seats} seats: name {seats} players.")
    if len({player.pk for player in players}) != len(players):
        raise GameError(f"The {seats} players must be different users.")
    pair = seats == 2
    game = Game(
        kind=kind,
        variant=variant,
        seats_count=seats,
        setup=setup,
        seed=IMPORTED_SEED,
        created_by=players[0],
        days_per_move=days_per_move,
        rated=False,
        started_at=timezone.now(),
    )
    game.save()
    # A game of two seats has no teams (``Game.scores`` and ``winner`` are per seat).
    team_of = {} if pair else registry.rules(kind).variants[variant].team_of(seats)
    scores = (_scores_now(state) or [0] * seats) if pair and not state.over else [0] * seats
    GameSeat.objects.bulk_create(
        GameSeat(game=game, position=seat, user=user, team=team_of.get(seat), score=score)
        for seat, (user, score) in enumerate(zip(players, scores, strict=True))
    )
    GameAction.objects.bulk_create(
        GameAction(game=game, seq=seq, seat=action["seat"], action=action)
        for seq, action in enumerate(actions)
    )
    game.n_actions = len(actions)
    if state.over:
        outcome = registry.rules(kind).outcome(state)
        _result_write(
            game,
            scores=outcome.scores,
            winner=_sole_first(outcome.ranks) if pair else None,
            ranks=outcome.ranks,
            reason=outcome.reason,
        )
        return game
    game.status = Game.Status.ACTIVE
    game.to_move = state.to_move
    start_clock(game)
    game.save()
    return game


# --- play -------------------------------------------------------------------------------


def _rules(game: Game):
    return registry.rules(game.kind)


def _policy(game: Game) -> str:
    """What happens to a seat that resigns, times out or is forfeited: "forfeit" (the game
    ends, its side loses) or "zombie" (the site plays its turns and it finishes last).
    A game of two seats always forfeits: the other seat would be left alone."""
    if game.seats_count == 2:
        return "forfeit"
    return _rules(game).variants[game.variant].timeout_policy


def _scores_now(state) -> list[int]:
    """Each seat's score as the engine keeps it during play (``GameState.scores``)."""
    return list(state.scores)


def seat_has_left(game: Game, position: int) -> bool:
    """Whether the seat at ``position`` has left (resigned, timed out, forfeited): the
    site plays its turns. A game of two seats ends when a seat leaves, so never there."""
    if game.seats_count == 2:
        return False
    return game.seat_rows()[position].status != GameSeat.Status.PLAYING


def _played_by_site(game: Game, position: int) -> bool:
    """A bot's seat, or a seat that has left: the site makes its moves."""
    return game.players[position].is_bot or seat_has_left(game, position)


def _live_humans(game: Game) -> list[int]:
    """The seats of people still playing."""
    return [seat for seat in range(game.seats_count) if not _played_by_site(game, seat)]


def _ranks_with_leavers(game: Game, ranks) -> list[int]:
    """Final places: the sides still playing keep their order by ``ranks`` (the engine's
    places, partners sharing one) before every side that has left, and those rank in
    reverse order of leaving: who left first is last (docs/rules.md, site decisions). A
    side has left when one of its seats has; it left when its first seat did."""
    rows = game.seat_rows()
    gone, live = [], []
    for side in sides_of(game):
        left = [rows[s].left_at for s in side if seat_has_left(game, s)]
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
    and notices are the caller's."""
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


def _sole_first(ranks) -> int | None:
    """The seat ranked first alone (a two-seat game's winner); None when first is shared."""
    firsts = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return firsts[0] if len(firsts) == 1 else None


def _result_write(game: Game, *, scores, winner, ranks, reason: str) -> None:
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

    _result_write(game, scores=scores, winner=winner, ranks=ranks, reason=reason)
    if game.rated:
        ratings_apply_game(game=game)
    notices.game_over(game, actor=actor)


def _finish_played(game: Game, state, *, actor) -> None:
    """End a locked game whose state is over, with the engine's outcome: for two seats
    the winner is the seat ranked first alone (None for a draw); at more seats the sides
    that left rank after the others (``_ranks_with_leavers``)."""
    outcome = _rules(game).outcome(state)
    if game.seats_count == 2:
        winner = _sole_first(outcome.ranks)
        game_finish(game, winner=winner, scores=outcome.scores, reason=outcome.reason, actor=actor)
        return
    game_finish(
        game,
        scores=outcome.scores,
        ranks=_ranks_with_leavers(game, outcome.ranks),
        reason=outcome.reason,
        actor=actor,
    )


def _check_live(game: Game, seat: int) -> None:
    if seat_has_left(game, seat):
        raise GameError("You have left this game: the site plays your turns now.")


@transaction.atomic
def game_act(*, user, game_id, action, expected_seq: int):
    """Apply ``user``'s action to the game; returns (game, new state, events).

    Locks the game row, checks the seat (still playing), that the game is active and that
    the client saw the latest action (``expected_seq`` == actions so far), applies the
    action through the engine and appends it to the log. Raises NotAPlayer, StaleSequence,
    GameError or IllegalAction; nothing is written then.
    """
    game, seat = _locked_seat(game_id, user)
    if game.status != Game.Status.ACTIVE:
        raise IllegalAction("the game is over")
    _check_live(game, seat)
    if expected_seq != game.n_actions:
        raise StaleSequence(game.n_actions)
    if not isinstance(action, dict):
        raise IllegalAction("an action must be a JSON object")
    action = {"seat": seat, **action} if "seat" not in action else action
    if action["seat"] != seat:
        raise IllegalAction(f"you sit in seat {seat}, not {action['seat']!r}")
    state, events = _append(game, action, game_state(game), actor=user)
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
        _scores_write(game, _scores_now(state))


def _append(game: Game, action: dict, state, *, actor):
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
    if seat_has_left(game, game.to_move):
        game.deadline = game.remind_at = None  # a seat that left has no clock
    else:
        start_clock(game)
    game.save()
    turn_begins(game, actor=actor, state=state)
    return state, events


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
    game_close(game, status=Game.Status.ABORTED, winner=None, reason=Game.Reason.EARLY_ABORT)
    notices.game_over(game, actor=actor)


@transaction.atomic
def game_abort_by_player(*, user, game_id) -> Game:
    """``user`` aborts the game before each player has made a first move (at a table of
    more seats: before any move): it ends without a result and changes no rating. Locks
    the game row."""
    game, seat = _locked_seat(game_id, user)
    if game.status != Game.Status.ACTIVE:
        raise GameError("The game is already over.")
    _check_live(game, seat)
    if not abort_allowed(game):
        raise GameError(ABORT_CLOSED if game.seats_count == 2 else ABORT_CLOSED_TABLE)
    _abort_early(game, actor=user)
    return game


@transaction.atomic
def game_resign(*, user, game_id) -> Game:
    """``user`` resigns (``seat_leave``): at two seats the opponent wins. Until each
    player has made a first move (at more seats: any move) the game is aborted instead
    (no result, no rating change). Locks the game row."""
    game, seat = _locked_seat(game_id, user)
    if game.status != Game.Status.ACTIVE:
        raise GameError("The game is already over.")
    if seat_has_left(game, seat):
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
        game_finish(game, winner=1 - position, scores=game.scores, reason=reason, actor=actor)
        return
    row = game.seat_rows()[position]
    row.status, row.left_at = status, timezone.now()
    row.save(update_fields=["status", "left_at"])
    if _policy(game) == "forfeit":
        rules = _rules(game)
        scores = _scores_now(game_state(game)) or game.scores
        sides = rules.variants[game.variant].sides(game.seats_count)
        ranks = _ranks_with_leavers(game, side_ranks(scores, sides))
        game_finish(game, scores=scores, ranks=ranks, reason=reason, actor=actor)
        return
    if not _live_humans(game):
        table_abandoned(game, actor=actor)
        return
    notices.seat_left(game, position, actor=actor)
    push.game_changed(game)
    if game.to_move == position:
        game.deadline = game.remind_at = None
        game.save(update_fields=["deadline", "remind_at", "updated"])
        turn_begins(game, actor=actor)


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
    game, seat = _locked_seat(game_id, user)
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
    if _played_by_site(game, game.to_move):
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


# --- bots and seats that left -------------------------------------------------------------


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
    rules = _rules(game)
    if seat_has_left(game, seat):
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
    if _played_by_site(game, seat):
        actor = game.players[seat] if game.players[seat].is_bot else None
        return _site_action(game, state, seat), actor
    forced = _forced_action(game, state)
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
       ``expected_seq`` with the same seat to move, and append the move (``_append``,
       which enqueues the next turn's task once committed).

    False (and nothing written) when the game is gone, over, has moved on meanwhile, or a
    person still playing is to move: a duplicated, late or overtaken task is a no-op. A
    game with no person left ends at once (``table_abandoned``), without searching a move.
    """
    game = _unlocked_game(game_id)
    if game is None or game.status != Game.Status.ACTIVE or game.n_actions != expected_seq:
        return False
    if game.seats_count != 2 and not _live_humans(game):
        return _abandon(game_id, expected_seq)
    seat, who = game.to_move, f"seat {game.to_move} ({game.players[game.to_move].username})"
    log.info("%s thinking in game %s at action %s", who, game.pk, expected_seq)
    planned = _site_move_planned(game)
    if planned is None:
        return False
    action, actor = planned
    with transaction.atomic():
        try:
            game = lock_game(game_id)
        except NoSuchGame:
            return False
        if (
            game.status != Game.Status.ACTIVE
            or game.n_actions != expected_seq
            or game.to_move != seat
        ):
            log.info("%s: game %s moved on at action %s, move dropped", who, game.pk, expected_seq)
            return False
        _append(game, action, game_state(game), actor=actor)
    log.info("%s moved in game %s at action %s", who, game_id, expected_seq)
    return True


@transaction.atomic
def _abandon(game_id, expected_seq: int) -> bool:
    """End the locked game as abandoned if no person is playing it any more (a table
    left that way before this rule, or a race): ``table_abandoned``."""
    game = lock_game(game_id)
    if game.status != Game.Status.ACTIVE or game.n_actions != expected_seq:
        return False
    if game.seats_count == 2 or _live_humans(game):
        return False
    table_abandoned(game, actor=None)
    return True


def _standing(game: Game, state) -> tuple[list, list[int]]:
    """(scores, places) of a game in play as it stands: the rules' own ``standing`` when
    they have one (Xactika: totals, the lowest best in Play to Lose), else the scores the
    engine keeps during play (or the seat rows'), higher better, partners sharing."""
    rules = _rules(game)
    standing = getattr(rules, "standing", None)
    if standing is not None:
        outcome = standing(state)
        return list(outcome.scores), list(outcome.ranks)
    scores = _scores_now(state) or game.scores
    sides = rules.variants[game.variant].sides(game.seats_count)
    return scores, list(side_ranks(scores, sides))


def table_abandoned(game: Game, *, actor) -> None:
    """End the locked active ``game``, where no person is playing any more (the last one
    resigned, timed out or was forfeited), at once as "abandoned" (docs/rules.md, site
    decisions): the seats still playing (bots) keep their order by the standing now, ahead
    of every seat that left, and those rank in reverse order of leaving. Rated as any
    finished game. The site never plays out a game nobody is left to watch."""
    scores, ranks = _standing(game, game_state(game))
    game_finish(
        game,
        scores=scores,
        ranks=_ranks_with_leavers(game, ranks),
        reason=Game.Reason.ABANDONED,
        actor=actor,
    )


def bot_move(*, game_id, expected_seq: int) -> bool:
    """``seat_autoplay``, under the name tasks queued before it still carry."""
    return seat_autoplay(game_id=game_id, expected_seq=expected_seq)


# --- the periodic sweep -----------------------------------------------------------------


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
    jobs.send(SEAT_AUTOPLAY, game_id, seq)
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
    game.remind_at = None
    game.save(update_fields=["remind_at"])
    if _played_by_site(game, game.to_move) or game.deadline <= now:
        return 0
    notices.deadline_near(game, game.players[game.to_move])
    return 1


@transaction.atomic
def _time_out(game_id, now) -> int:
    """The person to move ran out of time: their seat leaves the game (``seat_leave``: at
    two seats, and in a forfeit-policy game, their side loses)."""
    game = lock_game(game_id)
    if game.status != Game.Status.ACTIVE or game.deadline is None or game.deadline > now:
        return 0
    if _played_by_site(game, game.to_move):
        return 0
    seat_leave(game, game.to_move, GameSeat.Status.TIMED_OUT)
    return 1
