"""Issue 30 item 3: a person blocks another (from that person's profile page; the settings
page lists the people blocked). The blocked person cannot challenge, invite or join a
private table with the blocker, and the blocker does not read their chat messages; every
refusal answers exactly as for a name that is no player's (or a table that does not
exist), so a block cannot be probed. The blocker cannot invite the blocked person either,
and is told why."""

import re

import pytest
from django.test import Client

from accounts.models import Block
from chat.models import ChatMessage
from games import services, tables
from games.models import Game
from notifications.models import Notification, OutboundEmail
from tests.chat.conftest import say
from tests.factories import UserFactory, make_challenge, start_game
from tests.games.test_lobby import HTMX, LOBBY, NEW, text

pytestmark = pytest.mark.django_db

TABLE_NEW = "/tables/new"
# The blocker's name, and a name that is no player's (each replaced by NAME to compare).
BLOCKER, NOBODY = "quinta", "zebulon"


@pytest.fixture(autouse=True)
def _tally_served(served_tally):
    return served_tally


def client_of(user, **kwargs) -> Client:
    client = Client(**kwargs)
    client.force_login(user)
    return client


@pytest.fixture
def quinta():
    return UserFactory(username=BLOCKER)


@pytest.fixture
def bob():
    return UserFactory(username="bob")


@pytest.fixture
def blocked(quinta, bob):
    """quinta blocked bob."""
    Block.objects.create(blocker=quinta, blocked=bob)
    return bob


def block_url(name) -> str:
    return f"/players/{name}/block"


def seen(response, name: str) -> tuple:
    """(status, where it leads, the body) with ``name`` written NAME and the per-request
    CSRF tokens blanked: what the sender can compare between two answers."""
    body = re.sub(r"[A-Za-z0-9]{64}", "TOKEN", response.content.decode())
    return response.status_code, response.get("Location", ""), body.replace(name, "NAME")


def nothing_reached(person):
    assert not Game.objects.exists()
    assert not Notification.objects.filter(user=person).exists()
    assert not OutboundEmail.objects.filter(user=person).exists()


# --- the pages ----------------------------------------------------------------------------


def test_block_and_unblock_from_the_profile_and_the_settings_page(quinta, bob):
    client = client_of(quinta)
    profile = client.get(f"/players/{bob.username}/")
    assert "Block bob" in text(profile)
    assert f'action="{block_url("bob")}"' in profile.content.decode()

    done = client.post(block_url("bob"), {"block": "1"})
    assert done.status_code == 302 and done["Location"] == "/players/bob/"
    page = text(client.get(done["Location"]))
    assert "You blocked bob: they cannot invite you" in page and "Unblock bob" in page
    # Sent again (a double click): nothing more, the same answer.
    again = client.post(block_url("BOB"), {"block": "1"})
    assert again.status_code == 302 and again["Location"] == "/players/bob/"
    assert list(Block.objects.values_list("blocker__username", "blocked__username")) == [
        (BLOCKER, "bob")
    ]

    settings_page = text(client.get("/settings/"))
    assert "Blocked players" in settings_page and "Unblock bob" in settings_page
    undone = client.post(block_url("bob"), {"block": "0", "back": "settings"})
    assert undone.status_code == 302 and undone["Location"] == "/settings/"
    assert "You unblocked bob." in text(client.get("/settings/"))
    assert not Block.objects.exists()
    assert client.post(block_url("bob"), {"block": "0"}).status_code == 302  # again: nothing
    assert "Blocked players Nobody." in text(client.get("/settings/"))


