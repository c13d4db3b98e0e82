"""The lobby through HTTP: challenges made, accepted, declined and cancelled, by plain form
posts (message + redirect) and by htmx (panels re-rendered, the refusal's status)."""

import re
from datetime import timedelta
from html import unescape

import pytest
from django.contrib.messages import get_messages
from django.utils import timezone

from accounts.models import User
from games import tables
from games.models import Game
from ratings.models import Rating
from tests.factories import UserFactory, make_challenge

pytestmark = pytest.mark.django_db

LOBBY = "/lobby/"
NEW = "/challenges/new"
HTMX = {"HTTP_HX_REQUEST": "true"}


def accept_url(game):
    return f"/challenges/{game.pk}/accept"


def withdraw_url(game):
    return f"/challenges/{game.pk}/withdraw"


def text(response) -> str:
    """The page's visible text, whitespace collapsed."""
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", response.content.decode(), flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def follow_messages(client, response) -> str:
    """Follow a redirect and return the text of the page it lands on."""
    assert response.status_code == 302, response.status_code
    return text(client.get(response["Location"]))


@pytest.fixture
def ann(client):
    user = UserFactory(username="ann")
    client.force_login(user)
    return user


@pytest.fixture
def bob():
    return UserFactory(username="bob")


# --- access -----------------------------------------------------------------------------


def test_lobby_needs_login(client):
    response = client.get(LOBBY)
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
    assert client.post(NEW, {"variant": "standard"}).status_code == 302
    assert not Game.objects.exists()


def test_writes_are_post_only(client, ann, bob):
    game = make_challenge(bob)
    assert client.get(NEW).status_code == 405
    assert client.get(accept_url(game)).status_code == 405
    assert client.get(withdraw_url(game)).status_code == 405
    assert Game.objects.get(pk=game.pk).status == Game.Status.WAITING


def test_writes_need_the_csrf_token(bob):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    ann = UserFactory(username="ann")
    client.force_login(ann)
    game = make_challenge(bob)
    assert client.post(accept_url(game)).status_code == 403
    assert Game.objects.get(pk=game.pk).status == Game.Status.WAITING


# --- creating ---------------------------------------------------------------------------


def test_create_open_challenge(client, ann):
    response = client.post(NEW, {"variant": "talon", "days_per_move": "5", "rated": "casual"})

    page = follow_messages(client, response)
    assert "Your open challenge is in the lobby" in page
    game = Game.objects.get()
    assert (game.created_by, game.invited, game.variant) == (ann, None, "talon")
    assert (game.days_per_move, game.rated, game.status) == (5, False, Game.Status.WAITING)
    assert "Your challenges" in page and "Open to anyone" in page and "Cancel" in page


@pytest.mark.parametrize(
    ("data", "error"),
    [
        ({"variant": "chess", "days_per_move": "3", "rated": "rated"}, "Select a valid choice"),
        ({"variant": "standard", "days_per_move": "4", "rated": "rated"}, "Select a valid choice"),
        ({"variant": "standard", "days_per_move": "x", "rated": "rated"}, "Select a valid choice"),
        ({"variant": "standard", "days_per_move": "3", "rated": "maybe"}, "Select a valid choice"),
        ({"days_per_move": "3", "rated": "rated"}, "This field is required"),
        ({"variant": "standard", "rated": "rated"}, "This field is required"),
        ({"variant": "standard", "days_per_move": "3"}, "This field is required"),
    ],
)
def test_create_open_challenge_bad_input_shows_the_form_error(client, ann, data, error):
    response = client.post(NEW, data)

    assert response.status_code == 400
    assert error in text(response)
    assert "Who plays with you" in text(response)
    assert not Game.objects.exists()


def test_create_direct_challenge(client, ann, bob):
    data = {"opponent": "BOB", "variant": "standard", "days_per_move": "1", "rated": "rated"}
    page = follow_messages(client, client.post(NEW, data))

    assert "Your challenge is on its way to bob." in page
    game = Game.objects.get()
    assert (game.invited, game.days_per_move, game.rated) == (bob, 1, True)


