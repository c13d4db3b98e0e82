"""``Game.variant`` loses its choices (XIX's standard and talon): it holds a variant of the
game's own engine (Xeri's "classic", XIX 2.0's "v2"), whose labels the engine gives
(``Game.variant_label``). Schema state only: no SQL, no row is rewritten."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_signed_pair_scores"),
    ]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="variant",
            field=models.CharField(default="standard", max_length=16),
        ),
    ]
