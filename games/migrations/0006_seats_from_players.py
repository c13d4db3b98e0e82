"""Fill the seats, set-ups and invitations of every existing game from its pair columns.

Only ``Game`` rows are updated (``setup``) and ``GameSeat`` / ``Invitation`` rows created:
the append-only action log is read by nobody here and never written. The rules are frozen
in this file (a migration must not follow later code): they are the same as
``Game.pair_seats``, which the services and ``manage.py check_seats`` use.
"""

from django.db import migrations

BATCH = 2000
# How the loser of a game ended by one of these reasons left it.
LEFT_BY_REASON = {"resignation": "resigned", "timeout": "timed_out", "forfeit": "forfeited"}


def _started_seats(GameSeat, game) -> list:
    seats = []
    left = LEFT_BY_REASON.get(game.reason)
    players = ((game.player0_id, game.score0), (game.player1_id, game.score1))
    for position, (user_id, score) in enumerate(players):
        rank, status, left_at = None, "playing", None
        if game.status == "finished":
            rank = 1 if game.winner in (None, position) else 2
            if left is not None and game.winner == 1 - position:
                status, left_at = left, game.finished_at
        created_it = user_id == game.created_by_id
        seats.append(
            GameSeat(
                game_id=game.pk,
                position=position,
                user_id=user_id,
                score=score,
                rank=rank,
                status=status,
                joined_at=game.created if created_it else game.started_at or game.created,
                left_at=left_at,
            )
        )
    return seats


def seats_from_players(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    GameSeat = apps.get_model("games", "GameSeat")
    Invitation = apps.get_model("games", "Invitation")
    games, seats, invitations = [], [], []

    def flush():
        Game.objects.bulk_update(games, ["setup"])
        GameSeat.objects.bulk_create(seats)
        Invitation.objects.bulk_create(invitations)
        games.clear()
        seats.clear()
        invitations.clear()

    for game in Game.objects.order_by("pk").iterator(chunk_size=BATCH):
        game.setup = {"deal": list(game.deal), "first_leader": game.first_leader}
        games.append(game)
        if game.status == "waiting":
            seats.append(
                GameSeat(game_id=game.pk, user_id=game.created_by_id, joined_at=game.created)
            )
            if game.invited_id is not None:
                invitations.append(Invitation(game_id=game.pk, user_id=game.invited_id))
        else:
            seats.extend(_started_seats(GameSeat, game))
        if len(games) >= BATCH:
            flush()
    flush()


def forget_seats(apps, schema_editor):
    """The reverse: the pair columns were kept, so only the new rows and set-ups go."""
    apps.get_model("games", "GameSeat").objects.all().delete()
    apps.get_model("games", "Invitation").objects.all().delete()
    apps.get_model("games", "Game").objects.update(setup=None)


class Migration(migrations.Migration):
    dependencies = [("games", "0005_kind_setup_seats")]

    operations = [migrations.RunPython(seats_from_players, forget_seats)]
