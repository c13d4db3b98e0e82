"""allauth's rate limits on log-in and sign-up, counted in the cache (locmem or Redis)."""

import pytest
from django.conf import settings
from django.core.cache import cache

from tests.accounts.helpers import PASSWORD, log_in, logged_in_user_id, sign_up

pytestmark = pytest.mark.django_db

LIMITED = "Too many failed login attempts"


def fail_log_ins(client, login, times):
    for _ in range(times):
        response = log_in(client, login, "not-the-password")
        assert "not correct" in response.content.decode()


def check_failed_log_ins_are_limited(client, user):
    fail_log_ins(client, "carol", 5)

    # The sixth try is refused even with the right password, and nobody is logged in.
    response = log_in(client, "carol", PASSWORD)
    assert LIMITED in response.content.decode()
    assert logged_in_user_id(client) is None

    # Other accounts from the same address are not locked out by carol's limit.
    assert LIMITED not in log_in(client, "dave", "not-the-password").content.decode()


@pytest.fixture
def dave(django_user_model):
    return django_user_model.objects.create_user("dave", "dave@example.com", PASSWORD)


def test_failed_log_ins_are_limited_per_account(client, verified_user, dave):
    check_failed_log_ins_are_limited(client, verified_user)


def test_log_ins_by_e_mail_address_are_limited_too(client, verified_user):
    fail_log_ins(client, "carol@example.com", 5)

    response = log_in(client, "carol@example.com", PASSWORD)

    assert LIMITED in response.content.decode()
    assert logged_in_user_id(client) is None


def test_a_good_log_in_under_the_limit_works(client, verified_user):
    fail_log_ins(client, "carol", 4)

    log_in(client, "carol", PASSWORD)

    assert logged_in_user_id(client) == str(verified_user.pk)


def test_failed_log_ins_are_limited_per_ip_address(client, django_user_model):
    for i in range(10):
        log_in(client, f"someone{i}", "not-the-password")

    response = log_in(client, "someone-else", "not-the-password")

    assert LIMITED in response.content.decode()


def test_sign_ups_are_limited_per_ip_address(client, django_user_model):
    limit = int(settings.ACCOUNT_RATE_LIMITS["signup"].split("/")[0])
    for i in range(limit):
        sign_up(client, username=f"newcomer{i}", email=f"newcomer{i}@example.com")
    assert django_user_model.objects.count() == limit

    response = client.post(
        "/accounts/signup/",
        {"username": "onemore", "email": "onemore@example.com",
         "password1": PASSWORD, "password2": PASSWORD},
    )

    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()
    assert not django_user_model.objects.filter(username="onemore").exists()


@pytest.mark.redis
def test_failed_log_ins_are_limited_with_the_redis_cache(client, verified_user, dave):
    assert settings.CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    cache.clear()

    check_failed_log_ins_are_limited(client, verified_user)
