"""The lobby's game-first panel (issue 32, item 19): a card per game (name, players, one
line), the chosen one marked, and "Play <game> now" posting ``/tables/quick``."""

import pytest

from games import tables
from games.models import Game, GameSeat
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_lobby_shows_a_card_per_game_and_play_now_seats_you(client):
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    table = tables.table_create(
        user=ann, kind="xeri", variant="classic", seats=4, days_per_move=3, rated=False
    )
    client.force_login(bob)
    page = client.get("/lobby/?game=xeri").content.decode()
    cards = page[page.index('id="choose-game"') : page.index('id="table-lists"')]
    for name in ("XIX", "Xeri", "Xactika", "ONEXENO"):
        assert f'<span class="game-choice-name">{name}</span>' in cards
    chosen = cards[cards.index("is-chosen") :]
    chosen = chosen[: chosen.index("</li>")]
    assert (
        "Xeri" in chosen
        and 'aria-current="true"' in chosen
        and "2 players, or 4 as partners" in chosen
    )
    assert ">Play Xeri now</button>" in cards

    response = client.post("/tables/quick", {"game": "xeri"})
    assert response.status_code == 302 and response["Location"] == "/lobby/"
    assert set(GameSeat.objects.filter(game=table).values_list("user__username", flat=True)) == {
        "ann",
        "bob",
    }


def test_play_now_for_a_game_the_site_does_not_serve_is_refused(client):
    client.force_login(UserFactory(username="bob"))
    response = client.post("/tables/quick", {"game": "chess"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert "Choose one of the games the site serves." in response.content.decode()
    assert not Game.objects.exists()


def test_each_game_card_shows_the_picture_and_line_its_package_declares(client):
    from django.contrib.staticfiles import finders

    from games import registry

    client.force_login(UserFactory(username="ann"))
    page = client.get("/lobby/").content.decode()
    cards = page[page.index('id="choose-game"') : page.index('id="table-lists"')]
    for kind in registry.served():
        picture = registry.about_value(kind, "PICTURE", "")
        assert picture.startswith(f"{kind}/") and finders.find(picture), kind
        assert f'src="/static/{picture.removesuffix(".svg")}' in cards
        assert registry.about_value(kind, "PITCH", "") in cards