def test_bad_block_requests_get_a_clear_4xx(quinta, bob, client):
    me = client_of(quinta)
    unknown = me.post(block_url(NOBODY), {"block": "1"})
    assert unknown.status_code == 404
    assert f"There is no player called “{NOBODY}”." in text(unknown)
    myself = me.post(block_url(BLOCKER), {"block": "1"})
    assert myself.status_code == 400 and "You cannot block yourself." in text(myself)
    bot = UserFactory(username="bot-random", is_bot=True, bot_level="random")
    assert me.post(block_url(bot.username), {"block": "1"}).status_code == 400
    assert me.get(block_url("bob")).status_code == 405
    neither = me.post(block_url("bob"), {"block": "yes"})
    assert neither.status_code == 400 and "Choose Block or Unblock." in text(neither)
    # Signed out: to the log-in page; without the CSRF token: refused.
    assert client.post(block_url("bob"), {"block": "1"})["Location"].startswith("/accounts/login/")
    strict = client_of(quinta, enforce_csrf_checks=True)
    assert strict.post(block_url("bob"), {"block": "1"}).status_code == 403
    assert not Block.objects.exists()


# --- what a blocked person gets: the unknown name's answer ------------------------------------


def _direct(name):
    return {"opponent": name, "variant": "standard", "days_per_move": "3", "rated": "casual"}


def _table(name):
    return {
        "game": "tally/open",
        "seats": "4",
        "invited": name,
        "days_per_move": "3",
        "rated": "casual",
    }


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("url,form", [(NEW, _direct), (TABLE_NEW, _table)])
def test_a_blocked_persons_challenge_or_invitation_answers_as_an_unknown_name(
    quinta, blocked, htmx, url, form
):
    client = client_of(blocked)
    headers = HTMX if htmx else {}
    to_blocker = client.post(url, form(BLOCKER), **headers)
    to_nobody = client.post(url, form(NOBODY), **headers)
    assert to_blocker.status_code == 400
    assert seen(to_blocker, BLOCKER) == seen(to_nobody, NOBODY)
    assert f"There is no player called “{BLOCKER}”." in text(to_blocker)
    nothing_reached(quinta)
    # Any letter case, and among other names.
    if url == TABLE_NEW:
        cy = UserFactory(username="cy")
        mixed = client.post(url, form(f"cy {BLOCKER.upper()}"), **headers)
        assert mixed.status_code == 400
        assert f"There is no player called “{BLOCKER.upper()}”." in text(mixed)
        nothing_reached(cy)


def test_the_services_refuse_a_blocked_persons_invitation_as_a_suspended_accounts(quinta, blocked):
    """Past the forms (a rematch, a table set up again): the words a suspended account's
    name gets."""
    suspended = UserFactory(username="sus")
    suspended.suspended_at = suspended.date_joined
    suspended.save()
    messages = {}
    for person in (quinta, suspended):
        with pytest.raises(services.GameError) as challenge:
            make_challenge(
                user=blocked, variant="standard", days_per_move=3, rated=False, invited=person
            )
        with pytest.raises(services.GameError) as table:
            tables.table_create(
                user=blocked,
                kind="tally",
                variant="open",
                seats=3,
                days_per_move=3,
                rated=False,
                invited=[person],
            )
        messages[person.username] = (
            str(challenge.value).replace(person.username, "NAME"),
            str(table.value).replace(person.username, "NAME"),
        )
    assert (
        messages[BLOCKER]
        == messages["sus"]
        == (
            "NAME cannot be invited.",  # a challenge is a table of two: the same words
            "NAME cannot be invited.",
        )
    )
    nothing_reached(quinta)