@pytest.mark.parametrize(
    ("opponent", "error"),
    [
        ("nobody", "There is no player called “nobody”."),
        ("ann", "You cannot invite yourself."),
    ],
)
def test_direct_challenge_bad_opponent(client, ann, opponent, error):
    data = {"opponent": opponent, "variant": "standard", "days_per_move": "3", "rated": "rated"}
    response = client.post(NEW, data)

    assert response.status_code == 400
    assert error in text(response)
    assert not Game.objects.exists()


def test_direct_challenge_bad_settings_show_in_the_direct_form(client, ann, bob):
    data = {"opponent": "bob", "variant": "standard", "days_per_move": "6", "rated": "rated"}
    response = client.post(NEW, data)

    assert response.status_code == 400
    assert response.context["form"].errors == {
        "days_per_move": ["Select a valid choice. 6 is not one of the available choices."]
    }
    assert not Game.objects.exists()


def test_a_retired_bot_is_not_offered_and_cannot_be_challenged(client, ann):
    User.objects.create(username="robo", is_bot=True, bot_level="heuristic")
    User.objects.create(username="old-bot", is_bot=True, bot_level="random", is_active=False)
    page = text(client.get(LOBBY))
    assert "Play a bot" in page and "Casual robo" in page and "old-bot" not in page

    data = {"opponent": "old-bot", "variant": "standard", "days_per_move": "1", "rated": "casual"}
    response = client.post(NEW, data)

    assert response.status_code == 400
    assert "There is no player called “old-bot”." in text(response)
    assert not Game.objects.exists()


def test_open_challenge_limit(client, ann):
    for _ in range(tables.MAX_WAITING_TABLES):
        make_challenge(ann)
    response = client.post(NEW, {"variant": "standard", "days_per_move": "3", "rated": "rated"})

    assert "already have 10 challenges or tables waiting" in follow_messages(client, response)
    assert Game.objects.count() == tables.MAX_WAITING_TABLES


# --- the lists --------------------------------------------------------------------------


def test_lobby_lists_others_open_challenges_with_rating(client, ann, bob):
    cat = UserFactory(username="cat")
    Rating.objects.create(user=bob, variant="talon", rating=1712.4, deviation=60)
    make_challenge(bob, variant="talon", days_per_move=7, rated=False)
    make_challenge(cat)
    make_challenge(ann)  # her own: under "Your challenges", not among the ones to accept
    lapsed = make_challenge(cat, variant="talon")
    Game.objects.filter(pk=lapsed.pk).update(expires_at=timezone.now() - timedelta(hours=1))

    response = client.get(LOBBY)
    assert response.status_code == 200
    open_ids = [row["game"].pk for row in response.context["open_rows"]]
    assert lapsed.pk not in open_ids and len(open_ids) == 2
    page = text(response)
    assert "bob (1712) XIX Talon" in page
    assert "7 days per move · casual" in page
    assert "cat (1500?) XIX Standard" in page
    assert "expires in 6 days" in page


def test_a_challenge_shows_its_own_games_rating_not_another_games_of_the_same_variant_name(
    client, ann, bob
):
    """Ratings are per game and variant: bob's rating in another game whose variant shares
    the name "standard" is not his XIX standard rating."""
    Rating.objects.create(user=bob, kind="other", variant="standard", rating=1890, deviation=60)
    make_challenge(bob)
    assert "bob (1500?) XIX Standard" in text(client.get(LOBBY))
    Rating.objects.create(user=bob, kind="xix", variant="standard", rating=1612, deviation=60)
    assert "bob (1612) XIX Standard" in text(client.get(LOBBY))


def test_lobby_shows_incoming_direct_challenges_only_to_the_invited(client, ann, bob):
    make_challenge(bob, invited=ann)
    cat = UserFactory(username="cat")
    make_challenge(bob, invited=cat)

    response = client.get(LOBBY)
    page = text(response)
    assert "Challenges and invitations to you" in page
    assert len(response.context["invited_rows"]) == 1
    assert "Decline" in page
    assert len(response.context["open_rows"]) == 0


