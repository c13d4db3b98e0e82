"""One order for scores everywhere, the words of the extra-day race and of the finished
game's log, and the favicon (issue 14 item 22, the game parts).

The score rule (docs/rules.md): the viewer's score first when they sit in the game, else
seat order; on a page about one player (their games, profile, history), that player's.
"""

import re

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from games.models import Game
from games.selectors import game_state
from tests.factories import play, start_game
from tests.games.fixtures_play import client_for, finished_game, make_people, text
from tests.games.test_extra_day import extra_day, to_move as until_to_move

pytestmark = pytest.mark.django_db


@pytest.fixture
def people():
    return make_people()


@pytest.fixture
def over(people):
    """A finished game between alice (seat 0) and bob (seat 1) with unequal scores."""
    alice, bob, _, _ = people
    for n in range(20):
        game = finished_game(alice, bob, seed=f"scores-{n}")
        if game.scores[0] != game.scores[1]:
            return game
    raise AssertionError("no finished game with unequal scores")


def score_of(game, seat) -> str:
    return f"{game.scores[seat]}–{game.scores[1 - seat]}"


def page_text(user, url) -> str:
    return text(client_for(user).get(url).content.decode())


@pytest.mark.parametrize("seat", [0, 1])
def test_a_seated_viewer_reads_their_own_score_first_on_every_page(people, over, seat):
    viewer = over.players[seat]
    mine = score_of(over, seat)
    theirs = score_of(over, 1 - seat)
    pages = {
        "my games": reverse("games:my_games"),
        "history": reverse("players:history", args=[viewer.username]),
        "profile": reverse("players:profile", args=[viewer.username]),
        "replay": reverse("games:replay", args=[over.pk]),
        "game over": reverse("games:game", args=[over.pk]),
    }
    for name, url in pages.items():
        shown = page_text(viewer, url)
        scores = re.findall(r"\b\d+–\d+\b", shown)
        assert mine in scores, (name, scores)
        assert theirs not in scores, (name, scores)
    # The game-over box lists the viewer first.
    over_box = page_text(viewer, reverse("games:game", args=[over.pk])).split("won", 1)[-1]
    assert over_box.index(viewer.username) < over_box.index(over.players[1 - seat].username)


def test_a_spectator_reads_the_scores_in_seat_order_with_the_names(people, over):
    carol = people[2]
    shown = page_text(carol, reverse("games:replay", args=[over.pk]))
    assert f"alice {over.scores[0]}–{over.scores[1]} bob" in shown


def test_the_game_over_notice_gives_the_players_own_score_first(people, over):
    for seat, user in enumerate(over.players):
        note = user.notifications.filter(kind="game_over").first()
        if note is not None:
            assert score_of(over, seat) in note.text


@pytest.fixture
def waiting(people):
    """alice (seat 0) waits while bob (seat 1) is to move."""
    alice, bob, _, _ = people
    return until_to_move(start_game(alice, bob, seed="extra-day"), 1)


def _bob_moves(game):
    """bob moves (the first legal action) until alice is to move."""
    game = play(game, [game_state(game).legal_actions()[0]])
    return until_to_move(game, 0)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_late_extra_day_click_says_the_opponent_has_just_moved(people, waiting, htmx):
    alice = people[0]
    client = client_for(alice)
    seq = waiting.n_actions  # the page alice has open
    game = _bob_moves(waiting)
    deadline = Game.objects.get(pk=game.pk).deadline
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = extra_day(client, game, data={"seq": str(seq)}, follow=not htmx, **headers)
    shown = text(response.content.decode())
    assert "bob has just moved: it is your move now, so no extra day was given." in shown
    assert "It is your move: only your opponent" not in shown
    assert Game.objects.get(pk=game.pk).deadline == deadline


def test_an_extra_day_meant_for_an_earlier_move_is_not_given_to_a_later_one(people, waiting):
    alice = people[0]
    seq = waiting.n_actions
    game = _bob_moves(waiting)
    # alice moves until bob is to move again: a new move of bob's, not the one she meant.
    game = play(game, [game_state(game).legal_actions()[0]])
    game = until_to_move(game, 1)
    deadline = Game.objects.get(pk=game.pk).deadline
    response = extra_day(client_for(alice), game, data={"seq": str(seq)}, follow=True)
    assert "The game has moved on since this page was loaded" in text(response.content.decode())
    assert Game.objects.get(pk=game.pk).deadline == deadline
    assert game.extra_day_seq is None or game.extra_day_seq != game.n_actions


def test_the_page_sends_the_action_number_it_was_drawn_at(people, waiting):
    html = client_for(people[0]).get(reverse("games:game", args=[waiting.pk])).content.decode()
    form = re.search(r'<form class="extra-day".*?</form>', html, re.S).group(0)
    assert f'name="seq" value="{waiting.n_actions}"' in form


def test_the_finished_games_log_keeps_you_for_the_viewer(people, over):
    alice, bob, carol, _ = people
    for seat, user in enumerate(over.players):
        html = client_for(user).get(reverse("games:game", args=[over.pk])).content.decode()
        log = text(re.search(r'<ul class="log">.*?</ul>', html, re.S).group(0))
        other = over.players[1 - seat].username
        assert re.search(r"\bYou (led|played|lead)\b", log), log[:300]
        assert re.search(rf"\b{other} (led|played|leads)\b", log)
        assert not re.search(rf"\b{user.username} (led|played|leads)\b", log)
    # Someone who did not play reads both names.
    html = client_for(carol).get(reverse("games:game", args=[over.pk])).content.decode()
    log = text(re.search(r'<ul class="log">.*?</ul>', html, re.S).group(0))
    assert "You " not in log and "alice" in log and "bob" in log


def test_every_page_links_the_svg_favicon_which_is_served(client, people):
    html = client.get("/").content.decode()
    link = re.search(r'<link rel="icon"[^>]*>', html)
    assert link, "no favicon link"
    assert 'type="image/svg+xml"' in link.group(0)
    assert 'href="/static/favicon.svg"' in link.group(0)
    path = finders.find("favicon.svg")
    assert path is not None
    with open(path, encoding="utf-8") as svg:
        assert svg.read().lstrip().startswith("<svg")
