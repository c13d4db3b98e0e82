"""A transactional test's flush keeps the groups the migrations wrote.

pytest-xdist's work stealing may run a test in a transaction after a transactional test on
the same worker; the Moderators group (written by migrations, emptied by the flush that
ends every transactional test) must be there for it, with every permission it had. The
session fixture ``django_db_setup`` in ``tests/conftest.py`` writes it again after a flush.
"""

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command


def _moderators():
    group = Group.objects.get(name="Moderators")
    return sorted(group.permissions.values_list("content_type__app_label", "codename"))


@pytest.mark.django_db(transaction=True)
def test_a_flush_leaves_the_moderators_group_with_all_its_permissions():
    before = _moderators()
    assert ("games", "see_hidden_cards") in before
    assert ("chat", "hide_chatmessage") in before
    assert ("tournaments", "view_tournament") in before

    call_command("flush", interactive=False, verbosity=0)

    assert _moderators() == before
