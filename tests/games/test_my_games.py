"""My games, the navigation's turn badge, the home page's turn list, and rematches."""

import re
from datetime import UTC
from html import unescape
from zoneinfo import ZoneInfo

import pytest
from django.contrib.messages import get_messages

from games import services
from games.models import Game
from games.selectors import game_state
from tests.factories import UserFactory, make_challenge, play, play_random, start_game

pytestmark = pytest.mark.django_db


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def section(response, title_id: str) -> str:
    """The visible text of the <section> labelled by ``title_id``."""
    html = response.content.decode()
    match = re.search(
        rf'<section[^>]*aria-labelledby="{title_id}"[^>]*>(.*?)</section>', html, re.S
    )
    assert match, f"no section {title_id}"
    return text(match.group(1))


def last_message(response) -> str:
    """The message the request added (earlier, unread ones come first)."""
    return str(list(get_messages(response.wsgi_request))[-1])


@pytest.fixture
def players(client):
    ann, bob, cat = (UserFactory(username=n) for n in ("ann", "bob", "cat"))
    client.force_login(ann)
    return ann, bob, cat


def seat_to_move(game):
    return game_state(game).to_move


def game_where_to_move(p0, p1, seat, seed):
    """An active game between p0 and p1 after a few moves, with ``seat`` to move."""
    game = start_game(p0, p1, seed=seed)
    game = play_random(game, moves=3, seed=7)
    if game.to_move != seat:
        legal = game_state(game).legal_actions()
        game = play(game, [legal[0]])
    assert game.status == Game.Status.ACTIVE and game.to_move == seat
    return game


def test_my_games_needs_login(client):
    assert client.get("/games/").status_code == 302


def test_games_grouped_by_whose_turn_and_badge_matches(client, players, nav_text):
    ann, bob, cat = players
    mine_1 = game_where_to_move(ann, bob, 0, "a")  # ann sits in seat 0: her turn
    mine_2 = game_where_to_move(cat, ann, 1, "b")  # ann sits in seat 1: her turn
    theirs = game_where_to_move(ann, cat, 1, "c")
    finished = play_random(start_game(bob, ann, seed="d"), seed=3)
    assert finished.status == Game.Status.FINISHED
    others = game_where_to_move(bob, cat, 0, "e")  # not hers at all

    response = client.get("/games/")
    assert response.status_code == 200
    your_turn = section(response, "your-turn-title")
    their_turn = section(response, "their-turn-title")
    done = section(response, "finished-title")
    assert "Your turn (2)" in your_turn
    assert "vs bob" in your_turn and "vs cat" in your_turn
    assert "Their turn (1)" in their_turn and "vs cat" in their_turn
    assert "vs bob" in done
    result = "You won" if finished.winner == finished.seat_of(ann) else "You lost"
    if finished.winner is None:
        result = "Draw"
    assert result in done
    html = response.content.decode()
    for game in (mine_1, mine_2, theirs, finished):
        assert f'href="/games/{game.pk}/"' in html
    assert f'href="/games/{others.pk}/"' not in html
    # The deadline is a UTC <time> with how long is left, then the date and time in the
    # viewer's zone (UTC by default).
    assert re.search(r'<time datetime="\d{4}-\d\d-\d\dT[\d:.]+\+00:00"[^>]*>in 2', html)
    theirs.refresh_from_db()
    assert f"{shown(theirs.deadline, UTC)} (UTC)" in their_turn

    assert "My games 2" in nav_text(response)
    assert 'aria-label="My games: 2 games waiting for your move"' in html

    # Ann moves in one of them: it passes to "their turn" and the badge drops.
    play(mine_1, [game_state(mine_1).legal_actions()[0]])
    response = client.get("/")
    assert "My games 1" in nav_text(response)
    assert 'aria-label="My games: 1 game waiting for your move"' in response.content.decode()


def shown(moment, zone) -> str:
    """``moment`` as the page writes it in ``zone``: "Sat 28 Nov, 14:05"."""
    local = moment.astimezone(zone)
    return f"{local:%a} {local.day} {local:%b, %H:%M}"


