"""The pair columns score0 and score1 become signed: a two-seat game other than XIX can
score below zero (tally's duel, Xactika's bids), as its seat rows' ``score`` already can.
Schema only: no row is rewritten, and the action log is not touched."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0006_seats_from_players"),
    ]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="score0",
            field=models.SmallIntegerField(default=0),
        ),
        migrations.AlterField(
            model_name="game",
            name="score1",
            field=models.SmallIntegerField(default=0),
        ),
    ]
