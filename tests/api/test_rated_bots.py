"""Bot accounts in rated games: only with people who accept them (the settings page's
"Rated games against bots"), both ways: a bot taking a seat at a person's rated table, a
person at a bot's; a rated challenge to a bot from a person who does not accept is
casual."""

import pytest

from api.models import RatedBotsAccepted
from games.models import Game
from tests.api.helpers import api, post, token_for
from tests.api.test_play import challenge, make_bot, person
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def accepts(user):
    RatedBotsAccepted.objects.create(user=user)


def test_a_bot_takes_no_seat_at_a_rated_table_of_a_person_who_does_not_accept_bots():
    _robo, bot = make_bot()
    _alice, client = person()
    game = challenge(client, rated=True)  # open and rated
    refused = post(bot, f"/api/challenges/{game.pk}/accept")
    assert refused.status_code == 400
    assert "only with people who accept them" in refused.json()["detail"]
    assert "alice does not" in refused.json()["detail"]
    assert Game.objects.get(pk=game.pk).seats.count() == 1


def test_a_bot_takes_a_seat_at_a_rated_table_of_a_person_who_accepts_bots():
    robo, bot = make_bot()
    alice, client = person()
    accepts(alice)
    game = challenge(client, rated=True)
    assert game.rated
    joined = post(bot, f"/api/challenges/{game.pk}/accept")
    assert joined.json() == {"id": game.pk, "status": "active"}
    game.refresh_from_db()
    assert game.rated and {p.username for p in game.players} == {"alice", "robo"}


def test_a_rated_challenge_to_a_bot_stays_rated_only_when_its_person_accepts_bots():
    make_bot()
    alice, client = person()
    assert not challenge(client, "robo", rated=True).rated
    accepts(alice)
    assert challenge(client, "robo", rated=True).rated


def test_at_a_rated_table_of_three_every_person_must_accept_bots():
    _robo, bot = make_bot()
    alice, client = person()
    bob = UserFactory(username="bob")
    accepts(alice)
    game = challenge(client, game="onexeno", variant="basic", seats=3, rated=True)  # open
    assert post(api(token_for(bob)), f"/api/challenges/{game.pk}/accept").status_code == 200
    refused = post(bot, f"/api/challenges/{game.pk}/accept")
    assert refused.status_code == 400 and "bob does not" in refused.json()["detail"]
    accepts(bob)
    assert post(bot, f"/api/challenges/{game.pk}/accept").json()["status"] == "active"
    assert Game.objects.get(pk=game.pk).rated


def test_a_person_sits_at_a_bots_rated_table_only_when_accepting_bots():
    _robo, bot = make_bot()
    game = challenge(bot, rated=True)  # the bot's own open rated table
    assert game.rated
    carol = UserFactory(username="carol")
    carol_client = api(token_for(carol))
    refused = post(carol_client, f"/api/challenges/{game.pk}/accept")
    assert refused.status_code == 400
    assert "This rated table has a bot account" in refused.json()["detail"]
    accepts(carol)
    assert post(carol_client, f"/api/challenges/{game.pk}/accept").status_code == 200
    assert Game.objects.get(pk=game.pk).rated


def test_the_settings_page_sets_and_clears_the_acceptance(client):
    alice = UserFactory(username="alice")
    client.force_login(alice)
    page = client.get("/settings/").content.decode()
    assert (
        "Rated games against bots" in page and 'id="rated-bots" name="accept" value="on">' in page
    )
    client.post("/settings/rated-bots", {"accept": "on"})
    assert RatedBotsAccepted.objects.filter(user=alice).exists()
    assert 'value="on" checked' in client.get("/settings/").content.decode()
    client.post("/settings/rated-bots", {})
    assert not RatedBotsAccepted.objects.filter(user=alice).exists()
    assert client.get("/settings/rated-bots").status_code == 405


def test_a_bot_account_has_no_such_setting(client):
    robo, _bot = make_bot()
    client.force_login(robo)
    client.post("/settings/rated-bots", {"accept": "on"})
    assert not RatedBotsAccepted.objects.exists()
