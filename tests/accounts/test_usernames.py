"""Usernames are unique without regard to letter case: in the database, in the admin's
user forms, on the player pages, and in the migration that brought the rule in."""

import pytest
from django.contrib.auth.models import Group
from django.core.management.base import CommandError
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from accounts.models import User
from tests.accounts.helpers import sign_up
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

BEFORE = ("accounts", "0003_alter_user_options_user_suspended_at_and_more")
RULE = ("accounts", "0004_username_unique_without_case")


def test_the_database_refuses_a_name_that_differs_only_in_case():
    UserFactory(username="alice")

    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="ALICE")

    assert list(User.objects.values_list("username", flat=True)) == ["alice"]


def test_a_rename_to_a_case_duplicate_is_refused_by_the_database_too():
    UserFactory(username="alice")
    bob = UserFactory(username="bob")

    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.filter(pk=bob.pk).update(username="Alice")


def test_the_player_page_finds_the_one_player_in_any_case(client):
    alice = UserFactory(username="Alice")

    response = client.get("/players/alice/", follow=True)

    assert response.status_code == 200
    assert response.redirect_chain == [("/players/Alice/", 301)]
    assert response.context["player"] == alice


def moderator_client():
    mod = UserFactory(username="mona", is_staff=True)
    mod.groups.add(Group.objects.get(name="Moderators"))
    client = Client()
    client.force_login(mod)
    return client


