"""A table of Xactika with a strong bot seat: the lobby seats it, the site plays its moves
(each its choice from its seat's view, seeded by the game and the action number)."""

import pytest

from games import tables
from games.models import Game, GameAction
from games.selectors import game_state
from games.xactika.bots import make_bot, strong
from games.xactika.engine import RULES
from tests.factories import UserFactory, play

pytestmark = pytest.mark.django_db


def test_a_strong_bot_seat_plays_its_moves_at_a_table(
    django_capture_on_commit_callbacks, monkeypatch
):
    monkeypatch.setattr(strong, "WORK", 300)  # the default budget's rule, a smaller budget
    ann = UserFactory(username="ann")
    game = tables.table_create(
        user=ann, kind="xactika", variant="bid", seats=2, days_per_move=3, rated=True
    )
    with django_capture_on_commit_callbacks(execute=True):
        tables.table_add_bot(user=ann, game_id=game.pk, level="strong")
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.ACTIVE and game.rated is False
    [bot] = [user for user in game.players if user.is_bot]
    assert bot.bot_level == "strong"
    seat = game.players.index(bot)
    for _ in range(2):  # ann moves (her first legal action); the bot answers at once
        state = game_state(game)
        assert state.to_move != seat, "the site has made the bot's moves"
        with django_capture_on_commit_callbacks(execute=True):
            game = play(game, [state.legal_actions()[0]])
        game = Game.objects.get(pk=game.pk)
    moves = list(GameAction.objects.filter(game=game, seat=seat).order_by("seq"))
    assert len(moves) >= 2
    # The first of them is the strong bot's choice from its seat's view at that point.
    log = [row.action for row in GameAction.objects.filter(game=game).order_by("seq")]
    first = moves[0].seq
    before = RULES.replay("bid", 2, game.setup, log[:first])
    view = RULES.seat_view(before, seat)
    assert make_bot("strong").choose(view, f"{game.seed}/{first}") == moves[0].action
    assert game_state(game).n_actions == game.n_actions == len(log)
