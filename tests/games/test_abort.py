"""Issue 14 item 23: a game may be aborted, without result or rating change, until each
player has made a first move (docs/rules.md, decision 29); resigning in that window
aborts instead. Resigning after one card once cost 229 rating points."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from games.models import Game
from games.selectors import game_state
from notifications.models import Notification
from ratings.models import Rating, RatingChange
from tests.factories import play, start_game
from tests.games.fixtures_play import both_moved, client_for, make_people

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    """(alice, bob, carol, staff) and a rated game of alice (seat 0) against bob in which
    nobody has moved yet."""
    people = make_people()
    return people, start_game(*people[:2], seed="abort-seed", rated=True)


def abort_url(game):
    return reverse("games:abort", args=[game.pk])


def abort_form(html: str, game) -> bool:
    return f'<form method="post" action="{abort_url(game)}"' in html


def ratings_of(*users):
    return [(r.user_id, r.rating, r.games) for r in Rating.objects.filter(user__in=users)]


def assert_aborted_without_rating(game, *users, ratings_before):
    game.refresh_from_db()
    assert (game.status, game.reason, game.winner) == (
        Game.Status.ABORTED,
        Game.Reason.EARLY_ABORT,
        None,
    )
    assert game.get_reason_display() == "Aborted before both players had moved"
    assert not RatingChange.objects.filter(game=game).exists()
    assert ratings_of(*users) == ratings_before


@pytest.mark.parametrize("moved", [0, 1])
def test_either_player_can_abort_until_each_has_moved(table, moved):
    people, game = table
    alice, bob, _, _ = people
    game = play(game, [game_state(game).legal_actions()[0]]) if moved else game
    before = ratings_of(alice, bob)
    for player in (alice, bob):
        page = client_for(player).get(game.get_absolute_url()).content.decode()
        assert abort_form(page, game) and "Abort game" in page

    client = client_for(bob)
    response = client.post(abort_url(game))

    assert response.status_code == 303 and response["Location"] == game.get_absolute_url()
    assert_aborted_without_rating(game, alice, bob, ratings_before=before)
    messages = [str(m) for m in get_messages(response.wsgi_request)]
    assert messages == ["You aborted the game: it has no result and changes no rating."]
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Game aborted" in page and "before both players had made a first move" in page
    [notice] = Notification.objects.filter(user=alice, kind=Notification.Kind.GAME_OVER)
    assert notice.text.startswith(
        "bob aborted your game of XIX before you had both made a first move"
    )


def test_resigning_after_one_card_aborts_instead_and_costs_no_rating(table):
    """The new player's case: one card played, then Resign. No rating points move."""
    people, game = table
    alice, bob, _, _ = people
    game = play(game, [game_state(game).legal_actions()[0]])
    mover = game.players[game.setup["first_leader"]]
    before = ratings_of(alice, bob)
    client = client_for(mover)
    confirm = client.get(reverse("games:resign", args=[game.pk])).content.decode()
    assert "resigning aborts the game" in confirm

    response = client.post(reverse("games:resign", args=[game.pk]))

    assert response.status_code == 303
    assert_aborted_without_rating(game, alice, bob, ratings_before=before)


def test_once_each_player_has_moved_abort_is_refused_and_resigning_counts(table):
    people, game = table
    alice, bob, _, _ = people
    game = both_moved(game)
    client = client_for(alice)
    page = client.get(game.get_absolute_url()).content.decode()
    assert not abort_form(page, game) and "Abort game" not in page

    refused = client.post(abort_url(game))

    assert refused.status_code == 400
    assert "can no longer be aborted" in refused.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    client.post(reverse("games:resign", args=[game.pk]))
    game.refresh_from_db()
    assert (game.status, game.reason) == (Game.Status.FINISHED, Game.Reason.RESIGNATION)
    assert RatingChange.objects.filter(game=game).count() == 2


def test_only_the_players_may_abort_and_only_by_post(table):
    people, game = table
    _, _, carol, staff = people
    for outsider in (carol, staff):
        client = client_for(outsider)
        assert not abort_form(client.get(game.get_absolute_url()).content.decode(), game)
        assert client.post(abort_url(game)).status_code == 403
    assert client_for(people[0]).get(abort_url(game)).status_code == 405
    anonymous = client_for().post(abort_url(game))
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert client_for(people[0]).post(reverse("games:abort", args=[987654])).status_code == 404
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_an_aborted_game_cannot_be_aborted_again(table):
    people, game = table
    alice, _, _, _ = people
    client = client_for(alice)
    client.post(abort_url(game))
    again = client.post(abort_url(game))
    assert again.status_code == 400 and "already over" in again.content.decode()
