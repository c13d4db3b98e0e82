"""manage.py seed_demo: demo players and bots, safe to run on every start."""

import io

import pytest
from allauth.account.models import EmailAddress
from django.core.management import call_command

from accounts.models import User

pytestmark = pytest.mark.django_db


def seed() -> str:
    out = io.StringIO()
    call_command("seed_demo", stdout=out)
    return out.getvalue()


def test_creates_players_and_bots_and_prints_log_ins():
    output = seed()

    assert "alice" in output and "bob" in output and "xix-demo-pass" in output
    for name in ("alice", "bob"):
        user = User.objects.get(username=name)
        assert user.check_password("xix-demo-pass")
        assert not user.is_bot
        address = EmailAddress.objects.get(user=user)
        assert (address.email, address.verified, address.primary) == (
            f"{name}@example.com",
            True,
            True,
        )
    bots = {u.username: u for u in User.objects.filter(is_bot=True)}
    assert {name: bot.bot_level for name, bot in bots.items()} == {
        "bot-random": "random",
        "bot-heuristic": "heuristic",
        "bot-strong": "strong",
        "bot-expert": "expert",
    }
    assert not any(bot.has_usable_password() for bot in bots.values())
    # The demo moderator can use the admin and nothing more than a moderator may.
    moderator = User.objects.get(username="mod")
    assert moderator.check_password("xix-demo-pass")
    assert moderator.is_staff and not moderator.is_superuser
    assert list(moderator.groups.values_list("name", flat=True)) == ["Moderators"]
    assert "mod" in output and "/admin/" in output


def test_running_twice_changes_nothing():
    seed()
    before = list(User.objects.order_by("username").values_list("username", "password"))

    seed()

    after = list(User.objects.order_by("username").values_list("username", "password"))
    assert [name for name, _ in after] == [name for name, _ in before]
    assert len(after) == 7
    assert EmailAddress.objects.count() == 3
    assert User.objects.get(username="alice").password == dict(before)["alice"]


def test_demo_player_can_log_in_with_email(client, nav_text):
    seed()

    response = client.post(
        "/accounts/login/", {"login": "bob@example.com", "password": "xix-demo-pass"}, follow=True
    )

    assert "bob" in nav_text(response)


def test_puts_back_a_changed_demo_password():
    seed()
    alice = User.objects.get(username="alice")
    alice.set_password("something-else")
    alice.save()

    seed()

    alice.refresh_from_db()
    assert alice.check_password("xix-demo-pass")
