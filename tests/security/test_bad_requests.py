"""Requests that answered 500 answer a clear 400 and change nothing (issue 30, item 5).

- the event streams (games/streams.py) with a bad ``es-meta`` token or ``recover=true``: the
  library crashed on them under the ASGI server (driven here through Django's
  ``AsyncClient``, which builds the same ``ASGIRequest`` as uvicorn does), and under WSGI;
- numbers in digits that are not ASCII: "²" and "①" (``str.isdigit`` true, ``int()``
  fails), "٣" and "３" (taken as 3 before) are refused wherever a number is read
  (xix_site/numbers.py);
- a form in a charset other than UTF-8 (xix_site/charset.py), refused before the CSRF
  check read it, with a CSRF-checking client as a browser's requests are checked.
"""

import pytest
from asgiref.sync import async_to_sync
from django.test import AsyncClient, Client
from django.urls import reverse

from chat.models import ChatMessage
from games.models import GameAction
from games.selectors import game_state
from notifications import services as notification_services
from notifications.models import Notification
from tests.factories import UserFactory, play_random, start_game
from xix_site.numbers import whole_number

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    game = play_random(start_game(alice, bob, seed="bad-requests"), moves=3, seed=1)
    Notification.objects.all().delete()
    note = notification_services.notify(
        user=alice, game=game, kind=Notification.Kind.YOUR_TURN, seq=3, text="Your move."
    )
    return {"alice": alice, "bob": bob, "game": game, "note": note}


def stream_urls(game) -> list[str]:
    return [reverse("user_stream"), reverse("game_stream", args=[game.pk])]


BAD_STREAM_QUERIES = {
    "es-meta=garbage": "no es-meta token",
    "es-meta=x": "no es-meta token",
    "es-meta=eyJhbGciOiJIUzI1NiJ9.e30.bad": "no es-meta token",
    "recover=true": "does not recover",
}


@pytest.mark.parametrize("query", sorted(BAD_STREAM_QUERIES))
def test_a_bad_stream_query_is_a_clear_400_under_asgi(world, settings, query):
    settings.PUSH_EVENTS = True
    client = AsyncClient()
    client.force_login(world["alice"])
    for url in stream_urls(world["game"]):
        response = async_to_sync(client.get)(f"{url}?{query}")
        assert response.status_code == 400, url
        assert BAD_STREAM_QUERIES[query] in response.content.decode()


@pytest.mark.parametrize("query", sorted(BAD_STREAM_QUERIES))
def test_a_bad_stream_query_is_a_clear_400_under_wsgi(world, settings, query):
    settings.PUSH_EVENTS = True
    client = Client()
    client.force_login(world["alice"])
    for url in stream_urls(world["game"]):
        response = client.get(f"{url}?{query}")
        assert response.status_code == 400, url
        assert BAD_STREAM_QUERIES[query] in response.content.decode()


