"""The preferences form and the admin's user form write only the fields they change
(issue 14, item 7): a suspension or a rename committed while the form was being filled in
and checked survives its save. Each test commits that other change in the middle of the
form's validation, after the form read the row and before it is saved."""

import pytest
from django.contrib.auth.forms import UserChangeForm
from django.urls import reverse
from django.utils import timezone

from accounts.forms import Preferences
from accounts.models import User
from tests.factories import UserFactory
from tests.moderation.admin_fixtures import form_data, login_as, make_moderator

pytestmark = pytest.mark.django_db


def meanwhile(monkeypatch, form_class, change):
    """Run ``change()`` (someone else's committed update) while ``form_class`` validates."""
    clean = form_class.clean

    def clean_and_meanwhile(self):
        change()
        return clean(self)

    monkeypatch.setattr(form_class, "clean", clean_and_meanwhile)


def suspend_and_rename(user):
    def change():
        User.objects.filter(pk=user.pk).update(
            username="renamed", suspended_at=timezone.now(), suspension_reason="Spam."
        )

    return change


def test_saving_preferences_keeps_a_suspension_and_rename_made_meanwhile(client, monkeypatch):
    dora = UserFactory(username="dora")
    client.force_login(dora)
    meanwhile(monkeypatch, Preferences, suspend_and_rename(dora))

    response = client.post(
        reverse("players:settings"), {"email_notifications": "none", "time_zone": "Asia/Tokyo"}
    )

    assert response.status_code == 302
    dora = User.objects.get(pk=dora.pk)
    assert (dora.time_zone, dora.email_notifications) == ("Asia/Tokyo", "none")
    assert dora.username == "renamed"
    assert dora.suspended_at is not None and dora.suspension_reason == "Spam."


def test_the_admin_user_form_keeps_a_suspension_made_meanwhile(client, monkeypatch):
    mona = make_moderator("mona")
    tess = UserFactory(username="tess")
    login_as(client, mona)
    url = reverse("admin:accounts_user_change", args=[tess.pk])
    data = form_data(client.get(url), form_id="user_form")
    data["first_name"] = ["Tessa"]
    meanwhile(monkeypatch, UserChangeForm, suspend_and_rename(tess))

    response = client.post(url, data)

    assert response.status_code == 302, response.content.decode()[:3000]
    tess = User.objects.get(pk=tess.pk)
    assert tess.first_name == "Tessa"
    assert tess.suspended_at is not None and tess.suspension_reason == "Spam."
    assert tess.username == "renamed"  # the form's unchanged name did not undo the rename


def test_the_admin_user_form_renaming_keeps_a_suspension_made_meanwhile(client, monkeypatch):
    root = UserFactory(username="root", is_staff=True, is_superuser=True)
    tess = UserFactory(username="tess")
    login_as(client, root)
    url = reverse("admin:accounts_user_change", args=[tess.pk])
    data = form_data(client.get(url), form_id="user_form")
    data["username"] = ["tessa"]

    def suspend():
        User.objects.filter(pk=tess.pk).update(suspended_at=timezone.now())

    meanwhile(monkeypatch, UserChangeForm, suspend)

    response = client.post(url, data)

    assert response.status_code == 302, response.content.decode()[:3000]
    tess = User.objects.get(pk=tess.pk)
    assert tess.username == "tessa"
    assert tess.suspended_at is not None


def test_the_admin_password_form_keeps_a_suspension_made_meanwhile(client, monkeypatch):
    from django.contrib.auth.forms import AdminPasswordChangeForm

    root = UserFactory(username="root", is_staff=True, is_superuser=True)
    tess = UserFactory(username="tess")
    login_as(client, root)
    url = reverse("admin:auth_user_password_change", args=[tess.pk])
    meanwhile(monkeypatch, AdminPasswordChangeForm, suspend_and_rename(tess))

    new = "a-New-passw0rd-for-tess"
    response = client.post(url, {"password1": new, "password2": new, "usable_password": "true"})

    assert response.status_code == 302, response.content.decode()[:3000]
    tess = User.objects.get(pk=tess.pk)
    assert tess.check_password(new)
    assert tess.suspended_at is not None and tess.username == "renamed"
