"""Bots and boards through the API: the upgrade to a bot, challenges through the lobby's
services, the event stream, the game stream (the seat's view, as the page reads it), and
actions through the page's service: stale 409, illegal 400 with the reason, applied
once; resign, abort, chat."""

import pytest

from accounts.models import User
from api import feeds
from chat.models import ChatMessage
from games import registry
from games.models import Game
from games.selectors import game_state, game_view
from tests.api.helpers import api, lines, post, token_for
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _short_streams(settings):
    # The test client serves the streams as long-polls: each ends after its first read.
    settings.API_LONG_POLL_SECONDS = 0


def make_bot(username="robo"):
    user = UserFactory(username=username)
    secret = token_for(user)
    assert post(api(secret), "/api/bot/account/upgrade").status_code == 200
    return User.objects.get(pk=user.pk), api(secret)


def person(username="alice"):
    user = UserFactory(username=username)
    return user, api(token_for(user))


def challenge(client, *invited, game="xix", variant="standard", seats=2, rated=True):
    body = {"game": game, "variant": variant, "seats": seats, "rated": rated}
    answer = post(client, "/api/challenges", {**body, "invite": list(invited)})
    assert answer.status_code == 200, answer.content
    return Game.objects.get(pk=answer.json()["id"])


def test_an_account_that_never_played_becomes_a_bot_for_good():
    robo, client = make_bot()
    assert robo.is_api_bot and robo.email_notifications == User.EmailNotifications.NONE
    again = post(client, "/api/bot/account/upgrade")
    assert again.status_code == 400 and "a bot already" in again.json()["detail"]
    assert "Bot (API)" in api().get(f"/players/{robo.username}/").content.decode()
    assert client.get("/api/account").json()["bot"] is True


def test_an_account_with_a_game_cannot_become_a_bot():
    alice, client = person()
    challenge(client)
    refused = post(client, "/api/bot/account/upgrade")
    assert refused.status_code == 400
    assert "never played" in refused.json()["detail"]
    assert not User.objects.get(pk=alice.pk).is_api_bot


def test_a_challenge_reaches_the_bots_event_stream_and_its_acceptance_starts_the_game():
    robo, bot = make_bot()
    alice, client = person()
    game = challenge(client, "robo", rated=True)
    assert not game.rated  # alice does not accept bots in rated games: casual
    events = lines(bot.get("/api/stream/event"))
    assert [(e["type"], e["id"], e["by"]) for e in events] == [("challenge", game.pk, "alice")]
    accepted = post(bot, f"/api/challenges/{game.pk}/accept")
    assert accepted.json() == {"id": game.pk, "status": "active"}
    events = lines(bot.get("/api/stream/event"))
    assert [(e["type"], e["id"]) for e in events] == [("gameStart", game.pk)]
    assert {p["name"] for p in events[0]["players"]} == {"alice", "robo"}


def test_a_bot_declines_and_the_challenge_is_gone():
    robo, bot = make_bot()
    _alice, client = person()
    game = challenge(client, "robo")
    feed = feeds.EventFeed(user=robo)
    assert [line["type"] for line in feed.start()[0]] == ["challenge"]
    assert post(bot, f"/api/challenges/{game.pk}/decline").json()["detail"] == "declined"
    assert feed.update()[0] == [{"type": "challengeGone", "id": game.pk}]
    assert not Game.objects.filter(pk=game.pk).exists()


def started(kind="xix", variant="standard"):
    robo, bot = make_bot()
    alice, client = person()
    game = challenge(client, "robo", game=kind, variant=variant)
    post(bot, f"/api/challenges/{game.pk}/accept")
    game.refresh_from_db()
    return game, (robo, bot), (alice, client)


def test_the_game_stream_opens_with_the_seats_own_view_and_its_legal_actions():
    game, (robo, bot), (alice, client) = started()
    for user, stream_client, kind in ((robo, bot, "bot"), (alice, client, "board")):
        first = lines(stream_client.get(f"/api/{kind}/game/{game.pk}/stream"))[0]
        seat = game.seat_of(user)
        assert first["type"] == "gameFull" and first["seat"] == seat
        assert first["view"] == game_view(game, seat)  # the page's view, as JSON
        legal = first["view"]["legal_actions"]
        if game.to_move == seat:
            assert legal == game_state(game).legal_actions()
        else:
            assert legal == []


def test_each_kind_of_account_plays_at_its_own_endpoints():
    game, (_robo, bot), (_alice, client) = started()
    assert bot.get(f"/api/board/game/{game.pk}/stream").status_code == 403
    assert client.get(f"/api/bot/game/{game.pk}/stream").status_code == 403
    # A direct challenge is private: to anyone else it does not exist.
    carol_client = api(token_for(UserFactory(username="carol")))
    assert carol_client.get(f"/api/board/game/{game.pk}/stream").status_code == 404


def mover(game, robo, bot, alice, client):
    return (bot, "bot") if game.players[game.to_move] == robo else (client, "board")


