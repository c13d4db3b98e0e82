"""Bots and e-mail through a real Celery worker process, and a worker killed mid-task."""

import time

import pytest

from games.models import Game, GameAction
from games.selectors import game_state
from notifications.models import Notification, OutboundEmail
from tests.factories import UserFactory, make_challenge

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


def wait_until(condition, seconds: float, what: str):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"{what}: not within {seconds} s")


def fresh(game):
    return Game.objects.get(pk=game.pk)


def humans_turn(game, human, seconds=10):
    return wait_until(
        lambda: (g := fresh(game)).players[g.to_move] == human and g, seconds, "hugo's turn"
    )


def move_form(game) -> dict:
    action = game_state(game).legal_actions()[0]
    form = {"seq": game.n_actions, "type": action["type"]}
    form.update({k: action[k] for k in ("card", "position") if k in action})
    return form


def test_a_bot_answers_a_move_made_over_http_and_the_turn_email_goes_out(
    celery_workers, client, mail_dir, settings
):
    # Challenging a bot or moving counts as looking at the game (no notice, no e-mail) for
    # this long: 0 s, as if hugo left the page after each move, so the turn e-mail is due.
    settings.NOTIFY_VIEWING_SECONDS = 0
    celery_workers()
    human = UserFactory(username="hugo")
    bot = UserFactory(username="bot-heuristic", is_bot=True, bot_level="heuristic")
    game = make_challenge(user=human, variant="standard", days_per_move=3, rated=False, invited=bot)
    client.force_login(human)
    for _ in range(20):
        game = humans_turn(game, human)  # if the bot leads, the worker has played its lead
        before = game.n_actions
        response = client.post(f"/games/{game.pk}/act", move_form(game))
        assert response.status_code == 303
        game = fresh(game)
        if game.players[game.to_move] == bot:
            break  # else hugo won the trick and leads again
    else:
        raise AssertionError("the bot never got a move")
    started = time.monotonic()
    game = humans_turn(game, human, seconds=10)
    took = time.monotonic() - started
    assert game.n_actions > before + 1, "the bot has answered"
    bot_seat = game.players.index(bot)
    assert GameAction.objects.filter(game=game, seq=before + 1, seat=bot_seat).exists()
    print(f"bot answered in {took:.2f} s")
    # The worker told hugo it is his move: in the app and by e-mail (written to a file).
    note = wait_until(
        lambda: Notification.objects.filter(
            user=human, kind="your_turn", seq=game.n_actions
        ).first(),
        10,
        "the your-turn notification",
    )
    outbound = wait_until(
        lambda: OutboundEmail.objects.filter(key=f"n{note.pk}", status="sent").first(),
        10,
        "the turn e-mail sent",
    )
    files = wait_until(lambda: list(mail_dir.iterdir()), 10, "an e-mail file")
    sent = "\n".join(f.read_text() for f in files)
    assert "To: hugo@example.com" in sent
    assert f"Subject: {outbound.subject}" in sent
    assert f"/games/{game.pk}/" in sent and "/settings/" in sent
    assert "text/html" in sent


def test_a_worker_killed_mid_bot_move_leaves_the_move_to_be_made_exactly_once(
    celery_workers, client
):
    # A bot that thinks for seconds, so the task is surely in flight when the worker dies.
    slow = celery_workers(BOT_STRONG_ITERATIONS="200000")
    human = UserFactory(username="hugo")
    bot = UserFactory(username="bot-strong", is_bot=True, bot_level="strong")
    game = make_challenge(user=human, variant="standard", days_per_move=3, rated=False, invited=bot)
    game = fresh(game)
    if game.players[game.to_move] == human:
        client.force_login(human)
        assert client.post(f"/games/{game.pk}/act", move_form(game)).status_code == 303
        game = fresh(game)
    seq = game.n_actions
    slow.wait_for(f"thinking in game {game.pk} at action {seq}", 20)
    slow.kill()
    assert fresh(game).n_actions == seq, "the killed worker wrote nothing"
    # A new worker takes the unacknowledged task once its visibility timeout has passed.
    time.sleep(2.5)
    replacement = celery_workers(BOT_STRONG_ITERATIONS="300", CELERY_VISIBILITY_TIMEOUT="2")
    # And the sweep's nudge sends the same move again: a duplicate, which must do nothing.
    from games.tasks import bot_move

    bot_move.delay(game.pk, seq)
    replacement.wait_for(f"moved in game {game.pk} at action {seq}", 30)
    wait_until(lambda: fresh(game).n_actions > seq, 10, "the bot's move")
    time.sleep(1.0)  # let the duplicate run too
    bot_seat = game.players.index(bot)
    assert GameAction.objects.filter(game=game, seq=seq).count() == 1
    assert GameAction.objects.get(game=game, seq=seq).seat == bot_seat
    assert replacement.output().count(f"moved in game {game.pk} at action {seq}") == 1
    # The log still replays: nothing half-written.
    assert game_state(fresh(game)).to_move is not None or fresh(game).is_over
