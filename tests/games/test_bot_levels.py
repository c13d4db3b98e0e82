"""Bot levels as a player meets them (issue 32, item 10): every game offers the same four
levels, named for people and listed from easy to hard; an expert game starts in every
game; each bot shows its rating for the chosen game."""

import re
from io import StringIO

import pytest
from django.core.management import call_command

from accounts.models import User
from games import registry, tables
from games.models import Game
from ratings.models import Rating
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

LEVELS = ["Beginner", "Casual", "Strong", "Expert"]


@pytest.fixture
def hugo(client):
    call_command("seed_demo", stdout=StringIO())  # the four bot accounts, as a site has them
    user = UserFactory(username="hugo")
    client.force_login(user)
    return user


def first_variant(kind: str) -> str:
    return next(iter(registry.rules(kind).variants))


def seat_counts(kind: str):
    return registry.rules(kind).variants[first_variant(kind)].seat_counts


def bot_cards(page: str) -> list[str]:
    """The levels of the lobby form's "Bots in the empty seats", in order."""
    section = page[page.index('id="lobby-form"') : page.index('id="table-lists"')]
    return section.split('<li class="bot-level">')[1:]


def card_title(card: str) -> str:
    return re.search(r'class="bot-level-name">([^<]+)<', card).group(1).strip()


def rating_shown(card: str) -> str:
    """The rating beside a level's name in the lobby form, for the variant chosen."""
    return re.search(r'class="bot-rating">([^<]+)<', card).group(1)


def test_the_lobby_lists_beginner_casual_strong_expert_for_every_game(client, hugo):
    for kind in registry.served():  # each game's rows, its card chosen
        cards = bot_cards(client.get(f"/lobby/?game={kind}").content.decode())
        offering = [card_title(c) for c in cards if "disabled" not in c]
        assert offering == LEVELS, kind
    page = client.get("/lobby/").content.decode()
    # The stored keys stay what bot accounts and old games hold.
    assert re.findall(r'name="level" value="(\w+)"', page) == [
        "random",
        "heuristic",
        "strong",
        "expert",
    ]


def test_add_a_bot_at_a_waiting_table_lists_the_four_levels_easy_to_hard(client, hugo):
    """Every game with tables of more than two (a waiting game of two is a challenge, which
    "Play a bot" answers: XIX is played by two only)."""
    tabled = [kind for kind in registry.served() if max(seat_counts(kind)) > 2]
    assert tabled == ["xeri", "xactika", "onexeno"]
    for kind in tabled:
        variant = first_variant(kind)
        seats = max(seat_counts(kind))
        game = tables.table_create(
            user=hugo, kind=kind, variant=variant, seats=seats, days_per_move=3, rated=False
        )
        for page in ("/lobby/", game.get_absolute_url()):
            html = client.get(page).content.decode()
            form = html[html.index(f'action="/tables/{game.pk}/bot"') :]
            select = form[: form.index("</select>")]
            names = re.findall(r">(\w+) · rating: unrated<", select)
            assert names == LEVELS, (kind, page)
        game.delete()


@pytest.mark.parametrize("kind", ["xix", "xeri", "xactika", "onexeno"])
def test_an_expert_game_starts_in_every_game(
    client, hugo, django_capture_on_commit_callbacks, settings, kind
):
    settings.BOT_EXPERT_ITERATIONS = 50  # XIX's expert budget; the others use their own
    variant = first_variant(kind)
    seats = registry.rules(kind).variants[variant].seat_counts[0]
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/bots/play",
            {"level": "expert", "game": f"{kind}/{variant}", "seats": seats, "days_per_move": 3},
        )
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert game.status == Game.Status.ACTIVE and (game.kind, game.variant) == (kind, variant)
    bots = [player for player in game.players if player != hugo]
    assert bots and all(bot.is_bot and bot.bot_level == "expert" for bot in bots)
    # The bots have played up to hugo's turn: the expert answers like any bot.
    assert game.players[game.to_move] == hugo
    page = client.get(game.get_absolute_url()).content.decode()
    assert "bot-expert" in page


def test_the_rating_shown_is_the_bots_rating_row(client, hugo):
    expert = User.objects.get(username="bot-expert")
    Rating.objects.create(
        user=expert, kind="xeri", variant="classic", rating=1612.4, deviation=60, games=12
    )
    Rating.objects.create(  # provisional: few games, a wide deviation
        user=expert, kind="xactika", variant="bid", rating=1498.6, deviation=300, games=2
    )

    def rows(query):
        page = client.get(f"/lobby/?{query}").content.decode()
        return {card_title(card): card for card in bot_cards(page)}

    assert rating_shown(rows("game=xeri")["Expert"]) == "1612"
    assert rating_shown(rows("game=xactika")["Expert"]) == "1499?"
    assert rating_shown(rows("game=xeri")["Strong"]) == "unrated"
    # The variant chosen: its own rating (none yet in Play to Win).
    assert rating_shown(rows("game=xactika&variant=win")["Expert"]) == "unrated"
    # The rating in the game chosen first (XIX standard): none yet.
    assert rating_shown(rows("")["Expert"]) == "unrated"

    table = tables.table_create(
        user=hugo, kind="xeri", variant="classic", seats=4, days_per_move=3, rated=False
    )
    page = client.get(table.get_absolute_url()).content.decode()
    assert '<option value="expert">Expert · rating: 1612</option>' in page
    assert '<option value="strong">Strong · rating: unrated</option>' in page

    profile = client.get("/players/bot-expert/").content.decode()
    assert "<dt>Xeri Classic</dt><dd>1612</dd>" in profile
    assert "<dt>Xactika Play to Bid</dt><dd>1499?</dd>" in profile
    assert "Beginner, Casual, Strong and Expert" in profile


def test_a_level_unknown_to_the_site_is_refused_by_its_name(client, hugo):
    game = tables.table_create(
        user=hugo, kind="xeri", variant="classic", seats=2, days_per_move=3, rated=False
    )
    response = client.post(f"/tables/{game.pk}/bot", {"level": "grandmaster"})
    assert response.status_code == 302
    messages = client.get(response["Location"]).content.decode()
    assert "Choose a bot level: Beginner, Casual, Strong and Expert." in messages
    assert game.seats.count() == 1
