"""Game options (issue 32, item 15): a game declares the choices its rules leave to the
players (``RULES.options``, ``games.kit.options``); the lobby's forms offer the chosen
game's, the table keeps them (``Game.options``) until its deal, and the game page, the
lobby, My games and the record say what was chosen. Xeri's match length is the one game
option today: any multiple of one deal per seat (rules section 4, ruling 19)."""

import json

import pytest

from games import registry, tables
from games.errors import TableError
from games.kit import options as game_options
from games.models import Game
from tests.factories import UserFactory
from tests.games.table_helpers import finish_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(client):
    user = UserFactory(username="ann")
    client.force_login(user)
    return user


def xeri_table(user, *, seats=2, invited=(), options=None, rated=True):
    return tables.table_create(
        user=user,
        kind="xeri",
        variant="classic",
        seats=seats,
        days_per_move=3,
        rated=rated,
        invited=invited,
        options=options,
    )


def post_table(client, headers=None, **fields):
    data = {"game": "xeri/classic", "seats": "2", "days_per_move": "3", "rated": "rated"}
    return client.post("/tables/new", {**data, **fields}, headers=headers or {})


def post_bot(client, **fields):
    """ "Play a bot" at Xeri against the Beginner bot."""
    UserFactory(username="bot-random", is_bot=True, bot_level="random")
    data = {"level": "random", "game": "xeri/classic", "days_per_move": "3"}
    return client.post("/bots/play", {**data, **fields})


def test_xeri_declares_its_match_length_and_the_other_games_none():
    (option,) = game_options.declared(registry.rules("xeri"))
    assert (option.name, option.label, option.default) == ("deals", "Match length", 1)
    assert [value for value, _words in option.choices] == [1, 2, 3, 4]
    for kind in ("xix", "xactika", "onexeno"):
        assert game_options.declared(registry.rules(kind)) == ()