def test_a_stream_without_those_parameters_still_opens_under_asgi(world, settings):
    """The control: the same request without the refused parameters opens the stream."""
    settings.PUSH_EVENTS = True
    client = AsyncClient()
    client.force_login(world["alice"])
    response = async_to_sync(client.get)(reverse("user_stream"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/event-stream")


NOT_ASCII_DIGITS = ["²", "①", "٣", "３", "1²", "⁰", "𝟗", "1_0"]


@pytest.mark.parametrize("raw", NOT_ASCII_DIGITS)
def test_marking_read_a_notification_named_in_other_digits_is_a_clear_400(world, raw):
    client = Client()
    client.force_login(world["alice"])
    response = client.post(reverse("notifications:read"), {"id": raw})
    assert response.status_code == 400
    assert "Choose a notification to mark read." in response.content.decode()
    assert notification_services.unread_count(world["alice"]) == 1


@pytest.mark.parametrize("raw", ["٣", "３", "²", "①"])
def test_an_action_number_in_other_digits_is_refused_and_plays_nothing(world, raw):
    """A legal move posted with the right action number written in other digits: 400, and
    the game does not move (before, "٣" was read as 3 and played)."""
    game = world["game"]
    assert game.n_actions == 3
    mover = game.players[game.to_move]
    action = game_state(game).legal_actions()[0]
    form = {"seq": raw, **{k: str(v) for k, v in action.items()}}
    client = Client()
    client.force_login(mover)
    response = client.post(reverse("games:act", args=[game.pk]), form)
    assert response.status_code == 400
    assert "must be a whole number" in response.content.decode()
    assert GameAction.objects.filter(game=game).count() == 3
    poll = client.get(reverse("games:poll", args=[game.pk]), {"seq": raw}, HTTP_HX_REQUEST="true")
    assert poll.status_code == 400
    assert "must be a whole number" in poll.content.decode()


@pytest.mark.parametrize("raw", ["²", "٣", "３"])
def test_a_replay_step_or_chat_number_in_other_digits_is_a_clear_400(world, raw):
    game = world["game"]
    client = Client()
    client.force_login(world["alice"])
    response = client.get(
        reverse("chat:chat", args=[game.pk]), {"v": "x", "after": raw}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 400
    assert "must be a whole number" in response.content.decode()
    response = client.post(reverse("chat:chat", args=[game.pk]), {"text": "hi", "last": raw})
    assert response.status_code in (400, 409)
    assert not ChatMessage.objects.filter(game=game).exists()


def test_the_number_helper_reads_ascii_digits_only():
    assert whole_number("42") == 42
    assert whole_number("000000007") == 7
    assert whole_number("1234567890") is None  # more than nine digits
    assert whole_number("1234567890", max_digits=18) == 1234567890
    assert whole_number("-4", signed=True) == -4
    for raw in ["", " 1", "-4", "+4", "1.0", "1e3", "0x10", None, *NOT_ASCII_DIGITS]:
        assert whole_number(raw) is None, raw


# --- Forms in another charset -----------------------------------------------------------

CHARSET_MESSAGE = "this site reads forms in UTF-8 only"


def csrf_client(user) -> tuple[Client, dict]:
    """A client that is checked for CSRF as a browser is, and the header that passes it."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.get(reverse("notifications:list"))
    return client, {"HTTP_X_CSRFTOKEN": client.cookies["csrftoken"].value}


@pytest.mark.parametrize(
    "content_type",
    [
        "application/x-www-form-urlencoded; charset=utf-16",
        "application/x-www-form-urlencoded; charset=UTF-32",
        "application/x-www-form-urlencoded; charset=latin-1",
        "application/x-www-form-urlencoded; charset=no-such-charset",
        'application/x-www-form-urlencoded; charset="utf-16"',
        "multipart/form-data; boundary=xx; charset=utf-16",
    ],
)
def test_a_form_in_another_charset_is_a_clear_400_and_changes_nothing(world, content_type):
    alice, game, note = world["alice"], world["game"], world["note"]
    client, headers = csrf_client(alice)
    posts = {
        reverse("notifications:read"): f"id={note.pk}".encode(),
        reverse("notifications:read") + "?all": b"all=1",
        reverse("games:abort", args=[game.pk]): f"seq={game.n_actions}".encode(),
        reverse("chat:chat", args=[game.pk]): b"text=hello&last=0",
        reverse("players:settings"): b"first_name=Eve",
    }
    for url, body in posts.items():
        response = client.generic("POST", url, body, content_type=content_type, **headers)
        assert response.status_code == 400, url
        assert CHARSET_MESSAGE in response.content.decode(), url
    assert notification_services.unread_count(alice) == 1
    assert not ChatMessage.objects.exists()
    alice.refresh_from_db()
    assert alice.first_name == ""


@pytest.mark.parametrize("charset", ["utf-8", "UTF-8", "utf8", "us-ascii"])
def test_a_form_that_names_utf8_is_read(world, charset):
    """The control: a form that says it is UTF-8 (by any of its names) is read as one."""
    alice, note = world["alice"], world["note"]
    client, headers = csrf_client(alice)
    response = client.generic(
        "POST",
        reverse("notifications:read"),
        f"id={note.pk}".encode(),
        content_type=f"application/x-www-form-urlencoded; charset={charset}",
        **headers,
    )
    assert response.status_code == 302
    assert notification_services.unread_count(alice) == 0
