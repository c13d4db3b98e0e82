"""What the streams tell besides moves: the game's chat on the game stream (``chatLine``,
as the chat panel shows it to the reader), rematch offers on the event stream
(``rematch_of``) and the rematch endpoint; and the game stream's state carried between
reads, a take-back included."""

import pytest
from django.utils import timezone

from accounts.models import Block
from api import feeds
from chat.models import ChatMessage, ChatMute
from games import services
from games.models import Game
from games.push import channel_of, chat_channel_of
from games.selectors import game_state, game_view
from games.takeback import game_takeback
from tests.api.helpers import api, lines, post, token_for
from tests.api.test_play import make_bot, mover, person, started
from tests.factories import UserFactory, start_table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _short_streams(settings):
    settings.API_LONG_POLL_SECONDS = 0


def chat_lines(found):
    return [(line["username"], line["text"]) for line in found if line["type"] == "chatLine"]


def test_the_game_stream_opens_with_the_chat_and_tells_each_new_line():
    game, (robo, bot), (alice, client) = started()
    assert (
        post(client, f"/api/board/game/{game.pk}/chat", {"text": "hello robo"}).status_code == 200
    )
    first = lines(bot.get(f"/api/bot/game/{game.pk}/stream"))
    assert first[0]["type"] == "gameFull"
    assert chat_lines(first) == [("alice", "hello robo")]

    feed = feeds.GameFeed(game_id=game.pk, user=robo)
    feed.start()
    post(bot, f"/api/bot/game/{game.pk}/chat", {"text": "good luck"})
    post(client, f"/api/board/game/{game.pk}/chat", {"text": "thanks"})
    # Woken by the game's channel only (a move), the stream does not read the chat...
    assert feed.update({channel_of(game.pk)}) == ([], False)
    # ... by the chat's, it tells the new lines, in order, each once.
    told, over = feed.update({chat_channel_of(game.pk)})
    assert not over and chat_lines(told) == [("robo", "good luck"), ("alice", "thanks")]
    line = told[0]
    assert set(line) == {"type", "id", "username", "text", "at"}
    assert feed.update() == ([], False)


def test_the_chat_lines_leave_out_hidden_messages_and_people_the_reader_mutes_or_blocked():
    game, (robo, bot), (alice, client) = started()
    post(client, f"/api/board/game/{game.pk}/chat", {"text": "first"})
    ChatMessage.objects.filter(text="first").update(hidden_at=timezone.now(), hidden_by=alice)
    post(client, f"/api/board/game/{game.pk}/chat", {"text": "second"})
    assert chat_lines(lines(bot.get(f"/api/bot/game/{game.pk}/stream"))) == [("alice", "second")]
    ChatMute.objects.create(user=robo, muted=alice)
    assert chat_lines(lines(bot.get(f"/api/bot/game/{game.pk}/stream"))) == []
    ChatMute.objects.all().delete()
    Block.objects.create(blocker=robo, blocked=alice)
    assert chat_lines(lines(bot.get(f"/api/bot/game/{game.pk}/stream"))) == []


def finished(game, robo, bot, alice, client):
    """``game`` after a first move each and alice's resignation."""
    for _ in range(2):
        actor, kind = mover(game, robo, bot, alice, client)
        action = game_state(game).legal_actions()[0]
        url = f"/api/{kind}/game/{game.pk}/act"
        assert post(actor, url, {"action": action, "n_actions": game.n_actions}).status_code == 200
        game.refresh_from_db()
    assert post(client, f"/api/board/game/{game.pk}/resign").json()["status"] == "finished"
    return game


def test_a_rematch_offer_reaches_the_other_players_event_stream_and_is_accepted():
    game, (robo, bot), (alice, client) = started()
    feed = feeds.EventFeed(user=robo)
    feed.start()
    early = post(client, f"/api/board/game/{game.pk}/rematch")
    assert early.status_code == 400 and "once the game is over" in early.json()["detail"]
    finished(game, robo, bot, alice, client)

    offered = post(client, f"/api/board/game/{game.pk}/rematch")
    assert offered.status_code == 200 and offered.json()["status"] == "waiting"
    rematch_id = offered.json()["id"]
    told = feed.update()[0]
    offers = [line for line in told if line["type"] == "challenge"]
    assert [(o["id"], o["rematch_of"], o["by"]) for o in offers] == [(rematch_id, game.pk, "alice")]
    assert [line["type"] for line in told] == ["challenge", "gameFinish"]

    accepted = post(bot, f"/api/bot/game/{game.pk}/rematch")
    assert accepted.json() == {"id": rematch_id, "status": "active"}
    told = feed.update()[0]
    assert [(line["type"], line["id"]) for line in told] == [
        ("challengeGone", rematch_id),
        ("gameStart", rematch_id),
    ]
    # Asked again, the rematch is the same game.
    assert post(client, f"/api/board/game/{game.pk}/rematch").json()["id"] == rematch_id
    assert Game.objects.filter(rematch_of=game).count() == 1


