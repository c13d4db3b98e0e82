"""Rated Xeri matches move their players' ratings on the Xeri Classic board, at two seats
(a match played to its end through the services) and in partnerships, and the leaderboard
lists them best first."""

import re

import pytest

from games.models import Game
from ratings.models import Rating
from ratings.services import ratings_apply_game
from tests.factories import start_table
from tests.games.fixtures_play import client_for, finish, people

pytestmark = pytest.mark.django_db


def board(client) -> list[str]:
    html = client.get("/leaderboard/xeri/classic/").content.decode()
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    names = [re.sub(r"<[^>]+>", "", row) for row in re.findall(r"<tr.*?</tr>", body, re.S)]
    return [" ".join(name.split()) for name in names], html


def test_rated_matches_at_two_and_four_seats_fill_the_xeri_board():
    pair = people(2, prefix="duo")
    game = finish(start_table("xeri", "classic", pair, seed="rated-2", rated=True), seed=3)
    # A partnership match as the site ends one: the seats' places, then the rating.
    team = people(4, prefix="team")
    other = start_table("xeri", "classic", team, seed="rated-4", rated=True)
    for seat in other.seats.all():
        seat.rank = 1 if seat.position % 2 else 2
        seat.save(update_fields=["rank"])
    Game.objects.filter(pk=other.pk).update(status=Game.Status.FINISHED)
    ratings_apply_game(game=Game.objects.get(pk=other.pk))
    assert game.status == Game.Status.FINISHED
    rows = {r.user.username: r for r in Rating.objects.filter(kind="xeri", variant="classic")}
    assert set(rows) == {user.username for user in [*pair, *team]}
    assert all(row.games == 1 for row in rows.values())
    ranks = {seat.user.username: seat.rank for seat in [*game.seats.all(), *other.seats.all()]}
    for names in (["duo0", "duo1"], ["team0", "team1"], ["team2", "team3"]):
        if ranks[names[0]] != ranks[names[1]]:  # the winner gained on the loser
            winner, loser = sorted(names, key=ranks.get)
            assert rows[winner].rating > rows[loser].rating
    # Partners share their side's result.
    assert rows["team0"].rating == rows["team2"].rating
    assert rows["team1"].rating == rows["team3"].rating
    listed, html = board(client_for(pair[0]))
    assert len(listed) == 6 and "Xeri Classic ratings" in html
    best = max(rows.values(), key=lambda row: row.rating).user.username
    assert best in listed[0]
