"""Hidden information: a seat's pages depend only on what that seat may know (ruling 15).

Two games are dealt so that they differ only in cards seat 0 never sees: one of seat 1's
closed cards is swapped with the discard, another with a face-down row card. The same
actions are played in both. Seat 0's page, its table partial and its poll answer must then
be byte-for-byte the same once the CSRF tokens and the game's id are taken out; seat 1's
must not be (so the comparison is one that can fail).
"""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Game
from games.selectors import game_state
from games.xix.engine import shuffled_deal
from notifications.models import Notification
from tests.factories import play, start_game_with_deal
from tests.games.fixtures_play import (
    HX,
    act_url,
    card_numbers,
    client_for,
    element,
    make_people,
    normalise,
    poll_url,
    text,
)

pytestmark = pytest.mark.django_db

SEAT1 = slice(6, 12)
ROW = 12
DISCARD = 17
HIDDEN_POSITION = 4  # the row position whose card seat 0 must never learn


def deals():
    """Deal A and deal B, and the four cards whose places differ between them."""
    deal, first_leader = shuffled_deal("hidden-information")
    a = list(deal)
    x, y = a[SEAT1][0], a[SEAT1][1]  # two of seat 1's closed cards
    b = list(a)
    b[6], b[DISCARD] = a[DISCARD], a[6]
    b[7], b[ROW + HIDDEN_POSITION] = a[ROW + HIDDEN_POSITION], a[7]
    secret = {x, y, a[DISCARD], a[ROW + HIDDEN_POSITION]}
    return a, b, first_leader, secret


def script(game, secret, length=30):
    """Actions that never touch the secret cards or the hidden row position."""
    actions = []
    for _ in range(length):
        state = game_state(game)
        if state.over:
            break
        safe = [
            a
            for a in state.legal_actions()
            if a.get("card") not in secret and a.get("position") != HIDDEN_POSITION
        ]
        if not safe:
            break
        actions.append(safe[0])
        game = play(game, [safe[0]])
    return actions


def captures(game, viewer) -> dict:
    """Everything ``viewer`` can fetch about the game, normalised."""
    client = client_for(viewer)
    url = reverse("games:game", args=[game.pk])
    n = game.n_actions
    answers = {
        "page": client.get(url),
        "partial": client.get(url, **HX),
        "poll unchanged": client.get(poll_url(game, n), **HX),
        "poll behind": client.get(poll_url(game, n - 1), **HX),
        "stale post": client.post(act_url(game), {"seq": "0", "type": "raise"}, **HX),
        "resign page": client.get(reverse("games:resign", args=[game.pk])),
    }
    return {
        name: (response.status_code, normalise(response.content.decode(), game))
        for name, response in answers.items()
    }


def test_seat_0s_pages_do_not_depend_on_cards_it_cannot_know():
    alice, bob, carol, _ = make_people()
    deal_a, deal_b, first_leader, secret = deals()
    game_a = start_game_with_deal(alice, bob, deal_a, first_leader, seed="a")
    actions = script(game_a, secret)
    assert len(actions) >= 20, "the script should get well into the game"
    game_a = Game.objects.get(pk=game_a.pk)
    kinds = {a["type"] for a in actions}
    assert {"play", "draft", "trade"} <= kinds

    game_b = start_game_with_deal(alice, bob, deal_b, first_leader, seed="b")
    game_b = play(game_b, actions)  # every action is legal in B as well

    deadline = timezone.now() + timedelta(days=2, minutes=30)
    Game.objects.filter(pk__in=[game_a.pk, game_b.pk]).update(deadline=deadline)
    game_a.refresh_from_db()
    game_b.refresh_from_db()
    # The nav's unread count covers both games at once, and opening game A marks A's news
    # read before B is captured: not a difference in what seat 0 knows of the cards.
    Notification.objects.all().delete()

    for viewer in (alice, carol):
        seen_a, seen_b = captures(game_a, viewer), captures(game_b, viewer)
        for name in seen_a:
            assert seen_a[name] == seen_b[name], f"{viewer.username}'s {name} differs"
        assert seen_a["page"][0] == 200 and seen_a["poll behind"][0] == 200
        assert seen_a["poll unchanged"][0] == 204

    # The comparison can fail: seat 1 holds different cards in the two games.
    assert captures(game_a, bob)["page"] != captures(game_b, bob)["page"]

    # No secret card is drawn anywhere on seat 0's page (they may only be listed as unseen).
    page = client_for(alice).get(reverse("games:game", args=[game_a.pk])).content.decode()
    assert card_numbers(page).isdisjoint(secret)
    unseen = text(element(page, 'aria-labelledby="unseen-title"'))
    assert all(str(card) in unseen.split() for card in secret)


def test_the_opponents_closed_hand_area_shows_no_card_numbers():
    alice, bob, _, _ = make_people()
    deal, _, first_leader, _ = deals()
    game = start_game_with_deal(alice, bob, deal, first_leader, seed="a")
    state = game_state(game)
    page = client_for(alice).get(reverse("games:game", args=[game.pk])).content.decode()
    area = element(page, 'data-area="closed-1"')
    hidden = {c for c in range(1, 19) if state.closed[1] >> c & 1}
    assert len(hidden) == 6
    words = area.replace('data-area="closed-1"', "").replace("6 face-down cards", "")
    assert not any(re.search(rf"\b{card}\b", words) for card in hidden)
    assert area.count("card-back") == 6
