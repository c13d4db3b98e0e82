"""The chat panel on the game page and its poll: escaping, the poll's 204 and news, the
htmx answers to a post, the canned phrases, and the announcement of new messages."""

import re

from django.test import override_settings
from django.urls import reverse

from chat.models import ChatMessage
from chat.services import CANNED
from moderation import services as moderation
from tests.chat.conftest import HX, chat_url, say

SCRIPT = "<script>alert('x')</script>"


def poll_url(html: str) -> str:
    found = re.search(r'id="chat-log"[^>]*hx-get="([^"]+)"', html)
    assert found, "the chat log does not poll"
    return found.group(1).replace("&amp;", "&")


def test_a_message_is_escaped_everywhere_it_is_shown(game, alice, bob, client_for):
    reader = client_for(bob)
    before = reader.get(reverse("games:game", args=[game.pk])).content.decode()
    say(client_for(alice), game, alice, SCRIPT)
    answers = [
        reader.get(reverse("games:game", args=[game.pk])),
        reader.get(chat_url(game)),
        reader.get(poll_url(before), **HX),
        say(client_for(alice), game, alice, "next", htmx=True),
    ]
    for answer in answers:
        html = answer.content.decode()
        assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in html
        assert "<script>alert" not in html


def test_the_poll_answers_204_until_something_changes(game, alice, bob, moderator, client_for):
    reader = client_for(bob)
    page = reader.get(reverse("games:game", args=[game.pk])).content.decode()
    url = poll_url(page)
    assert reader.get(url, **HX).status_code == 204
    say(client_for(alice), game, alice, "first")
    news = reader.get(url, **HX)
    assert news.status_code == 200
    html = news.content.decode()
    assert "first</span>" in html
    # The new message is announced to screen readers, out of band.
    assert '<p id="chat-news" hx-swap-oob="innerHTML">alice: first</p>' in html
    # The answer polls on from the new stamp: nothing new, nothing sent.
    assert reader.get(poll_url(html), **HX).status_code == 204
    # A message hidden by a moderator is news too.
    moderation.message_hide(actor=moderator, message_id=ChatMessage.objects.get().pk, reason="rude")
    hidden = reader.get(poll_url(html), **HX)
    assert (
        hidden.status_code == 200 and "(message hidden by a moderator)" in hidden.content.decode()
    )


@override_settings(CHAT_BURST=100)
def test_no_message_is_lost_or_shown_twice_between_polls(game, alice, bob, client_for):
    reader, writer = client_for(bob), client_for(alice)
    url = poll_url(reader.get(reverse("games:game", args=[game.pk])).content.decode())
    seen = []
    for n in range(4):
        for k in range(n):  # 0, 1, 2, 3 messages between polls
            say(writer, game, alice, f"m{n}.{k}")
        answer = reader.get(url, **HX)
        if answer.status_code == 204:
            continue
        html = answer.content.decode()
        seen = re.findall(r'<span class="chat-text">([^<]+)</span>', html)
        url = poll_url(html)
    expected = [f"m{n}.{k}" for n in range(4) for k in range(n)]
    assert seen == expected


def test_the_own_message_is_not_announced_to_its_author(game, alice, client_for):
    client = client_for(alice)
    url = poll_url(client.get(reverse("games:game", args=[game.pk])).content.decode())
    say(client, game, alice, "mine")
    assert "chat-news" not in client.get(url, **HX).content.decode().split("</ol>")[1]


def test_the_poll_refuses_a_garbled_marker(game, bob, client_for):
    answer = client_for(bob).get(chat_url(game) + "?after=x&v=1", **HX)
    assert answer.status_code == 400


def test_an_htmx_post_answers_the_panel_with_the_message(game, alice, client_for):
    answer = say(client_for(alice), game, alice, "hello", htmx=True)
    assert answer.status_code == 200
    html = answer.content.decode()
    assert html.lstrip().startswith('<section id="chat"')
    assert "hello</span>" in html
    # The form is drawn afresh: empty, and marked with the message just written.
    mine = ChatMessage.objects.get()
    assert f'name="last" value="{mine.pk}"' in html and 'value="hello"' not in html


def test_the_canned_phrases_are_one_click_buttons(game, alice, client_for):
    client = client_for(alice)
    html = client.get(reverse("games:game", args=[game.pk])).content.decode()
    for phrase in CANNED:
        assert f'name="canned" value="{phrase}"' in html
    answer = client.post(
        chat_url(game), {"canned": "Sorry, I misclicked", "text": "half-typed", "last": 0}, **HX
    )
    assert answer.status_code == 200
    assert ChatMessage.objects.get().text == "Sorry, I misclicked"
    # What was being typed stays in the box.
    assert 'value="half-typed"' in answer.content.decode()


def test_the_panel_is_accessible(game, alice, client_for):
    html = client_for(alice).get(reverse("games:game", args=[game.pk])).content.decode()
    assert 'aria-live="polite"' in html
    assert '<label for="chat-text">' in html
    assert 'aria-label="Quick messages"' in html


def test_a_panel_of_a_long_finished_game_stops_polling(finished, alice, client_for):
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Game

    html = client_for(alice).get(chat_url(finished)).content.decode()
    assert 'hx-trigger="every 10s"' in html
    Game.objects.filter(pk=finished.pk).update(finished_at=timezone.now() - timedelta(days=2))
    html = client_for(alice).get(chat_url(finished)).content.decode()
    assert 'id="chat-log"' in html and "hx-trigger" not in html.split('id="chat-log"')[1][:300]
