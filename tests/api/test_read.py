"""The read API: the account, a player's profile and ratings, their finished games as
records (paginated, by game and date, never a game in play nor a private one to others),
one game's record, leaderboards, the games and their seat counts, the watch list, and the
OpenAPI description with its interactive docs."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import registry
from games.models import Game
from ratings.models import Rating
from tests.api.helpers import api, token_for
from tests.factories import UserFactory, play_random, start_game
from tests.games.table_helpers import finish_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def people():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    return alice, bob, api(token_for(alice, "read"))


def test_my_account_and_a_players_profile_with_ratings(people):
    alice, bob, client = people
    Rating.objects.create(user=bob, kind="xix", variant="standard", rating=1612.34, games=3)
    Rating.objects.create(user=bob, kind="xix", variant="talon", rating=1500, games=0)
    me = client.get("/api/account").json()
    assert me["username"] == "alice" and me["scopes"] == ["read"] and me["bot"] is False
    profile = client.get("/api/users/BOB").json()  # any letter case
    assert profile["username"] == "bob"
    assert profile["ratings"] == [
        {"game": "xix", "variant": "standard", "rating": 1612.3, "deviation": 350.0, "games": 3}
    ]
    missing = client.get("/api/users/nobody")
    assert missing.status_code == 404 and missing.json()["detail"]


def test_a_players_finished_games_are_records_by_page_game_and_date(people, clock):
    alice, bob, client = people
    done = [play_random(start_game(alice, bob, seed=f"read-{n}"), seed=n) for n in range(3)]
    live = start_game(alice, bob, seed="read-live")
    assert all(game.is_over for game in done) and not live.is_over
    old = done[0]
    Game.objects.filter(pk=old.pk).update(finished_at=timezone.now() - timedelta(days=40))
    first = client.get("/api/users/bob/games?per_page=2").json()
    assert (first["count"], first["pages"], first["page"]) == (3, 2, 1)
    second = client.get("/api/users/bob/games?per_page=2&page=2").json()
    ids = [r["game"].rsplit("/", 2)[-2] for r in first["games"] + second["games"]]
    assert sorted(map(int, ids)) == sorted(game.pk for game in done)  # never the live one
    record = second["games"][0]
    assert record["format"] == "xix/1" and record["players"] == ["alice", "bob"]
    assert registry.check_record(record)["ok"]
    since = (timezone.now() - timedelta(days=7)).date().isoformat()
    recent = client.get(f"/api/users/bob/games?since={since}").json()
    assert recent["count"] == 2
    until = (timezone.now() - timedelta(days=30)).date().isoformat()
    assert client.get(f"/api/users/bob/games?until={until}").json()["count"] == 1
    assert client.get("/api/users/bob/games?game=xeri").json()["count"] == 0
    assert client.get("/api/users/bob/games?game=xix&variant=standard").json()["count"] == 3
    assert client.get("/api/users/bob/games?game=chess").status_code == 400
    assert client.get("/api/users/bob/games?variant=standard").status_code == 400
    assert client.get("/api/users/bob/games?page=0").status_code == 422
    assert client.get("/api/users/bob/games?page=9").json()["games"] == []


def test_one_games_record_only_once_over_and_private_games_to_their_people(people):
    alice, bob, client = people
    live = start_game(alice, bob, seed="one-live")
    refused = client.get(f"/api/games/{live.pk}/record")
    assert refused.status_code == 403 and "still being played" in refused.json()["detail"]
    from games import tables

    private = tables.table_create(
        user=alice,
        kind="xix",
        variant="standard",
        seats=2,
        days_per_move=3,
        rated=False,
        invited=[bob],
    )
    tables.table_join(user=bob, game_id=private.pk)
    finish_table(private, [1, 0], [1, 2])
    assert client.get(f"/api/games/{private.pk}/record").status_code == 200
    carol = api(token_for(UserFactory(username="carol"), "read"))
    assert carol.get(f"/api/games/{private.pk}/record").status_code == 404
    assert carol.get("/api/users/alice/games").json()["count"] == 0
    assert client.get("/api/users/alice/games").json()["count"] == 1


def test_leaderboards_games_and_the_watch_list(people):
    alice, bob, client = people
    Rating.objects.create(user=alice, kind="xix", variant="standard", rating=1700, games=2)
    Rating.objects.create(user=bob, kind="xix", variant="standard", rating=1600, games=2)
    board = client.get("/api/leaderboards/xix/standard").json()
    assert [(p["rank"], p["username"]) for p in board["players"]] == [(1, "alice"), (2, "bob")]
    assert client.get("/api/leaderboards/xix/none").status_code == 404
    games = {g["key"]: g for g in client.get("/api/games").json()}
    assert list(games) == registry.served()
    for key, info in registry.rules("xeri").variants.items():
        listed = next(v for v in games["xeri"]["variants"] if v["key"] == key)
        assert listed["seat_counts"] == list(info.seat_counts)
    live = start_game(alice, bob, seed="watched")
    watched = client.get("/api/watch").json()
    assert [(w["id"], w["players"]) for w in watched] == [(live.pk, ["alice", "bob"])]
    assert set(watched[0]) == {"id", "game", "variant", "seats", "players", "n_actions", "to_move"}


def test_the_openapi_description_and_its_docs_are_served():
    schema = api().get("/api/schema/")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    for path in ("/api/bot/game/{game_id}/act", "/api/stream/event", "/api/users/{username}/games"):
        assert path in paths
    assert "bearer" in str(schema.json()["components"]["securitySchemes"]).lower()
    docs = api().get("/api/docs/")
    assert docs.status_code == 200 and "swagger-ui" in docs.content.decode()


def test_docs_api_md_shows_every_endpoint_of_the_schema():
    """docs/api.md is kept current: each path of the generated description appears in it
    (with ids for its parameters; the board endpoints as the bot ones, "the same
    endpoints")."""
    import re

    from tests.nodes import ROOT

    text = (ROOT / "docs" / "api.md").read_text()
    paths = api().get("/api/schema/").json()["paths"]
    missing = []
    for path in paths:
        shown = path.replace("/api/board/", "/api/bot/")
        pattern = re.sub(r"\\\{[a-z_]+\\\}", r"[^/\\s\"'?]+", re.escape(shown))
        if not re.search(pattern + r"(?![\w/])", text):
            missing.append(path)
    assert missing == []
