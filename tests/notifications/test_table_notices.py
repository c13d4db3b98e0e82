"""What players of tables of any size are told: invitations, the start, a seat that
left, turns, deadlines and results, in the app and by e-mail (tally tables, 2 to 6 seats)."""

import pytest

from games import notices
from games.models import Game, GameSeat
from notifications.models import Notification
from tests.factories import UserFactory, start_table

pytestmark = pytest.mark.django_db

Kind = Notification.Kind
NAMES = ["ann", "bob", "cy", "dee", "eve", "fay"]


@pytest.fixture
def users():
    return [UserFactory(username=name) for name in NAMES]


def texts(user, kind=None):
    notes = Notification.objects.filter(user=user)
    if kind is not None:
        notes = notes.filter(kind=kind)
    return [note.text for note in notes.order_by("pk")]


def waiting_table(creator, seats, variant="open", others=()):
    """A tally table of ``seats`` waiting for players: ``creator`` and ``others`` sit."""
    game = Game.objects.create(
        kind="tally",
        variant=variant,
        seats_count=seats,
        seed="s",
        deal=[],
        first_leader=0,
        created_by=creator,
        status=Game.Status.WAITING,
        rated=False,
    )
    for user in (creator, *others):
        GameSeat.objects.create(game=game, user=user)
    return game


def test_an_invitation_to_a_table_says_its_size_and_how_full_it_is(users):
    ann, bob, cy = users[:3]
    game = waiting_table(ann, 5, others=[bob])
    notices.table_invited(game, cy)
    [text] = texts(cy, Kind.CHALLENGE)
    assert text.startswith("ann invites you to a table of 5 (")
    assert text.endswith("): 2 of 5 seats taken.")


def test_the_start_of_a_table_tells_every_human_but_the_one_who_filled_it(users):
    game = start_table("tally", "open", users[:3])
    notices.table_started(game, users[2])
    assert texts(users[0], Kind.ACCEPTED)[0].startswith(
        "The table is full: your game with bob and cy has started ("
    )
    assert texts(users[1], Kind.ACCEPTED)[0].startswith(
        "The table is full: your game with ann and cy has started ("
    )
    assert texts(users[2]) == []


def test_a_seat_that_left_a_zombie_table_is_announced_to_the_others(users):
    game = start_table("tally", "open", users[:4])
    GameSeat.objects.filter(game=game, position=1).update(status=GameSeat.Status.TIMED_OUT)
    game.forget_seats()
    notices.seat_left(game, 1)
    expected = "bob ran out of time: the site now plays their turns, and they finish last."
    for user in (users[0], users[2], users[3]):
        assert texts(user, Kind.SEAT_LEFT) == [expected]
    assert texts(users[1]) == []
