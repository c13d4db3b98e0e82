""" "Next game": after moving, the page offers the game that has waited longest for the
player's move, and /games/next takes them there (issue 32, item 14)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game
from games.selectors import game_state
from games.xix.engine import shuffled_deal
from tests.factories import start_game_with_deal
from tests.games.fixtures_play import HX, act_url, client_for, form_of, make_people

pytestmark = pytest.mark.django_db

NEXT = reverse("games:next_game")


def game_with_mover(p0, p1, seat_to_move, seed):
    """A XIX game of p0 (seat 0) and p1 (seat 1) where ``seat_to_move`` leads first."""
    deal, _ = shuffled_deal(seed)
    return start_game_with_deal(p0, p1, deal, seat_to_move, seed=seed)


def due_in(game, hours):
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() + timedelta(hours=hours))


@pytest.fixture
def three_games():
    """alice to move in all three; the third's deadline is nearest, the second's next."""
    alice, bob, carol, dan = make_people()
    here = game_with_mover(alice, bob, 0, "next-1")
    later = game_with_mover(alice, carol, 0, "next-2")
    sooner = game_with_mover(alice, dan, 0, "next-3")
    due_in(here, 10)
    due_in(later, 30)
    due_in(sooner, 5)
    return alice, here, later, sooner


def test_after_a_move_the_table_offers_the_next_game_and_it_is_the_one_due_first(three_games):
    alice, here, later, sooner = three_games
    client = client_for(alice)
    page = client.get(reverse("games:game", args=[here.pk])).content.decode()
    assert 'id="next-game"' not in page, "her move here: no way out offered yet"

    action = game_state(here).legal_actions()[0]
    answer = client.post(act_url(here), form_of(action, 0), **HX).content.decode()
    assert f'href="{NEXT}?from={here.pk}"' in answer
    assert 'Next game <span class="next-game-count">(2 waiting)</span>' in answer

    response = client.get(f"{NEXT}?from={here.pk}")
    assert response.status_code == 302
    assert response["Location"] == reverse("games:game", args=[sooner.pk])

    # Once that one is played too, the next is the later one.
    Game.objects.filter(pk=sooner.pk).update(to_move=1)
    response = client.get(f"{NEXT}?from={here.pk}")
    assert response["Location"] == reverse("games:game", args=[later.pk])


def test_with_no_other_game_waiting_there_is_no_button_and_next_says_so():
    alice, bob, _, _ = make_people()
    game = game_with_mover(alice, bob, 1, "next-4")  # bob to move
    client = client_for(alice)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "s move</h2>" in page  # the waiting panel
    assert 'id="next-game"' not in page

    response = client.get(f"{NEXT}?from={game.pk}", follow=True)
    assert response.redirect_chain[-1][0] == reverse("games:my_games")
    assert "No other game is waiting for your move." in response.content.decode()


def test_a_finished_game_offers_the_next_one_too(three_games):
    alice, here, _, sooner = three_games
    here.status = Game.Status.ABORTED
    here.save(update_fields=["status"])
    page = client_for(alice).get(reverse("games:game", args=[here.pk])).content.decode()
    assert f'href="{NEXT}?from={here.pk}"' in page
    assert "(2 waiting)" in page


def test_a_garbled_from_is_400_and_a_visitor_is_sent_to_log_in(three_games):
    alice, *_ = three_games
    client = client_for(alice)
    for bad in ("abc", "", "٣", "1 2", "-1"):
        response = client.get(NEXT, {"from": bad})
        assert response.status_code == 400, bad
        assert "must be a game's number" in response.content.decode()
    anonymous = client_for(None).get(NEXT)
    assert anonymous.status_code == 302
    assert reverse("account_login") in anonymous["Location"]