def superuser_client():
    root = UserFactory(username="root", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(root)
    return client


def test_the_admin_user_form_answers_a_case_duplicate_with_a_form_error():
    UserFactory(username="alice")
    bob = UserFactory(username="bob")

    # A superuser's rename is not held to the sign-up rules (below), so what answers here is
    # the database's own rule, validated by the form.
    response = superuser_client().post(
        reverse("admin:accounts_user_change", args=[bob.pk]),
        {
            "username": "ALICE",
            "first_name": "",
            "last_name": "",
            "email": bob.email,
            "date_joined_0": "2026-01-01",
            "date_joined_1": "00:00:00",
            "bot_level": "",
        },
    )

    assert response.status_code == 200
    errors = response.context["adminform"].form.errors.as_text()
    assert "username is taken" in errors
    bob.refresh_from_db()
    assert bob.username == "bob"
    assert Client().get("/players/alice/", follow=True).status_code == 200


def test_the_admin_add_form_refuses_a_case_duplicate():
    UserFactory(username="alice")
    root = UserFactory(username="root", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(root)

    response = client.post(
        reverse("admin:accounts_user_add"),
        {"username": "Alice", "password1": "", "password2": "", "usable_password": "false"},
    )

    assert response.status_code == 200
    assert response.context["adminform"].form.errors["username"]
    assert User.objects.filter(username__iexact="alice").count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_migration_refuses_existing_case_duplicates_and_names_them():
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    old_user = executor.loader.project_state([BEFORE]).apps.get_model("accounts", "User")
    for name in ("alice", "Alice", "ALICE", "bob", "Bob", "carol"):
        old_user.objects.create(username=name)

    try:
        executor = MigrationExecutor(connection)
        with pytest.raises(CommandError) as refused:
            executor.migrate([RULE])

        message = str(refused.value)
        assert "share a name: ALICE, Alice, alice; Bob, bob. Rename" in message
        # Nothing was renamed, and the rule is not in place yet.
        assert old_user.objects.filter(username__in=["alice", "Alice", "ALICE"]).count() == 3

        # Once the people have been told and the names mended, the migration goes through.
        old_user.objects.filter(username__in=["Alice", "ALICE", "Bob"]).delete()
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
        with pytest.raises(IntegrityError), transaction.atomic():
            User.objects.create(username="CAROL")
    finally:
        # Whatever happened, leave the database migrated for the tests that follow.
        old_user.objects.all().delete()
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())


# --- names that pose as bots, staff, the site or somebody else (item 8) ----------------


def sign_up_as(client, username):
    return sign_up(client, username=username, email="newcomer@example.com")


@pytest.mark.parametrize(
    "username",
    [
        "bоt-evil",  # Cyrillic о
        "Bot-evil",
        "b0t_evil",
        "ｂｏｔ-evil",  # fullwidth
        "bot-random",
        "admin",
        "Adm1n",
        "аdmin",  # Cyrillic а
        "moderator",
        "MODERATOR",
        "staff",
        "xix",
        "XIX-fan",
        "the-real-admin",
        "ѕtaff",  # Cyrillic ѕ
        "mοd",  # Greek ο
    ],
)
def test_sign_up_refuses_a_name_posing_as_a_bot_or_the_staff(client, username):
    response = sign_up_as(client, username)

    assert "kept for" in response.content.decode()
    assert not User.objects.filter(email="newcomer@example.com").exists()


@pytest.mark.parametrize("username", ["pаul", "Μaria"])  # Cyrillic а; Greek capital Μ
def test_sign_up_refuses_a_name_mixing_alphabets(client, username):
    response = sign_up_as(client, username)

    assert "one alphabet" in response.content.decode()
    assert not User.objects.filter(email="newcomer@example.com").exists()


@pytest.mark.parametrize("username", ["A1ice", "ａlice", "alíce", "Al1ce", "alice_"])
def test_sign_up_refuses_a_name_that_looks_like_an_existing_one(client, username):
    UserFactory(username="alice")

    response = sign_up_as(client, username)

    assert "looks too much like an existing player" in response.content.decode()
    assert not User.objects.filter(email="newcomer@example.com").exists()


@pytest.mark.parametrize("username", ["bottle", "admiral", "Zoë", "Дмитрий", "stafford"])
def test_sign_up_accepts_ordinary_names(client, username):
    sign_up_as(client, username)

    assert User.objects.get(email="newcomer@example.com").username == username


def test_each_user_stores_the_skeleton_of_their_name_and_a_rename_updates_it():
    bob = UserFactory(username="Bob_1")
    assert User.objects.get(pk=bob.pk).name_skeleton == "bob-l"

    bob.username = "Robert"
    bob.save(update_fields=["username"])

    assert User.objects.get(pk=bob.pk).name_skeleton == "robert"


def test_the_admin_may_still_create_a_bot_account():
    root = UserFactory(username="root", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(root)

    client.post(
        reverse("admin:accounts_user_add"),
        {"username": "bot-newcomer", "password1": "", "password2": "", "usable_password": "false"},
    )

    assert User.objects.filter(username="bot-newcomer").exists()


@pytest.mark.parametrize(
    ("new_name", "why"),
    [
        ("b\u043et-evil", "kept for bots"),  # a Cyrillic o
        ("Moderator-Max", "kept for the site's bots and staff"),
        ("A1ice", "looks too much like an existing player's"),
        ("\u0430lice-x", "one alphabet"),  # Cyrillic a among Latin letters
    ],
)
def test_a_moderators_rename_obeys_the_sign_up_rules(new_name, why):
    UserFactory(username="alice")
    bob = UserFactory(username="bob")

    response = moderator_client().post(
        reverse("admin:accounts_user_change", args=[bob.pk]),
        {"username": new_name, "first_name": "", "last_name": ""},
    )

    assert response.status_code == 200
    assert why in " ".join(response.context["adminform"].form.errors["username"])
    bob.refresh_from_db()
    assert bob.username == "bob"


def test_a_moderator_may_still_rename_a_player_to_an_ordinary_name():
    bob = UserFactory(username="bob")

    response = moderator_client().post(
        reverse("admin:accounts_user_change", args=[bob.pk]),
        {"username": "robert", "first_name": "", "last_name": ""},
    )

    assert response.status_code == 302
    bob.refresh_from_db()
    assert bob.username == "robert"