def test_deadlines_are_shown_in_the_viewers_time_zone(client, players):
    ann, bob, _ = players
    mine = game_where_to_move(ann, bob, 0, "tz")
    ann.time_zone = "Asia/Tokyo"
    ann.save(update_fields=["time_zone"])

    response = client.get("/games/")
    your_turn = section(response, "your-turn-title")
    tokyo = shown(mine.deadline, ZoneInfo("Asia/Tokyo"))
    assert tokyo != shown(mine.deadline, UTC)
    assert f"{tokyo} (Asia/Tokyo)" in your_turn
    assert "(UTC)" not in your_turn
    # The machine-readable stamp stays in UTC.
    stamp = mine.deadline.astimezone(UTC).isoformat()[:19]
    assert f'<time datetime="{stamp}' in response.content.decode()

    # bob, on UTC, sees the same deadline in UTC.
    client.force_login(bob)
    their_turn = section(client.get("/games/"), "their-turn-title")
    assert f"{shown(mine.deadline, UTC)} (UTC)" in their_turn


def test_no_badge_without_waiting_games(client, players, nav_text):
    ann, bob, _ = players
    game_where_to_move(ann, bob, 1, "f")
    response = client.get("/games/")
    assert nav_text(response).startswith("XIX Online Menu Lobby My games Notifications")
    assert 'aria-label="My games:' not in response.content.decode()
    assert "No game is waiting for your move." in section(response, "your-turn-title")


def test_waiting_challenges_listed_both_ways(client, players):
    ann, bob, cat = players
    make_challenge(user=bob, variant="talon", days_per_move=2, rated=True, invited=ann)
    make_challenge(user=ann, variant="standard", days_per_move=7, rated=False, invited=cat)
    waiting = section(client.get("/games/"), "challenges-title")
    assert "To you bob" in waiting and "Talon" in waiting and "Decline" in waiting
    assert "Yours To cat" in waiting and "7 days per move · casual" in waiting


def test_home_page_lists_your_turn_for_members_only(client, players):
    ann, bob, _ = players
    game = game_where_to_move(ann, bob, 0, "g")
    response = client.get("/")
    page = text(response.content.decode())
    assert "1 game is waiting for your move." in page
    assert f'href="/games/{game.pk}/"' in response.content.decode()
    assert "Go to the lobby" in page

    client.logout()
    page = text(client.get("/").content.decode())
    assert "waiting for your move" not in page
    assert "Sign up" in page and "Read the rules" in page


# --- rematch ----------------------------------------------------------------------------


def finished_game(ann, bob):
    game = start_game(ann, bob, seed="r")
    return services.game_resign(user=bob, game_id=game.pk)


def test_rematch_offer_then_accept(client, players):
    ann, bob, _ = players
    old = finished_game(ann, bob)

    response = client.post(f"/games/{old.pk}/rematch")
    offer = Game.objects.get(rematch_of=old)
    assert response.status_code == 302 and response["Location"] == f"/games/{offer.pk}/"
    assert offer.status == Game.Status.WAITING and offer.invited == bob
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        "Rematch offered: bob can accept it from the lobby."
    ]
    # Asking again does not make a second offer.
    client.post(f"/games/{old.pk}/rematch")
    assert Game.objects.filter(rematch_of=old).count() == 1

    client.force_login(bob)
    response = client.post(f"/games/{old.pk}/rematch")
    assert response["Location"] == f"/games/{offer.pk}/"
    offer.refresh_from_db()
    assert offer.status == Game.Status.ACTIVE
    assert set(offer.player_ids) == {ann.pk, bob.pk}
    assert "the new game has begun" in last_message(response)


def test_rematch_with_htmx_redirects_the_browser(client, players):
    ann, bob, _ = players
    old = finished_game(ann, bob)
    response = client.post(f"/games/{old.pk}/rematch", HTTP_HX_REQUEST="true")
    assert response["HX-Redirect"] == f"/games/{Game.objects.get(rematch_of=old).pk}/"


def test_rematch_refusals(client, players):
    ann, bob, cat = players
    active = start_game(ann, bob, seed="s")
    others = finished_game(bob, cat)

    response = client.post(f"/games/{active.pk}/rematch")
    assert response["Location"] == f"/games/{active.pk}/"
    assert "once the game is over" in last_message(response)

    response = client.post(f"/games/{others.pk}/rematch", HTTP_HX_REQUEST="true")
    assert response.status_code == 403
    assert "Only the players can ask for a rematch." in last_message(response)

    response = client.post("/games/999999/rematch")
    assert response["Location"] == "/games/"
    assert client.get(f"/games/{active.pk}/rematch").status_code == 405
    assert not Game.objects.filter(rematch_of__isnull=False).exists()
