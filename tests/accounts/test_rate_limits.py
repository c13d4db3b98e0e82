"""Rate limits on log-in and sign-up. Failed log-ins are counted in the database
(accounts.login_limits), so every web process sees the same count, and a locked log-in
answers 429 with Retry-After in the site's layout; the other limits are allauth's, counted
in the cache (locmem or Redis)."""

import threading
from datetime import timedelta

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.utils import timezone

from accounts.models import LoginFailure
from tests.accounts.helpers import PASSWORD, log_in, logged_in_user_id, sign_up
from tests.cache_keys import clear_own_cache

pytestmark = pytest.mark.django_db

LIMITED = "Too many failed log-in attempts"


def fail_log_ins(client, login, times):
    for _ in range(times):
        response = log_in(client, login, "not-the-password")
        assert "not correct" in response.content.decode()


def assert_locked(response):
    """The lock's answer: 429, Retry-After, and a message in the site's layout."""
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= 300
    page = response.content.decode()
    assert LIMITED in page
    assert "Forgotten your password?" in page
    assert '<nav class="nav" aria-label="Main">' in page  # the site's layout


def check_failed_log_ins_are_limited(client, user):
    fail_log_ins(client, "carol", 5)

    # The sixth try is refused even with the right password, and nobody is logged in.
    response = log_in(client, "carol", PASSWORD)
    assert_locked(response)
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

    assert_locked(response)
    assert logged_in_user_id(client) is None


def test_a_good_log_in_under_the_limit_works(client, verified_user):
    fail_log_ins(client, "carol", 4)

    log_in(client, "carol", PASSWORD)

    assert logged_in_user_id(client) == str(verified_user.pk)


def test_failed_log_ins_are_limited_per_ip_address(client, django_user_model):
    for i in range(10):
        log_in(client, f"someone{i}", "not-the-password")

    response = log_in(client, "someone-else", "not-the-password")

    assert response.status_code == 429
    assert LIMITED in response.content.decode()
    assert 0 < int(response["Retry-After"]) <= 60


def test_sign_ups_are_limited_per_ip_address(client, django_user_model):
    limit = int(settings.ACCOUNT_RATE_LIMITS["signup"].split("/")[0])
    for i in range(limit):
        sign_up(client, username=f"newcomer{i}", email=f"newcomer{i}@example.com")
    assert django_user_model.objects.count() == limit

    response = client.post(
        "/accounts/signup/",
        {
            "username": "onemore",
            "email": "onemore@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )

    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()
    assert not django_user_model.objects.filter(username="onemore").exists()


@pytest.mark.redis
def test_failed_log_ins_are_limited_with_the_redis_cache(client, verified_user, dave):
    assert settings.CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    clear_own_cache()

    check_failed_log_ins_are_limited(client, verified_user)


def test_failed_log_ins_are_counted_in_the_database_not_per_process(client, verified_user):
    # Each gunicorn worker without Redis has a cache of its own: a count kept there starts
    # from zero in the other worker. Emptying the cache between tries is what a visitor
    # whose requests alternate between two workers gets.
    for _ in range(5):
        clear_own_cache()
        fail_log_ins(client, "carol", 1)
    clear_own_cache()

    response = log_in(client, "carol", PASSWORD)

    assert_locked(response)
    assert LoginFailure.objects.filter(key="carol").count() == 5


def test_the_lock_lifts_when_the_failures_are_old_enough(client, verified_user):
    fail_log_ins(client, "carol", 5)
    assert log_in(client, "carol", PASSWORD).status_code == 429
    LoginFailure.objects.update(created=timezone.now() - timedelta(seconds=301))

    log_in(client, "carol", PASSWORD)

    assert logged_in_user_id(client) == str(verified_user.pk)


def test_a_successful_log_in_and_a_refused_try_leave_no_failure_behind(client, verified_user):
    fail_log_ins(client, "carol", 5)
    log_in(client, "carol", PASSWORD)  # refused: locked
    assert LoginFailure.objects.count() == 5
    LoginFailure.objects.all().delete()

    log_in(client, "carol", PASSWORD)

    assert logged_in_user_id(client) == str(verified_user.pk)
    assert LoginFailure.objects.count() == 0


def test_the_retry_after_counts_from_the_oldest_failure_that_locks(client, verified_user):
    fail_log_ins(client, "carol", 5)
    LoginFailure.objects.update(created=timezone.now() - timedelta(seconds=200))

    response = log_in(client, "carol", PASSWORD)

    assert response.status_code == 429
    assert 95 <= int(response["Retry-After"]) <= 101


def test_resetting_the_password_lifts_the_lock(client, verified_user):
    from tests.accounts.helpers import link_in_last_mail

    fail_log_ins(client, "carol", 5)
    assert log_in(client, "carol", PASSWORD).status_code == 429

    client.post("/accounts/password/reset/", {"email": "carol@example.com"})
    link = link_in_last_mail("carol@example.com", r"/accounts/password/reset/key/[^\s]+/")
    form = client.get(link, follow=True)
    client.post(
        form.redirect_chain[-1][0] if form.redirect_chain else link,
        {"password1": "a-new-long-password", "password2": "a-new-long-password"},
    )

    log_in(client, "carol", "a-new-long-password")
    assert logged_in_user_id(client) == str(verified_user.pk)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_parallel_wrong_passwords_get_no_more_tries_than_the_limit(django_user_model):
    """Twelve wrong passwords at once, each from its own client and connection (as from
    several web processes): at most 5 are checked, the others get the 429."""
    django_user_model.objects.create_user("carol", "carol@example.com", PASSWORD)
    barrier = threading.Barrier(12)
    statuses, errors = [], []

    def try_once():
        try:
            client = Client()
            barrier.wait(timeout=10)
            response = client.post(
                "/accounts/login/", {"login": "carol", "password": "not-the-password"}
            )
            statuses.append(response.status_code)
        except Exception as error:  # reported below: a thread cannot fail the test itself
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=try_once) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert not errors, errors
    assert len(statuses) == 12
    assert statuses.count(200) <= 5  # the form's "not correct": the password was checked
    assert statuses.count(200) + statuses.count(429) == 12
    assert LoginFailure.objects.filter(key="carol").count() == statuses.count(200)


def test_an_overlong_log_in_is_refused_like_any_wrong_one(client):
    response = log_in(client, "x" * 400, "not-the-password")

    assert response.status_code == 200
    assert "not correct" in response.content.decode()
    assert LoginFailure.objects.get().key == "x" * 254
