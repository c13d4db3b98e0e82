"""Writing analyses: asking for one, its tasks' steps, retrying it; and "Play on from here".

An analysis is asked for from a finished game's replay and stored once per game. The
search (``analysis.engine``) runs in Celery tasks on the ``analysis`` queue
(``analysis.tasks``): ``analysis_begin`` reads the game's decisions, then one task per
chunk of decisions computes OUTSIDE any transaction or lock and stores its figures and the
progress in one short transaction (``analysis_chunk_store``). Each step is idempotent: a
task delivered twice finds its work stored and does nothing more.

Every change pings the game's channel (event ``analysis``, the counts only) after the
commit, so an open replay page fetches its progress; pages without push poll.
"""

import logging
import secrets
import time
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.bots import game_levels, levels_text
from analysis import engine
from analysis.models import Analysis, AnalysisChunk, PlayOn
from games import push, registry
from games.errors import GameError, NoSuchGame, NotAPlayer
from games.models import Game, GameAction, GameSeat
from games.selectors import game_line, hidden_from, is_private
from games.services import clock, play
from games.tables import bot_for, check_bot_games
from xix_site import jobs

logger = logging.getLogger(__name__)

EVENT_TYPE = "analysis"
# An analysis queued or running with no progress for this long has lost its task (a worker
# gone, a broker emptied): it may be asked for again, as a failed one.
STALLED_AFTER = timedelta(minutes=30)


class AnalysisError(GameError):
    """A request about an analysis the site refuses; the message is for the user."""


class NotOver(AnalysisError):
    status = 409


class LimitReached(AnalysisError):
    status = 429


class QueueFull(AnalysisError):
    status = 503


NOT_OVER = (
    "This game is not over: its analysis can be asked for once it has finished, so that "
    "nobody learns anything of a live game's hidden cards."
)


def _ping(analysis: Analysis) -> None:
    """Tell the game's open pages that its analysis moved on, after the commit. The ping
    carries the counts only, never a figure of the search."""
    if not settings.PUSH_EVENTS:
        return
    data = {
        "game": analysis.game_id,
        "status": analysis.status,
        "done": analysis.chunks_done,
        "total": analysis.chunks_total,
    }

    def publish():
        from django_eventstream import send_event

        try:
            send_event(push.channel_of(analysis.game_id), EVENT_TYPE, data)
        except Exception:
            logger.warning("analysis: could not publish on game %s", analysis.game_id)

    transaction.on_commit(publish)


def check_may_request(game: Game, user) -> None:
    """Who may ask for ``game``'s analysis: its players; anyone signed in for a public
    game. Only a game that finished (not one aborted before its end, not one in play)."""
    if not user.is_authenticated:
        raise NotAPlayer("Log in to ask for an analysis.")
    if hidden_from(game, user) and not user.is_staff:
        raise NoSuchGame()
    if game.seat_of(user) is None and is_private(game):
        raise NotAPlayer("Only the players of a private game can ask for its analysis.")
    if game.status != Game.Status.FINISHED:
        if game.is_over:
            raise NotOver("This game was aborted: there is no finished game to analyse.")
        raise NotOver(NOT_OVER)


def _check_limits(user) -> None:
    now = timezone.now()
    mine = Analysis.objects.filter(requested_by=user, created__gte=now - timedelta(days=1))
    limit = settings.ANALYSIS_DAILY_LIMIT
    if mine.count() >= limit:
        oldest = mine.order_by("created").first()
        again = timezone.localtime(oldest.created + timedelta(days=1))
        raise LimitReached(
            f"You have asked for {limit} analyses in the last 24 hours, the most a day. "
            f"You can ask for another after {again:%H:%M} ({again:%d %B})."
        )
    _check_queue()


def _check_queue() -> None:
    waiting = Analysis.objects.filter(status__in=[Analysis.Status.QUEUED, Analysis.Status.RUNNING])
    if waiting.count() >= settings.ANALYSIS_QUEUE_LIMIT:
        raise QueueFull(
            "The analysis queue is full: the site is analysing as many games as it can. "
            "Try again in a few minutes."
        )


def _enqueue_begin(analysis: Analysis) -> None:
    jobs.after_commit("analysis.tasks.analysis_begin", analysis.pk)


@transaction.atomic
def analysis_request(*, user, game_id) -> tuple[Analysis, bool]:
    """The analysis of game ``game_id`` asked for by ``user``: (analysis, made now).

    Locks the game's row, then the user's, so that two requests at once (a double click,
    two players) are taken one after the other: the second finds the first's analysis,
    which is returned as it is and counts against no limit. Raises NoSuchGame,
    NotAPlayer, NotOver, LimitReached or QueueFull; nothing is written then."""
    game = clock.lock_game(game_id)
    check_may_request(game, user)
    analysis = Analysis.objects.filter(game=game).first()
    if analysis is not None:
        return analysis, False
    user.lock_row()
    _check_limits(user)
    analysis = Analysis.objects.create(
        game=game,
        requested_by=user,
        budget=settings.ANALYSIS_BUDGET,
        chunk_size=max(1, settings.ANALYSIS_CHUNK_DECISIONS),
    )
    _enqueue_begin(analysis)
    _ping(analysis)
    return analysis, True


