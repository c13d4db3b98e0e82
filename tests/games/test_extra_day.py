"""Giving the opponent one more day for their move, once per turn, from the game page."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse

from games.models import Game, GameSeat
from games.selectors import game_state
from tests.factories import UserFactory, make_challenge, play, start_game
from tests.games.fixtures_play import HX, client_for, finished_game, make_people, text

pytestmark = pytest.mark.django_db

BUTTON = "Give bob one more day"
GIVEN = "You gave bob an extra day for this move."


@pytest.fixture
def people():
    return make_people()


def to_move(game, seat: int) -> Game:
    """Play first legal moves until ``seat`` is to move (no move if it already is)."""
    for _ in range(20):
        if game.to_move == seat:
            return game
        game = play(game, [game_state(game).legal_actions()[0]])
    raise AssertionError(f"seat {seat} never came to move")


@pytest.fixture
def game(people):
    """alice (seat 0) waits while bob (seat 1) is to move."""
    alice, bob, _, _ = people
    return to_move(start_game(alice, bob, seed="extra-day"), 1)


def page(user, game) -> str:
    return client_for(user).get(reverse("games:game", args=[game.pk])).content.decode()


def extra_day(client, game, **kwargs):
    return client.post(reverse("games:extra_day", args=[game.pk]), **kwargs)


def deadline(game):
    game.refresh_from_db()
    return game.deadline


def test_the_waiting_player_gives_one_more_day(people, game):
    alice, bob, _, _ = people
    before = deadline(game)
    html = page(alice, game)
    assert BUTTON in html and GIVEN not in html
    assert f'action="/games/{game.pk}/extra-day/"' in html

    client = client_for(alice)
    response = extra_day(client, game)

    assert response.status_code == 303 and response["Location"] == f"/games/{game.pk}/"
    assert deadline(game) == before + timedelta(days=1)
    shown = text(client.get(response["Location"]).content.decode())
    assert re.search(r"You gave bob one more day: their move is now due \w{3} \d+ \w{3}, ", shown)
    assert "(UTC)" in shown
    assert GIVEN in shown and BUTTON not in shown
    # bob, to move, sees the later deadline and no button of his own.
    bob_page = page(bob, game)
    stamp = deadline(game).isoformat()[:19]
    assert f'<time datetime="{stamp}' in bob_page
    assert "one more day" not in bob_page and "extra day" not in bob_page


def test_a_second_day_in_the_same_turn_is_refused(people, game):
    alice = people[0]
    client = client_for(alice)
    extra_day(client, game)
    once = deadline(game)

    response = extra_day(client, game)

    assert response.status_code == 400
    assert "You have already given an extra day for this move." in text(response.content.decode())
    assert deadline(game) == once
    assert GIVEN in text(response.content.decode())


def test_the_player_to_move_cannot_give_themself_a_day(people, game):
    bob = people[1]
    before = deadline(game)
    assert "one more day" not in page(bob, game)

    response = extra_day(client_for(bob), game)

    assert response.status_code == 400
    assert "It is your move: only your opponent can give you more time." in text(
        response.content.decode()
    )
    assert deadline(game) == before
    assert game.extra_day_seq is None


def test_people_outside_the_game_cannot_give_a_day(people, game):
    _, _, carol, staff = people
    before = deadline(game)
    for outsider in (carol, staff):
        assert "one more day" not in page(outsider, game)
        response = extra_day(client_for(outsider), game)
        assert response.status_code == 403
        assert "You are not playing in this game." in text(response.content.decode())
    assert extra_day(client_for(carol), Game(pk=game.pk + 1000)).status_code == 404
    # A private challenge is not even shown to others.
    challenge = make_challenge(
        user=people[0], variant="standard", days_per_move=3, rated=True, invited=people[1]
    )
    assert extra_day(client_for(carol), challenge).status_code == 404
    # Anonymous visitors are sent to log in.
    response = extra_day(client_for(None), game)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert deadline(game) == before


def test_only_post_is_accepted(people, game):
    response = client_for(people[0]).get(reverse("games:extra_day", args=[game.pk]))
    assert response.status_code == 405
    assert deadline(game) == game.deadline


def test_the_button_comes_back_for_the_opponents_next_turn(people, game):
    alice, bob, _, _ = people
    extra_day(client_for(alice), game)
    assert GIVEN in page(alice, game)

    # bob moves; once it is his move again (after alice's, if it passed to her), alice
    # may give him another day.
    game = play(game, [game_state(game).legal_actions()[0]])
    game = to_move(game, 1)
    html = page(alice, game)
    assert BUTTON in html and GIVEN not in html
    before = deadline(game)
    assert extra_day(client_for(alice), game).status_code == 303
    assert deadline(game) == before + timedelta(days=1)


def test_htmx_answers_the_live_table(people, game):
    alice = people[0]
    client = client_for(alice)
    before = deadline(game)

    response = extra_day(client, game, **HX)

    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="game-live"')
    assert GIVEN in text(html) and BUTTON not in html
    assert f'<time datetime="{deadline(game).isoformat()[:19]}' in html
    assert deadline(game) == before + timedelta(days=1)
    # The table said it; no message waits for the next page.
    assert "You gave bob one more day:" not in text(page(alice, game))

    # A refusal comes back as the table with the message, too.
    response = extra_day(client, game, **HX)
    assert response.status_code == 400
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="game-live"')
    assert "You have already given an extra day for this move." in text(html)


def test_no_button_against_a_bot(people, game):
    alice = people[0]
    bot = UserFactory(username="bot-sleepy", is_bot=True, bot_level="random")
    GameSeat.objects.filter(game=game, position=1).update(user=bot)
    html = page(alice, game)
    assert "bot-sleepy's move" in text(html)
    assert "one more day" not in html and "extra day" not in html


def test_no_day_after_the_game_is_over(people):
    alice, bob, _, _ = people
    over = finished_game(alice, bob, seed="extra-day-over")
    assert "one more day" not in page(alice, over)
    response = extra_day(client_for(alice), over)
    assert response.status_code == 400
    assert "The game is over." in text(response.content.decode())
