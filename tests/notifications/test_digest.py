"""The daily digest: one e-mail a day at the user's local DIGEST_HOUR, whatever the runs."""

from datetime import UTC, datetime

import pytest
from django.core import mail

from notifications import services
from notifications.models import Notification, OutboundEmail
from tests.factories import UserFactory, start_game

pytestmark = pytest.mark.django_db

Kind = Notification.Kind


@pytest.fixture
def digest_user():
    return UserFactory(username="dora", email_notifications="digest", time_zone="Asia/Tokyo")


@pytest.fixture
def game(digest_user):
    game = start_game(UserFactory(username="olga"), digest_user)
    Notification.objects.all().delete()  # the challenge and first turn: not these tests'
    return game


def test_one_digest_a_day_at_eight_local_time(
    digest_user, game, clock, django_capture_on_commit_callbacks
):
    services.notify(
        user=digest_user, game=game, kind=Kind.YOUR_TURN, seq=1, text="Your move against olga."
    )
    services.notify(
        user=digest_user, game=game, kind=Kind.DEADLINE, seq=1, text="About 10 hours left."
    )
    mail.outbox.clear()
    # 07:00 in Tokyo (22:00 UTC): not yet.
    clock.set(datetime(2026, 11, 2, 22, 0, tzinfo=UTC))
    assert services.digest_send() == 0
    # 08:00 in Tokyo: the digest goes out, once, however often the task runs that hour.
    clock.set(datetime(2026, 11, 2, 23, 10, tzinfo=UTC))
    with django_capture_on_commit_callbacks(execute=True):
        assert services.digest_send() == 1
        assert services.digest_send() == 0
    [message] = mail.outbox
    assert message.to == ["dora@example.com"]
    assert message.subject == "[XIX Online] Your daily digest: 2 updates"
    assert "Your move against olga." in message.body and "About 10 hours left." in message.body
    assert f"http://127.0.0.1:8000/games/{game.pk}/" in message.body
    assert "http://127.0.0.1:8000/settings/" in message.body
    assert "Your move against olga." in message.alternatives[0][0]
    assert set(Notification.objects.values_list("email", flat=True)) == {"digested"}
    # The next day at 08:00 there is nothing new: no empty digest.
    clock.set(datetime(2026, 11, 3, 23, 5, tzinfo=UTC))
    assert services.digest_send() == 0
    assert OutboundEmail.objects.filter(user=digest_user).count() == 1


def test_what_was_read_on_the_site_is_left_out(
    digest_user, game, clock, django_capture_on_commit_callbacks
):
    read = services.notify(
        user=digest_user, game=game, kind=Kind.YOUR_TURN, seq=1, text="Seen already."
    )
    services.mark_read(user=digest_user, ids=[read.pk])
    clock.set(datetime(2026, 11, 2, 23, 0, tzinfo=UTC))
    assert services.digest_send() == 0
    read.refresh_from_db()
    assert read.email == Notification.Email.SKIPPED
    services.notify(user=digest_user, game=game, kind=Kind.YOUR_TURN, seq=2, text="New news.")
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert services.digest_send() == 1
    assert "New news." in mail.outbox[0].body and "Seen already." not in mail.outbox[0].body
    assert mail.outbox[0].subject.endswith("1 update")


def test_switching_to_no_email_drops_the_waiting_digest(digest_user, game, clock):
    services.notify(user=digest_user, game=game, kind=Kind.YOUR_TURN, seq=1, text="x")
    digest_user.email_notifications = "none"
    digest_user.save()
    clock.set(datetime(2026, 11, 2, 23, 0, tzinfo=UTC))
    assert services.digest_send() == 0
    assert not OutboundEmail.objects.filter(user=digest_user).exists()


def test_news_about_no_game_goes_in_the_digest_with_its_own_link(
    digest_user, clock, django_capture_on_commit_callbacks
):
    """A report's outcome is about a player, not a game: it leads to the player's profile."""
    services.notify(
        user=digest_user,
        game=None,
        kind=Kind.REPORT,
        seq=1,
        text="The moderators looked into your report about player olga.",
        link="/players/olga/",
    )
    clock.set(datetime(2026, 11, 2, 23, 0, tzinfo=UTC))
    with django_capture_on_commit_callbacks(execute=True):
        assert services.digest_send() == 1
    [message] = mail.outbox
    assert "your report about player olga" in message.body
    assert "http://127.0.0.1:8000/players/olga/" in message.body
