"""The unread mark of the game header ("Chat (2 new)"): messages of the others since the
player last had the chat on screen, kept on the server (``ChatRead``), brought by the
chat's poll and cleared by the read post that static/chat/chat.js sends."""

import re

from django.urls import reverse

from chat.models import ChatRead
from chat.services import mute_set
from tests.chat.conftest import HX, say


def mark(html: str) -> str:
    found = re.search(r'<a id="chat-unread"[^>]*>(.*?)</a>', html, re.S)
    assert found, "the game page has no chat link"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


def game_page(client, game) -> str:
    return client.get(reverse("games:game", args=[game.pk])).content.decode()


def read_url(game) -> str:
    return reverse("chat:read", args=[game.pk])


def test_the_others_messages_count_until_read_and_stay_read_after_a_reload(
    game, alice, bob, client_for
):
    reader = client_for(bob)
    assert mark(game_page(reader, game)) == "Chat"
    say(client_for(alice), game, alice, "hello")
    say(client_for(alice), game, alice, "are you there?")
    say(reader, game, bob, "my own line does not count")
    assert mark(game_page(reader, game)) == "Chat (2 new)"
    assert mark(game_page(client_for(alice), game)) == "Chat (1 new)"

    latest = game.chat_messages.order_by("-pk").first().pk
    answer = reader.post(read_url(game), {"last": str(latest)}, **HX)
    assert answer.status_code == 200
    assert mark(answer.content.decode()) == "Chat"
    assert mark(game_page(reader, game)) == "Chat"
    assert ChatRead.objects.get(user=bob, game=game).last_read == latest

    say(client_for(alice), game, alice, "one more")
    assert mark(game_page(reader, game)) == "Chat (1 new)"


def test_the_poll_brings_the_mark_with_new_messages(game, alice, bob, client_for):
    reader = client_for(bob)
    html = game_page(reader, game)
    poll = re.search(r'id="chat-log"[^>]*hx-get="([^"]+)"', html).group(1).replace("&amp;", "&")
    say(client_for(alice), game, alice, "news")
    answer = reader.get(poll, **HX).content.decode()
    assert 'hx-swap-oob="outerHTML"' in answer
    assert mark(answer) == "Chat (1 new)"


def test_a_muted_players_messages_are_not_counted(game, alice, bob, client_for):
    mute_set(user=bob, muted=alice, on=True)
    say(client_for(alice), game, alice, "you will not see this")
    assert mark(game_page(client_for(bob), game)) == "Chat"


def test_reading_past_the_last_message_or_backwards_does_not_lose_messages(
    game, alice, bob, client_for
):
    reader = client_for(bob)
    say(client_for(alice), game, alice, "first")
    first = game.chat_messages.get().pk
    reader.post(read_url(game), {"last": "999999999"}, **HX)
    assert ChatRead.objects.get(user=bob, game=game).last_read == first
    say(client_for(alice), game, alice, "second")
    reader.post(read_url(game), {"last": "0"}, **HX)
    assert ChatRead.objects.get(user=bob, game=game).last_read == first
    assert mark(game_page(reader, game)) == "Chat (1 new)"


def test_bad_read_posts_are_refused_without_a_change(game, alice, bob, carol, client_for):
    say(client_for(alice), game, alice, "hi")
    assert client_for(bob).post(read_url(game), {"last": "x"}).status_code == 400
    assert client_for(bob).post(read_url(game), {}).status_code == 400
    assert client_for(bob).get(read_url(game)).status_code == 405
    assert client_for(carol).post(read_url(game), {"last": "1"}).status_code == 404
    assert client_for(None).post(read_url(game), {"last": "1"}).status_code == 403
    assert not ChatRead.objects.exists()
    # Spectators have no mark.
    assert 'id="chat-unread"' not in game_page(client_for(carol), game)