def stalled(analysis: Analysis, *, now=None) -> bool:
    """Whether a pending analysis has made no progress for ``STALLED_AFTER``."""
    now = now or timezone.now()
    return analysis.pending and analysis.updated < now - STALLED_AFTER


@transaction.atomic
def analysis_retry(*, user, game_id) -> Analysis:
    """Run a failed (or stalled) analysis again, keeping the chunks it stored; anyone who
    may ask for the game's analysis may retry it. An analysis that is done, or running
    well, is returned as it is (a repeated click does nothing more)."""
    game = clock.lock_game(game_id)
    check_may_request(game, user)
    try:
        analysis = Analysis.objects.select_for_update().get(game=game)
    except Analysis.DoesNotExist as error:
        raise AnalysisError("This game has no analysis to try again: ask for one.") from error
    if analysis.status != Analysis.Status.FAILED and not stalled(analysis):
        return analysis
    _check_queue()
    analysis.status = Analysis.Status.QUEUED
    analysis.error = ""
    analysis.attempts += 1
    analysis.save()
    _enqueue_begin(analysis)
    _ping(analysis)
    return analysis


def _game_args(game: Game) -> tuple:
    return game.kind, game.variant, game.seats_count, game.setup, game_line(game)


def analysis_fail(analysis_id: int, error: str) -> None:
    """Mark the analysis failed with ``error`` (for the page: it may be tried again)."""
    with transaction.atomic():
        analysis = Analysis.objects.select_for_update().filter(pk=analysis_id).first()
        if analysis is None or analysis.status == Analysis.Status.DONE:
            return
        analysis.status = Analysis.Status.FAILED
        analysis.error = error[:500]
        analysis.save()
        _ping(analysis)


def analysis_begin(analysis_id: int) -> int | None:
    """The first task's work: read the game's decisions (outside any transaction), store
    them with the number of chunks, and say which chunk is next (None: nothing to do)."""
    analysis = Analysis.objects.select_related("game").filter(pk=analysis_id).first()
    if analysis is None or analysis.status not in (
        Analysis.Status.QUEUED,
        Analysis.Status.RUNNING,
    ):
        return None
    game = analysis.game
    points = analysis.points
    if analysis.status == Analysis.Status.QUEUED or not analysis.chunks_total:
        key, variant, seats, setup, actions = _game_args(game)
        points = [
            int(index) for index in engine.decision_points(key, variant, seats, setup, actions)
        ]
    with transaction.atomic():
        analysis = Analysis.objects.select_for_update().get(pk=analysis_id)
        if analysis.status not in (Analysis.Status.QUEUED, Analysis.Status.RUNNING):
            return None
        if not analysis.chunks_total:
            size = analysis.chunk_size
            analysis.points = points
            analysis.chunks_total = (len(points) + size - 1) // size
        analysis.status = Analysis.Status.RUNNING
        analysis.save()
        if analysis.chunks_done >= analysis.chunks_total:
            _finish(analysis, game)
            return None
        _ping(analysis)
        return _next_chunk(analysis)


def _next_chunk(analysis: Analysis) -> int | None:
    stored = set(analysis.chunks.values_list("number", flat=True))
    return next((n for n in range(analysis.chunks_total) if n not in stored), None)


def analysis_chunk_compute(analysis: Analysis, number: int) -> tuple[list[dict], float]:
    """Analyse chunk ``number``'s decisions: pure computing, no transaction, no lock.
    Returns (decisions, CPU seconds)."""
    key, variant, seats, setup, actions = _game_args(analysis.game)
    size = analysis.chunk_size
    indices = analysis.points[number * size : (number + 1) * size]
    started = time.process_time()
    decisions = [
        engine.analyse_decision(
            key, variant, seats, setup, actions, index, budget=analysis.budget, seed=index
        )
        for index in indices
    ]
    return decisions, time.process_time() - started


def analysis_chunk_run(analysis_id: int, number: int) -> int | None:
    """A chunk task's work: compute the chunk if it is not stored yet, then store it
    (``analysis_chunk_store``). Returns the next chunk to run, or None."""
    analysis = Analysis.objects.select_related("game").filter(pk=analysis_id).first()
    if analysis is None or analysis.status != Analysis.Status.RUNNING:
        return None
    if number >= analysis.chunks_total:
        return None
    if analysis.chunks.filter(number=number).exists():
        # Delivered again: stored already. The first delivery may have died between its
        # commit and enqueuing the next chunk, so hand on the first one still missing.
        return _next_chunk(analysis)
    decisions, cpu = analysis_chunk_compute(analysis, number)
    return analysis_chunk_store(analysis_id, number, decisions, cpu)


