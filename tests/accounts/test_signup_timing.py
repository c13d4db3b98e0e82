"""Sign-up must not tell whether an e-mail address has an account by how long it takes
(issue 14, item 9): the path for a taken address hashes the typed password just as the
path that creates an account does, so both cost one password hash.
benchmarks/signup_timing.py measures the two paths with the real hasher."""

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.core import mail
from django.test import override_settings

from accounts.models import User
from tests.accounts.helpers import PASSWORD, sign_up

pytestmark = pytest.mark.django_db


class CountingHasher(MD5PasswordHasher):
    """MD5, counting how many passwords it hashes."""

    algorithm = "counting-md5"
    hashed = 0

    def encode(self, password, salt):
        CountingHasher.hashed += 1
        return super().encode(password, salt)


@pytest.fixture
def hashes():
    """How many passwords the sign-up hashed."""
    CountingHasher.hashed = 0
    with override_settings(PASSWORD_HASHERS=[f"{__name__}.CountingHasher"]):
        yield lambda: CountingHasher.hashed


def test_a_new_address_costs_one_password_hash(client, hashes):
    sign_up(client, username="carol", email="carol@example.com")

    assert User.objects.filter(email="carol@example.com").exists()
    assert hashes() == 1


def test_a_taken_address_costs_one_password_hash_too(client, verified_user, hashes):
    response = sign_up(client, username="someone", email="carol@example.com")

    # The same answer as for a new address, and no second account...
    assert response.redirect_chain[-1][0] == "/accounts/confirm-email/"
    assert not User.objects.filter(username="someone").exists()
    assert [m.to for m in mail.outbox] == [["carol@example.com"]]
    # ...after the same work.
    assert hashes() == 1


def test_the_taken_path_hashes_the_password_that_was_typed(client, verified_user, hashes):
    typed = []
    original = CountingHasher.encode

    def spy(self, password, salt):
        typed.append(password)
        return original(self, password, salt)

    CountingHasher.encode = spy
    try:
        sign_up(client, username="someone", email="CAROL@example.com", password=PASSWORD + "!")
    finally:
        CountingHasher.encode = original

    assert typed == [PASSWORD + "!"]
