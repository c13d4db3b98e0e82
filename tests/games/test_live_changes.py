"""What changes without a move reaches an open page through its poll (issue 14 item 18):
an extra day given, a rematch offered or accepted, an open challenge accepted, and the
navigation's badges on the game-over screen."""

import re
from html import unescape

import pytest
from django.urls import reverse

from games import services, tables
from games.models import Game
from tests.factories import UserFactory, make_challenge, start_game
from tests.games.fixtures_play import HX, client_for, finished_game, make_people, text
from tests.games.test_extra_day import to_move

pytestmark = pytest.mark.django_db


@pytest.fixture
def people():
    return make_people()


def poll_of(html: str) -> str:
    """The URL the live table polls, as the browser would request it."""
    match = re.search(r'<section id="game-live"[^>]*hx-get="([^"]+)"', html)
    assert match, "the table does not poll"
    return unescape(match.group(1))


def game_page(client, game) -> str:
    return client.get(reverse("games:game", args=[game.pk])).content.decode()


def test_the_players_poll_brings_an_extra_day_given_by_the_opponent(people):
    alice, bob, _, _ = people
    game = to_move(start_game(alice, bob, seed="extra-day"), 1)
    bobs = client_for(bob)
    poll = poll_of(game_page(bobs, game))
    assert bobs.get(poll, **HX).status_code == 204  # nothing new yet

    services.game_extra_day(user=alice, game_id=game.pk)

    response = bobs.get(poll, **HX)
    assert response.status_code == 200
    game.refresh_from_db()
    fresh = response.content.decode()
    assert game.deadline.strftime("%a %-d %b, %H:%M") in text(fresh)
    # The fresh table polls with the new state: quiet again.
    assert bobs.get(poll_of(fresh), **HX).status_code == 204


def test_the_game_over_screen_shows_a_rematch_offer_without_a_reload(people):
    alice, bob, _, _ = people
    game = finished_game(alice, bob, seed="live-rematch")
    alices = client_for(alice)
    poll = poll_of(game_page(alices, game))
    assert alices.get(poll, **HX).status_code == 204

    offer = tables.table_rematch(user=bob, game_id=game.pk)

    response = alices.get(poll, **HX)
    assert response.status_code == 200
    shown = text(response.content.decode())
    assert "bob offers a rematch." in shown and "Accept the rematch" in shown
    assert alices.get(poll_of(response.content.decode()), **HX).status_code == 204

    # bob waits on his screen; alice accepts: bob is shown the way to the new game.
    bobs = client_for(bob)
    bobs_poll = poll_of(game_page(bobs, game))
    tables.table_rematch(user=alice, game_id=game.pk)
    response = bobs.get(bobs_poll, **HX)
    html = response.content.decode()
    assert response.status_code == 286  # nothing more can change here
    assert "alice accepted your rematch" in text(html)
    assert f'href="/games/{offer.pk}/"' in html


def test_the_lobby_tells_the_challenger_that_the_open_challenge_was_taken(people):
    alice, bob, _, _ = people
    game = make_challenge(user=alice, variant="standard", days_per_move=3, rated=True)
    alices = client_for(alice)
    lobby = alices.get(reverse("games:lobby")).content.decode()
    # While a challenge of hers waits, the lists refresh often.
    assert re.search(r'id="table-lists"[^>]*hx-trigger="every 5s"', lobby)

    tables.table_join(user=bob, game_id=game.pk)

    response = alices.get(
        reverse("games:lobby"), HTTP_HX_REQUEST="true", HTTP_HX_TARGET="table-lists"
    )
    html = response.content.decode()
    assert "bob accepted your challenge" in text(html)
    assert f'href="/games/{game.pk}/"' in html
    # Once she has opened the game, the news is read and leaves the lobby.
    alices.get(reverse("games:game", args=[game.pk]))
    html = alices.get(
        reverse("games:lobby"), HTTP_HX_REQUEST="true", HTTP_HX_TARGET="table-lists"
    ).content.decode()
    assert "bob accepted your challenge" not in text(html)


def test_the_answer_that_shows_the_end_updates_the_navigation_badges(people):
    alice, bob, _, _ = people
    game = start_game(alice, bob, seed="live-badge")
    other = start_game(alice, UserFactory(username="dora"), seed="live-badge-2")
    Game.objects.filter(pk__in=[game.pk, other.pk]).update(to_move=0)
    alices = client_for(alice)
    html = game_page(alices, game)
    assert re.search(r'aria-label="My games: 2 games waiting for your move"', html)
    poll = poll_of(html)

    services.game_resign(user=bob, game_id=game.pk)

    response = alices.get(poll, **HX)
    html = response.content.decode()
    badge = re.search(r'<a id="nav-my-games"[^>]*hx-swap-oob="true"[^>]*>.*?</a>', html, re.S)
    assert badge, "the answer does not update the My games badge"
    assert "1 game waiting for your move" in badge.group(0)
