"""The tournaments' side of ``games.signals.game_closed``: a game of a round has ended, so
the tournament's results are collected after the commit (``tournaments.tasks``), never
under the game's row lock."""

from tournaments.models import Table
from xix_site import jobs

ADVANCE_TASK = "tournaments.tasks.tournament_advance"


def on_game_closed(sender, *, game, **kwargs) -> None:
    tournament_id = (
        Table.objects.filter(game_id=game.pk).values_list("round__tournament_id", flat=True).first()
    )
    if tournament_id is not None:
        jobs.after_commit(ADVANCE_TASK, tournament_id)
