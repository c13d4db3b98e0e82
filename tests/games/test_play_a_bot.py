"""The lobby's "Play a bot": any served game and variant against bots of one level, which
fill every seat but the player's and answer at once."""

import re

import pytest

from accounts.models import User
from games import registry
from games.models import Game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def hugo(client):
    user = UserFactory(username="hugo")
    client.force_login(user)
    return user


def bot(level):
    return UserFactory(username=f"bot-{level}", is_bot=True, bot_level=level)


def post(client, capture, **data):
    with capture(execute=True):
        return client.post("/bots/play", {"days_per_move": "3", **data})


def test_each_bot_offers_the_chosen_games_variants_alone(client, hugo):
    """The one form of the lobby (issue 32, item 19) offers the chosen game's variants
    alone, and its levels with a bot to play them; a level without a bot is shown, not
    offered."""
    for level in ("random", "heuristic"):
        bot(level)
    for kind in registry.served():
        page = client.get(f"/lobby/?game={kind}").content.decode()
        form = page[page.index('id="lobby-form"') : page.index('id="table-lists"')]
        for level, name in (("random", "Beginner"), ("heuristic", "Casual")):
            radio = re.search(rf'<input type="radio" name="level" value="{level}"[^>]*>', form)
            assert radio and "disabled" not in radio.group(0), (kind, level)
            assert f'<span class="bot-level-name">{name}</span>' in form
        assert re.search(r'name="level" value="strong"[^>]* disabled', form)
        variants = re.findall(r'<option value="([a-z]+/[a-z0-9]+)"', form)
        assert variants == [f"{kind}/{variant}" for variant in registry.rules(kind).variants]
    page = client.get("/lobby/").content.decode()
    # XIX against one bot, the Beginner, is what the form proposes first.
    assert page.count('<option value="xix/standard" selected') == 1
    assert re.search(r'name="level" value="random"[^>]* checked', page)


def test_a_table_of_four_against_three_bots_begins_at_once(
    client, hugo, django_capture_on_commit_callbacks
):
    bot("heuristic")
    response = post(
        client,
        django_capture_on_commit_callbacks,
        level="heuristic",
        game="xactika/bid",
        seats="4",
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.status == Game.Status.ACTIVE and not game.rated
    assert (game.kind, game.variant, game.seats_count) == ("xactika", "bid", 4)
    bots = [player for player in game.players if player != hugo]
    assert len(bots) == 3 and all(b.is_bot and b.bot_level == "heuristic" for b in bots)
    assert len({b.pk for b in bots}) == 3  # a second and third account of the level
    # The bots have played up to hugo's first turn.
    assert game.players[game.to_move] == hugo
    page = client.get(response["Location"]).content.decode()
    assert "The game is on: you play with bot-heuristic" in page


def test_in_a_partnership_the_players_partner_is_a_bot_too(
    client, hugo, django_capture_on_commit_callbacks
):
    bot("random")
    post(client, django_capture_on_commit_callbacks, level="random", game="xeri/classic", seats="4")
    game = Game.objects.get()
    me = game.players.index(hugo)
    partner = game.players[(me + 2) % 4]
    page = client.get(game.get_absolute_url()).content.decode()
    assert f"you play with your partner {partner.username} against" in page


def test_xix_against_one_bot_reads_as_before(client, hugo, django_capture_on_commit_callbacks):
    bot("random")
    response = post(
        client, django_capture_on_commit_callbacks, level="random", game="xix/talon", seats="2"
    )
    game = Game.objects.get()
    assert (game.kind, game.variant, game.status) == ("xix", "talon", Game.Status.ACTIVE)
    page = client.get(response["Location"]).content.decode()
    assert "Your game against bot-random has begun." in page


@pytest.mark.parametrize(
    "data, message",
    [
        ({"level": "random", "game": "xeri/classic", "seats": "3"}, "played by 2 or 4 players"),
        ({"level": "random", "game": "xix/standard", "seats": "4"}, "played by 2 players"),
        ({"level": "random", "game": "nope/x", "seats": "2"}, "Select a valid choice"),
        ({"level": "grandmaster", "game": "xix/standard", "seats": "2"}, "Select a valid choice"),
        ({"level": "random", "game": "xix/standard", "seats": "eleven"}, "Select a valid choice"),
    ],
)
def test_a_bad_choice_is_refused_with_its_reason_and_starts_nothing(
    client, hugo, django_capture_on_commit_callbacks, data, message
):
    bot("random")
    response = post(client, django_capture_on_commit_callbacks, **data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Game.objects.exists()


def test_a_level_the_game_has_no_bot_of_is_refused(
    client, hugo, django_capture_on_commit_callbacks, monkeypatch
):
    bot("strong")
    kind = "xeri"
    levels = tuple(level for level in registry.bots(kind).LEVELS if level != "strong")
    monkeypatch.setattr(registry.bots(kind), "LEVELS", levels)
    variant = next(iter(registry.rules(kind).variants))
    seats = registry.rules(kind).variants[variant].seat_counts[0]
    response = post(
        client,
        django_capture_on_commit_callbacks,
        level="strong",
        game=f"{kind}/{variant}",
        seats=str(seats),
    )
    assert response.status_code == 400
    assert f"{registry.rules(kind).name} has no Strong bot" in response.content.decode()
    assert not Game.objects.exists()


def test_bot_games_need_a_log_in_and_a_post(client):
    assert client.get("/bots/play").status_code == 405
    response = client.post("/bots/play", {"level": "random", "game": "xix/standard"})
    assert response.status_code == 302 and "/login" in response["Location"]
    assert not Game.objects.exists() and not User.objects.filter(is_bot=True).exists()
