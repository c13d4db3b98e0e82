"""Xeri's bots at the site's tables: the creator seats strong bots (the ``bot-strong``
account, then ``bot-strong-2`` and on, made on first need), and the site plays their
moves, each the strong bot's choice from its seat's view, until the person is to move."""

import pytest

from games import registry, services, tables
from games.models import Game, GameAction
from games.selectors import game_state
from games.xeri.bots import strong
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

RULES = registry.rules("xeri")


@pytest.fixture
def quick_search(monkeypatch):
    """The site's strong bot with a small budget, to keep the test fast."""
    monkeypatch.setattr(strong, "ITERATIONS", 40)


@pytest.mark.parametrize("seats", [2, 4])
def test_a_table_with_strong_bots_plays_their_moves(
    seats, quick_search, django_capture_on_commit_callbacks
):
    ann = UserFactory(username="ann")
    # The demo data's strong bot; a table that needs more makes bot-strong-2, -3 (tables).
    UserFactory(username="bot-strong", is_bot=True, bot_level="strong")
    game = tables.table_create(
        user=ann, kind="xeri", variant="classic", seats=seats, days_per_move=3, rated=True
    )
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(seats - 1):
            game = tables.table_add_bot(user=ann, game_id=game.pk, level="strong")
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.ACTIVE and game.rated is False
    bots = [user for user in game.players if user.is_bot]
    assert sorted(user.username for user in bots) == sorted(
        ["bot-strong", *(f"bot-strong-{n}" for n in range(2, seats))]
    )
    assert {user.bot_level for user in bots} == {"strong"}
    mine = game.seat_of(ann)
    while game.n_actions < 4 * seats:
        assert game.to_move == mine, "the bots left a move unplayed"
        state = game_state(game)
        with django_capture_on_commit_callbacks(execute=True):
            services.game_act(
                user=ann,
                game_id=game.pk,
                action={"type": "play", "card": state.hands[mine][0]},
                expected_seq=game.n_actions,
            )
        game = Game.objects.get(pk=game.pk)
    log = list(GameAction.objects.filter(game=game).order_by("seq"))
    bot_moves = [entry for entry in log if entry.seat != mine]
    assert len(bot_moves) >= 3 * (seats - 1)
    # Each bot move is the strong bot's choice from that seat's view, seeded as the site
    # seeds it: replaying the log up to it and asking the bot again gives the same card.
    state = RULES.new(game.variant, seats, game.setup)
    bot = registry.bots("xeri").make_bot("strong")
    for entry in log:
        if entry.seat != mine:
            view = RULES.seat_view(state, entry.seat)
            assert bot.choose(view, f"{game.seed}/{entry.seq}") == {
                "seat": entry.seat,
                **{k: v for k, v in entry.action.items() if k != "seat"},
            }
        state, _ = state.apply({"seat": entry.seat, **entry.action})
