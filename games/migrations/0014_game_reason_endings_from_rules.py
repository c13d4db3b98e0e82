# A game's own endings moved to its rules (RULES.endings, issue 31 item 3): the field's
# choices are read from the registry (games.models.reason_choices). The stored values are
# the same, so nothing in the database changes: state only, and it runs backwards.

from django.db import migrations, models

import games.models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_guideprogress"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="game",
                    name="reason",
                    field=models.CharField(
                        blank=True, choices=games.models.reason_choices, max_length=16
                    ),
                ),
            ],
        ),
    ]
