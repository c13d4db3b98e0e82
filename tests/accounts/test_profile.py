"""Public profiles: results per variant, rating, rating chart, recent games; bots; 404s."""

import re

import pytest

from accounts.models import User
from games.models import Game
from ratings.models import Rating
from tests.factories import UserFactory, play_random, start_game
from tests.ratings.helpers import finished_game

pytestmark = pytest.mark.django_db


def record_counts(html, variant):
    """{"Played": n, ...} from the profile's card for ``variant``."""
    card = html.split(f'id="record-{variant}"', 1)[1].split("</article>", 1)[0]
    return {dt: int(dd) for dt, dd in re.findall(r"<dt>(\w+)</dt><dd>(\d+)</dd>", card)}


@pytest.fixture
def players():
    ann, ben, cid = (UserFactory(username=n) for n in ("ann", "ben", "cid"))
    finished_game(ann, ben, winner=0, seed="1")
    finished_game(ben, ann, winner=0, seed="2")  # ann in seat 1 loses
    finished_game(cid, ann, winner=1, seed="3", rated=False)  # ann in seat 1 wins, casual
    finished_game(ann, cid, winner=None, variant="talon", scores=(14, 14), seed="4")
    finished_game(ann, cid, winner=0, variant="talon", scores=(22, 9), seed="5")
    start_game(ann, ben, seed="still-playing")  # an active game is not a result yet
    return ann, ben, cid


def test_profile_counts_results_per_variant(client, players):
    response = client.get("/players/ann/")

    assert response.status_code == 200
    html = response.content.decode()
    assert record_counts(html, "standard") == {"Played": 3, "Won": 2, "Lost": 1}
    assert record_counts(html, "talon") == {"Played": 2, "Won": 1, "Lost": 0, "Drawn": 1}
    standard = Rating.objects.get(user=players[0], variant="standard")
    assert standard.games == 2  # the casual game is not rated
    assert f'<span class="rating-value">{standard.display}</span>' in html
    assert "Joined" in html


def test_profile_draws_one_rating_chart_per_rated_variant(client, players):
    html = client.get("/players/ann/").content.decode()

    labels = re.findall(r'<svg class="rating-chart"[^>]*role="img" aria-label="([^"]+)"', html)
    ann = players[0]
    standard = round(Rating.objects.get(user=ann, variant="standard").rating)
    talon = round(Rating.objects.get(user=ann, variant="talon").rating)
    assert labels == [
        f"Rating history: 1500 to {standard} over 2 games",
        f"Rating history: 1500 to {talon} over 2 games",
    ]
    assert html.count("<title>Rating history:") == 2
    # 2 games: 3 points on the line
    points = re.search(r'<polyline class="rating-chart-line" points="([^"]+)"', html).group(1)
    assert len(points.split()) == 3


def test_recent_games_link_to_game_replay_and_opponent(client, players):
    html = client.get("/players/ann/").content.decode()

    recent = html.split('id="recent-heading"', 1)[1]
    finished = Game.objects.filter(status=Game.Status.FINISHED)
    assert recent.count("<tr>") == 1 + finished.count()  # header + one row per game
    for game in finished:
        assert f'href="/games/{game.pk}/"' in recent
        assert f'href="/games/{game.pk}/replay/"' in recent
    assert 'href="/players/cid/"' in recent
    assert "casual" in recent
    assert 'href="/players/ann/history/"' in html


def test_a_new_player_has_an_empty_profile(client):
    UserFactory(username="newbie")

    html = client.get("/players/newbie/").content.decode()

    assert record_counts(html, "standard") == {"Played": 0, "Won": 0, "Lost": 0}
    assert "No rated games yet." in html
    assert "<svg" not in html
    assert "has not finished a game yet" in html


def test_challenge_button_for_others_but_not_on_your_own_profile(client):
    ann = UserFactory(username="ann")
    UserFactory(username="ben")

    assert 'href="/lobby/?opponent=ben"' in client.get("/players/ben/").content.decode()
    client.force_login(ann)
    assert 'href="/lobby/?opponent=ben"' in client.get("/players/ben/").content.decode()
    own = client.get("/players/ann/").content.decode()
    assert "Challenge this player" not in own
    assert 'href="/accounts/email/"' in own


def test_bot_profile_says_bot_and_level(client):
    User.objects.create_user("bot-heuristic", is_bot=True, bot_level="heuristic")

    html = client.get("/players/bot-heuristic/").content.decode()

    assert "Bot (Casual)" in html


def test_unknown_player_is_404(client):
    assert client.get("/players/nobody/").status_code == 404
    assert client.get("/players/nobody/history/").status_code == 404


def test_username_in_other_letter_case_redirects(client):
    UserFactory(username="Ann")

    response = client.get("/players/ann/")

    assert response.status_code == 301
    assert response["Location"] == "/players/Ann/"


def test_profile_of_a_random_game_matches_the_game(client):
    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    game = play_random(start_game(ann, ben, variant="talon", seed="r"), seed=3)

    html = client.get("/players/ben/").content.decode()

    counts = record_counts(html, "talon")
    assert counts["Played"] == 1
    expected = "Won" if game.winner == 1 else ("Drawn" if game.winner is None else "Lost")
    assert counts[expected] == 1
    assert f"{game.scores[1]}–{game.scores[0]}" in html  # ben's score first
