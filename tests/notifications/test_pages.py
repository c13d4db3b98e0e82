"""The notifications page, the unread count in the navigation and marking read."""

import pytest

from notifications import services
from notifications.models import Notification
from tests.factories import UserFactory, start_game

pytestmark = pytest.mark.django_db

Kind = Notification.Kind


@pytest.fixture
def setup():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob)
    other = start_game(UserFactory(username="carol"), bob)
    Notification.objects.all().delete()
    notes = [
        services.notify(
            user=bob, game=game, kind=Kind.YOUR_TURN, seq=3, text="Your move against alice."
        ),
        services.notify(
            user=bob, game=other, kind=Kind.DEADLINE, seq=0, text="About 5 hours left."
        ),
    ]
    return alice, bob, game, other, notes


def test_the_page_lists_newest_first_and_the_nav_counts_unread(client, setup):
    alice, bob, game, other, notes = setup
    client.force_login(bob)
    page = client.get("/notifications/").content.decode()
    assert page.index("About 5 hours left.") < page.index("Your move against alice.")
    assert 'aria-label="Notifications: 2 unread"' in page
    assert "Unread (2)" in page and "Mark all read" in page
    # alice has none: an empty page says so, and her nav shows no count.
    client.force_login(alice)
    page = client.get("/notifications/").content.decode()
    assert "No notifications yet" in page and "Notifications: " not in page


def test_marking_one_read_and_opening_its_game(client, setup):
    alice, bob, game, other, notes = setup
    client.force_login(bob)
    response = client.post("/notifications/read/", {"id": notes[0].pk})
    assert response.status_code == 302 and response["Location"] == "/notifications/"
    notes[0].refresh_from_db()
    assert notes[0].read_at is not None
    unread = client.get("/notifications/?show=unread").content.decode()
    assert "Your move against alice." not in unread and "About 5 hours left." in unread
    response = client.post("/notifications/read/", {"id": notes[1].pk, "open": "1"})
    assert response["Location"] == f"/games/{other.pk}/"
    assert services.unread_count(bob) == 0


def test_mark_all_read(client, setup):
    alice, bob, game, other, notes = setup
    client.force_login(bob)
    response = client.post("/notifications/read/", {"all": "1"}, follow=True)
    assert "Marked 2 notifications read." in response.content.decode()
    assert services.unread_count(bob) == 0


def test_opening_the_game_marks_its_notifications_read(client, setup):
    alice, bob, game, other, notes = setup
    client.force_login(bob)
    assert client.get(f"/games/{game.pk}/").status_code == 200
    assert list(Notification.objects.filter(user=bob, read_at__isnull=True)) == [notes[1]]


@pytest.mark.parametrize(
    ("data", "status", "message"),
    [
        ({"id": "x1"}, 400, "Choose a notification to mark read."),
        ({}, 400, "Choose a notification to mark read."),
        ({"id": "99999999"}, 404, "There is no such notification of yours."),
    ],
)
def test_bad_requests_are_refused_and_change_nothing(client, setup, data, status, message):
    alice, bob, game, other, notes = setup
    client.force_login(bob)
    response = client.post("/notifications/read/", data)
    assert response.status_code == status
    assert message in response.content.decode()
    assert services.unread_count(bob) == 2


def test_someone_elses_notification_is_404_and_stays_unread(client, setup):
    alice, bob, game, other, notes = setup
    client.force_login(alice)
    response = client.post("/notifications/read/", {"id": notes[0].pk})
    assert response.status_code == 404
    assert services.unread_count(bob) == 2


def test_a_bad_filter_is_400_and_anonymous_visitors_are_sent_to_log_in(client, setup):
    alice, bob, game, other, notes = setup
    response = client.get("/notifications/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert client.post("/notifications/read/", {"all": "1"}).status_code == 302
    assert services.unread_count(bob) == 2
    client.force_login(bob)
    response = client.get("/notifications/?show=everything")
    assert response.status_code == 400 and b"Show must be all or unread." in response.content
