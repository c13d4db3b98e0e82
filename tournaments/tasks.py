"""Celery tasks for tournaments. Thin: each loads by id and calls ``tournaments.services``;
each is idempotent (a start or an advance run twice does its work once, under the
tournament's row lock)."""

from celery import shared_task

from games.tasks import RETRY  # the games' retry policy: a lost database, a broker hiccup
from tournaments import services
from tournaments.models import Tournament


@shared_task(**RETRY)
def tournament_start(tournament_id: int) -> bool:
    return services.tournament_start(tournament_id=tournament_id)


@shared_task(**RETRY)
def tournament_advance(tournament_id: int) -> str:
    return services.tournament_advance(tournament_id=tournament_id)


@shared_task(**RETRY)
def tournaments_sweep() -> dict:
    """Every few minutes: start the tournaments whose time has come, decide the games past
    their tournament's longest duration, and advance every running tournament (which
    also recovers a round whose advance task was lost)."""
    started = sum(services.tournament_start(tournament_id=pk) for pk in services.tournaments_due())
    decided = sum(services.game_decide(game_id=pk) for pk in services.games_over_time())
    running = Tournament.objects.filter(status=Tournament.Status.RUNNING).values_list(
        "pk", flat=True
    )
    advanced = [services.tournament_advance(tournament_id=pk) for pk in running]
    return {"started": started, "decided": decided, "advanced": len(advanced)}
