"""The Moderators group may read tournaments, their entries and rounds in the admin (and
cancel one or remove a player through its actions, which need games.moderate_game,
theirs already)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Moderators"
PERMISSIONS = ["view_tournament", "view_entry", "view_round"]  # the inlines need theirs


def grant(apps, schema_editor):
    # Permissions are made after all migrations have run; make this app's now.
    app_config = apps.get_app_config("tournaments")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=GROUP)
    group.permissions.add(
        *Permission.objects.filter(content_type__app_label="tournaments", codename__in=PERMISSIONS)
    )


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group = Group.objects.filter(name=GROUP).first()
    if group is not None:
        group.permissions.remove(
            *Permission.objects.filter(
                content_type__app_label="tournaments", codename__in=PERMISSIONS
            )
        )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0001_initial"),
        ("moderation", "0002_moderators_group"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
