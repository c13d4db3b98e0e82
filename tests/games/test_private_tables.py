"""A private table (set up with invitations, ``games.tables``) stays private before, during
and after play (issue 30, item 4): its page and partials, poll, event stream, chat, replay
and record download are its players', its invitees' and the staff's; anyone else gets the
very answer a game that does not exist gets, and the watch list never shows it. One rule
decides it: ``games.selectors.may_see``. Public games stay watchable."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from chat import services as chat_services
from chat.models import ChatMessage
from games import push, services, streams, tables
from games.models import Game
from tests.factories import UserFactory, start_game
from tests.games.fixtures_play import HX, client_for, page_url, play_moves
from tests.games.table_helpers import finish_table

pytestmark = pytest.mark.django_db

# The game's own URLs, as (label, method, URL name, query, htmx): every way to its content.
GAME_URLS = [
    ("page", "get", "games:game", "", False),
    ("page partial", "get", "games:game", "", True),
    ("poll", "get", "games:poll", "?seq=0&v=stale", True),
    ("event stream", "get", "game_stream", "", False),
    ("chat", "get", "chat:chat", "", False),
    ("chat panel", "get", "chat:chat", "", True),
    ("chat poll", "get", "chat:chat", "?after=0&v=stale", True),
    ("chat post", "post", "chat:chat", "", False),
    ("replay", "get", "games:replay", "", False),
    ("replay step", "get", "games:replay", "?step=1", True),
    ("record", "get", "games:record", "", False),
    ("resign", "get", "games:resign", "", False),
    ("report the game", "get", "moderation:report_game", "", False),
    ("move", "post", "games:act", "", False),
    ("rematch", "post", "games:rematch", "", True),
]

CSRF = re.compile(r'(X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]+')


def answer(client, method, name, game_id, query="", htmx=False):
    url = reverse(name, args=[game_id]) + query
    headers = HX if htmx else {}
    if method == "post":
        response = client.post(url, {"text": "hello"}, **headers)
    else:
        response = client.get(url, **headers)
    # The only differences allowed between two answers: the masked CSRF tokens (new on
    # every answer) and the address asked for (and the game's number within it).
    body = CSRF.sub(r"\1-", response.content.decode())
    body = body.replace(url, "URL").replace(f"/games/{game_id}/", "/games/ID/")
    return response.status_code, body, response.get("HX-Redirect")


@pytest.fixture
def cast():
    names = ("ann", "ben", "cy", "eve")
    ann, ben, cy, eve = (UserFactory(username=name) for name in names)
    staff = UserFactory(username="mod", is_staff=True)
    return {"ann": ann, "ben": ben, "cy": cy, "eve": eve, "staff": staff}


def private_table(cast) -> Game:
    """ann's OneXeno table of three, ben and cy invited; both take their seats: it starts.
    Then a move and a line of chat."""
    ann, ben, cy = cast["ann"], cast["ben"], cast["cy"]
    table = tables.table_create(
        user=ann,
        kind="onexeno",
        variant="basic",
        seats=3,
        days_per_move=3,
        rated=False,
        invited=[ben, cy],
    )
    tables.table_join(user=ben, game_id=table.pk)
    game = tables.table_join(user=cy, game_id=table.pk)
    assert game.status == Game.Status.ACTIVE
    game = play_moves(game, 1)
    chat_services.message_post(author=ann, game=game, text="our secret plan", last_seen=0)
    return game


def in_phase(game, phase) -> Game:
    if phase == "finished":
        return finish_table(game, [3, 2, 1], [1, 2, 3])
    return game


def missing_id() -> int:
    return (Game.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1000


@pytest.mark.parametrize("phase", ["in play", "finished"])
def test_a_private_table_answers_an_outsider_as_a_game_that_does_not_exist(cast, phase):
    game = in_phase(private_table(cast), phase)
    missing = missing_id()
    eve = client_for(cast["eve"])
    for label, method, name, query, htmx in GAME_URLS:
        hidden = answer(eve, method, name, game.pk, query, htmx)
        none = answer(eve, method, name, missing, query, htmx)
        assert hidden[0] == 404, f"{label}: {hidden[0]}"
        assert hidden == none, label
        assert "our secret plan" not in hidden[1]
    # The chat line's report page too (its id is another number).
    line = ChatMessage.objects.get(game=game)
    report = eve.get(reverse("chat:report", args=[line.pk]))
    assert report.status_code == 404 and "our secret plan" not in report.content.decode()
    # A visitor who is not signed in: the log-in page, as for a missing game.
    for name, query in (("games:game", ""), ("games:poll", "?seq=0")):
        for game_id in (game.pk, missing):
            response = Client().get(reverse(name, args=[game_id]) + query, **HX)
            assert response.status_code == 302, (name, game_id)
            assert response["Location"].startswith(reverse("account_login"))
    # The event stream's channels are closed to the outsider.
    channels = streams.GameChannels()
    assert not channels.can_read_channel(cast["eve"], push.channel_of(game.pk))
    assert not channels.can_read_channel(cast["eve"], push.chat_channel_of(game.pk))
    # Nor is it listed to watch, nor on its players' profiles.
    lists = [reverse("games:watch"), reverse("players:profile", args=["ben"])]
    lists.append(reverse("players:history", args=["ben"]))
    for url in lists:
        for client in (eve, Client()):
            html = client.get(url).content.decode()
            assert page_url(game) not in html, url
    # The players and the staff find it in those lists once it is over.
    for who in ("ben", "cy", "staff"):
        html = client_for(cast[who]).get(lists[2]).content.decode()
        assert (page_url(game) in html) == (phase == "finished"), who


@pytest.mark.parametrize("phase", ["in play", "finished"])
def test_its_players_and_the_staff_still_see_it(cast, phase):
    game = in_phase(private_table(cast), phase)
    over = phase == "finished"
    for who in ("ann", "ben", "cy", "staff"):
        client = client_for(cast[who])
        player = who != "staff"
        assert client.get(page_url(game)).status_code == 200, who
        assert client.get(page_url(game), **HX).status_code == 200, who
        assert client.get(reverse("game_stream", args=[game.pk])).status_code == 204, who
        chat = client.get(reverse("chat:chat", args=[game.pk]))
        # During play only the players read the chat (the staff has the admin).
        assert chat.status_code == (200 if player or over else 403), who
        assert ("our secret plan" in chat.content.decode()) == (player or over), who
        replay = client.get(reverse("games:replay", args=[game.pk]))
        assert replay.status_code == (200 if over else 403), who
        record = client.get(reverse("games:record", args=[game.pk]))
        assert record.status_code == (200 if over else 403), who
        assert streams.GameChannels().can_read_channel(cast[who], push.channel_of(game.pk))


def test_an_invitee_who_declines_loses_sight_of_the_table(cast):
    ann, ben, cy = cast["ann"], cast["ben"], cast["cy"]
    table = tables.table_create(
        user=ann,
        kind="onexeno",
        variant="basic",
        seats=3,
        days_per_move=3,
        rated=False,
        invited=[ben, cy],
    )
    assert client_for(cy).get(page_url(table)).status_code == 200
    assert client_for(cast["staff"]).get(page_url(table)).status_code == 200
    assert client_for(cast["eve"]).get(page_url(table)).status_code == 404
    tables.table_leave(user=cy, game_id=table.pk)
    assert client_for(cy).get(page_url(table)).status_code == 404
    from games.selectors import may_see

    assert not may_see(Game.objects.get(pk=table.pk), cy)


def test_a_moderator_who_sees_a_private_table_cannot_take_a_seat_there(cast):
    ann, ben, cy = cast["ann"], cast["ben"], cast["cy"]
    table = tables.table_create(
        user=ann,
        kind="onexeno",
        variant="basic",
        seats=3,
        days_per_move=3,
        rated=False,
        invited=[ben, cy],
    )
    tables.table_leave(user=cy, game_id=table.pk)  # a seat is free now
    staff = client_for(cast["staff"])
    html = staff.get(page_url(table)).content.decode()
    assert reverse("games:table_join", args=[table.pk]) not in html
    with pytest.raises(services.NoSuchGame):
        tables.table_join(user=cast["staff"], game_id=table.pk)


def test_public_games_stay_watchable(cast):
    ann, ben, eve = cast["ann"], cast["ben"], cast["eve"]
    game = start_game(ann, ben, seed="public")
    open_table = tables.table_create(
        user=ann, kind="onexeno", variant="basic", seats=2, days_per_move=3, rated=False
    )
    game_two = tables.table_join(user=ben, game_id=open_table.pk)
    assert game_two.status == Game.Status.ACTIVE
    for public in (game, game_two):
        assert client_for(eve).get(page_url(public)).status_code == 200
        assert Client().get(page_url(public)).status_code == 200
        assert page_url(public) in Client().get(reverse("games:watch")).content.decode()
