"""Issue 30, item 1: a person may have at most MAX_ACTIVE_BOT_GAMES games with bots going
(each keeps the bots' worker busy): "Play a bot", a challenge to a bot, a bot added to a
table; refused with a clear message and a 4xx, and two requests at once cannot both pass."""

import re

import pytest

from games import tables
from games.models import Game
from tests.at_once import at_once, failures
from tests.factories import UserFactory, make_challenge

LIMIT_MESSAGE = "You already have 2 games with bots going"


@pytest.fixture
def two_at_most(settings):
    settings.MAX_ACTIVE_BOT_GAMES = 2


def bot(level="random"):
    return UserFactory(username=f"bot-{level}", is_bot=True, bot_level=level)


def play_a_bot(client, **data):
    form = {"level": "random", "game": "xix/standard", "seats": "2", "days_per_move": "3"}
    return client.post("/bots/play", {**form, **data})


@pytest.mark.django_db
def test_play_a_bot_refuses_a_game_beyond_the_limit_next_to_its_form(client, two_at_most):
    hugo = UserFactory(username="hugo")
    bot()
    client.force_login(hugo)
    for _ in range(2):
        assert play_a_bot(client).status_code == 302
    response = play_a_bot(client, game="xactika/bid", seats="4")
    assert response.status_code == 429
    page = response.content.decode()
    form = page[page.index('id="lobby-form"') : page.index('id="table-lists"')]
    assert LIMIT_MESSAGE in form, "said in the form that was sent"
    assert '<option value="xactika/bid" selected>' in form  # what was chosen is kept
    assert re.search(r'<option value="4" selected>', form)
    assert Game.objects.count() == 2
    # htmx gets the lobby's panels with the same refusal.
    response = play_a_bot(client, HTTP_HX_REQUEST="true")
    assert response.status_code == 429 and LIMIT_MESSAGE in response.content.decode()
    # Resigning one frees a place.
    game = Game.objects.filter(status=Game.Status.ACTIVE).first()
    game.status = Game.Status.FINISHED
    game.save(update_fields=["status"])
    assert play_a_bot(client).status_code == 302


@pytest.mark.django_db
def test_a_challenge_to_a_bot_and_a_bot_added_to_a_table_count_too(two_at_most):
    hugo = UserFactory(username="hugo")
    random_bot = bot()
    make_challenge(user=hugo, variant="standard", days_per_move=3, rated=False, invited=random_bot)
    table = tables.table_create(
        user=hugo, kind="xactika", variant="bid", seats=3, days_per_move=3, rated=False
    )
    tables.table_add_bot(user=hugo, game_id=table.pk, level="random")  # the second
    with pytest.raises(tables.TooManyBotGames, match=LIMIT_MESSAGE) as refused:
        make_challenge(
            user=hugo, variant="standard", days_per_move=3, rated=False, invited=random_bot
        )
    assert refused.value.status == 429
    other = tables.table_create(
        user=hugo, kind="xactika", variant="bid", seats=3, days_per_move=3, rated=False
    )
    with pytest.raises(tables.TooManyBotGames):
        tables.table_add_bot(user=hugo, game_id=other.pk, level="random")
    with pytest.raises(tables.TooManyBotGames):
        tables.table_against_bots(
            user=hugo, kind="xactika", variant="bid", seats=3, level="random", days_per_move=3
        )
    # A second bot at a table that already has one adds no game.
    tables.table_add_bot(user=hugo, game_id=table.pk, level="random")
    assert tables.active_bot_games(hugo) == 2


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_requests_at_once_cannot_both_pass_the_limit(settings):
    settings.MAX_ACTIVE_BOT_GAMES = 1
    hugo = UserFactory(username="hugo")
    bot()

    def play(_):
        return tables.table_against_bots(
            user=hugo, kind="xactika", variant="bid", seats=3, level="random", days_per_move=3
        )

    results = at_once(play, 4)
    refused = failures(results)
    assert len(refused) == 3 and all(isinstance(e, tables.TooManyBotGames) for e in refused)
    assert Game.objects.count() == 1
