"""The site's own moves and the seats that leave a table: bots, seats that resigned, timed
out or were forfeited (played by the site as "zombies", or ending the game, by the
variant's policy), the play-out once no person is left, the extra day, the abort and the
sweep, at tables of more than two seats (the test game tally)."""

import dataclasses
from datetime import timedelta

import pytest

from accounts.models import User
from games import registry, services
from games.models import Game, GameAction, GameSeat
from games.selectors import game_state
from games.services import leaving
from moderation.services import user_suspend
from notifications.models import Notification
from tests.factories import UserFactory, start_table
from tests.kit.tally import state as tally_state

pytestmark = pytest.mark.django_db

Kind = Notification.Kind
Status = GameSeat.Status
TALLY = registry.rules("tally")


@pytest.fixture
def run_tasks(django_capture_on_commit_callbacks):
    """Run the tasks enqueued on commit (in-process, as CELERY_TASK_ALWAYS_EAGER does)."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def forfeit_tables(monkeypatch):
    """Tally's open and partners variants under the forfeit policy, as a game whose table
    ends when a seat leaves would have them."""
    for key in ("open", "partners"):
        info = tally_state.VARIANTS[key]
        forfeit = dataclasses.replace(info, timeout_policy="forfeit")
        monkeypatch.setitem(tally_state.VARIANTS, key, forfeit)


def humans(*names):
    return [UserFactory(username=name) for name in names]


def bot(name="bot-random"):
    return User.objects.create(username=name, is_bot=True, bot_level="random")


def fresh(game):
    return Game.objects.get(pk=game.pk)


def rows(game):
    return list(GameSeat.objects.filter(game=game).order_by("position"))


def act(game, card=None):
    """The person to move plays (their lowest card unless ``card``); the fresh game."""
    game = fresh(game)
    state = game_state(game)
    seat = state.to_move
    card = min(state.hands[seat]) if card is None else card
    services.game_act(
        user=game.players[seat],
        game_id=game.pk,
        action={"type": "play", "card": card},
        expected_seq=game.n_actions,
    )
    return fresh(game)


def seat_to_move(game):
    return fresh(game).to_move


# --- bots ---------------------------------------------------------------------------------


def test_bots_at_a_table_move_in_turn_after_the_person(run_tasks):
    ann, bob = humans("ann", "bob")
    table = [ann, bot("bot-1"), bob, bot("bot-2")]
    game = start_table("tally", "open", table, seed="bots")
    # Until a person is to move, the site moves for the bots.
    while fresh(game).players[seat_to_move(game)].is_bot:
        services.seat_autoplay(game_id=game.pk, expected_seq=fresh(game).n_actions)
    with run_tasks():
        game = act(game)
    game = fresh(game)
    assert not game.players[game.to_move].is_bot, "each bot after the move has moved"
    bot_seats = {1, 3}
    log = list(GameAction.objects.filter(game=game).order_by("seq"))
    assert {a.seat for a in log} & bot_seats
    # Each bot's card was one it held: the log replays.
    assert game_state(game).n_actions == game.n_actions == len(log)
    assert Notification.objects.filter(kind=Kind.YOUR_TURN, user=game.players[game.to_move])


def test_a_bot_s_move_is_made_once_and_only_when_it_is_to_move():
    ann, bob = humans("ann", "bob")
    game = start_table("tally", "open", [bot(), ann, bob], seed="once")
    game = fresh(game)
    if game.to_move != 0:
        while game.to_move != 0:
            game = act(game)
    seq = game.n_actions
    assert services.seat_autoplay(game_id=game.pk, expected_seq=seq) is True
    assert services.seat_autoplay(game_id=game.pk, expected_seq=seq) is False  # again
    assert services.seat_autoplay(game_id=game.pk, expected_seq=seq - 1) is False  # late
    assert services.seat_autoplay(game_id=game.pk, expected_seq=seq + 1) is False  # a person
    assert services.bot_move(game_id=game.pk, expected_seq=seq + 1) is False
    assert services.seat_autoplay(game_id=999999, expected_seq=0) is False
    assert GameAction.objects.filter(game=game, seq=seq, seat=0).count() == 1
    assert fresh(game).n_actions == seq + 1


def test_a_bot_chooses_from_its_seat_view_the_same_move_every_time():
    """Two tables dealt alike: the bot makes the same move in both (seeded by the game and
    the action number), one of the cards in its hand."""
    moves = []
    for name in ("x", "y"):
        people = humans(f"{name}1", f"{name}2")
        game = start_table("tally", "open", [*people, bot(f"bot-{name}")], seed="same")
        game = fresh(game)
        while game.to_move != 2:
            game = act(game)
        hand = game_state(game).hands[2]
        services.seat_autoplay(game_id=game.pk, expected_seq=game.n_actions)
        played = GameAction.objects.get(game=game, seq=game.n_actions).action
        assert played["card"] in hand
        moves.append(played)
    assert moves[0] == moves[1]


def test_the_task_by_either_name_plays_the_site_s_move_once():
    """``seat_autoplay`` is the task; ``bot_move`` still runs messages queued under its
    old name, with the same result."""
    from games.tasks import bot_move, seat_autoplay

    ann, bob = humans("ann", "bob")
    game = start_table("tally", "open", [bot("bot-a"), bot("bot-b"), ann, bob], seed="tasks")
    while fresh(game).to_move not in (0, 1):
        act(game)
    seq = fresh(game).n_actions
    assert bot_move.delay(game.pk, seq).get() is True
    assert seat_autoplay.delay(game.pk, seq).get() is False  # the same move: done already
    if fresh(game).to_move in (0, 1):
        assert seat_autoplay.delay(game.pk, seq + 1).get() is True
    assert GameAction.objects.filter(game=game, seq=seq).count() == 1


# --- seats that leave a zombie-policy table ---------------------------------------------------


def test_a_resigning_seat_is_played_by_the_site_and_the_others_are_told(run_tasks, clock):
    ann, bob, cy, dee = table = humans("ann", "bob", "cy", "dee")
    game = act(start_table("tally", "open", table, seed="resign"))  # a move: no abort
    leaver = game.players[(game.to_move + 1) % 4]
    seat = game.seat_of(leaver)
    with run_tasks():
        services.game_resign(user=leaver, game_id=game.pk)
    game = fresh(game)
    assert game.status == Game.Status.ACTIVE
    row = rows(game)[seat]
    assert row.status == Status.RESIGNED and row.left_at == clock.now
    told = set(Notification.objects.filter(game=game).exclude(kind=Kind.YOUR_TURN)
               .values_list("user__username", flat=True))  # fmt: skip
    assert told == {u.username for u in table if u != leaver}
    # Its turn comes: the site plays the game's zombie action for it, at once.
    state_before = game_state(game)
    assert state_before.to_move != seat
    with run_tasks():
        game = act(game)
    zombie_move = GameAction.objects.get(game=game, seat=seat)
    assert zombie_move.action["card"] == min(state_before.hands[seat])
    assert fresh(game).players[fresh(game).to_move] != leaver
    # The seat that left can no longer act, resign, abort or give an extra day.
    for call in (services.game_resign, services.game_abort_by_player):
        with pytest.raises(services.GameError, match="left"):
            call(user=leaver, game_id=game.pk)
    with pytest.raises(services.GameError, match="left"):
        services.game_extra_day(user=leaver, game_id=game.pk)
    with pytest.raises(services.GameError, match="left"):
        services.game_act(
            user=leaver, game_id=game.pk, action={"type": "play", "card": 1},
            expected_seq=fresh(game).n_actions,
        )  # fmt: skip


def test_a_seat_that_left_and_is_to_move_has_no_clock():
    ann, bob, cy = humans("ann", "bob", "cy")
    game = act(start_table("tally", "open", [ann, bob, cy], seed="clock"))
    mover = game.players[game.to_move]
    services.game_resign(user=mover, game_id=game.pk)  # tasks not run: still its turn
    game = fresh(game)
    assert game.players[game.to_move] == mover
    assert game.deadline is None and game.remind_at is None


def test_when_no_person_is_left_the_table_ends_at_once_as_abandoned(run_tasks, clock):
    """docs/rules.md, site decisions: the last person leaving ends the game there, with no
    move searched or played for anyone; the bot keeps its place by the standing, ahead of
    the people, who rank in reverse order of leaving."""
    ann, bob, cy = humans("ann", "bob", "cy")
    game = act(start_table("tally", "open", [ann, bob, cy, bot()], seed="out"), None)
    for leaver in (bob, ann, cy):  # bob leaves first, cy last
        clock.advance(minutes=5)
        with run_tasks():
            services.game_resign(user=leaver, game_id=game.pk)
    before = fresh(game).n_actions
    game = fresh(game)
    assert game.status == Game.Status.FINISHED and game.reason == Game.Reason.ABANDONED
    assert game.n_actions == before < 12, "no move was played out"
    standing = game_state(game).scores
    seats = rows(game)
    assert [s.score for s in seats] == list(standing)
    rank = {s.user.username: s.rank for s in seats}
    assert rank == {"bot-random": 1, "cy": 2, "ann": 3, "bob": 4}
    over = Notification.objects.filter(kind=Kind.GAME_OVER, game=game)
    assert over.count() == 3
    text = over.get(user=cy).text
    assert "you resigned: no player was left" in text and "the site played" not in text
    page = Game.objects.get(pk=game.pk).reason_label
    assert page == "Abandoned: no player left"


def test_when_everyone_leaves_the_last_to_leave_ranks_first_and_all_are_told(run_tasks, clock):
    table = humans("ann", "bob", "cy")
    game = act(start_table("tally", "open", table, seed="all-leave"))
    for name in ("cy", "ann", "bob"):
        clock.advance(minutes=5)
        with run_tasks():
            services.game_resign(user=User.objects.get(username=name), game_id=game.pk)
    game = fresh(game)
    assert game.status == Game.Status.FINISHED and game.reason == Game.Reason.ABANDONED
    assert game.n_actions == 1
    assert {s.user.username: s.rank for s in rows(game)} == {"bob": 1, "ann": 2, "cy": 3}
    told = Notification.objects.filter(kind=Kind.GAME_OVER, game=game)
    assert sorted(told.values_list("user__username", flat=True)) == ["ann", "bob", "cy"]


def test_leavers_rank_after_the_live_seats_which_keep_the_engine_s_order(run_tasks, clock):
    table = humans("p0", "p1", "p2", "p3", "p4")
    game = act(start_table("tally", "open", table, seed="order"))
    first, second = table[0], table[3]
    for leaver in (first, second):
        clock.advance(minutes=1)
        services.game_resign(user=leaver, game_id=game.pk)
    while fresh(game).status == Game.Status.ACTIVE:
        game = fresh(game)
        seq = game.n_actions
        if not services.seat_autoplay(game_id=game.pk, expected_seq=seq):
            act(game)
    game = fresh(game)
    outcome = TALLY.outcome(game_state(game))
    seats = rows(game)
    live = [1, 2, 4]
    assert (seats[3].rank, seats[0].rank) == (4, 5)
    for a in live:
        for b in live:
            if outcome.ranks[a] < outcome.ranks[b]:
                assert seats[a].rank < seats[b].rank
            if outcome.ranks[a] == outcome.ranks[b]:
                assert seats[a].rank == seats[b].rank
    assert min(seats[s].rank for s in live) == 1


def test_a_partner_leaving_puts_the_whole_side_after_the_others(run_tasks, clock):
    table = humans("a0", "a1", "a2", "a3")  # sides 0+2 and 1+3
    game = act(start_table("tally", "partners", table, seed="side"))
    services.game_resign(user=table[1], game_id=game.pk)
    while fresh(game).status == Game.Status.ACTIVE:
        game = fresh(game)
        if not services.seat_autoplay(game_id=game.pk, expected_seq=game.n_actions):
            act(game)
    assert [s.rank for s in rows(game)] == [1, 2, 1, 2]
    assert rows(game)[3].status == Status.PLAYING


# --- timeouts and the sweep ---------------------------------------------------------------------


def test_a_timeout_at_a_zombie_table_makes_the_seat_played_by_the_site(run_tasks, clock):
    table = humans("t0", "t1", "t2")
    game = act(start_table("tally", "open", table, seed="late"))
    late = game.to_move
    clock.advance(days=4)
    with run_tasks():
        assert services.deadlines_sweep()["timed_out"] == 1
    game = fresh(game)
    assert game.status == Game.Status.ACTIVE
    assert rows(game)[late].status == Status.TIMED_OUT
    assert GameAction.objects.filter(game=game, seat=late).exists(), "played at once"
    assert game.to_move != late and game.deadline == clock.now + timedelta(days=3)
    assert services.deadlines_sweep() == {
        "reminded": 0, "timed_out": 0, "bots_nudged": 0, "failed": 0,
    }  # fmt: skip


def test_a_timeout_at_a_forfeit_table_ends_it_with_the_leaver_last(forfeit_tables, clock):
    table = humans("f0", "f1", "f2", "f3")
    game = act(start_table("tally", "open", table, seed="forfeit"))
    for _ in range(5):
        game = act(game)
    late = game.to_move
    scores = list(game_state(game).scores)
    clock.advance(days=4)
    assert services.deadlines_sweep()["timed_out"] == 1
    game = fresh(game)
    assert game.status == Game.Status.FINISHED and game.reason == Game.Reason.TIMEOUT
    seats = rows(game)
    assert seats[late].status == Status.TIMED_OUT and seats[late].rank == 4
    assert [s.score for s in seats] == scores
    others = [s for s in range(4) if s != late]
    best = max(scores[s] for s in others)
    assert all((seats[s].rank == 1) == (scores[s] == best) for s in others)


def test_resigning_at_a_forfeit_partners_table_loses_for_the_whole_side(forfeit_tables):
    table = humans("g0", "g1", "g2", "g3")
    game = act(start_table("tally", "partners", table, seed="side-forfeit"))
    services.game_resign(user=table[2], game_id=game.pk)
    game = fresh(game)
    assert game.status == Game.Status.FINISHED and game.reason == Game.Reason.RESIGNATION
    assert [s.rank for s in rows(game)] == [2, 1, 2, 1]
    assert rows(game)[2].status == Status.RESIGNED


def test_the_sweep_reminds_only_a_live_person_and_nudges_the_site_s_seats(
    run_tasks, clock, settings
):
    ann, bob, cy = humans("ann", "bob", "cy")
    waiting = act(start_table("tally", "open", [ann, bob, cy], seed="remind"))
    mover = waiting.players[waiting.to_move]
    zombie = act(start_table("tally", "open", humans("z0", "z1", "z2"), seed="zombie"))
    services.game_resign(user=zombie.players[zombie.to_move], game_id=zombie.pk)
    botted = start_table("tally", "open", [bot(), *humans("b1", "b2")], seed="bot")
    while fresh(botted).to_move != 0:
        act(botted)
    clock.advance(days=2, hours=12, seconds=settings.BOT_NUDGE_SECONDS + 1)
    with run_tasks():
        done = services.deadlines_sweep()
    assert done == {"reminded": 1, "timed_out": 0, "bots_nudged": 2, "failed": 0}
    [reminder] = Notification.objects.filter(kind=Kind.DEADLINE)
    assert reminder.user == mover and reminder.game_id == waiting.pk
    # Both were played by the nudged tasks: a person is to move at each now.
    for game in (zombie, botted):
        game = fresh(game)
        assert not game.players[game.to_move].is_bot
        assert rows(game)[game.to_move].status == Status.PLAYING


def test_one_table_failing_in_the_sweep_does_not_stop_the_others(monkeypatch, clock):
    tables = [
        act(start_table("tally", "open", humans(f"s{i}0", f"s{i}1", f"s{i}2"), seed=f"s{i}"))
        for i in range(3)
    ]
    broken = tables[1].pk
    real = leaving.seat_leave

    def seat_leave(game, position, status, actor=None):
        if game.pk == broken:
            raise RuntimeError("a table that cannot be timed out")
        real(game, position, status, actor)

    monkeypatch.setattr(leaving, "seat_leave", seat_leave)
    clock.advance(days=4)
    assert services.deadlines_sweep() == {
        "reminded": 0, "timed_out": 2, "bots_nudged": 0, "failed": 1,
    }  # fmt: skip
    assert [Status.TIMED_OUT in {s.status for s in rows(t)} for t in tables] == [
        True, False, True,
    ]  # fmt: skip


# --- suspension -----------------------------------------------------------------------------


@pytest.fixture
def moderator():
    from django.contrib.auth.models import Permission

    user = UserFactory(username="mod")
    user.user_permissions.add(Permission.objects.get(codename="suspend_user"))
    return User.objects.get(pk=user.pk)


def test_suspension_makes_the_seat_played_by_the_site_at_a_zombie_table(moderator, run_tasks):
    table = humans("u0", "u1", "u2")
    game = act(start_table("tally", "open", table, seed="suspend"))
    with run_tasks():
        done = user_suspend(actor=moderator, user_id=table[1].pk, reason="abuse")
    assert done["games_forfeited"] == [game.pk]
    game = fresh(game)
    assert game.status == Game.Status.ACTIVE
    assert rows(game)[1].status == Status.FORFEITED
    # A second suspension later finds no seat left to forfeit there.
    assert GameSeat.objects.filter(game=game, status=Status.PLAYING).count() == 2


def test_suspension_at_a_forfeit_table_ends_it(moderator, forfeit_tables):
    table = humans("v0", "v1", "v2")
    game = act(start_table("tally", "open", table, seed="suspend-forfeit"))
    user_suspend(actor=moderator, user_id=table[0].pk, reason="abuse")
    game = fresh(game)
    assert game.status == Game.Status.FINISHED and game.reason == Game.Reason.FORFEIT
    assert rows(game)[0].rank == 3 and rows(game)[0].status == Status.FORFEITED


# --- extra day and abort ----------------------------------------------------------------------


def test_any_live_person_not_to_move_may_give_one_extra_day_per_turn(clock):
    table = humans("e0", "e1", "e2", "e3")
    game = act(start_table("tally", "open", table, seed="extra"))
    mover = game.to_move
    givers = [table[s] for s in range(4) if s != mover]
    deadline = game.deadline
    with pytest.raises(services.GameError, match="only the other players"):
        services.game_extra_day(user=table[mover], game_id=game.pk)
    services.game_extra_day(user=givers[0], game_id=game.pk, expected_seq=game.n_actions)
    assert fresh(game).deadline == deadline + timedelta(days=1)
    [note] = Notification.objects.filter(kind=Kind.EXTRA_DAY)
    assert note.user == table[mover] and givers[0].username in note.text
    with pytest.raises(services.GameError, match="already been given"):
        services.game_extra_day(user=givers[1], game_id=game.pk)
    assert fresh(game).deadline == deadline + timedelta(days=1)
    game = act(game)  # the next turn: another day may be given
    services.game_extra_day(user=givers[1], game_id=game.pk)
    assert Notification.objects.filter(kind=Kind.EXTRA_DAY).count() == 2


def test_no_extra_day_for_a_seat_the_site_plays():
    ann, bob = humans("ann", "bob")
    game = start_table("tally", "open", [bot(), ann, bob], seed="extra-bot")
    while fresh(game).to_move != 0:
        act(game)
    with pytest.raises(services.GameError, match="no clock"):
        services.game_extra_day(user=ann, game_id=game.pk)


def test_a_table_can_be_aborted_only_before_any_move():
    table = humans("a0", "a1", "a2")
    game = start_table("tally", "open", table, seed="abort")
    assert services.abort_allowed(fresh(game))
    game = act(game)
    assert not services.abort_allowed(game)
    with pytest.raises(services.GameError, match="can no longer be aborted"):
        services.game_abort_by_player(user=table[0], game_id=game.pk)
    other = start_table("tally", "open", humans("b0", "b1", "b2"), seed="abort-2")
    resigner = fresh(other).players[2]
    services.game_resign(user=resigner, game_id=other.pk)  # before any move: an abort
    other = fresh(other)
    assert other.status == Game.Status.ABORTED and other.reason == Game.Reason.EARLY_ABORT
    assert {s.rank for s in rows(other)} == {None}


# --- the policies of the real games -------------------------------------------------------------


def test_a_xeri_partner_resigning_loses_the_match_for_the_team():
    """Xeri for four is played in two teams under the forfeit policy."""
    table = humans("x0", "x1", "x2", "x3")
    game = start_table("xeri", "classic", table, seed="xeri")
    state = game_state(game)
    first = state.legal_actions()[0]
    services.game_act(user=table[first["seat"]], game_id=game.pk, action=first, expected_seq=0)
    services.game_resign(user=table[1], game_id=game.pk)
    game = fresh(game)
    assert game.status == Game.Status.FINISHED and game.reason == Game.Reason.RESIGNATION
    assert [s.rank for s in rows(game)] == [1, 2, 1, 2]
    assert [s.status for s in rows(game)] == [
        Status.PLAYING, Status.RESIGNED, Status.PLAYING, Status.PLAYING,
    ]  # fmt: skip


def test_an_xactika_seat_that_timed_out_is_played_by_the_site(run_tasks, clock):
    """Xactika plays on under the zombie policy: the seat's turns are the game's own
    zombie action, and the log still replays."""
    table = humans("k0", "k1", "k2")
    game = start_table("xactika", "bid", table, seed="xactika")
    late = fresh(game).to_move
    clock.advance(days=4)
    with run_tasks():
        assert services.deadlines_sweep()["timed_out"] == 1
    game = fresh(game)
    assert game.status == Game.Status.ACTIVE and rows(game)[late].status == Status.TIMED_OUT
    [played] = GameAction.objects.filter(game=game, seat=late)
    expected = registry.rules("xactika").zombie_action(
        registry.rules("xactika").new("bid", 3, game.setup), late
    )
    assert played.action == expected
    assert game_state(game).n_actions == game.n_actions and game.to_move != late
