"""Notifications written with game changes, e-mail preferences, the outbox and dedupe."""

import random

import pytest
from django.core import mail
from django.core.cache import cache

from games import services, tables
from games.models import Game
from games.selectors import game_state
from notifications import services as notify_services
from notifications.models import Notification, OutboundEmail
from tests.factories import UserFactory, make_challenge, play, play_random, start_game
from tests.games.fixtures_play import both_moved

pytestmark = pytest.mark.django_db

Kind = Notification.Kind


def one_move(game, capture):
    """The seat to move plays one random legal move; on-commit tasks run."""
    with capture(execute=True):
        return play_random(game, moves=1)


def test_a_move_tells_the_next_player_in_app_and_by_email(
    game, alice, bob, django_capture_on_commit_callbacks
):
    mover, waiting = game.players[game.to_move], game.players[1 - game.to_move]
    mail.outbox.clear()
    game = one_move(game, django_capture_on_commit_callbacks)
    assert game.players[game.to_move] == waiting
    note = Notification.objects.get(user=waiting, kind=Kind.YOUR_TURN)
    assert note.seq == game.n_actions == 1
    assert note.text == f"Your move in XIX against {mover.username}."
    assert note.email == Notification.Email.QUEUED and note.unread
    # Nothing for the player who just moved.
    assert not Notification.objects.filter(user=mover, kind=Kind.YOUR_TURN, seq=1).exists()
    [message] = mail.outbox
    assert message.to == [waiting.email]
    assert message.subject == f"[XIX Online] Your move in XIX against {mover.username}"
    assert f"http://127.0.0.1:8000/games/{game.pk}/" in message.body
    assert "http://127.0.0.1:8000/settings/" in message.body
    html, mimetype = message.alternatives[0]
    assert mimetype == "text/html"
    assert f'href="http://127.0.0.1:8000/games/{game.pk}/"' in html
    assert 'href="http://127.0.0.1:8000/settings/"' in html
    assert message.extra_headers["List-Unsubscribe"] == "<http://127.0.0.1:8000/settings/>"
    outbound = OutboundEmail.objects.get(key=f"n{note.pk}")
    assert outbound.status == OutboundEmail.Status.SENT and outbound.attempts == 1


def test_no_notice_or_email_while_the_player_is_looking_at_the_game(
    game, alice, bob, django_capture_on_commit_callbacks
):
    waiting = game.players[1 - game.to_move]
    notify_services.viewing_mark(waiting.pk, game.pk)
    mail.outbox.clear()
    game = one_move(game, django_capture_on_commit_callbacks)
    assert not Notification.objects.filter(user=waiting, kind=Kind.YOUR_TURN).exists()
    assert mail.outbox == [] and not OutboundEmail.objects.exists()


@pytest.mark.parametrize("url", ["/games/{pk}/poll?seq=0", "/games/{pk}/"])
def test_the_game_page_and_its_poll_count_as_looking(
    game, alice, bob, client, url, django_capture_on_commit_callbacks
):
    waiting = game.players[1 - game.to_move]
    client.force_login(waiting)
    assert client.get(url.format(pk=game.pk)).status_code in (200, 204)
    mail.outbox.clear()
    game = one_move(game, django_capture_on_commit_callbacks)
    # The move went through, yet the player looking at the table gets neither a notice
    # nor an e-mail about it.
    assert game.players[game.to_move] == waiting
    assert mail.outbox == []
    assert not Notification.objects.filter(user=waiting).exists()


def _forget_looking(user, game):
    """As if ``user`` closed the game's page long ago."""
    cache.delete(notify_services.viewing_key(user.pk, game.pk))


def test_at_most_one_unread_your_move_notice_per_game(alice, django_capture_on_commit_callbacks):
    """A whole bot game played away from the page leaves one "your move" notice, which
    tells of the latest move: not one per bot reply."""
    bot = UserFactory(username="bot-random", is_bot=True, bot_level="random")
    with django_capture_on_commit_callbacks(execute=True):
        game = make_challenge(
            user=alice, variant="standard", days_per_move=3, rated=False, invited=bot
        )
    mail.outbox.clear()
    rng = random.Random(3)
    unread_counts = []
    while True:
        _forget_looking(alice, game)
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        legal = game_state(game).legal_actions()
        with django_capture_on_commit_callbacks(execute=True):
            play(game, [rng.choice(legal)])
        unread_counts.append(
            alice.notifications.filter(kind=Kind.YOUR_TURN, read_at__isnull=True).count()
        )
    assert len(unread_counts) > 5 and max(unread_counts) == 1
    assert alice.notifications.filter(kind=Kind.YOUR_TURN).count() == 1
    # Only the first notice was e-mailed: updating an unread one sends nothing more.
    assert [m.subject for m in mail.outbox].count(
        "[XIX Online] Your move in XIX against bot-random"
    ) == 1


