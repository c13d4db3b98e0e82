"""Challenges, tables of two made by the one table flow (``games.tables``): what it allows,
what it refuses, and that refusals change nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from games import services, tables
from games.models import Game
from tests.factories import UserFactory, make_challenge

pytestmark = pytest.mark.django_db


def open_challenge(user, **kwargs):
    fields = {"variant": "standard", "days_per_move": 3, "rated": True, **kwargs}
    return make_challenge(user=user, **fields)


def test_open_challenge_waits_seven_days_for_anyone():
    ann = UserFactory(username="ann")
    game = open_challenge(ann, variant="talon", days_per_move=14, rated=False)

    assert game.status == Game.Status.WAITING
    assert (game.variant, game.days_per_move, game.rated) == ("talon", 14, False)
    assert game.invited is None and game.players == ()
    assert list(game.seats.values_list("user", "position")) == [(ann.pk, None)]
    lifetime = game.expires_at - game.created
    assert timedelta(days=7) - timedelta(seconds=5) < lifetime <= timedelta(days=7)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("variant", "chess", "XIX has no such variant; choose Standard"),
        ("days_per_move", 4, "1, 2, 3, 5, 7 or 14"),
        ("days_per_move", 0, "1, 2, 3, 5, 7 or 14"),
    ],
)
def test_bad_challenge_settings_are_refused(field, value, message):
    ann = UserFactory(username="ann")
    with pytest.raises(tables.TableError, match=message):
        open_challenge(ann, **{field: value})
    assert not Game.objects.exists()


def test_direct_challenge_refusals():
    ann = UserFactory(username="ann")
    with pytest.raises(tables.TableError, match="yourself"):
        open_challenge(ann, invited=ann)
    gone = User.objects.create(username="gone", is_active=False)
    with pytest.raises(tables.TableError, match="gone cannot be invited"):
        open_challenge(ann, invited=gone)
    assert not Game.objects.exists()


def test_open_challenge_limit_counts_only_live_challenges():
    ann = UserFactory(username="ann")
    for _ in range(tables.MAX_WAITING_TABLES):
        open_challenge(ann)
    with pytest.raises(tables.TableError, match="cancel one first"):
        open_challenge(ann)
    # A lapsed challenge no longer counts against the limit.
    Game.objects.filter(pk=Game.objects.first().pk).update(
        expires_at=timezone.now() - timedelta(minutes=1)
    )
    assert open_challenge(ann).status == Game.Status.WAITING


def test_accept_starts_the_game_with_both_players_seated():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    game = tables.table_join(user=bob, game_id=open_challenge(ann).pk)

    assert game.status == Game.Status.ACTIVE
    assert set(game.player_ids) == {ann.pk, bob.pk}
    assert game.to_move == game.setup["first_leader"]
    assert game.deadline > timezone.now() + timedelta(days=2, hours=23)


def test_accept_refusals_leave_the_challenge_waiting():
    ann, bob, cat = (UserFactory(username=n) for n in ("ann", "bob", "cat"))
    mine = open_challenge(ann)
    for_bob = open_challenge(ann, invited=bob)
    lapsed = open_challenge(ann)
    Game.objects.filter(pk=lapsed.pk).update(expires_at=timezone.now() - timedelta(seconds=1))

    with pytest.raises(tables.TableError, match="your own"):
        tables.table_join(user=ann, game_id=mine.pk)
    with pytest.raises(services.NoSuchGame):  # cat may not learn that it exists
        tables.table_join(user=cat, game_id=for_bob.pk)
    with pytest.raises(tables.TableError, match="no longer open"):
        tables.table_join(user=bob, game_id=lapsed.pk)
    with pytest.raises(services.NoSuchGame) as missing:
        tables.table_join(user=bob, game_id=999999)
    assert missing.value.status == 404
    assert set(Game.objects.values_list("status", flat=True)) == {Game.Status.WAITING}


def test_withdraw_only_by_challenger_or_invited():
    ann, bob, cat = (UserFactory(username=n) for n in ("ann", "bob", "cat"))
    direct = open_challenge(ann, invited=bob)
    with pytest.raises(services.NoSuchGame):  # cat may not learn that it exists
        tables.table_leave(user=cat, game_id=direct.pk)
    assert tables.table_leave(user=bob, game_id=direct.pk) == tables.DECLINED
    assert not Game.objects.filter(pk=direct.pk).exists()  # nobody left to wait for

    public = open_challenge(ann)
    with pytest.raises(services.NotAPlayer):
        tables.table_leave(user=bob, game_id=public.pk)
    assert tables.table_leave(user=ann, game_id=public.pk) == tables.CANCELLED
    assert not Game.objects.exists()
