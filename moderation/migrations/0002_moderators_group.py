"""The "Moderators" group, with exactly the permissions moderation needs, and (on
PostgreSQL) triggers that refuse any UPDATE or DELETE of a logged game action or an audit
entry, whatever code or console tries it.

Moderators may:
- read users, correct a user's name or e-mail address, suspend and reinstate users;
- read games and their action logs, see every card of games they do not play in, abort
  and adjudicate games;
- read reports and resolve or dismiss them;
- read the audit trail.
They may not delete anyone or anything, nor change groups, permissions, staff status or
passwords (the user admin enforces the last three for anyone who is not a superuser).
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Moderators"
PERMISSIONS = [
    ("accounts", "user", "view_user"),
    ("accounts", "user", "change_user"),
    ("accounts", "user", "suspend_user"),
    ("games", "game", "view_game"),
    ("games", "game", "moderate_game"),
    ("games", "game", "see_hidden_cards"),
    ("games", "gameaction", "view_gameaction"),
    ("moderation", "report", "view_report"),
    ("moderation", "report", "handle_report"),
    ("moderation", "auditentry", "view_auditentry"),
]

APPEND_ONLY_TABLES = ["moderation_auditentry", "games_gameaction"]


def create_group(apps, schema_editor):
    # Permissions are normally created after all migrations have run; make them now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=GROUP)
    permissions = [
        Permission.objects.get(
            content_type__app_label=app, content_type__model=model, codename=codename
        )
        for app, model, codename in PERMISSIONS
    ]
    group.permissions.set(permissions)


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


def add_triggers(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        """
        CREATE OR REPLACE FUNCTION xix_refuse_change() RETURNS trigger AS $$
        BEGIN
            RAISE EXCEPTION '% rows are append-only: % refused', TG_TABLE_NAME, TG_OP
                USING ERRCODE = 'insufficient_privilege';
        END;
        $$ LANGUAGE plpgsql;
        """,
        params=None,  # the "%" of RAISE are not query placeholders
    )
    for table in APPEND_ONLY_TABLES:
        schema_editor.execute(
            f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION xix_refuse_change();"
        )


def drop_triggers(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in APPEND_ONLY_TABLES:
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};")
    schema_editor.execute("DROP FUNCTION IF EXISTS xix_refuse_change();")


class Migration(migrations.Migration):
    dependencies = [
        ("moderation", "0001_initial"),
        ("accounts", "0003_alter_user_options_user_suspended_at_and_more"),
        ("games", "0003_alter_game_options_game_verdict_alter_game_reason"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.RunPython(create_group, remove_group),
        migrations.RunPython(add_triggers, drop_triggers),
    ]
