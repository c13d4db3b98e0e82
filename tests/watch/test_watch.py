"""Watching (issue 19): /watch/, the games being played that anyone may watch; a player's
current games on their profile; the game page and its poll for a visitor who is not
signed in, as a spectator; and no hidden card in any of them."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Game, Invitation
from games.views.watch import PER_PAGE
from tests.factories import (
    UserFactory,
    make_challenge,
    play_random,
    start_game,
    start_table,
)
from tests.games.fixtures_play import (
    HX,
    captures,
    normalise,
    page_url,
    people,
    poll_url,
    same_answers,
    twin_tables,
)
from tests.games.test_table_page import shown_cards

pytestmark = pytest.mark.django_db

WATCH = "/watch/"


def listed(html: str) -> list[str]:
    """The titles of the rows listed ("ann v bob"), in order."""
    titles = re.findall(
        r'<span class="game-card-title">(.*?)</span>\s*<span class="game-name">', html, re.S
    )
    return [
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", t)).replace("&amp;", "&").strip() for t in titles
    ]


def touched(game, minutes_ago: int):
    """Make ``game``'s last activity ``minutes_ago`` minutes old."""
    Game.objects.filter(pk=game.pk).update(updated=timezone.now() - timedelta(minutes=minutes_ago))


def finished(game):
    """``game``, over (the lists read only its status)."""
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)


def private_table(users):
    """A Xeri table its creator set up by inviting the others (the lobby's "Private")."""
    game = start_table("xeri", "classic", users, seed="private")
    Invitation.objects.bulk_create(
        Invitation(game=game, user=user, answered_at=timezone.now()) for user in users[1:]
    )
    return game


def test_anyone_sees_the_public_games_in_play_latest_activity_first():
    ann, bob, cy, dee = (UserFactory(username=n) for n in ("ann", "bob", "cy", "dee"))
    older = start_game(ann, bob, seed="older")
    newer = start_table("onexeno", "partners", [ann, bob, cy, dee], seed="four")
    touched(older, 30)
    touched(newer, 5)
    finished(start_game(cy, dee, seed="done"))
    private_table([cy, dee])
    bot = UserFactory(username="bot-easy", is_bot=True, bot_level="easy")
    with_bot = start_table("xeri", "classic", [dee, bot], seed="bot")
    Invitation.objects.create(game=with_bot, user=bot, answered_at=timezone.now())
    touched(with_bot, 60)

    response = Client().get(WATCH)

    assert response.status_code == 200
    html = response.content.decode()
    # Partners together; the finished game and the private table are not listed.
    assert listed(html) == ["ann & cy v bob & dee", "ann v bob", "dee v bot-easy"]
    assert "cy v dee" not in listed(html)
    assert f'href="{page_url(newer)}"' in html and f'href="{page_url(older)}"' in html
    assert "3 games being played." in html


def test_a_row_says_the_game_variant_moves_and_whose_turn():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    game = play_random(start_game(ann, bob, seed="row"), moves=5, seed=1)
    mover = game.players[game.to_move].username

    html = Client().get(WATCH).content.decode()

    row = re.search(r'<li class="game-card watch-card">.*?</li>', html, re.S).group(0)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row))
    assert "XIX" in text and "Standard" in text
    assert "Moves 5" in text and f"To move {mover}" in text
    assert 'aria-label="Watch ann v bob, XIX"' in row and f'href="{page_url(game)}"' in row


def test_the_list_keeps_one_game_when_asked():
    ann, bob, cy = people(3, prefix="w")
    start_game(ann, bob, seed="x1")
    start_table("xeri", "classic", [bob, cy], seed="x2")

    xeri = Client().get(WATCH, {"game": "xeri"}).content.decode()
    every = Client().get(WATCH, {"game": "no-such-game"}).content.decode()

    assert listed(xeri) == ["w1 v w2"]
    assert '<option value="xeri" selected>' in xeri
    assert sorted(listed(every)) == ["w0 v w1", "w1 v w2"]


def test_the_list_comes_in_pages():
    users = people(2 * PER_PAGE + 2, prefix="q")
    games = [start_game(users[2 * i], users[2 * i + 1], seed=f"p{i}") for i in range(PER_PAGE + 1)]
    for age, game in enumerate(games):
        touched(game, age)

    first = Client().get(WATCH).content.decode()
    second = Client().get(WATCH, {"page": 2}).content.decode()
    beyond = Client().get(WATCH, {"page": "x"}).content.decode()

    assert len(listed(first)) == PER_PAGE and listed(first)[0] == "q0 v q1"
    assert listed(second) == [f"q{2 * PER_PAGE} v q{2 * PER_PAGE + 1}"]
    assert "Page 1 of 2" in first and 'rel="next" href="?page=2"' in first
    assert "Page 2 of 2" in second and 'rel="prev"' in second
    assert listed(beyond) == listed(first)  # a page number that is none: the first page


def test_the_navigation_and_the_home_page_link_to_the_list():
    for client in (Client(), _signed_in(UserFactory(username="ann"))):
        html = client.get("/").content.decode()
        assert f'<li><a href="{WATCH}">Watch</a></li>' in html
        assert f'href="{WATCH}">Watch games being played</a>' in html


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