# --- accepting --------------------------------------------------------------------------


def test_accept_open_challenge_redirects_to_the_game(client, ann, bob):
    game = make_challenge(bob)
    response = client.post(accept_url(game))

    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/"
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.seat_of(ann) is not None
    notes = [str(m) for m in get_messages(response.wsgi_request)]
    assert notes == ["You accepted bob's challenge: the game has begun."]


def test_accept_own_challenge_refused(client, ann):
    game = make_challenge(ann)
    page = follow_messages(client, client.post(accept_url(game)))

    assert "You cannot accept your own challenge." in page
    assert Game.objects.get(pk=game.pk).status == Game.Status.WAITING


def test_accept_someone_elses_direct_challenge_refused(client, ann, bob):
    cat = UserFactory(username="cat")
    game = make_challenge(bob, invited=cat)
    page = follow_messages(client, client.post(accept_url(game)))

    assert "There is no such game or challenge." in page
    assert Game.objects.get(pk=game.pk).status == Game.Status.WAITING


def answer(client, url, *, htmx: bool) -> tuple:
    """(status, where it leads, the body or the page it leads to) with the per-request
    CSRF tokens blanked: what a third party can compare between two answers."""
    response = client.post(url, **(HTMX if htmx else {}))
    location = response.get("Location", "")
    page = client.get(location) if location and not htmx else response
    body = re.sub(r"[A-Za-z0-9]{64}", "TOKEN", page.content.decode())
    return response.status_code, location, body


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("state", ["waiting", "expired"])
def test_a_private_challenge_answers_a_third_party_as_a_missing_one_does(
    client, ann, bob, htmx, state
):
    """Issue 14 item 12: ann, neither its maker nor the invited, cannot tell a private
    challenge between bob and cat from a number that is no game at all, by accepting or
    withdrawing it: the same status and the same body."""
    cat = UserFactory(username="cat")
    private = make_challenge(bob, invited=cat)
    if state == "expired":
        Game.objects.filter(pk=private.pk).update(expires_at=timezone.now() - timedelta(days=1))
    missing = Game(pk=private.pk + 1000)

    for url_of in (accept_url, withdraw_url):
        seen = answer(client, url_of(private), htmx=htmx)
        assert seen == answer(client, url_of(missing), htmx=htmx), url_of.__name__
        assert "There is no such game or challenge." in seen[2]
    assert Game.objects.get(pk=private.pk).status == Game.Status.WAITING


