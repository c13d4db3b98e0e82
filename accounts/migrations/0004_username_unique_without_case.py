"""Usernames unique without regard to letter case, as a database constraint.

If the table already holds names that differ only in case, the migration stops and lists
them: which account keeps its name is a moderator's decision, not the migration's
(docs/operations.md, "Usernames that differ only in case")."""

import django.db.models.functions.text
from django.core.management.base import CommandError
from django.db import migrations, models
from django.db.models import Count
from django.db.models.functions import Lower


def refuse_case_duplicates(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    clashing = (
        User.objects.annotate(key=Lower("username"))
        .values("key")
        .annotate(n=Count("pk"))
        .filter(n__gt=1)
        .values_list("key", flat=True)
    )
    groups = {}
    for key, name in (
        User.objects.annotate(key=Lower("username"))
        .filter(key__in=list(clashing))
        .order_by("key", "username")
        .values_list("key", "username")
    ):
        groups.setdefault(key, []).append(name)
    if groups:
        listed = "; ".join(", ".join(sorted(names)) for _, names in sorted(groups.items()))
        raise CommandError(
            "Usernames must be unique without regard to letter case, and these accounts "
            f"share a name: {listed}. Rename all but one of each group (in the admin), "
            "then migrate again."
        )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_alter_user_options_user_suspended_at_and_more"),
    ]

    operations = [
        migrations.RunPython(refuse_case_duplicates, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="user",
            constraint=models.UniqueConstraint(
                django.db.models.functions.text.Lower("username"),
                name="accounts_user_username_unique_without_case",
                violation_error_message="That username is taken (in another letter case).",
            ),
        ),
    ]
