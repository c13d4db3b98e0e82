"""The leaderboard: best first, only players with rated games, bots marked, per variant."""

import re

import pytest

from accounts.models import User
from ratings.models import Rating
from tests.factories import UserFactory
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

    response = client.get("/leaderboard/standard/")

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


def test_each_variant_has_its_own_board_and_tabs(client):
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    finished_game(ann, ben, winner=1, variant="talon", scores=(10, 21))

    talon = client.get("/leaderboard/talon/")
    standard = client.get("/leaderboard/standard/")

    assert [name for _, name, _, _ in board_rows(talon)] == ["ben", "ann"]
    assert "Nobody has finished a rated standard game yet." in standard.content.decode()
    html = talon.content.decode()
    assert '<a class="tab" href="/leaderboard/talon/" aria-current="page">Talon</a>' in html
    assert '<a class="tab" href="/leaderboard/standard/">Standard</a>' in html


def test_leaderboard_without_variant_redirects_to_standard(client):
    response = client.get("/leaderboard/")
    assert response.status_code == 302
    assert response["Location"] == "/leaderboard/standard/"


def test_unknown_variant_is_404(client):
    assert client.get("/leaderboard/poker/").status_code == 404


def test_deactivated_players_are_left_out(client):
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    finished_game(ann, ben, winner=0)
    User.objects.filter(pk=ben.pk).update(is_active=False)

    assert [name for _, name, _, _ in board_rows(client.get("/leaderboard/standard/"))] == ["ann"]


def test_the_leaderboard_is_paged(client):
    for i in range(55):
        user = UserFactory(username=f"p{i:02}")
        Rating.objects.create(user=user, variant="standard", rating=2000 - i, deviation=60, games=9)

    first = client.get("/leaderboard/standard/")
    second = client.get("/leaderboard/standard/?page=2")
    junk = client.get("/leaderboard/standard/?page=zzz")

    assert len(board_rows(first)) == 50
    assert board_rows(first)[0] == (1, "p00", "2000", 9)
    assert board_rows(second)[0] == (51, "p50", "1950", 9)
    assert len(board_rows(second)) == 5
    assert junk.status_code == 200 and board_rows(junk)[0][0] == 1
