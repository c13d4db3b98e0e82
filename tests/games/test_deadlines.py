"""Deadlines with a frozen clock: the full period per move, the reminder at a fifth of it,
timeouts (with ratings and notifications), the extra day, and bots never timing out."""

from datetime import timedelta

import pytest
from django.core import mail

from games import services
from games.models import Game
from notifications.models import Notification
from ratings.models import Rating, RatingChange
from tests.factories import UserFactory, make_challenge, play_random, start_game

pytestmark = pytest.mark.django_db

Kind = Notification.Kind


@pytest.fixture
def game(clock):
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    return start_game(alice, bob, days_per_move=5)


def test_every_move_gives_the_next_seat_the_full_period(game, clock):
    assert game.deadline == clock.now + timedelta(days=5)
    assert game.remind_at == clock.now + timedelta(days=4)
    clock.advance(days=3, hours=7)
    game = play_random(game, moves=1)
    assert game.deadline == clock.now + timedelta(days=5)  # no time bank
    assert game.remind_at == game.deadline - timedelta(days=1)


def test_reminder_once_when_a_fifth_is_left(game, clock, django_capture_on_commit_callbacks):
    mover = game.players[game.to_move]
    clock.advance(days=3, hours=23)
    assert services.deadlines_sweep() == {
        "reminded": 0,
        "timed_out": 0,
        "bots_nudged": 0,
        "failed": 0,
    }
    clock.advance(hours=1, minutes=1)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert services.deadlines_sweep()["reminded"] == 1
        assert services.deadlines_sweep()["reminded"] == 0
    [reminder] = Notification.objects.filter(kind=Kind.DEADLINE)
    assert reminder.user == mover and reminder.seq == game.n_actions
    assert reminder.text.startswith("About 24 hours left for your move in XIX against")
    assert [m.to for m in mail.outbox] == [[mover.email]]
    game.refresh_from_db()
    assert game.remind_at is None and game.status == Game.Status.ACTIVE


def test_timeout_once_the_seat_to_move_loses_with_ratings_and_notices(
    game, clock, django_capture_on_commit_callbacks
):
    game = play_random(game, moves=3)
    loser_seat = game.to_move
    loser, winner = game.players[loser_seat], game.players[1 - loser_seat]
    clock.set(game.deadline - timedelta(seconds=1))
    assert services.deadlines_sweep()["timed_out"] == 0
    clock.advance(seconds=1)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.deadlines_sweep()["timed_out"] == 1
        assert services.deadlines_sweep()["timed_out"] == 0
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.reason == Game.Reason.TIMEOUT and game.winner == 1 - loser_seat
    assert game.deadline is None and game.to_move is None
    assert RatingChange.objects.filter(game=game).count() == 2
    assert Rating.objects.get(user=winner, variant="standard").rating > 1500
    assert Rating.objects.get(user=loser, variant="standard").rating < 1500
    texts = dict(
        Notification.objects.filter(kind=Kind.GAME_OVER).values_list("user__username", "text")
    )
    assert texts[loser.username].startswith(f"You lost against {winner.username} in XIX")
    assert texts[loser.username].endswith("(you ran out of time).")
    assert texts[winner.username].endswith(f"({loser.username} ran out of time).")
    # A late move is refused now that the game is over.
    with pytest.raises(services.IllegalAction, match="the game is over"):
        services.game_act(
            user=loser, game_id=game.pk, action={"type": "raise"}, expected_seq=game.n_actions
        )