@transaction.atomic
def analysis_chunk_store(analysis_id: int, number: int, decisions: list[dict], cpu: float):
    """Store one chunk's figures and the progress in one short transaction (the analysis's
    row locked): nothing when the chunk is stored already. The last chunk finishes the
    analysis. Returns the next chunk to run, or None."""
    analysis = Analysis.objects.select_for_update().select_related("game").get(pk=analysis_id)
    if analysis.status != Analysis.Status.RUNNING:
        return None
    try:
        with transaction.atomic():
            AnalysisChunk.objects.create(
                analysis=analysis, number=number, decisions=decisions, cpu_seconds=cpu
            )
    except IntegrityError:
        return None
    analysis.chunks_done = analysis.chunks.count()
    analysis.cpu_seconds += cpu
    analysis.save()
    if analysis.chunks_done >= analysis.chunks_total:
        _finish(analysis, analysis.game)
        return None
    _ping(analysis)
    return _next_chunk(analysis)


def _finish(analysis: Analysis, game: Game) -> None:
    """Every chunk is stored: the decisions in log order and each seat's summary."""
    decisions = [
        decision for chunk in analysis.chunks.order_by("number") for decision in chunk.decisions
    ]
    analysis.decisions = decisions
    analysis.summary = engine.summary(game.kind, game.variant, game.seats_count, decisions)
    analysis.status = Analysis.Status.DONE
    analysis.finished_at = timezone.now()
    analysis.save()
    _ping(analysis)


# Play on from here.


def play_on_levels(kind: str) -> list[str]:
    return game_levels(kind)


@transaction.atomic
def play_on(*, user, game_id, step: int, seat=None, level: str) -> Game:
    """A casual game against bots from the position after ``step`` actions of the finished
    game ``game_id``: the same game, variant, seats and set-up, and its first ``step``
    actions copied into the new game's log (the old log is only read). ``user`` takes their
    own seat if they played, else ``seat``; bots of ``level`` take the others. The same
    request again (a double click), while that game is still in play, gives that game."""
    game = clock.lock_game(game_id)
    if not user.is_authenticated:
        raise NotAPlayer("Log in to play on from a step.")
    if hidden_from(game, user) and not user.is_staff:
        raise NoSuchGame()
    if not game.is_over:
        raise NotOver(
            "This game is still being played: you can play on from one of its steps once "
            "it is over."
        )
    rules = registry.rules(game.kind)
    actions = game_line(game)
    if not isinstance(step, int) or not 0 <= step <= len(actions):
        raise AnalysisError(f"The step must be a whole number from 0 to {len(actions)}.")
    mine = game.seat_of(user)
    if mine is None:
        if not isinstance(seat, int) or not 0 <= seat < game.seats_count:
            raise AnalysisError(f"Choose your seat: 1 to {game.seats_count}.")
        mine = seat
    levels = play_on_levels(game.kind)
    if level not in levels:
        raise AnalysisError(f"Choose a bot level: {levels_text(levels)}.")
    state = rules.replay(game.variant, game.seats_count, game.setup, actions[:step])
    if state.over:
        raise AnalysisError("The game is over at this step: choose an earlier one to play on.")
    user.lock_row()
    earlier = (
        PlayOn.objects.filter(source=game, user=user, step=step, game__status=Game.Status.ACTIVE)
        .select_related("game")
        .first()
    )
    if earlier is not None and earlier.game.seat_of(user) == mine:
        return earlier.game
    check_bot_games(user)
    return _play_on_create(game, user, mine, level, actions[:step], state)


def _play_on_create(source: Game, user, mine: int, level: str, actions, state) -> Game:
    rules = registry.rules(source.kind)
    n = source.seats_count
    now = timezone.now()
    game = Game.objects.create(
        kind=source.kind,
        variant=source.variant,
        seats_count=n,
        setup=source.setup,
        options=source.options,
        seed=secrets.token_hex(8),
        created_by=user,
        days_per_move=source.days_per_move,
        rated=False,
        status=Game.Status.ACTIVE,
        started_at=now,
        n_actions=len(actions),
        to_move=state.to_move,
    )
    team_of = {} if n == 2 else rules.variants[source.variant].team_of(n)
    seated = {user.pk}
    rows = []
    for position in range(n):
        if position == mine:
            person = user
        else:
            person = bot_for(level, seated)
            seated.add(person.pk)
        rows.append(
            GameSeat(
                game=game, user=person, position=position, team=team_of.get(position), joined_at=now
            )
        )
    GameSeat.objects.bulk_create(rows)
    GameAction.objects.bulk_create(
        GameAction(game=game, seq=seq, seat=action["seat"], action=action)
        for seq, action in enumerate(actions)
    )
    game.forget_seats()
    PlayOn.objects.create(source=source, step=len(actions), user=user, game=game)
    play.live_scores_write(game, state)
    clock.start_clock(game)
    game.save()
    push.game_changed(game)
    clock.turn_begins(game, actor=user, state=state)
    return game


def as_step(raw) -> int | None:
    """A posted step as a whole number, or None."""
    try:
        return int(str(raw).strip())
    except (TypeError, ValueError):
        return None