def _join_answer(client, url, *, htmx):
    """(status, where, the body of the answer or the page it leads to), tokens blanked."""
    response = client.post(url, **(HTMX if htmx else {}))
    location = response.get("Location", "")
    page = client.get(location) if location and not htmx else response
    return response.status_code, location, re.sub(r"[A-Za-z0-9]{64}", "TOKEN", page.text)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_blocked_person_cannot_join_a_private_table_with_the_blocker(quinta, bob, htmx):
    """Invited before the block: to a table quinta made, to a direct challenge of hers, and
    to cy's private table at which she sits. Each answers as a table that does not exist."""
    cy = UserFactory(username="cy")
    hers = tables.table_create(
        user=quinta,
        kind="tally",
        variant="open",
        seats=3,
        days_per_move=3,
        rated=False,
        invited=[bob, cy],
    )
    challenge = make_challenge(
        user=quinta, variant="standard", days_per_move=3, rated=False, invited=bob
    )
    cys = tables.table_create(
        user=cy,
        kind="tally",
        variant="open",
        seats=3,
        days_per_move=3,
        rated=False,
        invited=[quinta, bob],
    )
    tables.table_join(user=quinta, game_id=cys.pk)
    Block.objects.create(blocker=quinta, blocked=bob)
    client = client_of(bob)
    missing = Game.objects.order_by("-pk").first().pk + 1000
    for url in (
        f"/tables/{hers.pk}/join",
        f"/challenges/{challenge.pk}/accept",
        f"/tables/{cys.pk}/join",
    ):
        refused = _join_answer(client, url, htmx=htmx)
        unknown = _join_answer(client, re.sub(r"/\d+/", f"/{missing}/", url), htmx=htmx)
        assert refused == unknown, url
        assert "There is no such game or challenge." in refused[2]
    for game in (hers, challenge, cys):
        game.refresh_from_db()
        assert game.status == Game.Status.WAITING
        assert not game.seats.filter(user=bob).exists()
    # Unblocked, bob may take his seat again.
    Block.objects.all().delete()
    assert client.post(f"/tables/{hers.pk}/join").status_code == 302
    assert hers.seats.filter(user=bob).exists()


def test_an_open_table_stays_open_to_a_blocked_person(quinta, blocked):
    open_table = tables.table_create(
        user=quinta, kind="tally", variant="open", seats=3, days_per_move=3, rated=False
    )
    tables.table_join(user=blocked, game_id=open_table.pk)
    assert open_table.seats.filter(user=blocked).exists()


def test_the_blocker_does_not_read_the_blocked_persons_chat(quinta, bob):
    game = start_game(quinta, bob, seed="blocked-chat")
    hers, his = client_of(quinta), client_of(bob)
    assert say(his, game, bob, "before the block").status_code == 303
    Block.objects.create(blocker=quinta, blocked=bob)
    posted = say(his, game, bob, "after the block")
    # Taken as any post: nothing tells bob.
    assert posted.status_code == 303
    assert ChatMessage.objects.filter(author=bob).count() == 2
    assert "after the block" in his.get(f"/games/{game.pk}/chat/").text
    for page in (hers.get(f"/games/{game.pk}/chat/"), hers.get(f"/games/{game.pk}/")):
        assert "after the block" not in page.text and "before the block" not in page.text
    # Her own words still reach him.
    assert say(hers, game, quinta, "hello").status_code == 303
    assert "hello" in his.get(f"/games/{game.pk}/chat/").text
    Block.objects.all().delete()
    assert "after the block" in hers.get(f"/games/{game.pk}/chat/").text


# --- the blocker is told ------------------------------------------------------------------


@pytest.mark.parametrize("url,form", [(NEW, _direct), (TABLE_NEW, _table)])
def test_the_blocker_cannot_invite_the_blocked_person_and_is_told_why(quinta, blocked, url, form):
    refused = client_of(quinta).post(url, form("bob"))
    assert refused.status_code == 400
    # The old challenge form's address is served by the table form: the same words.
    assert "You have blocked bob: unblock them on their profile page to invite them." in text(
        refused
    )
    nothing_reached(blocked)


def test_the_lobby_is_unchanged_for_a_blocked_person(quinta, blocked):
    """Nothing on the pages bob sees tells him: quinta's profile offers the same buttons."""
    client = client_of(blocked)
    page = text(client.get(f"/players/{BLOCKER}/"))
    assert "Challenge this player" in page and "Block quinta" in page
    assert client.get(LOBBY).status_code == 200
