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
    assert '<h2 id="lobby-form-title">Play Xeri</h2>' in cards
    assert 'hx-post="/tables/quick">Play now</button>' in cards

    response = client.post("/tables/quick", {"game": "xeri"})
    assert response.status_code == 302 and response["Location"] == "/lobby/"
    assert set(GameSeat.objects.filter(game=table).values_list("user__username", flat=True)) == {
        "ann",
        "bob",
    }


def test_play_now_from_the_one_form_takes_a_seat_of_the_seats_and_terms_chosen(client):
    """The one form's "Play now" asks for its variant, seat count and rated or casual: a
    seat at a waiting table of those (whatever its time per move), else a new open table
    of them with the form's time per move."""
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    four = tables.table_create(
        user=ann, kind="xeri", variant="classic", seats=4, days_per_move=7, rated=False
    )
    client.force_login(bob)
    form = {"game": "xeri/classic", "who": "anyone", "option_deals": "1", "days_per_move": "2"}
    response = client.post("/tables/quick", {**form, "seats": "2", "rated": "casual"})
    assert response.status_code == 302
    two = Game.objects.get(created_by=bob)  # not ann's table of four: a table of two
    assert (two.seats_count, two.rated, two.days_per_move) == (2, False, 2)
    assert two.offered_until is not None  # offered first to players near bob's rating
    cy = UserFactory(username="cy")
    client.force_login(cy)
    response = client.post("/tables/quick", {**form, "seats": "4", "rated": "casual"})
    assert set(four.seats.values_list("user__username", flat=True)) == {"ann", "cy"}
    response = client.post("/tables/quick", {**form, "seats": "3", "rated": "casual"})
    assert response.status_code == 400  # Xeri is not played by three: said by the field
    assert "Classic is played by 2 or 4 players." in response.content.decode()


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