def test_the_opponent_can_give_one_extra_day_per_turn(game, clock):
    mover, opponent = game.players[game.to_move], game.players[1 - game.to_move]
    deadline = game.deadline
    game = services.game_extra_day(user=opponent, game_id=game.pk)
    assert game.deadline == deadline + timedelta(days=1)
    assert game.remind_at == deadline + timedelta(days=1) - timedelta(days=1)
    note = Notification.objects.get(kind=Kind.EXTRA_DAY)
    assert (
        note.user == mover
        and note.text == f"{opponent.username} gave you an extra day for your move in XIX."
    )
    with pytest.raises(services.GameError, match="already given an extra day"):
        services.game_extra_day(user=opponent, game_id=game.pk)
    with pytest.raises(services.GameError, match="only your opponent"):
        services.game_extra_day(user=mover, game_id=game.pk)
    with pytest.raises(services.NotAPlayer):
        services.game_extra_day(user=UserFactory(username="eve"), game_id=game.pk)
    # The old deadline passes harmlessly.
    clock.set(deadline + timedelta(hours=1))
    assert services.deadlines_sweep()["timed_out"] == 0
    clock.set(deadline + timedelta(days=1))
    assert services.deadlines_sweep()["timed_out"] == 1


def test_a_bot_is_never_timed_out_its_move_is_enqueued_again(
    clock, settings, django_capture_on_commit_callbacks
):
    human = UserFactory(username="hugo")
    bot = UserFactory(username="bot-random", is_bot=True, bot_level="random")
    game = make_challenge(user=human, variant="standard", days_per_move=1, rated=False, invited=bot)
    game.refresh_from_db()
    if game.players[game.to_move] != bot:
        game = play_random(game, moves=1)  # on-commit not run: the bot's task is "lost"
    assert game.players[game.to_move] == bot
    seq = game.n_actions
    clock.advance(days=2)
    with django_capture_on_commit_callbacks(execute=True):
        result = services.deadlines_sweep()
    assert result["timed_out"] == 0 and result["bots_nudged"] == 1
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.n_actions > seq


def test_the_periodic_command_runs_the_same_sweep_for_cron_and_dev(game, clock):
    from io import StringIO

    from django.core.management import CommandError, call_command

    clock.set(game.deadline + timedelta(minutes=1))
    out = StringIO()
    call_command("periodic", stdout=out)
    counts = "{'reminded': 0, 'timed_out': 1, 'bots_nudged': 0, 'failed': 0}"
    assert f"deadlines: {counts}" in out.getvalue()
    assert Game.objects.get(pk=game.pk).reason == Game.Reason.TIMEOUT
    with pytest.raises(CommandError, match="--every must be 0"):
        call_command("periodic", every=-5)


def test_a_game_that_fails_in_the_sweep_is_logged_and_the_others_still_go_on(
    clock, monkeypatch, caplog, django_capture_on_commit_callbacks
):
    """One game whose timeout raises (here: its game-over notice) is rolled back, logged
    with its id and counted; the other game still times out and the bot is still nudged."""
    from games import notices

    alice, bob, carol = (UserFactory(username=name) for name in ("alice", "bob", "carol"))
    broken = start_game(alice, bob, days_per_move=1)
    fine = start_game(carol, bob, days_per_move=1)
    bot = UserFactory(username="bot-random", is_bot=True, bot_level="random")
    bot_game = make_challenge(
        user=alice, variant="standard", days_per_move=1, rated=False, invited=bot
    )
    bot_game.refresh_from_db()
    if bot_game.players[bot_game.to_move] != bot:
        bot_game = play_random(bot_game, moves=1)  # the bot's task is "lost"
    seq = bot_game.n_actions
    real_game_over = notices.game_over

    def game_over(game, **kwargs):
        if game.pk == broken.pk:
            raise RuntimeError("mail template missing")
        return real_game_over(game, **kwargs)

    monkeypatch.setattr(notices, "game_over", game_over)
    clock.advance(days=2)
    with django_capture_on_commit_callbacks(execute=True):
        result = services.deadlines_sweep()

    assert result == {"reminded": 0, "timed_out": 1, "bots_nudged": 1, "failed": 1}
    broken.refresh_from_db(), fine.refresh_from_db(), bot_game.refresh_from_db()
    assert broken.status == Game.Status.ACTIVE and not RatingChange.objects.filter(game=broken)
    assert (fine.status, fine.reason) == (Game.Status.FINISHED, Game.Reason.TIMEOUT)
    assert bot_game.n_actions > seq
    [record] = [r for r in caplog.records if r.levelname == "ERROR"]
    assert f"game {broken.pk}" in record.getMessage() and record.exc_info
