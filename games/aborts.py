"""Aborts of rated games before the first moves, counted, shown, and limited.

A player may abort a game until each player has made a first move (docs/rules.md, decision
29): at that point they have seen their own hand (at two seats also the first card), so
aborting is a way to throw bad deals out of rated play. As lichess does, the site counts
each player's aborts of rated games (``Game.aborted_by``: the other player's abort never
counts against you, nor a moderator's) and shows the count on the player's profile and
settings page. A player who aborts ``RATED_ABORT_LIMIT`` rated games within
``RATED_ABORT_WINDOW_HOURS`` may not start or join a rated game (create or accept a
challenge or a rematch, create or join a rated table) until ``RATED_ABORT_PAUSE_HOURS``
after the last of those aborts (decision 42). Casual games stay open.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import dateformat, timezone

from games.errors import RatedPlayPaused
from games.models import Game


def limit() -> int:
    return settings.RATED_ABORT_LIMIT


def window() -> timedelta:
    return timedelta(hours=settings.RATED_ABORT_WINDOW_HOURS)


def pause() -> timedelta:
    return timedelta(hours=settings.RATED_ABORT_PAUSE_HOURS)


def rated_aborts(user):
    """``user``'s own aborts of rated games before the first moves, as a queryset."""
    return Game.objects.filter(
        aborted_by=user,
        rated=True,
        status=Game.Status.ABORTED,
        reason=Game.Reason.EARLY_ABORT,
    )


@dataclass(frozen=True)
class AbortRecord:
    total: int  # rated games aborted, ever (since aborts are recorded)
    recent: int  # within the last window
    paused_until: datetime | None  # no rated play before this; None: rated play is open


def record_of(user, *, now=None) -> AbortRecord:
    """How many rated games ``user`` aborted, in all and lately, and until when (if at all)
    they may not start or join a rated game."""
    now = now or timezone.now()
    aborts = rated_aborts(user)
    total = aborts.count()
    if total == 0:
        return AbortRecord(0, 0, None)
    recent_times = sorted(
        aborts.filter(finished_at__gt=now - window() - pause()).values_list(
            "finished_at", flat=True
        ),
        reverse=True,
    )
    recent = sum(1 for moment in recent_times if moment > now - window())
    return AbortRecord(total, recent, _paused_until(recent_times, now))


def _paused_until(times: list[datetime], now) -> datetime | None:
    """The end of the pause, if one runs at ``now``: the latest abort (``times``, newest
    first) that was the ``limit()``-th within a window ends its pause ``pause()`` later."""
    for index, moment in enumerate(times):
        if moment + pause() <= now:
            return None  # every earlier one ends its pause earlier still
        in_window = [other for other in times[index:] if other > moment - window()]
        if len(in_window) >= limit():
            return moment + pause()
    return None


def when(moment: datetime) -> str:
    """A moment as people read it in messages, in the viewer's own time zone."""
    local = timezone.localtime(moment)
    return f"{dateformat.format(local, 'D j M, H:i')} ({timezone.get_current_timezone_name()})"


def pause_message(record: AbortRecord, *, own: bool = True, name: str = "") -> str:
    hours = settings.RATED_ABORT_WINDOW_HOURS
    if own:
        return (
            f"You aborted {limit()} rated games within {hours} hours, so you may not start or "
            f"join a rated game until {when(record.paused_until)}. Casual games are open to "
            "you meanwhile."
        )
    return (
        f"{name} aborted {limit()} rated games within {hours} hours and may not play a rated "
        f"game until {when(record.paused_until)}, so this game cannot start rated."
    )


def check_rated_play(user, *, own: bool = True) -> None:
    """Raise ``RatedPlayPaused`` when ``user`` may not start or join a rated game now;
    ``own`` False words the message for another person at the table."""
    if user is None or getattr(user, "is_bot", False):
        return
    record = record_of(user)
    if record.paused_until is not None:
        raise RatedPlayPaused(pause_message(record, own=own, name=user.username))
