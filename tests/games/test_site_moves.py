"""Issue 30, items 1 and 6: the site's own moves (a bot's, a seat that left, a person's
forced move) are chosen outside any transaction and row lock, then applied in one short
transaction that drops a move the game has moved on from; every one of them is made after
a delay drawn from the game's seed and the action number only, and the bots search a
single legal move like several, so when a site-made move lands tells nothing of the
position."""

import random
from types import SimpleNamespace

import pytest
from django.db import connection

from accounts.models import User
from games import registry, services, tasks
from games.models import Game, GameAction
from games.selectors import game_state
from games.services import autoplay
from tests.factories import UserFactory, start_table


def fresh(game):
    return Game.objects.get(pk=game.pk)


def bot(name="bot-random"):
    return User.objects.create(username=name, is_bot=True, bot_level="random")


def act(game):
    """The person to move plays their lowest card."""
    state = game_state(game)
    seat = state.to_move
    services.game_act(
        user=game.players[seat],
        game_id=game.pk,
        action={"type": "play", "card": min(state.hands[seat])},
        expected_seq=game.n_actions,
    )


def to_the_bot(game, seat, monkeypatch):
    """The game once ``seat`` is to move, the persons moving meanwhile; no task runs (the
    test makes the bot's move itself)."""
    monkeypatch.setattr(tasks.seat_autoplay, "apply_async", lambda *a, **k: None)
    game = fresh(game)
    while game.to_move != seat:
        act(game)
        game = fresh(game)
    return game


class Spy:
    """The real bot of a level, checking how it is called."""

    def __init__(self, real, during=None):
        self.real, self.during, self.calls = real, during, []

    def choose(self, view, seed=None):
        self.calls.append(
            {
                "atomic": connection.in_atomic_block,
                "locks": locked_rows(),
            }
        )
        if self.during is not None:
            self.during()
        return self.real.choose(view, seed)


def locked_rows() -> int:
    """Row locks this connection's transaction holds (PostgreSQL; 0 outside one)."""
    if connection.vendor != "postgresql" or not connection.in_atomic_block:
        return 0
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_locks WHERE pid = pg_backend_pid() AND mode = 'RowShareLock'"
        )
        return cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_a_bot_chooses_its_move_with_no_transaction_open_and_no_row_locked(monkeypatch):
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    game = to_the_bot(
        start_table("tally", "open", [ann, bob, bot()], seed="nolock"), 2, monkeypatch
    )
    real = autoplay._site_bot("tally", "random")
    spy = Spy(real)
    monkeypatch.setattr(autoplay, "_site_bot", lambda kind, level: spy)
    seq = game.n_actions
    # The move is the bot's own choice from its seat's view, seeded as a replay would be.
    view = registry.rules("tally").seat_view(game_state(game), 2)
    chosen = real.choose(view, f"{game.seed}/{seq}")
    assert services.seat_autoplay(game_id=game.pk, expected_seq=seq) is True
    assert spy.calls == [{"atomic": False, "locks": 0}]
    assert GameAction.objects.filter(game=game, seq=seq, seat=2).count() == 1
    assert GameAction.objects.get(game=game, seq=seq).action == {"seat": 2, **chosen}


@pytest.mark.django_db(transaction=True)
def test_a_move_chosen_while_the_game_moved_on_is_dropped_without_writing(monkeypatch):
    """While the bot thinks, the same turn's move is made by another task (a duplicate the
    sweep sent): the slower one finds the game moved on and writes nothing."""
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    game = to_the_bot(start_table("tally", "open", [ann, bob, bot()], seed="race"), 2, monkeypatch)
    seq = game.n_actions
    real = autoplay._site_bot("tally", "random")
    inner = Spy(real)

    def duplicate_moves_first():
        monkeypatch.setattr(autoplay, "_site_bot", lambda kind, level: inner)
        assert services.seat_autoplay(game_id=game.pk, expected_seq=seq) is True

    outer = Spy(real, during=duplicate_moves_first)
    monkeypatch.setattr(autoplay, "_site_bot", lambda kind, level: outer)
    assert services.seat_autoplay(game_id=game.pk, expected_seq=seq) is False
    assert len(outer.calls) == len(inner.calls) == 1
    game = fresh(game)
    assert game.n_actions == seq + 1
    assert GameAction.objects.filter(game=game).count() == seq + 1
    assert game_state(game).n_actions == seq + 1  # the log still replays


