"""Tables in the lobby through HTTP: the form, the list ("3 of 5 seated", names, game and
variant), join, leave, decline, add a bot and cancel, by plain form posts (message and
redirect) and by htmx (the panels re-rendered, a refusal's own status, HX-Redirect to the
game once the table starts)."""

import pytest

from accounts.models import User
from games import tables
from games.models import Game, GameSeat
from tests.factories import UserFactory
from tests.games.test_lobby import HTMX, LOBBY, follow_messages, text

pytestmark = pytest.mark.django_db

NEW = "/tables/new"


@pytest.fixture(autouse=True)
def _tally_served(served_tally):
    return served_tally


@pytest.fixture
def ann(client):
    user = UserFactory(username="ann")
    client.force_login(user)
    return user


def form(**fields):
    return {
        "game": "tally/open",
        "seats": "5",
        "invited": "",
        "days_per_move": "3",
        "rated": "rated",
        **fields,
    }


def table_of(creator, seats=5, variant="open", invited=()):
    return tables.table_create(
        user=creator,
        kind="tally",
        variant=variant,
        seats=seats,
        days_per_move=3,
        rated=True,
        invited=invited,
    )


def test_the_form_offers_the_chosen_games_variants(client, ann):
    page = client.get(LOBBY + "?game=tally").content.decode()
    assert 'value="tally/open"' in page and 'value="tally/partners"' in page
    # The form is the game's (its title says which): each variant with its seat counts.
    assert '<h2 id="lobby-form-title">Play Tally</h2>' in page
    assert ">Open table (3 to 10 players)</option>" in page
    assert ">Partners (4 or 6 players)</option>" in page
    assert 'value="xactika/bid"' not in page  # another game's: chosen by its card
    # The site's games that seat more than two are offered too (Xeri's partners, Xactika...).
    page = client.get(LOBBY + "?game=xactika").content.decode()
    assert 'value="xactika/bid"' in page and "Xactika" in page
    assert "play a bot, or set up a table" in page and "a table of two is a challenge" in page
    assert "Tables lapse after 7 days" in page


def test_a_table_made_without_js_is_listed_with_its_seats(client, ann):
    response = client.post(NEW, form(seats="5"))
    assert "Your table is in the lobby" in follow_messages(client, response)
    game = Game.objects.get(kind="tally")
    assert (game.variant, game.seats_count, game.rated) == ("open", 5, True)

    bob = UserFactory(username="bob")
    tables.table_join(user=bob, game_id=game.pk)
    client.force_login(UserFactory(username="cy"))
    page = text(client.get(LOBBY)).replace(" ,", ",")  # names are links
    assert "Tally Open table 2 of 5 seated" in page
    assert "Seated: ann, bob · 3 seats free" in page
    assert f'action="/tables/{game.pk}/join"' in client.get(LOBBY).content.decode()


def test_joining_without_js_and_the_last_seat_leads_to_the_game(client, ann):
    bob, cy = UserFactory(username="bob"), UserFactory(username="cy")
    game = table_of(bob, seats=3)
    response = client.post(f"/tables/{game.pk}/join")
    assert "You have a seat" in follow_messages(client, response)
    client.force_login(cy)
    response = client.post(f"/tables/{game.pk}/join")
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_joining_with_htmx_re_renders_the_panels_then_redirects_to_the_game(client, ann):
    bob, cy = UserFactory(username="bob"), UserFactory(username="cy")
    game = table_of(bob, seats=3)
    response = client.post(f"/tables/{game.pk}/join", **HTMX)
    assert response.status_code == 200
    page = text(response)
    assert "You have a seat" in page and "2 of 3 seated" in page
    assert 'id="lobby-panels"' in response.content.decode()
    client.force_login(cy)
    response = client.post(f"/tables/{game.pk}/join", **HTMX)
    assert response["HX-Redirect"] == f"/games/{game.pk}/"


def test_a_full_table_refuses_with_htmx_status_and_message(client, ann):
    bob, cy = UserFactory(username="bob"), UserFactory(username="cy")
    game = table_of(bob, seats=2, variant="duel")
    tables.table_join(user=cy, game_id=game.pk)
    response = client.post(f"/tables/{game.pk}/join", **HTMX)
    assert response.status_code == 400
    assert "no longer open" in text(response)
    response = client.post(f"/tables/{game.pk}/join")
    assert "no longer open" in follow_messages(client, response)
    assert GameSeat.objects.filter(game=game, user=ann).count() == 0


