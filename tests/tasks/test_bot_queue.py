"""Issue 30, item 1, with real workers: a 10-seat Xactika table of strong bots that its
one person leaves must end within a bounded time, and e-mail must keep flowing meanwhile
(the bots think on their own queue and worker, one short transaction per move)."""

import time

import pytest
from django.db import transaction

from games import services
from games.models import Game
from games.selectors import game_state
from notifications.models import Notification, OutboundEmail
from notifications.services import notify
from tests.factories import UserFactory

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


def queue_email(user, seq: int) -> OutboundEmail:
    """An e-mail the site sends: a notification e-mailed on its own, as any is."""
    with transaction.atomic():
        note = notify(
            user=user, game=None, kind=Notification.Kind.REPORT, seq=seq, text=f"News {seq}"
        )
    return OutboundEmail.objects.get(key=f"n{note.pk}")


def sent_within(outbound: OutboundEmail, seconds: float) -> None:
    wait_until(
        lambda: OutboundEmail.objects.filter(pk=outbound.pk, status="sent").exists(),
        seconds,
        f"e-mail {outbound.pk} sent",
    )


def test_a_ten_seat_strong_bot_table_its_person_leaves_ends_and_email_goes_out_meanwhile(
    celery_workers, client, settings
):
    # Short waits before each site-made move (the web process draws them too), so the test
    # stays short; the bots think with their full budget.
    delays = {"SITE_MOVE_DELAY_MIN": "0.05", "SITE_MOVE_DELAY_MAX": "0.2"}
    settings.SITE_MOVE_DELAY_MIN, settings.SITE_MOVE_DELAY_MAX = 0.05, 0.2
    bots = celery_workers(queues="bots", **delays)
    celery_workers(queues="default", **delays)
    hugo, ivy = UserFactory(username="hugo"), UserFactory(username="ivy")
    UserFactory(username="bot-strong", is_bot=True, bot_level="strong")
    client.force_login(hugo)
    response = client.post(
        "/bots/play",
        {"level": "strong", "game": "xactika/bid", "seats": "10", "days_per_move": "3"},
    )
    assert response.status_code == 302
    game = Game.objects.get(kind="xactika")
    assert game.seats_count == 10 and game.status == Game.Status.ACTIVE
    mine = game.players.index(hugo)
    # The bots before hugo bid, each move its own task on the bots' worker (a loose bound:
    # the machine may be busy; no speed is asserted).
    game = wait_until(lambda: (g := fresh(game)).to_move == mine and g, 60, "hugo's turn")
    bid = game_state(game).legal_actions()[0]
    services.game_act(user=hugo, game_id=game.pk, action=bid, expected_seq=game.n_actions)
    # The bots after him think now; an e-mail queued meanwhile is not held up by them.
    sent_within(queue_email(ivy, 1), 5)
    services.game_resign(user=hugo, game_id=game.pk)
    sent_within(queue_email(ivy, 2), 5)
    # No person is left: the game ends, with a result, without the rest being played out.
    game = wait_until(lambda: (g := fresh(game)).is_over and g, 15, "the end of the game")
    assert game.status == Game.Status.FINISHED
    assert game.reason == Game.Reason.ABANDONED
    ranks = [seat.rank for seat in game.seat_rows()]
    assert ranks[mine] == 10 and sorted(ranks)[0] == 1
    # Each bot move the worker made was its own short task; none was cut off.
    assert "SoftTimeLimitExceeded" not in bots.output()
    assert "TimeLimitExceeded" not in bots.output()