def test_a_table_set_up_with_two_deals_each_keeps_them_and_deals_them_at_the_start(client, ann):
    response = post_table(client, option_deals="2")
    assert response.status_code == 302
    game = Game.objects.get(created_by=ann)
    assert game.status == Game.Status.WAITING and game.options == {"deals": 2}
    assert game.setup is None  # nothing dealt while the table waits

    bob = UserFactory(username="bob")
    tables.table_join(user=bob, game_id=game.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert len(game.setup["rounds"]) == 4  # two seats, each deals twice
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Match length: each player deals twice" in page
    assert "Round 1 of 4" in page


def test_without_an_option_posted_the_table_plays_the_rules_default(client, ann):
    assert post_table(client, seats="4").status_code == 302
    game = Game.objects.get(created_by=ann)
    assert game.options == {"deals": 1}
    for name in ("bob", "cy", "dee"):
        tables.table_join(user=UserFactory(username=name), game_id=game.pk)
    game.refresh_from_db()
    assert len(game.setup["rounds"]) == 4  # four seats, one deal each


def test_a_game_without_options_stores_none(ann):
    game = tables.table_create(
        user=ann, kind="xix", variant="standard", seats=2, days_per_move=3, rated=True
    )
    assert game.options == {} and game.option_lines == []


@pytest.mark.parametrize("value", ["5", "0", "two", "1.5", "2 "])
def test_a_match_length_the_game_does_not_offer_is_a_form_error_and_writes_nothing(
    client, ann, value
):
    response = post_table(client, option_deals=value)
    assert response.status_code == 400
    page = response.content.decode()
    assert "Select a valid choice" in page
    assert page.index("errorlist", page.index('id="lobby-form"')) > 0
    assert not Game.objects.exists()


def test_the_services_refuse_an_option_or_a_value_the_game_does_not_declare(ann):
    with pytest.raises(TableError, match="Match length: choose one of"):
        xeri_table(ann, options={"deals": 7})
    with pytest.raises(TableError, match="Xeri has no option 'rounds'"):
        xeri_table(ann, options={"rounds": 8})
    with pytest.raises(TableError, match="XIX has no option 'deals'"):
        tables.table_create(
            user=ann,
            kind="xix",
            variant="standard",
            seats=2,
            days_per_move=3,
            rated=True,
            options={"deals": 2},
        )
    with pytest.raises(TableError):
        xeri_table(ann, options=["deals", 2])
    assert not Game.objects.exists()


def test_play_a_bot_with_three_deals_each_at_four_seats_plays_twelve_rounds(client, ann):
    response = post_bot(client, seats="4", option_deals="3")
    assert response.status_code == 302
    game = Game.objects.get(created_by=ann)
    assert game.options == {"deals": 3} and len(game.setup["rounds"]) == 12


def test_play_a_bot_refuses_a_bad_match_length_next_to_its_form(client, ann):
    response = post_bot(client, seats="2", option_deals="9")
    assert response.status_code == 400
    page = response.content.decode()
    form = page[page.index('name="option_deals"') :]  # said by the match length's choice
    assert "Select a valid choice" in form[: form.index('<div class="field')]
    assert not Game.objects.exists()


def test_play_now_keeps_to_tables_of_the_same_match_length(client, ann):
    bob, cy = UserFactory(username="bob"), UserFactory(username="cy")
    long = xeri_table(bob, options={"deals": 2})
    short = xeri_table(cy)
    response = client.post("/tables/quick", {"game": "xeri", "option_deals": "2"})
    assert response.status_code == 302
    long.refresh_from_db()
    short.refresh_from_db()
    assert long.status == Game.Status.ACTIVE and short.status == Game.Status.WAITING
    assert len(long.setup["rounds"]) == 4


def test_play_now_refuses_a_bad_match_length_with_the_reason(client, ann):
    response = client.post(
        "/tables/quick", {"game": "xeri", "option_deals": "6"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 400
    assert "Match length: choose one of" in response.content.decode()
    assert not Game.objects.exists()


def test_the_lobby_my_games_and_the_waiting_tables_page_say_the_match_length(client, ann):
    bob = UserFactory(username="bob")
    waiting = xeri_table(bob, options={"deals": 3})
    lobby = client.get("/lobby/?game=xeri").content.decode()
    assert "Match length: each player deals three times" in lobby
    assert "Match length" in client.get(waiting.get_absolute_url()).content.decode()

    mine = xeri_table(ann, options={"deals": 2})
    tables.table_join(user=bob, game_id=mine.pk)
    page = client.get("/games/").content.decode()
    assert "<dt>Match length</dt><dd>Each player deals twice</dd>" in page


def test_the_lobby_offers_the_chosen_games_options_in_every_form(client, ann):
    UserFactory(username="bot-random", is_bot=True, bot_level="random")
    xeri = client.get("/lobby/?game=xeri").content.decode()
    # The one form has the match length, for each of its buttons.
    assert xeri.count('name="option_deals"') == 1
    assert "Each player deals four times" in xeri
    assert 'name="option_deals"' not in client.get("/lobby/?game=xix").content.decode()


def finished_against(ann, bob, *, deals):
    """A finished Xeri match of ann's against bob, of ``deals`` deals each."""
    game = xeri_table(ann, options={"deals": deals})
    tables.table_join(user=bob, game_id=game.pk)
    game.refresh_from_db()
    return finish_table(game, [1, 0], [1, 2])


def test_the_record_carries_the_options_and_the_whole_match(client, ann):
    bob = UserFactory(username="bob")
    game = finished_against(ann, bob, deals=2)
    record = json.loads(client.get(f"/games/{game.pk}/record.json").content)
    assert record["options"] == {"deals": 2}
    assert len(record["setup"]["rounds"]) == 4
    assert registry.rules("xeri").read_header(record)[2] == game.setup


def test_a_rematch_keeps_the_match_length(client, ann):
    bob = UserFactory(username="bob")
    game = finished_against(ann, bob, deals=4)
    rematch = tables.table_rematch(user=ann, game_id=game.pk)
    assert rematch.options == {"deals": 4}
    rematch = tables.table_rematch(user=bob, game_id=game.pk)
    rematch.refresh_from_db()
    assert rematch.status == Game.Status.ACTIVE and len(rematch.setup["rounds"]) == 8


def test_an_option_reads_only_the_values_it_offers():
    (option,) = game_options.declared(registry.rules("xeri"))
    assert [option.read(raw) for raw in ("1", "4", 2)] == [1, 4, 2]
    for raw in ("2 ", " 3", True, 2.0, None, [2], "0x2"):
        with pytest.raises(game_options.BadOption):
            option.read(raw)


def test_after_a_table_is_set_up_the_lobby_keeps_the_game_chosen(client, ann):
    response = post_table(client, option_deals="2", headers={"HX-Request": "true"})
    assert response.status_code == 200
    page = response.content.decode()
    assert '<option value="xeri/classic" selected' in page
    assert 'value="xix/standard"' not in page
    assert page.count('name="option_deals"') == 1  # the one form's
    assert '<option value="2" selected>Each player deals twice' in page  # as it was posted


def test_every_value_of_every_declared_option_deals_a_game_that_starts():
    for kind in registry.served():
        rules = registry.rules(kind)
        for option in game_options.declared(rules):
            assert option.default in dict(option.choices)
            for variant, info in rules.variants.items():
                for seats in info.seat_counts:
                    plain = rules.deal("seed", variant, seats)
                    assert (
                        rules.deal("seed", variant, seats, **{option.name: option.default}) == plain
                    )
                    for value, _words in option.choices:
                        setup = rules.deal("seed", variant, seats, **{option.name: value})
                        assert rules.new(variant, seats, setup).to_move is not None
