"""Bots on the site: they accept at once, move through the bot_move task, and a duplicated
or late task changes nothing. Tasks run in-process here (tests/tasks runs a real worker)."""

import re

import pytest

from accounts.models import User
from games import services, tables
from games.models import Game, GameAction, GameSeat
from games.rows import table_row
from games.selectors import game_state
from games.services import autoplay
from games.xix.engine import replay
from tests.factories import UserFactory, make_challenge, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def human():
    return UserFactory(username="hugo")


def make_bot(level="heuristic"):
    return UserFactory(username=f"bot-{level}", is_bot=True, bot_level=level)


def human_moves(game, human, capture, seed=0):
    """hugo plays random legal moves until the game is over; bot answers run on commit."""
    import random

    rng = random.Random(seed)
    while game.status == Game.Status.ACTIVE:
        assert game.players[game.to_move] == human, "the bot left its move unplayed"
        legal = game_state(game).legal_actions()
        with capture(execute=True):
            play(game, [rng.choice(legal)])
        game.refresh_from_db()
    return game


@pytest.mark.parametrize("level", ["random", "heuristic", "strong", "expert"])
@pytest.mark.parametrize("variant", ["standard", "talon"])
def test_a_whole_game_against_each_bot(
    human, level, variant, django_capture_on_commit_callbacks, settings
):
    # The site's budgets are settings; small ones keep a whole game fast.
    settings.BOT_STRONG_ITERATIONS = 60
    settings.BOT_EXPERT_ITERATIONS = 90
    site_bot = autoplay._site_bot("xix", level)
    if level in ("strong", "expert"):
        assert (
            site_bot.level == level and site_bot.iterations == {"strong": 60, "expert": 90}[level]
        )
    bot = make_bot(level)
    with django_capture_on_commit_callbacks(execute=True):
        game = make_challenge(user=human, variant=variant, days_per_move=3, rated=True, invited=bot)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE  # accepted at once
    assert game.rated is False  # games against bots are casual
    # hugo clicked "Play" himself: no "accepted" or first "your move" notice for that.
    assert not human.notifications.filter(seq=0).exists()
    game = human_moves(game, human, django_capture_on_commit_callbacks)
    assert game.status == Game.Status.FINISHED and game.reason
    actions = list(GameAction.objects.filter(game=game).order_by("seq"))
    assert {a.seat for a in actions} == {0, 1}
    assert [a.seq for a in actions] == list(range(game.n_actions))
    # The log is the truth: it replays to the recorded result.
    final = replay(
        game.variant, game.setup["deal"], game.setup["first_leader"], [a.action for a in actions]
    )
    assert final.over and final.winner == game.winner and list(final.scores) == game.scores


def test_a_duplicated_or_late_bot_task_is_a_no_op(human):
    bot = make_bot("random")
    game = make_challenge(
        user=human, variant="standard", days_per_move=3, rated=False, invited=bot
    )  # on-commit tasks are not run: the bot's move is still to come if it leads
    game.refresh_from_db()
    if game.players[game.to_move] == human:
        legal = game_state(game).legal_actions()
        game = play(game, [legal[0]])
    seq = game.n_actions
    assert services.bot_move(game_id=game.pk, expected_seq=seq) is True
    assert services.bot_move(game_id=game.pk, expected_seq=seq) is False  # the same task again
    assert GameAction.objects.filter(game=game, seq=seq).count() == 1
    game.refresh_from_db()
    assert services.bot_move(game_id=game.pk, expected_seq=seq - 1) is False  # a late one
    assert services.bot_move(game_id=999999, expected_seq=0) is False  # a game that is gone


def test_bot_move_does_nothing_when_a_person_is_to_move(human):
    alice = UserFactory(username="alice")
    game = make_challenge(
        user=human, variant="standard", days_per_move=3, rated=False, invited=alice
    )
    game = tables.table_join(user=alice, game_id=game.pk)
    assert services.bot_move(game_id=game.pk, expected_seq=0) is False
    assert game.actions.count() == 0


def test_the_bot_decides_the_same_way_for_the_same_position(human):
    """A copy of a game at the bot's turn (same seed, deal and log): the same move."""
    bot = make_bot("strong")
    game = make_challenge(user=human, variant="standard", days_per_move=3, rated=False, invited=bot)
    game.refresh_from_db()
    if game.players[game.to_move] != bot:
        game = play(game, [game_state(game).legal_actions()[0]])
    copy = Game.objects.get(pk=game.pk)
    copy.pk = None
    copy.save()
    for seat in game.seats.all():
        GameSeat.objects.create(game=copy, user=seat.user, position=seat.position)
    for action in game.actions.order_by("seq"):
        GameAction.objects.create(game=copy, seq=action.seq, seat=action.seat, action=action.action)
    seq = game.n_actions
    assert services.bot_move(game_id=game.pk, expected_seq=seq)
    assert services.bot_move(game_id=copy.pk, expected_seq=seq)
    first = GameAction.objects.get(game=game, seq=seq).action
    assert GameAction.objects.get(game=copy, seq=seq).action == first


def test_challenging_a_bot_from_the_lobby_opens_the_game(
    client, human, django_capture_on_commit_callbacks
):
    bot = make_bot("heuristic")
    client.force_login(human)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/challenges/new",
            {"opponent": bot.username, "variant": "talon", "days_per_move": "2", "rated": "casual"},
        )
    game = Game.objects.get(seats__user=bot)  # a bot sits down at once
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.status == Game.Status.ACTIVE and game.variant == "talon"
    page = client.get(response["Location"]).content.decode()
    assert "Your game against bot-heuristic has begun." in page
    # Whoever led, it is hugo's move now: the bot has answered already.
    assert game.players[Game.objects.get(pk=game.pk).to_move] == human


def test_the_lobby_offers_each_bot_with_a_variant_and_time_choice(client, human):
    for level in ("random", "heuristic", "strong", "expert"):
        make_bot(level)
    client.force_login(human)
    page = client.get("/lobby/").content.decode()
    for level, name in User.BotLevel.choices:  # every level, with its bot to play
        assert (
            f'<span class="bot-level-name">{name}</span> <span class="bot-name">bot-{level}</span>'
            in page
        )
        assert re.search(
            rf'<input type="radio" name="level" value="{level}"(?! disabled)[^>]*>', page
        )
    # One choice of the variant (XIX's three) and of the time per move: the one form's.
    assert page.count('<select name="game"') == 1
    assert page.count('<select name="days_per_move"') == 1
    assert re.findall(r'<option value="(xix/\w+)"', page) == ["xix/standard", "xix/talon", "xix/v2"]


def test_an_open_xix_challenge_offers_the_expert_bot_and_it_takes_the_seat(human, settings):
    """The creator of a waiting XIX table may add a bot of every level, expert included;
    with no expert account yet, the site makes one and the game starts."""
    settings.BOT_EXPERT_ITERATIONS = 50
    game = make_challenge(user=human, variant="standard", days_per_move=3, rated=True)
    levels = [(choice.level, choice.text) for choice in table_row(game, human)["bot_levels"]]
    assert levels == [
        ("random", "Beginner · rating: unrated"),
        ("heuristic", "Casual · rating: unrated"),
        ("strong", "Strong · rating: unrated"),
        ("expert", "Expert · rating: unrated"),
    ]
    game = tables.table_add_bot(user=human, game_id=game.pk, level="expert")
    game = Game.objects.get(pk=game.pk)
    bot = next(player for player in game.players if player != human)
    assert bot.is_bot and bot.bot_level == "expert" and bot.username.startswith("bot-expert")
    assert game.status == Game.Status.ACTIVE and game.rated is False