def test_a_rematch_of_a_game_not_yours_is_refused():
    game, (robo, bot), (alice, client) = started()
    carol = api(token_for(UserFactory(username="carol")))
    assert post(carol, f"/api/board/game/{game.pk}/rematch").status_code == 404
    assert post(bot, f"/api/board/game/{game.pk}/rematch").status_code == 403  # a bot's token


def test_the_game_stream_carries_its_state_between_reads_through_a_take_back():
    ann = UserFactory(username="ann")
    site_bot = UserFactory(username="bot-random", is_bot=True, bot_level="random")
    game = start_table("tally", "duel", [ann, site_bot], seed="feed")
    seat = game.seat_of(ann)
    feed = feeds.GameFeed(game_id=game.pk, user=ann)
    feed.start()

    def move():
        game.refresh_from_db()
        state = game_state(game)
        who = game.players[state.to_move]
        action = state.legal_actions()[-1]
        services.game_act(user=who, game_id=game.pk, action=action, expected_seq=game.n_actions)
        game.refresh_from_db()

    for _ in range(4):
        move()
        told = feed.update()[0]
        assert told[-1]["view"] == game_view(game, seat)
    while game.players[game.to_move] != ann:
        move()
    game_takeback(user=ann, game_id=game.pk, expected_seq=game.n_actions)
    game.refresh_from_db()
    told = feed.update()[0]
    assert told[-1]["n_actions"] == game.n_actions
    assert told[-1]["view"] == game_view(game, seat)  # the line after the take-back
    move()
    assert feed.update()[0][-1]["view"] == game_view(game, seat)


def test_an_event_stream_reads_new_invitations_only_once():
    robo, bot = make_bot()
    alice, client = person()
    feed = feeds.EventFeed(user=robo)
    assert feed.start() == ([], False)
    answer = post(
        client, "/api/challenges", {"game": "xix", "variant": "standard", "invite": ["robo"]}
    )
    game_id = answer.json()["id"]
    told = feed.update()[0]
    assert [(line["type"], line["id"], line["rematch_of"]) for line in told] == [
        ("challenge", game_id, None)
    ]
    assert feed.update() == ([], False)


def test_a_pushed_stream_reads_what_was_pinged_at_most_once_a_min_interval(settings):
    """Under push the stream hands its feed the channels pinged, and a feed with a
    ``min_interval`` (the event stream's) is read no more often, however fast the pings."""
    import asyncio
    import itertools
    import time

    from api import streams

    settings.API_KEEPALIVE_SECONDS = 5

    class Feed:
        channels = ("game-1", "chat-1")
        min_interval = 0.2

        def __init__(self):
            self.reads = []

        def update(self, pinged):
            self.reads.append((pinged, time.monotonic()))
            return [{"read": len(self.reads)}], len(self.reads) == 3

    class Pings:
        """Pinged at once, every time: a busy bot's account."""

        def __init__(self):
            self.waves = [{"game-1"}, {"chat-1"}, {"game-1", "chat-1"}]

        async def wait(self, timeout):
            return self.waves.pop(0)

        def take(self):
            return set()

        def close(self):
            pass

    feed = Feed()

    async def read():
        stream = streams._async_lines(feed, pings=Pings(), first=([{"first": 1}], False))
        return [chunk async for chunk in stream]

    chunks = asyncio.run(read())
    assert chunks == [
        '{"first":1}\n',
        '{"read":1}\n',
        '{"read":2}\n',
        '{"read":3}\n',
    ]
    assert [pinged for pinged, _ in feed.reads] == [{"game-1"}, {"chat-1"}, {"game-1", "chat-1"}]
    times = [at for _, at in feed.reads]
    assert all(later - earlier >= 0.19 for earlier, later in itertools.pairwise(times))
