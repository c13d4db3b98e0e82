"""The lobby's "Play now" (``tables.table_quick``, issue 32, item 19): a seat at a waiting
open table of the game, the creator nearest in rating first, else a new open table of the
game's first variant; never one's own, a private or a blocked player's table; two clicks
at once seat the player once. Tally (tests/kit/tally) is the game."""

import pytest
from django.utils import timezone

from accounts import blocks
from games import tables
from games.models import Game, GameSeat
from ratings.models import Rating
from tests.at_once import at_once
from tests.games.test_tables import new_table, seated, users

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _tally_served(served_tally):
    return served_tally


def test_play_now_takes_a_seat_at_a_waiting_table():
    ann, bob = users("ann", "bob")
    table = new_table(ann, seats=3)
    game = tables.table_quick(user=bob, kind="tally")
    assert game.pk == table.pk and seated(game) == ["ann", "bob"]


def test_play_now_prefers_the_creator_nearest_in_rating_then_the_oldest():
    ann, cy, dee, bob = users("ann", "cy", "dee", "bob")
    far = new_table(ann, seats=3)
    near = new_table(cy, seats=3)
    new_table(dee, seats=3)  # as near as cy's, but newer
    Rating.objects.create(user=ann, kind="tally", variant="open", rating=2100)
    Rating.objects.create(user=cy, kind="tally", variant="open", rating=1450)
    Rating.objects.create(user=dee, kind="tally", variant="open", rating=1450)
    Rating.objects.create(user=bob, kind="tally", variant="open", rating=1400)
    game = tables.table_quick(user=bob, kind="tally")
    assert game.pk == near.pk and "bob" not in seated(far)


def test_play_now_sets_up_an_open_table_when_none_waits():
    (ann,) = users("ann")
    game = tables.table_quick(user=ann, kind="tally")
    assert game.status == Game.Status.WAITING and game.created_by == ann
    assert (game.variant, game.seats_count, game.rated) == ("duel", 2, True)
    assert not game.invitations.exists()


def test_play_now_never_joins_its_own_a_private_or_a_blocked_players_table():
    ann, bob, cy, dee, eve = users("ann", "bob", "cy", "dee", "eve")
    own = new_table(ann, seats=3)
    private = new_table(bob, seats=3, invited=[eve])
    new_table(cy, seats=3)
    new_table(dee, seats=3)
    blocks.block_set(user=cy, other=ann, on=True)  # cy blocked ann
    blocks.block_set(user=ann, other=dee, on=True)  # ann blocked dee
    # Her own table was set up a while ago (a seat just given is answered again instead).
    GameSeat.objects.update(joined_at=timezone.now() - tables.QUICK_REPEAT)
    game = tables.table_quick(user=ann, kind="tally")
    assert game.pk not in {own.pk, private.pk}
    assert game.created_by == ann and game.status == Game.Status.WAITING
    assert GameSeat.objects.filter(user=ann).count() == 2  # her table and the new one


def test_play_now_for_a_game_the_site_does_not_serve_changes_nothing():
    (ann,) = users("ann")
    with pytest.raises(tables.TableError, match="games the site serves"):
        tables.table_quick(user=ann, kind="chess")
    assert not Game.objects.exists()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_clicks_at_once_seat_the_player_once():
    ann, bob = users("ann", "bob")
    table = new_table(ann, seats=3)
    results = at_once(lambda _: tables.table_quick(user=bob, kind="tally"), 2)
    assert all(isinstance(result, Game) for result in results), results
    assert {result.pk for result in results} == {table.pk}
    assert GameSeat.objects.filter(user=bob).count() == 1
    assert Game.objects.count() == 1


def test_play_now_again_soon_after_answers_with_the_table_it_gave():
    (ann,) = users("ann")
    first = tables.table_quick(user=ann, kind="tally")
    assert tables.table_quick(user=ann, kind="tally").pk == first.pk
    assert Game.objects.count() == 1
