"""Tournaments in tests: players, a tournament of the test game tally set up through the
services, and games finished with random results through ``services.game_finish`` (the
platform's one end of a game, whose signal advances the tournament)."""

import random

from django.db import transaction

from accounts.models import User
from games import services
from games.models import Game
from tournaments import services as tournaments
from tournaments.models import Tournament


def players(n, prefix="t"):
    User.objects.bulk_create(User(username=f"{prefix}{i:03d}", email="") for i in range(n))
    return list(User.objects.filter(username__startswith=prefix).order_by("username"))


def tournament(organiser, **settings):
    values = {
        "name": "Autumn cup",
        "kind": "tally",
        "variant": "duel",
        "seats": 2,
        "format": Tournament.Format.SWISS,
        "rounds": 3,
        "days_per_move": 3,
        "max_days": 30,
        "rated": False,
        "starts_at": None,
        "min_players": 2,
        "max_players": 8,
        "place_points": [1, 0],
    }
    values.update(settings)
    return tournaments.tournament_create(user=organiser, **values)


def finish(game_id, ranks, scores=None) -> None:
    """End the game ``game_id`` with ``ranks`` (seat order; at two seats [1, 2], [2, 1] or
    [1, 1] for a draw)."""
    with transaction.atomic():
        game = services.lock_game(game_id)
        n = game.seats_count
        winner = None
        if n == 2:
            winner = None if ranks[0] == ranks[1] else ranks.index(1)
        services.game_finish(
            game,
            scores=scores or [0] * n,
            ranks=list(ranks),
            winner=winner,
            reason=Game.Reason.ADJUDICATED,
        )


def random_ranks(n, rng: random.Random) -> list[int]:
    """Places for ``n`` seats from random scores 0 to 3: ties share (1, 1, 3)."""
    scores = [rng.randint(0, 3) for _ in range(n)]
    return [1 + sum(1 for other in scores if other > mine) for mine in scores]


def running_games(t):
    return list(
        Game.objects.filter(
            tournament_table__round__tournament=t, status=Game.Status.ACTIVE
        ).order_by("pk")
    )


def play_out(t, rng, capture, ranks_of=None):
    """Finish every game of ``t`` with random places until the tournament is over: each
    round's games end together in one transaction, whose commit runs the advance tasks
    (``capture``: the on-commit fixture), as when a round's last games end at once."""
    while True:
        games = running_games(t)
        if not games:
            break
        with capture(execute=True), transaction.atomic():
            for game in games:
                ranks = ranks_of(game) if ranks_of else random_ranks(game.seats_count, rng)
                finish(game.pk, ranks)
    t.refresh_from_db()
    return t