# --- The game page for a visitor -----------------------------------------------------


def test_a_visitor_watches_a_public_game_as_a_spectator():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    game = play_random(start_game(ann, bob, seed="visit"), moves=4, seed=5)
    visitor, carol = Client(), _signed_in(UserFactory(username="carol"))

    page = visitor.get(page_url(game))
    spectator = carol.get(page_url(game))

    assert page.status_code == 200
    html = page.content.decode()
    assert (
        "ann" in html and "bob" in html and f"{game.players[game.to_move].username} to move" in html
    )
    # No seat's forms: nothing to play, resign or give.
    assert 'name="card"' not in html and reverse("games:resign", args=[game.pk]) not in html
    assert spectator.status_code == 200
    # The table itself is the signed-in spectator's, byte for byte (the signed-in answer
    # also carries their navigation's "My games" badge, out of band).
    partials = [c.get(page_url(game), **HX).content.decode() for c in (visitor, carol)]
    badge = re.compile(r'<a id="nav-my-games"[^>]*hx-swap-oob="true">.*?</a>', re.S)
    assert not badge.search(partials[0]) and badge.search(partials[1])
    tables = [normalise(badge.sub("", html), game).strip() for html in partials]
    assert tables[0] == tables[1]
    # The poll: nothing new at the game's action number, the table when behind.
    assert visitor.get(poll_url(game, game.n_actions), **HX).status_code == 204
    behind = visitor.get(poll_url(game, game.n_actions - 1), **HX)
    assert behind.status_code == 200 and 'id="game-live"' in behind.content.decode()
    # A visitor may not play: the move form sends them to sign in.
    act = visitor.post(reverse("games:act", args=[game.pk]), {"seq": game.n_actions})
    assert act.status_code == 302 and act["Location"].startswith(reverse("account_login"))


def test_a_visitor_is_sent_to_sign_in_for_a_private_table_a_waiting_one_or_none():
    users = people(2, prefix="v")
    private = private_table(users)
    waiting = make_challenge(user=users[0], variant="standard", days_per_move=3, rated=True)
    visitor = _signed_in(UserFactory(username="carol"))
    # Signed in but neither playing nor invited: as for a game that does not exist.
    assert visitor.get(page_url(private)).status_code == 404
    for url in (page_url(private), page_url(waiting), reverse("games:game", args=[99999])):
        response = Client().get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("account_login"))
    poll = Client().get(poll_url(private, 0), **HX)
    assert poll.status_code == 302


def test_a_visitor_and_a_spectator_get_the_same_bytes_whatever_the_hidden_cards():
    """Two tables whose set-ups differ only in a card another seat holds (``twin_tables``),
    the same moves at both: a visitor who is not signed in and a signed-in spectator get
    the same page, partial and polls from both, and /watch/ lists them alike."""
    users, spectator = people(4), UserFactory(username="watcher")
    game_a, game_b, other, secret = twin_tables(users)

    seen = same_answers(game_a, game_b, (None, spectator))

    assert seen["anonymous"]["page"][0] == 200
    for answers in seen.values():
        assert shown_cards(answers["page"][1]).isdisjoint(secret)
    rows = re.findall(
        r'<li class="game-card watch-card">.*?</li>', Client().get(WATCH).content.decode(), re.S
    )
    assert len(rows) == 2
    assert rows[0].replace(f"/games/{game_a.pk}/", "/games/ID/") == rows[1].replace(
        f"/games/{game_b.pk}/", "/games/ID/"
    ) or rows[1].replace(f"/games/{game_a.pk}/", "/games/ID/") == rows[0].replace(
        f"/games/{game_b.pk}/", "/games/ID/"
    )
    # The comparison can fail: the seat whose hand differs sees different pages.
    assert captures(game_a, users[other])["page"] != captures(game_b, users[other])["page"]


# --- A player's current games -----------------------------------------------------------


def test_a_profile_lists_the_players_public_games_in_play_above_the_history():
    ann, bob, cy, dee = (UserFactory(username=n) for n in ("ann", "bob", "cy", "dee"))
    playing = start_game(ann, bob, seed="cur")
    table = start_table("xactika", "bid", [cy, ann], seed="cur2")
    touched(playing, 10)
    touched(table, 1)
    finished(start_game(ann, dee, seed="over"))
    private_table([ann, dee])
    start_game(cy, dee, seed="others")

    html = Client().get(reverse("players:profile", args=["ann"])).content.decode()

    current = html[html.index('id="current-heading"') : html.index('id="recent-heading"')]
    assert listed(current) == ["cy v ann", "ann v bob"]
    assert "Xactika" in current and "Play to Bid" in current
    quiet = Client().get(reverse("players:profile", args=["bob"])).content.decode()
    assert listed(
        quiet[quiet.index('id="current-heading"') : quiet.index('id="recent-heading"')]
    ) == ["ann v bob"]
    nobody = UserFactory(username="eve")
    eve = Client().get(reverse("players:profile", args=[nobody.username])).content.decode()
    assert "eve is not playing a public game just now." in eve
