""" "Play now" offers a new table first to players near its creator's rating (issue 32,
item 19): for ``tables.OFFER_WINDOW`` only players within ``tables.NEAR_RATING`` see it in
the lobby and may take a seat, and those of them waiting at another "Play now" table of the
game are told; then it is open to everyone. Tally (tests/kit/tally) is the game."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts import blocks
from games import tables
from games.errors import TableError
from games.models import Game
from notifications.models import Notification
from ratings.models import Rating
from tests.games.test_tables import seated, users

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _tally_served(served_tally):
    return served_tally


def rate(user, rating):
    Rating.objects.create(user=user, kind="tally", variant="duel", rating=rating)


def open_window(game):
    """The offer's window, as it would be a moment after it closed."""
    Game.objects.filter(pk=game.pk).update(offered_until=timezone.now() - timedelta(seconds=1))


def test_a_new_play_now_table_waits_first_for_players_near_its_creators_rating():
    ann, far, near = users("ann", "far", "near")
    rate(ann, 1500)
    rate(far, 1800)
    rate(near, 1650)
    table = tables.table_quick(user=ann, kind="tally")
    assert table.offered_rating == 1500
    assert table.offered_until - table.created == tables.OFFER_WINDOW

    # The far player's "Play now" does not take it: they get a table of their own.
    theirs = tables.table_quick(user=far, kind="tally")
    assert theirs.pk != table.pk and seated(table) == ["ann"]
    # Nor can they take the seat from the lobby while the window lasts.
    with pytest.raises(TableError, match="offered first to players near"):
        tables.table_join(user=far, game_id=table.pk)
    # A near player's "Play now" does.
    game = tables.table_quick(user=near, kind="tally")
    assert game.pk == table.pk and game.status == Game.Status.ACTIVE


def test_after_the_window_the_table_is_open_to_everyone():
    ann, far = users("ann", "far")
    rate(ann, 1500)
    rate(far, 2100)
    table = tables.table_quick(user=ann, kind="tally")
    open_window(table)
    game = tables.table_join(user=far, game_id=table.pk)
    assert game.status == Game.Status.ACTIVE and seated(game) == ["ann", "far"]


def test_the_lobby_hides_the_offered_table_from_far_players_and_marks_it_for_near_ones(client):
    ann, far, near = users("ann", "far", "near")
    rate(ann, 1500)
    rate(far, 1900)
    rate(near, 1400)
    table = tables.table_quick(user=ann, kind="tally")
    client.force_login(far)
    assert f"/tables/{table.pk}/join" not in client.get("/lobby/").content.decode()
    client.force_login(near)
    page = client.get("/lobby/").content.decode()
    assert f"/tables/{table.pk}/join" in page
    assert "Near your rating: offered to you first" in page
    open_window(table)
    client.force_login(far)
    page = client.get("/lobby/").content.decode()
    assert f"/tables/{table.pk}/join" in page
    assert "offered to you first" not in page


def test_waiting_players_near_the_rating_are_told_and_the_others_not():
    ann, bea, cy, dee, eve, new = users("ann", "bea", "cy", "dee", "eve", "new")
    rate(ann, 1000)  # far from everyone: her table keeps bea and cy waiting
    for person, rating in ((bea, 1500), (cy, 1550), (dee, 1950), (eve, 1520), (new, 1500)):
        rate(person, rating)
    first = tables.table_quick(user=ann, kind="tally")
    open_window(first)  # open to all now: bea and dee sit down and wait at it
    Game.objects.filter(pk=first.pk).update(variant="open", seats_count=5)
    for person in (bea, dee):
        tables.table_join(user=person, game_id=first.pk)
    blocks.block_set(user=eve, other=new, on=True)  # eve blocked new
    tables.table_join(user=eve, game_id=first.pk)

    table = tables.table_quick(user=new, kind="tally")
    assert table.pk != first.pk  # eve, seated there, blocked new
    told = Notification.objects.filter(game=table).values_list("user__username", flat=True)
    # bea waits near new's rating; dee is too far, eve blocked new, cy is not waiting.
    assert list(told) == ["bea"]
    note = Notification.objects.get(game=table)
    assert "new has just set up a table of Tally" in note.text
    assert "it is offered to you first" in note.text
    assert note.kind == Notification.Kind.CHALLENGE


def test_a_table_set_up_by_hand_is_open_to_everyone_at_once():
    ann, far = users("ann", "far")
    rate(ann, 1500)
    rate(far, 2400)
    table = tables.table_create(
        user=ann, kind="tally", variant="duel", seats=2, days_per_move=3, rated=True
    )
    assert table.offered_until is None
    assert tables.table_quick(user=far, kind="tally").pk == table.pk
