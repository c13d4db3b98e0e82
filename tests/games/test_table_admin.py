"""The admin at tables of any size: the game list's players, score and result from the
seat rows (no query per game), the seats under a game, a user's recent games, and no hidden
card for a moderator who sits at the table."""

import random
import re
from html import unescape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import Game, GameAction, GameSeat
from games.selectors import game_state
from tests.factories import UserFactory, start_table
from tests.games.table_helpers import finish_table
from tests.moderation.admin_fixtures import admin_url, login_as, make_moderator

pytestmark = pytest.mark.django_db

MINUS = "\N{MINUS SIGN}"


def people(*names):
    return [UserFactory(username=name) for name in names]


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def list_row(html, game) -> str:
    """The visible text of the change list's row of ``game``."""
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S):
        if f'href="/admin/games/game/{game.pk}/change/' in row:
            return text(row)
    raise AssertionError(f"no row for game {game.pk}")


@pytest.fixture
def tables():
    ann, bob, cy, dee, eve = people("ann", "bob", "cy", "dee", "eve")
    return {
        "three": start_table("tally", "open", [ann, bob, cy], seed="three"),
        "five": finish_table(
            start_table("tally", "open", [ann, bob, cy, dee, eve], seed="five"),
            [4, -3, 9, 9, -8],
            [3, 4, 1, 1, 5],
        ),
        "partners": finish_table(
            start_table("tally", "partners", [ann, bob, cy, dee], seed="pairs"),
            [6, -2, 6, -2],
            [1, 2, 1, 2],
        ),
        "duel": finish_table(start_table("tally", "duel", [dee, eve], seed="duel"), [3, 3], [1, 1]),
    }


def test_the_game_list_names_every_seat_the_score_and_the_winners(client, tables):
    login_as(client, make_moderator("mona"))

    html = client.get(admin_url("games_game_changelist")).content.decode()

    assert "ann, bob, cy In play – –" in list_row(html, tables["three"])
    five = list_row(html, tables["five"])
    assert "ann, bob, cy, dee, eve" in five
    assert f"ann 4 · bob {MINUS}3 · cy 9 · dee 9 · eve {MINUS}8" in five
    assert "cy and dee won" in five
    partners = list_row(html, tables["partners"])
    assert "ann & cy v bob & dee" in partners and "ann and cy won" in partners
    duel = list_row(html, tables["duel"])
    assert "dee v eve" in duel and "3–3" in duel and "Draw" in duel


def test_a_game_is_found_by_any_player_at_its_table(client, tables):
    login_as(client, make_moderator("mona"))
    url = admin_url("games_game_changelist")

    found = client.get(url, {"q": "eve"}).context["cl"].result_list

    assert {game.pk for game in found} == {tables["five"].pk, tables["duel"].pk}


def test_ten_seat_games_add_no_query_to_the_game_list(client, django_assert_max_num_queries):
    users = [UserFactory(username=f"u{i}") for i in range(10)]
    login_as(client, make_moderator("mona"))
    start_table("tally", "open", users, seed="q0")
    url = admin_url("games_game_changelist")
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    for n in range(1, 6):
        finish_table(start_table("tally", "open", users, seed=f"q{n}"), [0] * 10, [1] * 10)

    with django_assert_max_num_queries(len(queries)):
        response = client.get(url)
    assert len(response.context["cl"].result_list) == 6


def test_the_seats_of_a_table_are_listed_read_only_under_the_game(client):
    mona = make_moderator("mona")
    ann, bob, cy = people("ann", "bob", "cy")
    game = start_table("tally", "partners", [ann, bob, cy, mona], seed="inline")
    GameSeat.objects.filter(game=game, position=1).update(score=-2, status="resigned")
    login_as(client, mona)

    html = client.get(admin_url("games_game_change", game.pk)).content.decode()

    seats = html.split('id="seats-group"', 1)[1].split("</fieldset>", 1)[0]
    rows = [
        text(row) for row in re.findall(r'<tr class="form-row[^"]*"[^>]*>(.*?)</tr>', seats, re.S)
    ]
    # Each row: the seat's name ("Game 15, seat 0: user 3"), then position, user, team, ...
    cells = [row.split(": user ", 1)[1].split()[1:4] for row in rows]
    assert cells == [["0", "ann", "0"], ["1", "bob", "1"], ["2", "cy", "0"], ["3", "mona", "1"]]
    assert f"{MINUS}2" in rows[1] or "-2" in rows[1]
    assert "Resigned" in rows[1] and "Playing" in rows[0]
    assert not re.search(r"<(input|select|textarea)(?![^>]*type=\"hidden\")", seats)
    assert "Hidden: you play in this game." in html


def play_moves(game, n, seed=0):
    rng = random.Random(seed)
    for _ in range(n):
        state = game_state(game)
        mover = game.players[state.to_move]
        game, _, _ = services.game_act(
            user=mover, game_id=game.pk, action=rng.choice(state.legal_actions()),
            expected_seq=game.n_actions,
        )  # fmt: skip
    return game


def test_a_moderator_at_a_table_sees_neither_its_cards_nor_its_log(client):
    mona = make_moderator("mona")
    bob, cy = people("bob", "cy")
    game = play_moves(start_table("tally", "open", [bob, mona, cy], seed="secret-tally"), 4)
    assert game.status == Game.Status.ACTIVE
    login_as(client, mona)

    page = client.get(admin_url("games_game_change", game.pk)).content.decode()
    listing = client.get(admin_url("games_gameaction_changelist")).content.decode()

    assert "Hidden: you play in this game." in page
    assert "secret-tally" not in page and 'id="actions-group"' not in page
    assert str(game) not in listing
    action = GameAction.objects.filter(game=game).first()
    assert client.get(admin_url("games_gameaction_change", action.pk)).status_code == 302
    login_as(client, make_moderator("otto"))
    assert str(game) in client.get(admin_url("games_gameaction_changelist")).content.decode()


def test_a_users_recent_games_read_from_their_seat(client, tables):
    login_as(client, UserFactory(username="root", is_staff=True, is_superuser=True))
    bob = GameSeat.objects.get(game=tables["five"], position=1).user

    html = text(client.get(admin_url("accounts_user_change", bob.pk)).content.decode())

    assert f"with ann, cy and 2 others Tally Open table, casual {MINUS}3, 4th of 5" in html
    assert (
        f"with your partner dee against ann and cy Tally Partners, casual lost {MINUS}2 to 6"
        in (html)
    )
    assert "with ann and cy Tally Open table, casual in play" in html


def test_a_games_change_page_shows_its_seats_at_any_size(client):
    mona = make_moderator("mona")
    bob, cy = people("bob", "cy")
    table = start_table("tally", "open", [bob, mona, cy], seed="columns")
    duel = start_table("tally", "duel", [mona, bob], seed="pair")
    login_as(client, mona)

    html = client.get(admin_url("games_game_change", table.pk)).content.decode()
    pair = client.get(admin_url("games_game_change", duel.pk)).content.decode()

    for page in (html, pair):
        assert "field-seats_count" in page and 'id="seats-group"' in page
        assert "field-player0" not in page and "field-winner" not in page
