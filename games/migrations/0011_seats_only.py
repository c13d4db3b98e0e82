"""Seats only as rows: drop the pair columns of ``Game`` (``player0``/``player1``,
``score0``/``score1``, ``winner``, ``invited``, ``deal``, ``first_leader``).

Lossless: before the columns go, every two-seat game gets what they said where its rows
lack it (the set-up of an XIX game, the seat rows, a waiting challenge's invitation). The
services have written both shapes since games/0006, so normally nothing is missing.
Backwards, the columns come back filled from the seat rows, invitations and set-ups.
Only ``Game``, ``GameSeat`` and ``Invitation`` rows are touched: the action log never. The
rules are frozen here (a migration must not follow later code).
"""

from django.db import migrations, models

BATCH = 2000
# How the loser of a game ended by one of these reasons left it.
LEFT_BY_REASON = {"resignation": "resigned", "timeout": "timed_out", "forfeit": "forfeited"}
IMPORTED_SEED = "imported"


def _pair_games(apps):
    Game = apps.get_model("games", "Game")
    return Game.objects.filter(seats_count=2).order_by("pk")


def _wanted_seats(game) -> list[dict]:
    """The seat rows the pair columns imply, as games/0006 wrote them."""
    if game.status == "waiting":
        return [{"position": None, "user_id": game.created_by_id, "joined_at": game.created}]
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
            {
                "position": position,
                "user_id": user_id,
                "score": score,
                "rank": rank,
                "status": status,
                "joined_at": game.created if created_it else game.started_at or game.created,
                "left_at": left_at,
            }
        )
    return seats


def rows_from_columns(apps, schema_editor):
    """Fill what a two-seat game's rows lack from its pair columns."""
    Game = apps.get_model("games", "Game")
    GameSeat = apps.get_model("games", "GameSeat")
    Invitation = apps.get_model("games", "Invitation")
    for game in _pair_games(apps).iterator(chunk_size=BATCH):
        if game.setup is None and game.kind == "xix":
            game.setup = {"deal": list(game.deal), "first_leader": game.first_leader}
            Game.objects.filter(pk=game.pk).update(setup=game.setup)
        have = set(GameSeat.objects.filter(game_id=game.pk).values_list("user_id", flat=True))
        GameSeat.objects.bulk_create(
            GameSeat(game_id=game.pk, **seat)
            for seat in _wanted_seats(game)
            if seat["user_id"] is not None and seat["user_id"] not in have
        )
        invited = game.invited_id
        if (
            game.status == "waiting"
            and invited is not None
            and not Invitation.objects.filter(game_id=game.pk).exists()
        ):
            Invitation.objects.create(game_id=game.pk, user_id=invited)


def columns_from_rows(apps, schema_editor):
    """The reverse: the pair columns again, from the seat rows, invitations and set-up."""
    Game = apps.get_model("games", "Game")
    GameSeat = apps.get_model("games", "GameSeat")
    Invitation = apps.get_model("games", "Invitation")
    games = []
    fields = ["deal", "first_leader", "invited", "player0", "player1", "score0", "score1"]

    def flush():
        Game.objects.bulk_update(games, [*fields, "winner"])
        games.clear()

    for game in Game.objects.order_by("pk").iterator(chunk_size=BATCH):
        xix = game.kind == "xix" and game.setup is not None
        game.deal = list(game.setup["deal"]) if xix else []
        game.first_leader = game.setup["first_leader"] if xix else 0
        if game.seats_count == 2:
            seats = list(
                GameSeat.objects.filter(game_id=game.pk, position__isnull=False).order_by(
                    "position"
                )
            )
            if len(seats) == 2:
                game.player0_id, game.player1_id = (seat.user_id for seat in seats)
                game.score0, game.score1 = (seat.score for seat in seats)
                firsts = [seat.position for seat in seats if seat.rank == 1]
                if game.status == "finished" and len(firsts) == 1:
                    game.winner = firsts[0]
            if game.status == "waiting":
                first = Invitation.objects.filter(game_id=game.pk).order_by("pk").first()
                game.invited_id = first.user_id if first is not None else None
            elif len(seats) == 2 and (game.kind == "xix" or game.seed == IMPORTED_SEED):
                # An accepted challenge and an imported game named the other player.
                others = [s.user_id for s in seats if s.user_id != game.created_by_id]
                game.invited_id = others[0] if others else None
        games.append(game)
        if len(games) >= BATCH:
            flush()
    flush()


class Migration(migrations.Migration):
    dependencies = [("games", "0010_game_reason_abandoned")]

    operations = [
        # Nullable first, so that the columns can come back empty on the way back, before
        # columns_from_rows fills them.
        migrations.AlterField(
            model_name="game",
            name="deal",
            field=models.JSONField(null=True, help_text="The deal, laid out as in ruling 1."),
        ),
        migrations.AlterField(
            model_name="game",
            name="first_leader",
            field=models.PositiveSmallIntegerField(null=True),
        ),
        migrations.RunPython(rows_from_columns, columns_from_rows),
        migrations.RemoveConstraint(model_name="game", name="game_first_leader_is_a_seat"),
        migrations.RemoveConstraint(model_name="game", name="game_winner_is_a_seat"),
        migrations.RemoveIndex(model_name="game", name="games_game_player0_5f523e_idx"),
        migrations.RemoveIndex(model_name="game", name="games_game_player1_e53c3b_idx"),
        migrations.RemoveField(model_name="game", name="deal"),
        migrations.RemoveField(model_name="game", name="first_leader"),
        migrations.RemoveField(model_name="game", name="invited"),
        migrations.RemoveField(model_name="game", name="player0"),
        migrations.RemoveField(model_name="game", name="player1"),
        migrations.RemoveField(model_name="game", name="score0"),
        migrations.RemoveField(model_name="game", name="score1"),
        migrations.RemoveField(model_name="game", name="winner"),
    ]
