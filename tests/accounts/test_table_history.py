"""The match history and the profile at tables of any size: each game with the others at
the table, the game and variant, the place and the signed score; results filtered and
counted per (game, variant) from the seat rows; no query per game however many seats."""

import re
from html import unescape

import pytest

from games import registry
from games.models import GameSeat
from tests.factories import UserFactory, start_table
from tests.games.table_helpers import finish_table
from tests.ratings.helpers import finished_game

pytestmark = pytest.mark.django_db

MINUS = "\N{MINUS SIGN}"


@pytest.fixture
def tally_served(monkeypatch):
    """The test game among the games the site serves, so it has boards and filters."""
    monkeypatch.setattr(registry, "SERVED", ["xix", "tally"])


@pytest.fixture
def tables():
    ann, bob, cy, dee, eve = (UserFactory(username=n) for n in ("ann", "bob", "cy", "dee", "eve"))
    five = [ann, bob, cy, dee, eve]
    return {
        "people": five,
        # ann 2nd of 5 with a negative score
        "second": finish_table(
            start_table("tally", "open", five, seed="a"), [4, -3, 9, 0, -8], [2, 3, 1, 4, 5]
        ),
        # ann first alone of 3
        "first": finish_table(
            start_table("tally", "open", [cy, ann, bob], seed="b"), [1, 7, 2], [3, 1, 2]
        ),
        # ann shares first of 3
        "shared": finish_table(
            start_table("tally", "open", [ann, bob, dee], seed="c"), [5, 5, 1], [1, 1, 3]
        ),
        # ann's side wins with her partner (a win, not a shared first)
        "partners": finish_table(
            start_table("tally", "partners", [ann, bob, cy, dee], seed="d"),
            [6, -2, 6, -2],
            [1, 2, 1, 2],
        ),
        # ann left a table: ranked last
        "left": finish_table(
            start_table("tally", "open", [bob, cy, ann], seed="e"), [3, 1, 0], [1, 2, 3],
            left={2: GameSeat.Status.TIMED_OUT},
        ),
        "xix": finished_game(ann, bob, winner=0, seed="f"),
    }  # fmt: skip


def game_ids(html):
    return [int(i) for i in re.findall(r'<a href="/games/(\d+)/" aria-label', html)]


def row_text(html, game):
    """The visible text of the history table's row of ``game``."""
    for row in re.findall(r"<tr>(.*?)</tr>", html, re.S):
        if f'href="/games/{game.pk}/"' in row:
            return " ".join(unescape(re.sub(r"<[^>]+>", " ", row)).split())
    raise AssertionError(f"no row for game {game.pk}")


def test_each_table_reads_from_the_players_side(client, tables, tally_served):
    html = client.get("/players/ann/history/").content.decode()

    second = row_text(html, tables["second"])
    assert "With bob, cy and 2 others" in second
    assert "Tally Open table" in second
    assert "2nd of 5 (every card in hand has been played) 4, 2nd of 5" in second
    assert "Shared 1st of 3" in row_text(html, tables["shared"])
    partners = row_text(html, tables["partners"])
    assert "With your partner cy against bob and dee" in partners
    assert f"Won (every card in hand has been played) 6 to {MINUS}2" in partners
    assert "3rd of 3" in row_text(html, tables["left"])
    assert "bob" in row_text(html, tables["xix"]) and "Won" in row_text(html, tables["xix"])
    assert f'aria-label="Game {tables["second"].pk} with bob, cy and 2 others"' in html
    bob_html = client.get("/players/bob/history/").content.decode()
    assert f"{MINUS}3, 3rd of 5" in row_text(bob_html, tables["second"])


@pytest.mark.parametrize(
    "query, expected",
    [
        ("result=won", ["first", "partners", "xix"]),
        ("result=drawn", ["shared"]),
        ("result=lost", ["second", "left"]),
        ("variant=tally-open", ["second", "first", "shared", "left"]),
        ("variant=tally-partners&result=won", ["partners"]),
        ("variant=standard", ["xix"]),
    ],
)
def test_results_and_variants_filter_tables_of_any_size(
    client, tables, tally_served, query, expected
):
    response = client.get(f"/players/ann/history/?{query}")

    assert response.status_code == 200
    assert sorted(game_ids(response.content.decode())) == sorted(tables[n].pk for n in expected)


def test_the_partner_sees_the_same_win_and_the_others_a_loss(client, tables, tally_served):
    won = game_ids(client.get("/players/cy/history/?result=won").content.decode())
    lost = game_ids(client.get("/players/dee/history/?result=lost").content.decode())
    assert tables["partners"].pk in won and tables["partners"].pk in lost


def test_a_game_the_site_does_not_serve_is_not_a_filter(client, tables):
    response = client.get("/players/ann/history/?variant=tally-open")
    assert response.status_code == 400


def record_counts(html, key):
    body = html.split(f'id="record-{key}"', 1)[1].split("</article>", 1)[0]
    return dict(re.findall(r"<dt>([\w ]+)</dt><dd>(\d+)</dd>", body))


def test_the_profile_counts_places_per_game_and_variant(client, tables, tally_served):
    html = client.get("/players/ann/").content.decode()

    assert record_counts(html, "tally-open") == {
        "Played": "4", "1st places": "1", "Shared 1st": "1", "Lower places": "2",
    }  # fmt: skip
    # Partners may sit three sides of two (six seats): places, a side's win a 1st place.
    assert record_counts(html, "tally-partners") == {
        "Played": "1", "1st places": "1", "Shared 1st": "0", "Lower places": "0",
    }  # fmt: skip
    assert record_counts(html, "standard") == {"Played": "1", "Won": "1", "Lost": "0"}
    assert 'href="/players/ann/history/?variant=tally-open">Tally Open table games</a>' in html
    assert "record-tally-duel" not in html  # never played, no rating: no card
    recent = " ".join(
        unescape(re.sub(r"<[^>]+>", " ", html.split('id="recent-heading"')[1])).split()
    )
    assert "Tally Open table" in recent and "4, 2nd of 5" in recent


def test_ten_seat_tables_add_no_query_to_the_history_or_the_profile(
    client, django_assert_max_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    users = [UserFactory(username=f"u{i}") for i in range(10)]
    finish_table(
        start_table("tally", "open", users, seed="q0"), list(range(10)), list(range(1, 11))
    )
    counted = {}
    for url in ("/players/u0/history/", "/players/u0/"):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counted[url] = len(queries)
    for n in range(1, 6):
        finish_table(start_table("tally", "open", users, seed=f"q{n}"), [0] * 10, [1] * 10)

    for url, most in counted.items():
        with django_assert_max_num_queries(most):
            html = client.get(url).content.decode()
        assert len(game_ids(html)) == 6
