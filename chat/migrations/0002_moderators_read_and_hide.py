"""The Moderators group may read chat messages and hide them (docs/moderation.md)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Moderators"
PERMISSIONS = ["view_chatmessage", "hide_chatmessage"]


def grant(apps, schema_editor):
    # Permissions are normally created after all migrations have run; make them now.
    app_config = apps.get_app_config("chat")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=GROUP)
    group.permissions.add(
        *Permission.objects.filter(
            content_type__app_label="chat",
            content_type__model="chatmessage",
            codename__in=PERMISSIONS,
        )
    )


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group = Group.objects.filter(name=GROUP).first()
    if group is not None:
        group.permissions.remove(
            *Permission.objects.filter(content_type__app_label="chat", codename__in=PERMISSIONS)
        )


class Migration(migrations.Migration):
    dependencies = [
        ("chat", "0001_initial"),
        ("moderation", "0002_moderators_group"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