def test_invite_several_by_name(client, ann):
    bob = UserFactory(username="bob")
    UserFactory(username="Cy")
    response = client.post(NEW, form(seats="4", invited="bob, cy"), **HTMX)
    assert response.status_code == 200
    game = Game.objects.get(kind="tally")
    assert sorted(game.invitations.values_list("user__username", flat=True)) == ["Cy", "bob"]
    page = text(response)
    assert "Private" in page and "invited: bob, Cy" in page and "1 seat free" in page
    # Bob sees it with Accept and Decline; a stranger does not see it at all.
    client.force_login(bob)
    page = text(client.get(LOBBY))
    assert "Accept" in page and "Decline" in page
    response = client.post(f"/tables/{game.pk}/leave", **HTMX)
    assert "You declined the invitation." in text(response)
    assert "Tally" not in text(client.get(LOBBY)).split("Set up a table")[0]
    client.force_login(UserFactory(username="dee"))
    assert "ann" not in text(client.get(LOBBY)).split("Set up a table")[0]
    assert client.post(f"/tables/{game.pk}/join", **HTMX).status_code == 404


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"seats": "2"}, "seats", "Open table is played by 3 to 10 players."),
        ({"game": "tally/partners", "seats": "5"}, "seats", "played by 4 or 6 players"),
        ({"game": "chess/open"}, "game", "Select a valid choice."),
        ({"invited": "bob nobody"}, "invited", "There is no player called “nobody”."),
        ({"invited": "ann"}, "invited", "You cannot invite yourself."),
        ({"seats": "3", "invited": "bob cy dee"}, "invited", "room for 2 more players"),
        (
            {"invited": "bot-random"},
            "rated",
            "bot-random is a bot, and games with bots are unrated",
        ),
    ],
)
def test_bad_table_forms_are_refused_with_the_reason(client, ann, fields, field, message):
    for name in ("bob", "cy", "dee"):
        UserFactory(username=name)
    User.objects.create(username="bot-random", is_bot=True, bot_level="random")
    for headers in ({}, HTMX):
        response = client.post(NEW, form(**fields), **headers)
        assert response.status_code == 400
        assert message in text(response)
        assert any(message in error for error in response.context["form"].errors[field])
    assert not Game.objects.filter(kind="tally").exists()


def test_the_creator_adds_bots_and_cancels(client, ann):
    game = table_of(ann, seats=3)
    response = client.post(f"/tables/{game.pk}/bot", {"level": "random"}, **HTMX)
    assert response.status_code == 200
    assert "A Beginner bot took a seat; the table is casual now." in text(response)
    assert "2 of 3 seated" in text(response)
    response = client.post(f"/tables/{game.pk}/bot", {"level": "strong"}, **HTMX)
    assert response.status_code == 400 and "Choose a bot level: Beginner." in text(response)
    response = client.post(f"/tables/{game.pk}/leave")
    assert "Your table is cancelled." in follow_messages(client, response)
    assert not Game.objects.filter(pk=game.pk).exists()


def test_only_the_creator_sees_add_bot_and_others_are_refused(client, ann):
    bob = UserFactory(username="bob")
    game = table_of(bob, seats=3)
    assert f"/tables/{game.pk}/bot" not in client.get(LOBBY).content.decode()
    response = client.post(f"/tables/{game.pk}/bot", {"level": "random"}, **HTMX)
    assert response.status_code == 403
    assert "Only the table's creator can add bots." in text(response)


def test_a_seated_player_leaves(client, ann):
    bob = UserFactory(username="bob")
    game = table_of(bob, seats=3)
    tables.table_join(user=ann, game_id=game.pk)
    assert "Leave" in text(client.get(LOBBY))
    response = client.post(f"/tables/{game.pk}/leave")
    assert "You left the table." in follow_messages(client, response)
    assert list(game.seats.values_list("user__username", flat=True)) == ["bob"]


def test_get_is_not_allowed_on_table_writes(client, ann):
    game = table_of(ann, seats=3)
    for url in (NEW, f"/tables/{game.pk}/join", f"/tables/{game.pk}/leave"):
        assert client.get(url).status_code == 405


def test_play_a_bot_offers_one_bot_per_level_not_the_accounts_made_for_tables(client, ann):
    User.objects.create(username="bot-random", is_bot=True, bot_level="random")
    game = table_of(ann, seats=4)
    for _ in range(2):
        tables.table_add_bot(user=ann, game_id=game.pk, level="random")
    assert User.objects.filter(username="bot-random-2").exists()
    page = text(client.get(LOBBY))
    bots_panel = page.split("The bots' level")[1].split("Open challenges and tables")[0]
    assert "Beginner bot-random" in bots_panel and "bot-random-2" not in bots_panel
