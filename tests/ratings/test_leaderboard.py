"""The leaderboards: best first, only players with rated games, bots marked, one per game
and variant; the old per-variant addresses redirect for good."""

import re

import pytest

from accounts.models import User
from games import registry
from ratings.models import Rating
from ratings.services import ratings_apply_outcome
from tests.factories import UserFactory, start_game
from tests.ratings.helpers import finished_game

pytestmark = pytest.mark.django_db


def board_rows(response):
    """(rank, player, rating, games) for each row of the leaderboard table."""
    html = response.content.decode()
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = []
    for row in re.findall(r"<tr.*?</tr>", body, re.DOTALL):
        cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td.*?</td>", row, re.S)]
        rows.append((int(cells[0]), " ".join(cells[1].split()), cells[2], int(cells[4])))
    return rows


def test_best_first_with_ranks_and_exclusions(client):
    ann, ben, cid = (
        UserFactory(username="ann"),
        UserFactory(username="ben"),
        UserFactory(username="cid"),
    )
    UserFactory(username="idle")  # never played
    casual = UserFactory(username="casual")
    bot = User.objects.create_user("bot-random", is_bot=True, bot_level="random")
    finished_game(ann, ben, winner=0, seed="1")
    finished_game(ann, cid, winner=0, seed="2")
    # Bots do not play yet: give this one the rating a won game would.
    Rating.objects.create(user=bot, variant="standard", rating=1662, deviation=290, games=1)
    finished_game(casual, ann, winner=0, rated=False, seed="4")
    finished_game(ben, cid, winner=0, variant="talon", seed="5")

    response = client.get("/leaderboard/xix/standard/")

    assert response.status_code == 200
    rows = board_rows(response)
    names = [name for _, name, _, _ in rows]
    assert names[0] == "ann"
    assert set(names) == {"ann", "bot-random Bot", "ben", "cid"}
    assert [rank for rank, *_ in rows] == [1, 2, 3, 4]
    ratings = [float(r.rstrip("?")) for _, _, r, _ in rows]
    assert ratings == sorted(ratings, reverse=True)
    assert all(r.endswith("?") for _, _, r, _ in rows)  # a handful of games: provisional
    assert {n: g for _, n, _, g in rows} == {"ann": 2, "bot-random Bot": 1, "ben": 1, "cid": 1}
    assert 'href="/players/ann/"' in response.content.decode()


def test_each_variant_has_its_own_board_and_tabs(client, xix_alone):
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    finished_game(ann, ben, winner=1, variant="talon", scores=(10, 21))

    talon = client.get("/leaderboard/xix/talon/")
    standard = client.get("/leaderboard/xix/standard/")

    assert [name for _, name, _, _ in board_rows(talon)] == ["ben", "ann"]
    assert "Nobody has finished a rated standard game yet." in standard.content.decode()
    html = talon.content.decode()
    assert '<a class="tab" href="/leaderboard/xix/talon/" aria-current="page">Talon</a>' in html
    assert '<a class="tab" href="/leaderboard/xix/standard/">Standard</a>' in html
    # With XIX the only game, the page reads as it did before games had kinds.
    assert "<title>Leaderboard: Talon" in html
    assert "<caption>Talon ratings (Glicko-2), best first</caption>" in html
    assert 'aria-label="Games"' not in html


def test_leaderboard_without_variant_redirects_to_xix_standard(client):
    response = client.get("/leaderboard/")
    assert response.status_code == 302
    assert response["Location"] == "/leaderboard/xix/standard/"


@pytest.mark.parametrize("variant", ["standard", "talon"])
def test_the_old_addresses_move_for_good_keeping_the_page(client, variant):
    response = client.get(f"/leaderboard/{variant}/?page=2")
    assert response.status_code == 301
    assert response["Location"] == f"/leaderboard/xix/{variant}/?page=2"
    assert client.get(f"/leaderboard/{variant}/")["Location"] == f"/leaderboard/xix/{variant}/"


def test_a_game_alone_goes_to_its_first_variant(client):
    response = client.get("/leaderboard/xix/")
    assert response.status_code == 302
    assert response["Location"] == "/leaderboard/xix/standard/"


@pytest.mark.parametrize(
    "url", ["/leaderboard/poker/", "/leaderboard/xix/poker/", "/leaderboard/poker/standard/"]
)
def test_unknown_games_and_variants_are_404(client, url):
    assert client.get(url).status_code == 404


