"""What a message may be (1 to 280 characters once stripped, no control characters), how
many a player may send (a burst limit and a daily cap: 429 with Retry-After), and a post
sent twice (a double click, the form sent again) applied once."""

import pytest
from django.test import override_settings

from chat import services
from chat.models import ChatMessage
from tests.at_once import at_once, failures
from tests.chat.conftest import HX, say
from tests.factories import UserFactory, start_game


def test_a_message_is_stripped_and_at_most_280_characters(game, alice, client_for):
    client = client_for(alice)
    assert say(client, game, alice, "  " + "x" * 280 + "  ").status_code == 303
    assert ChatMessage.objects.get().text == "x" * 280
    too_long = say(client, game, alice, "y" * 281, htmx=True)
    assert too_long.status_code == 400
    html = too_long.content.decode()
    assert "at most 280 characters; this one has 281" in html
    # The refused text stays in the box to be shortened.
    assert 'value="' + "y" * 281 + '"' in html
    assert say(client, game, alice, "   ").status_code == 400
    assert ChatMessage.objects.count() == 1


@pytest.mark.parametrize("text", ["two\nlines", "tab\there", "bell\x07"])
def test_control_characters_are_refused(game, alice, client_for, text):
    answer = say(client_for(alice), game, alice, text)
    assert answer.status_code == 400
    assert "control characters" in answer.content.decode()
    assert not ChatMessage.objects.exists()


# Messages that draw nothing: zero-width and format characters (Unicode category Cf), bidi
# marks and controls, tag characters, spaces of every kind, and the blank-looking letters.
INVISIBLE = {
    "zero-width space": "\u200b",
    "zero-width joiners and space": "\u200c\u200d\u200b\u2060\ufeff",
    "bidi marks": "\u200e\u200f\u061c",
    "bidi override and isolate": "\u202e\u2067\u2069\u202c",
    "tag characters": "\U000e0001\U000e0067\U000e0067\U000e007f",
    "spaces around a zero-width space": "\u00a0\u3000\u200b\u2028\u200a",
    "Hangul filler and braille blank": "\u3164\u2800",
    "variation selector": "\ufe0f\u034f",
    "soft hyphen between zero widths": "\u200b\u00ad\u200b",
}


@pytest.mark.parametrize("text", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_a_message_that_draws_nothing_is_refused_as_an_empty_one(game, alice, client_for, text):
    client = client_for(alice)
    empty = say(client, game, alice, "", htmx=True)
    answer = say(client, game, alice, text, htmx=True)
    assert (empty.status_code, answer.status_code) == (400, 400)
    assert "Write a message first." in empty.content.decode()
    assert "Write a message first." in answer.content.decode()
    assert not ChatMessage.objects.exists()


def test_bidi_controls_are_taken_out_of_a_message_that_is_kept(game, alice, bob, client_for):
    # An override that would show "evil.exe" as "exe.live", an isolate, the marks.
    text = "see \u202eexe.live\u202c and \u2066this\u2069 \u200eok\u200f\u061c"
    assert say(client_for(alice), game, alice, text).status_code == 303
    kept = ChatMessage.objects.get()
    assert kept.text == "see exe.live and this ok"
    assert not services.BIDI_CONTROLS & set(kept.text)
    html = client_for(bob).get(f"/games/{game.pk}/chat/").content.decode()
    assert "see exe.live and this ok" in html
    # Other invisible characters inside a visible message stay (an emoji's joiner, a tag
    # sequence's flag): only a message of nothing else is refused.
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert say(client_for(alice), game, alice, family).status_code == 303
    assert ChatMessage.objects.order_by("-pk").first().text == family


def test_a_nul_character_is_refused_before_the_chat(game, alice, client_for):
    assert say(client_for(alice), game, alice, "nul\x00here").status_code == 400
    assert not ChatMessage.objects.exists()


def test_the_form_says_the_limit(game, alice, client_for):
    html = client_for(alice).get(f"/games/{game.pk}/").content.decode()
    assert 'maxlength="280"' in html and "At most 280 characters." in html


def test_a_burst_beyond_the_limit_answers_429(game, alice, client_for, clock):
    client = client_for(alice)
    for n in range(5):
        assert say(client, game, alice, f"message {n}").status_code == 303
        clock.advance(seconds=2)
    refused = say(client, game, alice, "one too many", htmx=True)
    assert refused.status_code == 429
    # The first message leaves the 30-second window 30 - 10 = 20 seconds from now.
    assert refused["Retry-After"] == "20"
    assert "You have sent 5 messages in the last 30 seconds: please wait 20 seconds" in (
        refused.content.decode()
    )
    assert ChatMessage.objects.count() == 5
    clock.advance(seconds=20)
    assert say(client, game, alice, "patience").status_code == 303


@override_settings(CHAT_PER_DAY=3, CHAT_BURST=100)
def test_the_daily_cap_counts_every_game(game, alice, carol, client_for, clock):
    other = start_game(alice, carol, seed="chat-other")
    client = client_for(alice)
    for n, where in enumerate([game, other, game]):
        assert say(client, where, alice, f"m{n}").status_code == 303
        clock.advance(hours=1)
    refused = say(client, other, alice, "m3")
    assert refused.status_code == 429
    assert "3 messages in the last 24 hours" in refused.content.decode()
    assert refused["Retry-After"] == str(21 * 3600)
    clock.advance(hours=21)
    assert say(client, other, alice, "m3").status_code == 303


def test_a_double_click_is_applied_once(game, alice, client_for):
    client = client_for(alice)
    first = say(client, game, alice, "Good luck", htmx=True, last=0)
    again = say(client, game, alice, "Good luck", htmx=True, last=0)  # the same form, again
    assert first.status_code == again.status_code == 200
    assert ChatMessage.objects.count() == 1
    assert again.content.decode().count("Good luck</span>") == 1
    # Written again from the form drawn after it, the same words are a new message.
    assert say(client, game, alice, "Good luck").status_code == 303
    assert ChatMessage.objects.count() == 2


def test_a_canned_phrase_sent_twice_from_one_form_is_applied_once(game, bob, client_for):
    client = client_for(bob)
    for _ in range(2):
        answer = client.post(f"/games/{game.pk}/chat/", {"canned": "Thanks", "last": 0}, **HX)
        assert answer.status_code == 200
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["Thanks"]


def test_a_form_without_its_marker_or_with_a_strange_phrase_is_refused(game, alice, client_for):
    client = client_for(alice)
    assert client.post(f"/games/{game.pk}/chat/", {"text": "hi"}).status_code == 400
    strange = client.post(f"/games/{game.pk}/chat/", {"canned": "You lose", "last": 0})
    assert strange.status_code == 400
    assert not ChatMessage.objects.exists()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_eight_messages_at_once_write_no_more_than_the_burst_limit():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob, seed="chat-at-once")

    def post(i):
        return services.message_post(author=alice, game=game, text=f"spam {i}", last_seen=0)

    results = at_once(post, 8)
    assert ChatMessage.objects.filter(author=alice).count() == 5
    refused = failures(results)
    assert len(refused) == 3 and all(isinstance(e, services.RateLimited) for e in refused)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_same_message_sent_four_times_at_once_is_written_once():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = start_game(alice, bob, seed="chat-twice")

    def post(i):
        return services.message_post(author=alice, game=game, text="gg", last_seen=0)

    results = at_once(post, 4)
    assert failures(results) == []
    assert ChatMessage.objects.filter(author=alice).count() == 1
    assert sum(created for _, created in results) == 1
