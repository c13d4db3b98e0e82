"""Vacation: a player stops the clocks of all their games for some days.

- Each player has ``settings.VACATION_DAYS_PER_YEAR`` days a calendar year (UTC). A
  vacation is taken in whole days and counts the days it was planned for, or, when the
  player comes back early, the days begun before that (a vacation ended within its first
  day costs one day). It counts against the year it began in.
- While it lasts, every game where it is the player's move keeps its time: starting a
  vacation of N days moves those games' deadlines and reminders N days later; a turn that
  begins during the vacation gets its full time from the vacation's end
  (``games.services.start_clock``). Coming back early takes the unused days off again, so
  no game gains time from a vacation it did not use.
- A vacation cannot dodge a deadline: it cannot begin while one of the player's games has
  less than a day left for their move (``NOT_TO_DODGE``).
- The player may still move during a vacation; the opponents see it on the game page.
"""

import math
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import push, services
from games.selectors import games_your_turn

DAY = timedelta(days=1)
NOT_TO_DODGE = DAY  # no vacation while a move is due sooner than this


class VacationError(services.GameError):
    pass


def days_text(days: int) -> str:
    return f"{days} day{'s' if days != 1 else ''}"


def charged_days(vacation, now) -> int:
    """The days ``vacation`` costs: planned, or begun before it was ended early."""
    end = vacation.ended_at or vacation.ends_at
    return max(1, math.ceil((end - vacation.started_at) / DAY))


def days_left(user, now=None) -> int:
    """The days of vacation ``user`` may still take this calendar year."""
    now = now or timezone.now()
    used = sum(charged_days(v, now) for v in user.vacations.filter(started_at__year=now.year))
    return max(0, settings.VACATION_DAYS_PER_YEAR - used)


def _shift_clocks(user, delta: timedelta) -> int:
    """Move the deadline and reminder of every game where it is ``user``'s move by
    ``delta`` (the games' rows locked); the number of games."""
    shifted = 0
    for game in games_your_turn(user).select_for_update().order_by("pk"):
        if game.deadline is None:
            continue
        game.deadline += delta
        if game.remind_at is not None:
            game.remind_at += delta
        game.save(update_fields=["deadline", "remind_at", "updated"])
        push.game_changed(game)  # the open pages show the moved deadline and the badge
        shifted += 1
    return shifted


@transaction.atomic
def vacation_start(*, user, days, now=None):
    """Begin a vacation of ``days`` whole days now; returns the Vacation."""
    now = now or timezone.now()
    user = get_user_model().objects.select_for_update().get(pk=user.pk)
    if user.is_bot:
        raise VacationError("Bots take no vacation.")
    if user.vacation_until is not None and user.vacation_until > now:
        raise VacationError("You are on vacation already.")
    if type(days) is not int or days < 1:
        raise VacationError("Choose a vacation of at least one day.")
    left = days_left(user, now)
    if days > left:
        raise VacationError(f"You have {days_text(left)} of vacation left this year.")
    due = games_your_turn(user).filter(deadline__lt=now + NOT_TO_DODGE).order_by("deadline")
    if due.exists():
        game = due.first()
        raise VacationError(
            f"Your move in game {game.pk} is due in less than a day: make it first, then take "
            "your vacation."
        )
    vacation = user.vacations.create(started_at=now, ends_at=now + days * DAY)
    user.vacation_until = vacation.ends_at
    user.save(update_fields=["vacation_until"])
    _shift_clocks(user, days * DAY)
    return vacation


@transaction.atomic
def vacation_end(*, user, now=None):
    """Come back early: the clocks go on, less the days not used."""
    now = now or timezone.now()
    user = get_user_model().objects.select_for_update().get(pk=user.pk)
    if user.vacation_until is None or user.vacation_until <= now:
        raise VacationError("You are not on vacation.")
    vacation = user.vacations.filter(ended_at__isnull=True).order_by("-started_at").first()
    unused = user.vacation_until - now
    user.vacation_until = None
    user.save(update_fields=["vacation_until"])
    if vacation is not None:
        vacation.ended_at = now
        vacation.save(update_fields=["ended_at"])
    _shift_clocks(user, -unused)
    return vacation
