"""Account tests go through allauth's rate limits, which count in the cache: start each
test with an empty one so that one test's attempts never limit the next."""

import pytest

from tests.cache_keys import clear_own_cache


@pytest.fixture(autouse=True)
def empty_cache():
    clear_own_cache()
    yield
    clear_own_cache()


@pytest.fixture
def verified_user(django_user_model):
    """carol, password tests.accounts.helpers.PASSWORD, with a confirmed address."""
    from allauth.account.models import EmailAddress

    from tests.accounts.helpers import PASSWORD

    user = django_user_model.objects.create_user("carol", "carol@example.com", PASSWORD)
    EmailAddress.objects.create(user=user, email="carol@example.com", verified=True, primary=True)
    return user
