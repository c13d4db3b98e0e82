"""How the site stores passwords outside the tests (which use MD5 for speed): Argon2 for new
ones, and an older PBKDF2 hash still logs its owner in and is upgraded on the way."""

import pytest
from django.contrib.auth.hashers import make_password
from django.test import override_settings

from tests.accounts.helpers import PASSWORD, log_in, logged_in_user_id
from xix_site.settings.base import PASSWORD_HASHERS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("site_hashers")]


@pytest.fixture
def site_hashers():
    with override_settings(PASSWORD_HASHERS=PASSWORD_HASHERS):
        yield


def test_a_new_password_is_stored_as_argon2id(verified_user):
    verified_user.set_password("a fresh passphrase 19")
    verified_user.save()
    verified_user.refresh_from_db()
    assert verified_user.password.startswith("argon2$argon2id$")
    assert "a fresh passphrase 19" not in verified_user.password
    assert verified_user.check_password("a fresh passphrase 19")
    assert not verified_user.check_password("a fresh passphrase 20")


def test_an_older_pbkdf2_hash_logs_in_and_is_upgraded_to_argon2(client, verified_user):
    old = make_password(PASSWORD, hasher="pbkdf2_sha256")
    type(verified_user).objects.filter(pk=verified_user.pk).update(password=old)

    log_in(client, "carol", "not the password")
    assert logged_in_user_id(client) is None
    verified_user.refresh_from_db()
    assert verified_user.password == old, "a failed log-in leaves the hash alone"

    log_in(client, "carol")
    assert logged_in_user_id(client) == str(verified_user.pk)
    verified_user.refresh_from_db()
    assert verified_user.password.startswith("argon2$argon2id$")
    assert verified_user.check_password(PASSWORD)