def test_an_action_is_applied_once_a_stale_one_is_409_and_an_illegal_one_400():
    game, (robo, bot), (alice, client) = started()
    actor, kind = mover(game, robo, bot, alice, client)
    url = f"/api/{kind}/game/{game.pk}/act"
    action = game_state(game).legal_actions()[0]
    illegal = post(actor, url, {"action": {"type": "fly"}, "n_actions": 0})
    assert illegal.status_code == 400
    assert illegal.json()["detail"].startswith("That action is not allowed: ")
    stale = post(actor, url, {"action": action, "n_actions": 3})
    assert stale.status_code == 409 and stale.json()["n_actions"] == 0
    done = post(actor, url, {"action": action, "n_actions": 0})
    assert done.status_code == 200 and done.json()["n_actions"] >= 1
    again = post(actor, url, {"action": action, "n_actions": 0})  # sent twice
    assert again.status_code == 409
    assert game.actions.filter(seq=0).get().action == action
    assert not game.actions.filter(seat=action["seat"], seq__gt=0).filter(action=action).exists()


def test_an_action_out_of_turn_is_400_and_changes_nothing():
    game, (robo, bot), (alice, client) = started()
    actor, kind = mover(game, robo, bot, alice, client)
    other, other_kind = (client, "board") if kind == "bot" else (bot, "bot")
    seat = 1 - game.to_move
    action = {**game_state(game).legal_actions()[0], "seat": seat}
    refused = post(
        other, f"/api/{other_kind}/game/{game.pk}/act", {"action": action, "n_actions": 0}
    )
    assert refused.status_code == 400
    assert Game.objects.get(pk=game.pk).n_actions == 0


def test_resigning_ends_the_game_and_the_event_stream_says_so():
    game, (robo, bot), (alice, client) = started()
    rules = registry.rules(game.kind)
    feed = feeds.EventFeed(user=robo)
    assert [line["type"] for line in feed.start()[0]] == ["gameStart"]
    # A first move each, so resigning is no abort.
    for _ in range(2):
        actor, kind = mover(game, robo, bot, alice, client)
        action = game_state(game).legal_actions()[0]
        post(
            actor,
            f"/api/{kind}/game/{game.pk}/act",
            {"action": action, "n_actions": game.n_actions},
        )
        game.refresh_from_db()
    assert rules.key == game.kind
    resigned = post(bot, f"/api/bot/game/{game.pk}/resign")
    assert resigned.json()["status"] == "finished"
    finish = feed.update()[0]
    assert [(line["type"], line["reason"]) for line in finish] == [("gameFinish", "resignation")]
    last = lines(bot.get(f"/api/bot/game/{game.pk}/stream"))
    assert last[0]["status"] == "finished" and len(last) == 1  # over: the stream ends
    record = api(token_for(alice, "read", name="r")).get(f"/api/games/{game.pk}/record")
    assert record.status_code == 200 and record.json()["result"]["reason"] == "resignation"


def test_abort_before_the_first_moves_and_chat():
    game, (robo, bot), (alice, client) = started()
    said = post(bot, f"/api/bot/game/{game.pk}/chat", {"text": "good luck"})
    assert said.status_code == 200
    assert ChatMessage.objects.get(game=game).author == robo
    empty = post(bot, f"/api/bot/game/{game.pk}/chat", {"text": "   "})
    assert empty.status_code == 400
    aborted = post(client, f"/api/board/game/{game.pk}/abort")
    assert aborted.json()["status"] == "aborted"
    again = post(client, f"/api/board/game/{game.pk}/abort")
    assert again.status_code == 400 and "already over" in again.json()["detail"]


def test_a_game_stream_tells_each_change_with_the_view_again():
    game, (robo, bot), (alice, client) = started()
    feed = feeds.GameFeed(game_id=game.pk, user=robo)
    feed.start()
    assert feed.update() == ([], False)  # nothing changed
    actor, kind = mover(game, robo, bot, alice, client)
    action = game_state(game).legal_actions()[0]
    post(actor, f"/api/{kind}/game/{game.pk}/act", {"action": action, "n_actions": 0})
    changed, over = feed.update()
    game.refresh_from_db()
    assert not over and [line["type"] for line in changed] == ["gameState"]
    assert changed[0]["n_actions"] == game.n_actions
    assert changed[0]["view"] == game_view(game, game.seat_of(robo))


def test_without_push_a_stream_long_polls_with_keep_alive_lines_and_ends(settings):
    settings.API_LONG_POLL_SECONDS = 0.5
    settings.API_POLL_SECONDS = 0.05
    settings.API_KEEPALIVE_SECONDS = 0.2
    game, (robo, bot), _person = started()
    response = bot.get(f"/api/bot/game/{game.pk}/stream")
    assert response["X-Stream-Mode"] == "long-poll"
    assert response["Content-Type"] == "application/x-ndjson"
    body = b"".join(response.streaming_content).decode()
    first, *rest = body.split("\n")
    assert '"type":"gameFull"' in first
    assert rest.count("") >= 2  # keep-alive lines: nothing changed meanwhile
