"""A player mutes another in every chat, sees none of their messages while muted, and
unmutes them, from a game's panel or the settings page."""

import re

from django.urls import reverse

from chat.models import ChatMute
from tests.chat.conftest import HX, chat_url, say
from tests.factories import UserFactory, start_game


def mute(client, username, *, on=True, game=None, htmx=False):
    data = {"username": username, "mute": "1" if on else "0"}
    url = reverse("chat:mute") if game is None else reverse("chat:mute_here", args=[game.pk])
    return client.post(url, data, **(HX if htmx else {}))


def test_muted_messages_are_hidden_from_the_muter_only(game, alice, bob, carol, client_for):
    say(client_for(alice), game, alice, "you play badly")
    bobs = client_for(bob)
    page = bobs.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "Mute alice</button>" in page
    answer = mute(bobs, "alice", game=game, htmx=True)
    assert answer.status_code == 200
    html = answer.content.decode()
    assert "you play badly" not in html
    assert "You muted alice" in html and "Unmute alice</button>" in html
    # In every game, and for good.
    other = start_game(alice, bob, seed="chat-mute-2")
    say(client_for(alice), other, alice, "still there?")
    assert "still there?" not in bobs.get(chat_url(other)).content.decode()
    # alice still reads her own words.
    assert "you play badly" in client_for(alice).get(chat_url(game)).content.decode()
    # Unmuted, the messages are back.
    assert mute(bobs, "alice", on=False, game=game).status_code == 303
    assert "you play badly" in bobs.get(chat_url(game)).content.decode()
    assert not ChatMute.objects.exists()


def test_a_muted_message_is_not_announced(game, alice, bob, client_for):
    bobs = client_for(bob)
    page = bobs.get(reverse("games:game", args=[game.pk])).content.decode()
    mute(bobs, "alice", game=game)
    say(client_for(alice), game, alice, "psst")
    url = re.search(r'id="chat-log"[^>]*hx-get="([^"]+)"', page).group(1).replace("&amp;", "&")
    html = bobs.get(url, **HX).content.decode()
    assert "psst" not in html


def test_the_settings_page_lists_mutes_and_unmutes(alice, bob, client_for):
    bobs = client_for(bob)
    settings_page = reverse("players:settings")
    assert "Nobody." in bobs.get(settings_page).content.decode()
    answer = mute(bobs, "alice")
    assert answer.status_code == 303 and answer["Location"] == settings_page
    html = bobs.get(settings_page).content.decode()
    assert "Muted in game chats" in html and "Unmute alice</button>" in html
    assert "You muted alice" in html  # the message after the redirect
    mute(bobs, "alice", on=False)
    assert "Nobody." in bobs.get(settings_page).content.decode()


def test_muting_oneself_a_bot_or_nobody_is_refused(alice, client_for):
    UserFactory(username="bot-easy", is_bot=True, bot_level="easy")
    client = client_for(alice)
    assert mute(client, "alice").status_code == 400
    assert mute(client, "bot-easy").status_code == 400
    assert mute(client, "nobody-here").status_code == 400
    assert not ChatMute.objects.exists()


def test_muting_twice_keeps_one_mute(alice, bob, client_for):
    client = client_for(bob)
    mute(client, "alice")
    mute(client, "alice")
    assert ChatMute.objects.filter(user=bob, muted=alice).count() == 1
