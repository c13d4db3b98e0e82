"""Issue 32, items 4 and 19: the lobby's one form follows the game chosen. The players' choices are
the chosen variant's seat counts, the table form posts on its own defaults, a refusal
stands next to the form that was posted (and the page comes back to it), and a game's
"Play" button opens the lobby on that game."""

import re

import pytest

from games.models import Game
from tests.factories import UserFactory
from tests.games.test_play_a_bot import hugo  # noqa: F401 (a fixture: hugo, logged in)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("hugo")]


def options(html: str, name: str) -> list[str]:
    """The option values of the first select called ``name`` in ``html``."""
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S).group(1)
    return re.findall(r'<option value="([^"]*)"', select)


def selected(html: str, name: str) -> str:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S).group(1)
    return re.search(r'<option value="([^"]*)"[^>]*selected', select).group(1)


def table_form(page: str) -> str:
    """The lobby's one form (issue 32, item 19): every button of it posts its fields."""
    return page[page.index('id="lobby-form"') : page.index('id="table-lists"')]


bot_panel = table_form


def test_the_table_form_offers_the_seats_of_its_game_and_posts_on_its_defaults(
    client, django_capture_on_commit_callbacks
):
    form = table_form(client.get("/lobby/").content.decode())
    assert selected(form, "game") == "xix/standard"
    assert options(form, "seats") == ["2"]  # XIX is played by two
    data = {"game": "xix/standard", "seats": "2", "days_per_move": "3", "rated": "rated"}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/tables/new", data)
    assert response.status_code == 302
    assert Game.objects.get().seats_count == 2


@pytest.mark.parametrize(
    ("key", "game", "seats"),
    [
        ("xeri", "xeri/classic", ["2", "4"]),
        ("xactika", "xactika/bid", [str(n) for n in range(2, 11)]),
        ("onexeno", "onexeno/basic", [str(n) for n in range(2, 8)]),
        ("nope", "xix/standard", ["2"]),  # a name no game has: the site's first game
    ],
)
def test_a_games_play_button_opens_the_lobby_on_that_game(client, key, game, seats):
    page = client.get(f"/lobby/?game={key}").content.decode()
    assert selected(table_form(page), "game") == game
    assert options(table_form(page), "seats") == seats
    UserFactory(username="bot-random", is_bot=True, bot_level="random")
    page = client.get(f"/lobby/?game={key}").content.decode()
    assert selected(bot_panel(page), "game") == game
    assert options(bot_panel(page), "seats") == seats


def test_the_home_pages_play_buttons_name_their_game(client):
    home = client.get("/").content.decode()
    for key, name in (("xeri", "Xeri"), ("xactika", "Xactika"), ("onexeno", "ONEXENO")):
        assert f'href="/lobby/?game={key}">Play {name}</a>' in home


def test_a_wrong_count_for_the_table_is_refused_next_to_its_form(client):
    data = {"game": "xeri/classic", "seats": "3", "days_per_move": "3", "rated": "rated"}
    response = client.post("/tables/new", data)
    assert response.status_code == 400
    form = table_form(response.content.decode())
    assert by_the_field(form, "seats", "Classic is played by 2 or 4 players.")
    assert options(form, "seats") == ["2", "4"]  # the posted game's counts, kept chosen
    assert selected(form, "game") == "xeri/classic"
    assert not Game.objects.exists()


def by_the_field(form: str, name: str, error: str) -> bool:
    """Whether ``error`` is said in the field ``name``'s own box of the one form (after
    its control, before the next field's)."""
    start = form.index(f'name="{name}"')
    end = form.find('<div class="field', start)
    return error in form[start : end if end != -1 else len(form)]


def test_a_wrong_count_against_a_bot_is_refused_next_to_that_bots_form(client):
    UserFactory(username="bot-random", is_bot=True, bot_level="random")
    UserFactory(username="bot-heuristic", is_bot=True, bot_level="heuristic")
    data = {
        "who": "bots",
        "level": "random",
        "game": "xeri/classic",
        "seats": "5",
        "days_per_move": "3",
    }
    response = client.post("/bots/play", data)
    assert response.status_code == 400
    page = response.content.decode()
    # Not at the page's top: by the players' choice of the one form, which keeps the
    # choices posted (bots, the Beginner level).
    assert page.count("played by 2 or 4 players") == 1
    form = bot_panel(page)
    assert by_the_field(form, "seats", "Classic is played by 2 or 4 players.")
    assert selected(form, "game") == "xeri/classic"
    assert options(form, "seats") == ["2", "4"]
    assert re.search(r'name="who" value="bots"[^>]* checked', form)
    assert re.search(r'name="level" value="random"[^>]* checked', form)
    assert not Game.objects.exists()


def test_the_forms_post_to_addresses_that_bring_the_page_back_to_them(client):
    UserFactory(username="bot-random", is_bot=True, bot_level="random")
    page = client.get("/lobby/").content.decode()
    assert 'formaction="/tables/new#lobby-form"' in page
    assert 'formaction="/bots/play#lobby-form"' in page
    assert 'formaction="/tables/quick#lobby-form"' in page