@pytest.mark.django_db
def test_every_site_made_move_waits_the_delay_drawn_for_its_turn_whatever_was_legal(
    monkeypatch, django_capture_on_commit_callbacks, settings
):
    """A bot with three cards to choose from, a bot with one, a person's forced move (the
    site plays it: ``auto_forced``): each is enqueued with the countdown drawn from the
    seed and the action number, the same for any position."""
    settings.SITE_MOVE_DELAY_MIN, settings.SITE_MOVE_DELAY_MAX = 1.0, 5.0
    enqueued = {}

    def apply_async(args=None, kwargs=None, **options):
        enqueued[tuple(args)] = options

    monkeypatch.setattr(tasks.seat_autoplay, "apply_async", apply_async)
    ann = UserFactory(username="ann", auto_forced=True)
    bob = UserFactory(username="bob")
    game = start_table("tally", "open", [ann, bob, bot()], seed="timing")
    seen = []
    while (game := fresh(game)).status == Game.Status.ACTIVE:
        n, mover = game.n_actions, game.players[game.to_move]
        legal = len(game_state(game).legal_actions())
        by_site = mover.is_bot or (mover == ann and legal == 1)
        with django_capture_on_commit_callbacks(execute=True):
            if by_site:
                if n > 0:  # the first turn was not begun by a move (start_table)
                    seen.append((legal, n, enqueued[(game.pk, n)]))
                assert services.seat_autoplay(game_id=game.pk, expected_seq=n) is True
            else:
                act(game)
    assert {1, 3} <= {legal for legal, _, _ in seen}, "free and forced site moves both seen"
    for _, n, options in seen:
        drawn = services.site_move_delay(SimpleNamespace(seed=game.seed, n_actions=n))
        assert options == {"countdown": drawn}
        assert 1.0 <= drawn <= 5.0
    assert len({options["countdown"] for _, _, options in seen}) > 1


def xactika_position_with_one_legal_card(variant: str):
    """A seat of a 3-seat Xactika game to move with a single card it may play."""
    rules = registry.rules("xactika")
    rng = random.Random(variant)
    state = rules.new(variant, 3, rules.deal("one-card", variant, 3))
    while True:
        legal = state.legal_actions()
        if len(legal) == 1 and legal[0]["type"] == "play":
            return rules.seat_view(state, state.to_move)
        state, _ = state.apply(rng.choice(legal))


@pytest.mark.parametrize("variant", ["bid", "win"])
def test_a_strong_bot_searches_a_single_legal_move_like_several(monkeypatch, variant):
    from games.kit import ismcts
    from games.xactika.bots import strong

    searched = []
    real_search, real_flat = ismcts.search, strong.flat_search
    monkeypatch.setattr(
        ismcts, "search", lambda *a, **k: searched.append("tree") or real_search(*a, **k)
    )
    monkeypatch.setattr(
        strong, "flat_search", lambda *a, **k: searched.append("flat") or real_flat(*a, **k)
    )
    view = xactika_position_with_one_legal_card(variant)
    action = strong.StrongBot(20).choose(view, "seed")
    assert action == view["legal_actions"][0]
    assert searched == ["tree" if variant == "bid" else "flat"]


@pytest.mark.django_db
def test_site_moves_are_routed_to_the_bots_queue_and_everything_else_is_not(settings):
    from xix_site.celery import app

    bots_queue = settings.CELERY_BOTS_QUEUE
    assert bots_queue != settings.CELERY_TASK_DEFAULT_QUEUE
    router = app.amqp.router
    for name in ("games.tasks.seat_autoplay", "games.tasks.bot_move"):
        assert router.route({}, name)["queue"].name == bots_queue
    for name in (
        "notifications.tasks.email_send",
        "notifications.tasks.outbox_flush",
        "notifications.tasks.digest_send",
        "games.tasks.deadlines_sweep",
        "games.tasks.challenges_expire",
        "moderation.tasks.suspensions_lift",
    ):
        assert router.route({}, name)["queue"].name == settings.CELERY_TASK_DEFAULT_QUEUE


@pytest.mark.django_db
def test_the_task_ends_a_table_no_person_plays_any_more_without_a_move(monkeypatch):
    """A table left with no person by another path than ``seat_leave`` (or before this
    rule): its next site move ends it as abandoned instead of searching a move."""
    from games.models import GameSeat

    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    game = to_the_bot(start_table("tally", "open", [ann, bob, bot()], seed="gone"), 2, monkeypatch)
    GameSeat.objects.filter(game=game, user__in=[ann, bob]).update(status=GameSeat.Status.RESIGNED)
    monkeypatch.setattr(autoplay, "_site_bot", lambda kind, level: pytest.fail("no search"))
    seq = game.n_actions
    assert services.seat_autoplay(game_id=game.pk, expected_seq=seq) is True
    game = fresh(game)
    assert game.status == Game.Status.FINISHED and game.reason == Game.Reason.ABANDONED
    assert game.n_actions == seq
    assert [seat.rank for seat in game.seat_rows()][2] == 1
