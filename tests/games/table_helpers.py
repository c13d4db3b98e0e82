"""Finishing a test table straight in the database, for the tests of what lists tables:
the seat rows get their scores, places and statuses, the game its end, as
``games.services`` would write them at the end of a game."""

from django.utils import timezone

from games.models import Game, GameSeat


def finish_table(game, scores, ranks, *, left=None, reason="played out"):
    """End ``game`` with ``scores`` and ``ranks`` (seat order); ``left`` maps a position
    to the ``GameSeat.Status`` its player left with."""
    seats = list(GameSeat.objects.filter(game=game, position__isnull=False).order_by("position"))
    for seat in seats:
        seat.score = scores[seat.position]
        seat.rank = ranks[seat.position]
        seat.status = (left or {}).get(seat.position, GameSeat.Status.PLAYING)
    GameSeat.objects.bulk_update(seats, ["score", "rank", "status"])
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.FINISHED,
        reason=reason,
        to_move=None,
        deadline=None,
        remind_at=None,
        finished_at=timezone.now(),
    )
    game.refresh_from_db()
    return game