def test_accept_expired_challenge_refused(client, ann, bob):
    game = make_challenge(bob)
    Game.objects.filter(pk=game.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    page = follow_messages(client, client.post(accept_url(game)))

    assert "This challenge is no longer open." in page
    assert Game.objects.get(pk=game.pk).status == Game.Status.WAITING


def test_accept_unknown_challenge(client, ann):
    page = follow_messages(client, client.post("/challenges/987654/accept"))
    assert "There is no such game or challenge." in page


def test_accept_incoming_direct_challenge(client, ann, bob):
    game = make_challenge(bob, invited=ann)
    response = client.post(accept_url(game))

    assert response["Location"] == f"/games/{game.pk}/"
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE


# --- declining and cancelling -----------------------------------------------------------


def test_decline_and_cancel(client, ann, bob):
    incoming = make_challenge(bob, invited=ann)
    mine = make_challenge(ann)

    declined = follow_messages(client, client.post(withdraw_url(incoming)))
    assert "You declined the challenge." in declined
    cancelled = follow_messages(client, client.post(withdraw_url(mine)))
    assert "Your challenge is cancelled." in cancelled
    assert not Game.objects.exists()


def test_cannot_withdraw_others_challenges(client, ann, bob):
    cat = UserFactory(username="cat")
    public = make_challenge(bob)
    private = make_challenge(bob, invited=cat)

    page = follow_messages(client, client.post(withdraw_url(public)))
    assert "Only the challenger or the challenged player can do that." in page
    page = follow_messages(client, client.post(withdraw_url(private)))
    assert "There is no such game or challenge." in page  # ann may not know it exists
    assert Game.objects.count() == 2


def test_cannot_withdraw_a_started_game(client, ann, bob):
    game = tables.table_join(user=ann, game_id=make_challenge(bob).pk)
    page = follow_messages(client, client.post(withdraw_url(game)))
    assert "This challenge is no longer open." in page
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE


# --- htmx -------------------------------------------------------------------------------


def test_htmx_create_rerenders_the_panels_with_the_message(client, ann):
    response = client.post(
        NEW, {"variant": "standard", "days_per_move": "2", "rated": "rated"}, **HTMX
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="lobby-panels"')
    assert "<html" not in html
    assert "Your open challenge is in the lobby" in text(response)
    assert Game.objects.get().days_per_move == 2


def test_htmx_form_error_is_400_with_the_form(client, ann):
    response = client.post(
        NEW,
        {"opponent": "ghost", "variant": "standard", "days_per_move": "3", "rated": "rated"},
        **HTMX,
    )
    assert response.status_code == 400
    assert 'id="lobby-panels"' in response.content.decode()
    assert "There is no player called “ghost”." in text(response)


@pytest.mark.parametrize(
    ("who", "status", "message"),
    [
        ("own", 400, "You cannot accept your own challenge."),
        ("other", 404, "There is no such game or challenge."),
        ("missing", 404, "There is no such game or challenge."),
    ],
)
def test_htmx_refusals_carry_their_status(client, ann, bob, who, status, message):
    cat = UserFactory(username="cat")
    game = {
        "own": lambda: make_challenge(ann),
        "other": lambda: make_challenge(bob, invited=cat),
    }.get(who, lambda: None)()
    url = accept_url(game) if game else "/challenges/424242/accept"
    response = client.post(url, **HTMX)

    assert response.status_code == status
    assert message in text(response)
    assert 'id="lobby-panels"' in response.content.decode()


def test_htmx_accept_redirects_the_browser_to_the_game(client, ann, bob):
    game = make_challenge(bob)
    response = client.post(accept_url(game), **HTMX)

    assert response.status_code == 200
    assert response["HX-Redirect"] == f"/games/{game.pk}/"


def test_htmx_refresh_of_the_lists_alone(client, ann, bob):
    make_challenge(bob)
    # "challenge-lists": the lists' name in lobby pages loaded before challenges were tables.
    for target in ("table-lists", "challenge-lists"):
        response = client.get(LOBBY, HTTP_HX_REQUEST="true", HTTP_HX_TARGET=target)
        html = response.content.decode()
        assert html.lstrip().startswith('<div id="table-lists"')
        assert "Who plays with you" not in html
        assert "bob" in text(response)


# --- Issue 14 item 21: games against bots are unrated, and the form says so --------------


@pytest.fixture
def bot():
    return UserFactory(username="bot-random", is_bot=True, bot_level="random")


def test_the_direct_challenge_form_says_bot_games_are_unrated(client, ann, bot):
    response = client.get(LOBBY)
    assert "Games against bots are always casual (unrated)." in text(response)
    # The names the page's script checks the opponent field against.
    assert 'data-bot-names="bot-random"' in response.content.decode()


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
def test_a_rated_challenge_to_a_bot_is_refused_with_the_reason(client, ann, bot, headers):
    form = {"opponent": "Bot-Random", "variant": "standard", "days_per_move": "3"}
    response = client.post(NEW, {**form, "rated": "rated"}, **headers)
    assert response.status_code == 400
    assert (
        "bot-random is a bot, and games with bots are unrated: choose Casual to play it."
        in text(response)
    )
    assert not Game.objects.exists()
    # Casual, the same challenge starts the game at once.
    response = client.post(NEW, {**form, "rated": "casual"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.status == Game.Status.ACTIVE and game.rated is False
