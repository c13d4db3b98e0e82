"""Take-back (issue 32, item 18): in a casual game against bots, a player takes back their
last move and the bots' moves since; the log keeps everything (a take-back is one more
row), the table shows the position before the move, a repeat is applied once, and every
other game refuses with a reason."""

import json

import pytest
from django.urls import reverse

from games import services
from games.log import TAKEBACK
from games.models import Game, GameAction
from games.selectors import game_line, game_state
from games.takeback import CASUAL_ONLY, NOTHING, TakebackError, game_takeback
from tests.factories import UserFactory, start_table

pytestmark = pytest.mark.django_db


def ann_first(kind, variant, ann, other, seed):
    game = start_table(kind, variant, [ann, other], seed=seed)
    if game_state(game).to_move != 0:
        game.delete()
        game = start_table(kind, variant, [other, ann], seed=seed)
    return game


def play(game, user, action=None):
    """``user`` plays ``action`` (else their first legal one) at the game's current seq."""
    game.refresh_from_db()
    state = game_state(game)
    action = action or state.legal_actions()[0]
    services.game_act(user=user, game_id=game.pk, action=action, expected_seq=game.n_actions)
    game.refresh_from_db()
    return action


def bot_plays(game):
    """The bot's reply, as the site's task would make it (tests run no worker here)."""
    game.refresh_from_db()
    state = game_state(game)
    bot = game.players[state.to_move]
    assert bot.is_bot, "the bot is to move"
    play(game, bot)


@pytest.fixture
def ann():
    return UserFactory(username="ann")


@pytest.fixture
def bot():
    return UserFactory(username="bot-random", is_bot=True, bot_level="random")


def test_taking_back_returns_to_the_position_before_the_move(ann, bot):
    game = ann_first("tally", "duel", ann, bot, "takeback")
    seat = game.seat_of(ann)
    play(game, ann)
    bot_plays(game)
    before = game_state(game)
    before_line = game_line(game)
    play(game, ann)
    bot_plays(game)
    rows = game.n_actions

    game_takeback(user=ann, game_id=game.pk, expected_seq=rows)
    game.refresh_from_db()
    assert game.n_actions == rows + 1  # nothing deleted: one more row
    last = GameAction.objects.get(game=game, seq=rows)
    assert last.action == {"type": TAKEBACK, "seat": seat, "keep": len(before_line)}
    assert game_line(game) == before_line
    after = game_state(game)
    assert after.to_move == seat == game.to_move
    assert after.legal_actions() == before.legal_actions()

    # Play goes on from there, with another card this time.
    other = before.legal_actions()[-1]
    play(game, ann, other)
    assert game_line(game)[-1] == {**other, "seat": seat}


def test_a_forced_move_is_taken_back_with_the_choice_before_it(ann, bot):
    """Tally's third card is its last: a forced move. Taking back from after it goes back to
    the second card, where ann had a choice."""
    game = ann_first("tally", "duel", ann, bot, "takeback-forced")
    for _ in range(2):
        play(game, ann)
        bot_plays(game)
    keep_at = len(game_line(game)) - 2  # before ann's second card
    state = game_state(game)
    assert len(state.legal_actions()) == 1  # ann's last card: forced
    play(game, ann)
    game_takeback(user=ann, game_id=game.pk, expected_seq=game.n_actions)
    assert len(game_line(game)) == keep_at
    assert len(game_state(game).legal_actions()) == 2


def test_a_repeated_or_stale_take_back_is_applied_once(client, ann, bot):
    game = ann_first("tally", "duel", ann, bot, "takeback-twice")
    play(game, ann)
    bot_plays(game)
    play(game, ann)
    client.force_login(ann)
    seq = game.n_actions
    url = reverse("games:takeback", args=[game.pk])
    assert client.post(url, {"seq": seq}).status_code == 303
    again = client.post(url, {"seq": seq})
    assert again.status_code == 409
    assert "The game has moved on" in again.content.decode()
    assert GameAction.objects.filter(game=game, action__type=TAKEBACK).count() == 1


@pytest.mark.parametrize(
    ("setting", "words"),
    [("rated", CASUAL_ONLY), ("people", CASUAL_ONLY), ("fresh", NOTHING)],
)
def test_a_take_back_that_is_not_allowed_is_refused_and_writes_nothing(
    client, ann, bot, setting, words
):
    bob = UserFactory(username="bob")
    other = bob if setting == "people" else bot
    game = ann_first("tally", "duel", ann, other, f"takeback-{setting}")
    if setting == "rated":
        Game.objects.filter(pk=game.pk).update(rated=True)
    if setting != "fresh":
        play(game, ann)
    client.force_login(ann)
    game.refresh_from_db()
    rows = game.n_actions
    answer = client.post(reverse("games:takeback", args=[game.pk]), {"seq": rows})
    assert answer.status_code == 400
    assert words.replace("'", "&#x27;") in answer.content.decode()
    assert GameAction.objects.filter(game=game).count() == rows
    with pytest.raises(TakebackError):
        game_takeback(user=ann, game_id=game.pk, expected_seq=rows)


def test_spectators_and_bad_forms_are_refused(client, ann, bot):
    game = ann_first("tally", "duel", ann, bot, "takeback-watch")
    play(game, ann)
    url = reverse("games:takeback", args=[game.pk])
    client.force_login(UserFactory(username="cy"))
    assert client.post(url, {"seq": game.n_actions}).status_code == 403
    client.force_login(ann)
    assert client.post(url, {"seq": "two"}).status_code == 400
    assert client.post(url, {}).status_code == 400
    assert client.get(url).status_code == 405
    assert not GameAction.objects.filter(game=game, action__type=TAKEBACK).exists()


def test_the_page_offers_it_only_where_it_is_allowed(client, ann, bot):
    game = ann_first("xeri", "classic", ann, bot, "takeback-page")
    client.force_login(ann)
    button = "Take back your last move"
    assert button not in client.get(game.get_absolute_url()).content.decode()  # no move yet
    play(game, ann)
    bot_plays(game)
    assert button in client.get(game.get_absolute_url()).content.decode()
    Game.objects.filter(pk=game.pk).update(rated=True)
    assert button not in client.get(game.get_absolute_url()).content.decode()


def test_the_record_holds_the_line_not_the_take_backs(client, ann, bot):
    game = ann_first("tally", "duel", ann, bot, "takeback-record")
    play(game, ann)
    bot_plays(game)
    game_takeback(user=ann, game_id=game.pk, expected_seq=game.n_actions)
    while game.status == Game.Status.ACTIVE:
        state = game_state(game)
        play(game, game.players[state.to_move])
    client.force_login(ann)
    record = json.loads(client.get(reverse("games:record", args=[game.pk])).content)
    assert record["actions"] == game_line(game)
    assert all(action["type"] != TAKEBACK for action in record["actions"])
    assert len(record["actions"]) < GameAction.objects.filter(game=game).count()
