"""The same API request sent several times at once, on PostgreSQL: an action is applied
once (the others are stale, 409), a challenge accepted once, a bot upgrade made once."""

import pytest

from games.models import Game, GameAction
from games.selectors import game_state
from tests.api.helpers import api, post, token_for
from tests.at_once import at_once
from tests.factories import UserFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_an_action_sent_four_times_at_once_is_applied_once():
    robo, alice = UserFactory(username="robo"), UserFactory(username="alice")
    robo_secret, alice_secret = token_for(robo), token_for(alice)
    assert post(api(robo_secret), "/api/bot/account/upgrade").status_code == 200
    made = post(
        api(alice_secret),
        "/api/challenges",
        {"game": "xix", "variant": "standard", "invite": ["robo"]},
    )
    game_id = made.json()["id"]
    accepts = at_once(lambda _: post(api(robo_secret), f"/api/challenges/{game_id}/accept"), 3)
    assert sorted(a.status_code for a in accepts) == [200, 400, 400]
    game = Game.objects.get(pk=game_id)
    mover = game.players[game.to_move]
    secret, kind = (robo_secret, "bot") if mover.username == "robo" else (alice_secret, "board")
    action = game_state(game).legal_actions()[0]
    body = {"action": action, "n_actions": 0}
    answers = at_once(lambda _: post(api(secret), f"/api/{kind}/game/{game_id}/act", body), 4)
    assert sorted(a.status_code for a in answers) == [200, 409, 409, 409]
    assert GameAction.objects.filter(game_id=game_id).count() == 1


def test_an_upgrade_sent_twice_at_once_is_made_once():
    carol = UserFactory(username="carol")
    secret = token_for(carol, "bot:play")
    answers = at_once(lambda _: post(api(secret), "/api/bot/account/upgrade"), 2)
    assert sorted(a.status_code for a in answers) == [200, 400]