def test_an_unread_your_move_notice_is_updated_not_repeated(
    game, alice, bob, django_capture_on_commit_callbacks
):
    first_mover = game.players[game.to_move]
    for _ in range(4):
        game = one_move(game, django_capture_on_commit_callbacks)
    if game.players[game.to_move] != first_mover:
        game = one_move(game, django_capture_on_commit_callbacks)
    [note] = Notification.objects.filter(user=first_mover, kind=Kind.YOUR_TURN)
    assert note.seq == game.n_actions and note.unread
    # Once read, the next turn is news again: a new notice.
    notify_services.mark_read(user=first_mover)
    seq = game.n_actions
    while game.n_actions == seq or game.players[game.to_move] != first_mover:
        game = one_move(game, django_capture_on_commit_callbacks)
    notes = Notification.objects.filter(user=first_mover, kind=Kind.YOUR_TURN)
    assert notes.count() == 2
    assert notes.get(read_at__isnull=True).seq == game.n_actions


def test_a_moves_answer_marks_the_games_notices_read(game, alice, bob, client):
    mover = game.players[game.to_move]
    notify_services.notify(user=mover, game=game, kind=Kind.DEADLINE, seq=0, text="hurry")
    assert notify_services.unread_count(mover) == 1
    client.force_login(mover)
    action = game_state(game).legal_actions()[0]
    fields = {k: v for k, v in action.items() if k != "seat"}
    response = client.post(
        f"/games/{game.pk}/act", {"seq": 0, **fields}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert notify_services.unread_count(mover) == 0


@pytest.mark.parametrize(
    ("preference", "email_state"),
    [("none", Notification.Email.NONE), ("digest", Notification.Email.DIGEST)],
)
def test_preferences_none_and_digest_send_nothing_at_once(
    game, alice, bob, preference, email_state, django_capture_on_commit_callbacks
):
    waiting = game.players[1 - game.to_move]
    waiting.email_notifications = preference
    waiting.save()
    mail.outbox.clear()
    one_move(game, django_capture_on_commit_callbacks)
    note = Notification.objects.get(user=waiting, kind=Kind.YOUR_TURN, seq=1)
    assert note.email == email_state
    assert mail.outbox == []


def test_a_challenge_and_its_acceptance_notify_the_other_side(
    alice, bob, django_capture_on_commit_callbacks
):
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        game = make_challenge(
            user=alice, variant="talon", days_per_move=2, rated=False, invited=bob
        )
    challenge = Notification.objects.get(user=bob, kind=Kind.CHALLENGE)
    assert (
        challenge.text == "alice challenges you to a game of XIX (talon, 2 days per move, casual)."
    )
    assert mail.outbox[-1].to == ["bob@example.com"]
    assert mail.outbox[-1].subject == "[XIX Online] alice challenges you to XIX"
    with django_capture_on_commit_callbacks(execute=True):
        game = tables.table_join(user=bob, game_id=game.pk)
    accepted = Notification.objects.get(user=alice, kind=Kind.ACCEPTED)
    assert accepted.text.startswith("bob accepted your challenge")
    assert mail.outbox[-1].to[0] in ("alice@example.com", "bob@example.com")
    # Whoever leads is told it is their move, unless it is bob, who just accepted.
    leader = game.players[game.to_move]
    assert Notification.objects.filter(user=leader, kind=Kind.YOUR_TURN).exists() == (
        leader == alice
    )


def test_a_withdrawn_challenge_takes_its_notification_with_it(alice, bob):
    game = make_challenge(user=alice, variant="standard", days_per_move=3, rated=True, invited=bob)
    assert Notification.objects.filter(user=bob).count() == 1
    tables.table_leave(user=alice, game_id=game.pk)
    assert Notification.objects.filter(user=bob).count() == 0


def test_resigning_tells_the_opponent_only(game, alice, bob, django_capture_on_commit_callbacks):
    game = both_moved(game)  # before that, resigning aborts the game (docs/rules.md 29)
    Notification.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(user=alice, game_id=game.pk)
    [over] = Notification.objects.filter(kind=Kind.GAME_OVER)
    assert over.user == bob
    assert (
        over.text
        == f"You won against alice in XIX, {game.scores[1]}–{game.scores[0]} (alice resigned)."
    )
    assert not Notification.objects.filter(user=alice, kind=Kind.GAME_OVER).exists()


def test_notify_is_once_per_user_game_action_and_kind(game, alice, bob):
    first = notify_services.notify(user=bob, game=game, kind=Kind.DEADLINE, seq=4, text="x")
    again = notify_services.notify(user=bob, game=game, kind=Kind.DEADLINE, seq=4, text="x")
    assert first is not None and again is None
    assert Notification.objects.filter(user=bob, kind=Kind.DEADLINE).count() == 1
    assert OutboundEmail.objects.filter(user=bob, key=f"n{first.pk}").count() == 1
    # Another action number or kind is another event.
    assert notify_services.notify(user=bob, game=game, kind=Kind.DEADLINE, seq=5, text="x")
    assert notify_services.notify(user=bob, game=game, kind=Kind.YOUR_TURN, seq=4, text="x")


def test_bots_get_no_notifications(alice):
    bot = UserFactory(username="botty", is_bot=True, bot_level="random")
    game = start_game(alice, UserFactory(username="carol"))
    assert notify_services.notify(user=bot, game=game, kind=Kind.YOUR_TURN, seq=0, text="x") is None
    assert not Notification.objects.filter(user=bot).exists()


class BrokenBackend:
    """An e-mail backend whose server is down."""

    def __init__(self, *args, **kwargs):
        pass

    def send_messages(self, messages):
        raise ConnectionRefusedError("mail server down")


def test_a_failing_mail_server_never_blocks_a_move_and_is_recorded(
    game, alice, bob, settings, django_capture_on_commit_callbacks
):
    settings.EMAIL_BACKEND = "tests.notifications.test_notify.BrokenBackend"
    before = game.n_actions
    game = one_move(game, django_capture_on_commit_callbacks)
    assert game.n_actions == before + 1  # the move stands
    outbound = OutboundEmail.objects.filter(status=OutboundEmail.Status.PENDING).latest("pk")
    assert outbound.attempts >= 1
    assert "mail server down" in outbound.last_error
    # Each further attempt is counted; after the last one the e-mail is marked failed.
    for _ in range(notify_services.MAX_EMAIL_ATTEMPTS):
        try:
            notify_services.email_send(outbound.pk)
        except notify_services.SendFailed:
            pass
    outbound.refresh_from_db()
    assert outbound.status == OutboundEmail.Status.FAILED
    assert outbound.attempts == notify_services.MAX_EMAIL_ATTEMPTS
    # Once the server is back, a failed e-mail is not sent by a stray task.
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    mail.outbox.clear()
    assert notify_services.email_send(outbound.pk) is False and mail.outbox == []


def test_sending_twice_sends_once(game, alice, bob):
    note = notify_services.notify(user=bob, game=game, kind=Kind.DEADLINE, seq=9, text="hurry")
    outbound = OutboundEmail.objects.get(key=f"n{note.pk}")
    mail.outbox.clear()
    assert notify_services.email_send(outbound.pk) is True
    assert notify_services.email_send(outbound.pk) is False
    assert len(mail.outbox) == 1


def test_outbox_flush_picks_up_pending_mail_whose_task_was_lost(game, alice, bob, clock):
    # notify outside on-commit capture: the send task never ran (as if the broker was down).
    note = notify_services.notify(user=bob, game=game, kind=Kind.DEADLINE, seq=9, text="hurry")
    outbound = OutboundEmail.objects.get(key=f"n{note.pk}")
    mail.outbox.clear()
    assert notify_services.outbox_flush() == 0  # too fresh: its own task may still come
    clock.advance(minutes=6)
    assert notify_services.outbox_flush() == 1
    outbound.refresh_from_db()
    assert outbound.status == OutboundEmail.Status.SENT
    # A notice made without a subject gets the fallback one by its kind.
    assert [m.subject for m in mail.outbox] == ["[XIX Online] Your move against alice is due soon"]
    assert notify_services.outbox_flush() == 0