def test_deactivated_players_are_left_out(client):
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    finished_game(ann, ben, winner=0)
    User.objects.filter(pk=ben.pk).update(is_active=False)

    assert [name for _, name, _, _ in board_rows(client.get("/leaderboard/xix/standard/"))] == [
        "ann"
    ]


def test_the_leaderboard_is_paged(client):
    for i in range(55):
        user = UserFactory(username=f"p{i:02}")
        Rating.objects.create(user=user, variant="standard", rating=2000 - i, deviation=60, games=9)

    first = client.get("/leaderboard/xix/standard/")
    second = client.get("/leaderboard/xix/standard/?page=2")
    junk = client.get("/leaderboard/xix/standard/?page=zzz")

    assert len(board_rows(first)) == 50
    assert board_rows(first)[0] == (1, "p00", "2000", 9)
    assert board_rows(second)[0] == (51, "p50", "1950", 9)
    assert len(board_rows(second)) == 5
    assert junk.status_code == 200 and board_rows(junk)[0][0] == 1


def play_party(variant, entries):
    game = start_game(UserFactory(), UserFactory(), seed=f"party-{variant}")
    return ratings_apply_outcome(game=game, kind="party", variant=variant, entries=entries)


def test_each_game_and_variant_has_its_own_board(client, party):
    ann, ben, cid = (UserFactory(username=n) for n in ("ann", "ben", "cid"))
    play_party("free", [(ann, None, 2), (ben, None, 3), (cid, None, 1)])
    finished_game(ann, ben, winner=0, seed="x")

    free = client.get("/leaderboard/party/free/")
    xix = client.get("/leaderboard/xix/standard/")

    assert [name for _, name, _, _ in board_rows(free)] == ["cid", "ann", "ben"]
    assert [name for _, name, _, _ in board_rows(xix)] == ["ann", "ben"]
    html = free.content.decode()
    assert "<caption>Party Free for all ratings (openskill), best first</caption>" in html
    assert "<title>Leaderboard: Party Free for all" in html
    # Once the site has several games, a row of games above each game's variants.
    games = html.split('aria-label="Games"', 1)[1].split("</nav>", 1)[0]
    assert '<a class="tab" href="/leaderboard/xix/standard/">XIX</a>' in games
    assert '<a class="tab" href="/leaderboard/party/duel/" aria-current="page">Party</a>' in games
    variants = html.split('aria-label="Variants"', 1)[1].split("</nav>", 1)[0]
    assert variants.count('class="tab"') == 3
    assert '<a class="tab" href="/leaderboard/party/free/" aria-current="page">' in variants
    assert "XIX Standard ratings (Glicko-2)" in xix.content.decode()
    pairs = client.get("/leaderboard/party/pairs/").content.decode()
    assert "Nobody has finished a rated Party pairs game yet." in pairs
    assert client.get("/leaderboard/party/")["Location"] == "/leaderboard/party/duel/"
    assert client.get("/leaderboard/party/standard/").status_code == 404


def test_an_openskill_board_reads_like_a_glicko_board(client, party):
    ann, ben, cid, dot = (UserFactory(username=n) for n in ("ann", "ben", "cid", "dot"))
    play_party("pairs", [(ann, 0, 1), (ben, 1, 2), (cid, 0, 1), (dot, 1, 2)])

    rows = board_rows(client.get("/leaderboard/party/pairs/"))

    assert {name for _, name, _, _ in rows[:2]} == {"ann", "cid"}
    ratings = [float(rating.rstrip("?")) for _, _, rating, _ in rows]
    assert ratings[0] == ratings[1] > 1500 > ratings[2] == ratings[3]
    assert all(rating.endswith("?") for _, _, rating, _ in rows)  # one game: provisional
    assert [games for *_, games in rows] == [1, 1, 1, 1]


def test_an_engine_without_pages_gets_no_leaderboard(client, monkeypatch):
    """An engine registered (records, the arena) that the site does not serve (Xeri here,
    as it was before its pages): no board, no tab, no redirect to one."""
    monkeypatch.setattr(registry, "SERVED", ["xix"])
    assert "xeri" in registry.ENGINES and "xeri" not in registry.served()
    assert client.get("/leaderboard/xeri/classic/").status_code == 404
    assert client.get("/leaderboard/xeri/").status_code == 404
    page = client.get("/leaderboard/xix/standard/")
    assert page.status_code == 200
    assert b"Xeri" not in page.content and b"Tally" not in page.content
