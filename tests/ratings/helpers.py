"""Finishing games with a chosen result, through the service that finishes real games."""

from django.db import transaction

from games import services
from games.models import Game
from tests.factories import start_game


def finished_game(p0, p1, *, winner, variant="standard", rated=True, scores=(19, 7), seed="s"):
    """A game between ``p0`` (seat 0) and ``p1`` that ended with ``winner`` (a seat, or
    None for a talon draw), finished by ``games.services.game_finish``."""
    game = start_game(p0, p1, variant=variant, rated=rated, seed=seed)
    if winner is None:
        reason = "talon end"
    else:
        reasons = {"standard": "exact 19", "v2": "reached 19"}
        reason = reasons.get(variant, "talon end")
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        services.game_finish(locked, winner=winner, scores=list(scores), reason=reason)
    locked.refresh_from_db()
    return locked
