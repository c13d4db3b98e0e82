"""What players of tables of any size are told, as they read it: invitations, the start,
a seat that left, turns, deadlines and results, in the app and by e-mail (tally tables of
2, 3, 4, 6 seats and partnerships; Xeri two against two for the forfeit policy).

Every text names its game ("in Tally", "in XIX")."""

from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games import notices, outcomes, services
from games.models import Game, GameSeat
from games.selectors import game_state
from notifications import services as notify_services
from notifications.models import Notification, OutboundEmail
from tests.factories import UserFactory, start_table

pytestmark = pytest.mark.django_db

Kind = Notification.Kind
NAMES = ["ann", "bob", "cy", "dee", "eve", "fay"]
PLAYED_OUT = "every card in hand has been played"


@pytest.fixture
def users():
    return [UserFactory(username=name) for name in NAMES]


def texts(user, kind=None):
    notes = Notification.objects.filter(user=user)
    if kind is not None:
        notes = notes.filter(kind=kind)
    return [note.text for note in notes.order_by("pk")]


def waiting_table(creator, seats, variant="open", others=()):
    """A tally table of ``seats`` waiting for players, where ``creator`` and ``others``
    sit already (seat rows without a position yet)."""
    game = Game.objects.create(
        kind="tally",
        variant=variant,
        seats_count=seats,
        seed="s",
        created_by=creator,
        status=Game.Status.WAITING,
        rated=False,
    )
    for user in (creator, *others):
        GameSeat.objects.create(game=game, user=user)
    return game


def leave(game, position, status):
    GameSeat.objects.filter(game=game, position=position).update(
        status=status, left_at=timezone.now() + timedelta(seconds=position)
    )
    game.forget_seats()


def finish(game, scores, ranks, reason="played out", left=()):
    """``game`` over as the play services leave a table: scores and ranks in its seat rows,
    ``left`` the (position, status) of seats that left it, first out first."""
    for position, (score, rank) in enumerate(zip(scores, ranks, strict=True)):
        GameSeat.objects.filter(game=game, position=position).update(score=score, rank=rank)
    for order, (position, status) in enumerate(left):
        GameSeat.objects.filter(game=game, position=position).update(
            status=status, left_at=timezone.now() + timedelta(minutes=order)
        )
    game.status, game.reason, game.n_actions = Game.Status.FINISHED, reason, 9
    game.save()
    game.forget_seats()
    return game


# --- before the game ---------------------------------------------------------------------


def test_an_invitation_to_a_table_says_its_game_size_and_how_full_it_is(users):
    ann, bob, cy = users[:3]
    game = waiting_table(ann, 5, others=[bob])
    mail.outbox.clear()
    notices.table_invited(game, cy)
    assert texts(cy, Kind.CHALLENGE) == [
        "ann invites you to a table of Tally for 5 (open table, 3 days per move, casual): "
        "2 of 5 seats taken."
    ]
    [outbound] = OutboundEmail.objects.filter(user=cy)
    assert outbound.subject == "[XIX Online] ann invites you to a table of Tally for 5"
    assert "ann invites you to a table of Tally for 5" in outbound.body_text


def test_an_invitation_to_a_two_seat_table_is_a_challenge(users):
    ann, bob = users[:2]
    game = waiting_table(ann, 2, variant="duel")
    notices.table_invited(game, bob)
    assert texts(bob) == ["ann challenges you to a game of Tally (duel, 3 days per move, casual)."]
    assert OutboundEmail.objects.get(user=bob).subject == "[XIX Online] ann challenges you to Tally"


def test_the_start_of_a_table_tells_every_human_but_the_one_who_filled_it(users):
    ann, bob, cy = users[:3]
    game = start_table("tally", "open", [ann, bob, cy])
    notices.table_started(game, cy)
    terms = "(open table, 3 days per move, casual)"
    assert texts(ann) == [
        f"The table is full: your game of Tally with bob and cy has begun {terms}."
    ]
    assert texts(bob) == [
        f"The table is full: your game of Tally with ann and cy has begun {terms}."
    ]
    assert texts(cy) == []
    assert OutboundEmail.objects.get(user=ann).subject == (
        "[XIX Online] Your game of Tally with bob and cy has begun"
    )
    # The lobby lists the news of a game that began (the "accepted" kind).
    assert [note.game for note in notify_services.accepted_unread(ann)] == [game]


def test_the_start_of_a_partnership_names_the_partner(users):
    ann, bob, cy, dee = users[:4]
    game = start_table("tally", "partners", [ann, bob, cy, dee])
    notices.table_started(game, dee)
    assert texts(ann) == [
        "The table is full: your game of Tally with your partner cy against bob and dee has "
        "begun (partners, 3 days per move, casual)."
    ]


def test_the_start_of_a_two_seat_table_is_an_accepted_challenge(users):
    ann, bob = users[:2]
    game = start_table("tally", "duel", [ann, bob])
    notices.table_started(game, bob)
    assert texts(ann) == [
        "bob accepted your challenge to Tally (duel, 3 days per move, casual): the game is on."
    ]
    assert texts(bob) == []


# --- during the game ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "variant, seats, expected",
    [
        ("duel", 2, "Your move in Tally against bob."),
        ("open", 3, "Your move in Tally with bob and cy."),
        ("open", 6, "Your move in Tally with bob, cy and 3 others."),
        ("partners", 4, "Your move in Tally with your partner cy against bob and dee."),
        ("partners", 6, "Your move in Tally with your partner dee against bob, cy and 2 others."),
    ],
)
def test_your_move_names_the_game_and_the_company(users, variant, seats, expected):
    game = start_table("tally", variant, users[:seats])
    mail.outbox.clear()
    notices.your_turn(game, users[0])
    assert texts(users[0]) == [expected]
    assert OutboundEmail.objects.get(user=users[0]).subject == f"[XIX Online] {expected[:-1]}"


def test_a_digest_reader_gets_the_table_texts_in_their_digest(
    users, clock, django_capture_on_commit_callbacks
):
    ann = users[0]
    ann.email_notifications, ann.time_zone = ann.EmailNotifications.DIGEST, "Asia/Tokyo"
    ann.save()
    game = start_table("tally", "open", users[:4])
    notices.your_turn(game, ann)
    notices.extra_day(game, ann, users[3])
    assert not OutboundEmail.objects.exists()
    clock.set(datetime(2026, 11, 2, 23, 10, tzinfo=UTC))  # 08:10 in Tokyo
    with django_capture_on_commit_callbacks(execute=True):
        assert notify_services.digest_send() == 1
    [message] = mail.outbox
    assert message.subject == "[XIX Online] Your daily digest: 2 updates"
    assert "Your move in Tally with bob, cy and dee." in message.body
    assert "dee gave you an extra day for your move in Tally." in message.body


def test_the_deadline_warning_says_what_a_zombie_table_does_on_time(users):
    game = start_table("tally", "open", users[:3])
    game.deadline = timezone.now() + timedelta(hours=5, minutes=1)
    notices.deadline_near(game, users[0])
    assert texts(users[0]) == [
        "About 5 hours left for your move in Tally with bob and cy: after that the site plays "
        "your turns and you finish last."
    ]
    assert OutboundEmail.objects.get(user=users[0]).subject == (
        "[XIX Online] Your move in Tally with bob and cy is due soon"
    )


@pytest.mark.parametrize(
    "kind, variant, reader, left, expected",
    [
        (
            "tally",
            "partners",
            3,
            timedelta(hours=30),
            "About 30 hours left for your move in Tally with your partner bob against ann and "
            "cy: after that the site plays your turns and your side finishes last.",
        ),
        (
            "xeri",
            "classic",
            1,
            timedelta(minutes=40),
            "About 1 hour left for your move in Xeri with your partner dee against ann and cy: "
            "after that your side loses the game on time.",
        ),
    ],
)
def test_the_deadline_warning_of_a_partnership_speaks_for_the_side(
    users, kind, variant, reader, left, expected
):
    game = start_table(kind, variant, users[:4])
    game.deadline = timezone.now() + left
    notices.deadline_near(game, users[reader])
    assert texts(users[reader]) == [expected]


def test_an_extra_day_names_the_giver_and_the_game(users):
    game = start_table("tally", "open", users[:5])
    notices.extra_day(game, users[2], users[4])
    assert texts(users[2]) == ["eve gave you an extra day for your move in Tally."]
    assert OutboundEmail.objects.get(user=users[2]).subject == (
        "[XIX Online] eve gave you an extra day in Tally"
    )


def test_a_seat_that_left_a_zombie_table_is_announced_to_the_others(users):
    game = start_table("tally", "open", users[:4])
    leave(game, 1, GameSeat.Status.TIMED_OUT)
    notices.seat_left(game, 1)
    expected = "bob ran out of time in Tally: the site now plays their turns, and they finish last."
    for user in (users[0], users[2], users[3]):
        assert texts(user, Kind.SEAT_LEFT) == [expected]
    assert texts(users[1]) == []
    assert (
        OutboundEmail.objects.get(user=users[0]).subject
        == "[XIX Online] bob left your game of Tally"
    )


def test_a_resignation_is_not_told_to_the_resigner_and_a_partner_reads_partner(users):
    game = start_table("tally", "partners", users[:4])
    leave(game, 2, GameSeat.Status.RESIGNED)
    notices.seat_left(game, 2, actor=users[2])
    assert texts(users[0]) == [
        "Your partner cy resigned in Tally: the site now plays their turns, and your side "
        "finishes last."
    ]
    assert texts(users[1]) == [
        "cy resigned in Tally: the site now plays their turns, and their side finishes last."
    ]
    assert texts(users[2]) == []


def test_two_seats_that_leave_at_the_same_move_make_one_notice_naming_both(users):
    game = start_table("tally", "open", users[:5])
    leave(game, 1, GameSeat.Status.RESIGNED)
    notices.seat_left(game, 1, actor=users[1])
    leave(game, 3, GameSeat.Status.FORFEITED)
    notices.seat_left(game, 3)
    notices.seat_left(game, 3)  # a repeated task adds nothing
    assert texts(users[0]) == [
        "bob resigned in Tally: the site now plays their turns, and they finish last. "
        "dee forfeited (account suspended) in Tally: the site now plays their turns, and they "
        "finish last."
    ]
    # bob, who resigned, still hears that dee left.
    assert texts(users[1]) == [
        "dee forfeited (account suspended) in Tally: the site now plays their turns, and they "
        "finish last."
    ]


# --- the end -------------------------------------------------------------------------------


def test_the_result_of_a_three_seat_table_gives_each_place(users):
    ann, bob, cy = users[:3]
    game = finish(start_table("tally", "open", [ann, bob, cy]), [14, 17, -2], [2, 1, 3])
    notices.game_over(game)
    assert texts(ann) == [
        f"You finished 2nd of 3 in Tally with bob and cy: 14 points to bob's 17 ({PLAYED_OUT})."
    ]
    assert texts(bob) == [
        f"You finished 1st of 3 in Tally with ann and cy: 17 points to ann's 14 ({PLAYED_OUT})."
    ]
    assert texts(cy) == [
        f"You finished 3rd of 3 in Tally with ann and bob: -2 points to bob's 17 ({PLAYED_OUT})."
    ]
    assert OutboundEmail.objects.get(user=cy).subject == (
        "[XIX Online] Your game of Tally with ann and bob is over"
    )


def test_a_shared_place_at_six_seats_and_the_one_who_ended_it_is_not_told(users):
    game = finish(start_table("tally", "open", users), [5, 9, 9, 1, 0, 2], [3, 1, 1, 5, 6, 4])
    notices.game_over(game, actor=users[5])
    assert texts(users[1]) == [
        f"You shared 1st of 6 in Tally with ann, cy and 3 others: 9 points to cy's 9 "
        f"({PLAYED_OUT})."
    ]
    assert texts(users[3]) == [
        f"You finished 5th of 6 in Tally with ann, bob and 3 others: 1 point to bob's 9 "
        f"({PLAYED_OUT})."
    ]
    assert texts(users[5]) == []


def test_partners_win_and_lose_together(users):
    ann, bob, cy, dee = users[:4]
    game = finish(start_table("tally", "partners", [ann, bob, cy, dee]), [2, 1, 2, 1], [1, 2, 1, 2])
    notices.game_over(game)
    assert texts(ann) == [f"You and cy won against bob and dee in Tally, 2–1 ({PLAYED_OUT})."]
    assert texts(dee) == [f"You and bob lost against ann and cy in Tally, 1–2 ({PLAYED_OUT})."]
    assert OutboundEmail.objects.get(user=ann).subject == (
        "[XIX Online] Your game of Tally with your partner cy against bob and dee is over"
    )


def test_three_partnerships_finish_in_places(users):
    game = finish(start_table("tally", "partners", users), [4, 6, 1, 4, 6, 1], [2, 1, 3, 2, 1, 3])
    notices.game_over(game)
    assert texts(users[0]) == [
        f"You and dee finished 2nd of 3 in Tally against bob, cy and 2 others: 4 points to "
        f"bob and eve's 6 ({PLAYED_OUT})."
    ]


def test_the_result_of_a_zombie_table_says_who_left_and_was_played_for(users):
    ann, bob, cy, dee = users[:4]
    game = start_table("tally", "open", [ann, bob, cy, dee])
    left = [(1, GameSeat.Status.TIMED_OUT), (3, GameSeat.Status.RESIGNED)]
    game = finish(game, [7, 3, 5, 2], [1, 3, 2, 4], left=left)
    notices.game_over(game)
    assert texts(ann) == [
        f"You finished 1st of 4 in Tally with bob, cy and dee: 7 points to cy's 5 ({PLAYED_OUT})."
        " After bob ran out of time and dee resigned, the site played their turns."
    ]
    assert texts(dee) == [
        f"You finished 4th of 4 in Tally with ann, bob and cy: 2 points to ann's 7 ({PLAYED_OUT})."
        " After bob ran out of time and you resigned, the site played the turns of the seats "
        "that left."
    ]


def test_a_seat_the_site_played_to_the_end_is_told_the_result(users):
    """The site's last move for a seat that left carries that seat's user as the actor:
    they made no move, so they are told like everyone else."""
    ann, bob, cy = users[:3]
    game = start_table("tally", "open", [ann, bob, cy])
    game = finish(game, [4, 6, 5], [1, 3, 2], left=[(1, GameSeat.Status.RESIGNED)])
    notices.game_over(game, actor=bob)
    assert texts(bob) == [
        f"You finished 3rd of 3 in Tally with ann and cy: 6 points to ann's 4 ({PLAYED_OUT})."
        " After you resigned, the site played your turns."
    ]
    assert len(texts(ann)) == len(texts(cy)) == 1


def test_a_forfeit_partnership_ended_by_a_resignation_names_the_resigner(users):
    ann, bob, cy, dee = users[:4]
    game = start_table("xeri", "classic", [ann, bob, cy, dee])
    game = finish(
        game,
        [0, 1, 0, 1],
        [2, 1, 2, 1],
        reason=Game.Reason.RESIGNATION,
        left=[(2, GameSeat.Status.RESIGNED)],
    )
    notices.game_over(game, actor=cy)
    assert texts(ann) == [
        "You and cy lost against bob and dee in Xeri, 0–1 (your partner cy resigned)."
    ]
    assert texts(bob) == ["You and dee won against ann and cy in Xeri, 1–0 (cy resigned)."]
    assert texts(cy) == []


def test_an_adjudicated_table_gives_the_moderators_reason(users):
    game = finish(
        start_table("tally", "open", users[:3]),
        [1, 0, 0],
        [1, 2, 2],
        reason=Game.Reason.ADJUDICATED,
    )
    Game.objects.filter(pk=game.pk).update(verdict="Collusion.")
    game.verdict = "Collusion."
    notices.game_over(game)
    assert texts(users[1]) == [
        "You shared 2nd of 3 in Tally with ann and cy: 0 points to ann's 1 (decided by a "
        "moderator). Reason: Collusion."
    ]


def test_an_aborted_table_has_no_result(users):
    game = start_table("tally", "open", users[:3])
    game.status, game.reason = Game.Status.ABORTED, Game.Reason.EARLY_ABORT
    notices.game_over(game, actor=users[1])
    assert texts(users[0]) == [
        "bob aborted your game of Tally before everyone had made a first move: it has no "
        "result and changes no rating."
    ]
    assert texts(users[1]) == []
    game.reason, game.verdict, game.n_actions = Game.Reason.ABORT, "A bug.", 4
    notices.game_over(game)
    assert texts(users[2])[-1] == (
        "A moderator aborted your game of Tally with ann and bob: it has no result and changes "
        "no rating. Reason: A bug."
    )


# --- through the play services -------------------------------------------------------------


def test_a_table_played_out_after_a_resignation_tells_each_player_their_place(
    users, django_capture_on_commit_callbacks
):
    ann, bob, cy = users[:3]
    game = start_table("tally", "open", [ann, bob, cy], seed="notices")

    def lowest_card_by_the_person_to_move():
        nonlocal game
        game = Game.objects.get(pk=game.pk)
        state = game_state(game)
        with django_capture_on_commit_callbacks(execute=True):
            services.game_act(
                user=game.players[state.to_move],
                game_id=game.pk,
                action={"type": "play", "card": min(state.hands[state.to_move])},
                expected_seq=game.n_actions,
            )
        game = Game.objects.get(pk=game.pk)

    lowest_card_by_the_person_to_move()
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(user=bob, game_id=game.pk)
    told = "bob resigned in Tally: the site now plays their turns, and they finish last."
    assert texts(ann, Kind.SEAT_LEFT) == texts(cy, Kind.SEAT_LEFT) == [told]
    assert texts(bob, Kind.SEAT_LEFT) == []
    game = Game.objects.get(pk=game.pk)
    while game.status == Game.Status.ACTIVE:
        last = game.players[game.to_move]
        lowest_card_by_the_person_to_move()
    [bob_reads] = texts(bob, Kind.GAME_OVER)
    assert bob_reads.startswith("You finished 3rd of 3 in Tally with ann and cy: ")
    assert bob_reads.endswith(f"({PLAYED_OUT}). After you resigned, the site played your turns.")
    # The one whose move ended the game sees the result on the table, not in a notice.
    assert texts(last, Kind.GAME_OVER) == []
    [other] = {ann, cy} - {last}
    [reads] = texts(other, Kind.GAME_OVER)
    assert reads.endswith(f"({PLAYED_OUT}). After bob resigned, the site played their turns.")
    place = outcomes.place_text(game, game.seat_of(other))
    assert reads.startswith((f"You finished {place} in Tally with ", f"You {place} in Tally with "))


def test_a_table_from_its_invitations_to_its_start_through_the_table_services(
    users, served_tally, django_capture_on_commit_callbacks
):
    from games import tables

    ann, bob, cy, dee = users[:4]
    with django_capture_on_commit_callbacks(execute=True):
        game = tables.table_create(
            user=ann, kind="tally", variant="open", seats=4, days_per_move=2, rated=False,
            invited=[bob, cy, dee],
        )  # fmt: skip
    invitation = (
        "ann invites you to a table of Tally for 4 (open table, 2 days per move, casual): "
        "1 of 4 seats taken."
    )
    assert texts(bob) == texts(cy) == texts(dee) == [invitation]
    for joiner in (bob, cy, dee):
        with django_capture_on_commit_callbacks(execute=True):
            tables.table_join(user=joiner, game_id=game.pk)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.ACTIVE
    for user in (ann, bob, cy):
        position = game.seat_of(user)
        others = [u.username for u in game.players if u != user]
        [started] = texts(user, Kind.ACCEPTED)
        assert started == (
            f"The table is full: your game of Tally with {others[0]}, {others[1]} and "
            f"{others[2]} has begun (open table, 2 days per move, casual)."
        )
        assert started == (
            f"The table is full: your game of Tally {outcomes.company(game, position)} has "
            "begun (open table, 2 days per move, casual)."
        )
    assert texts(dee, Kind.ACCEPTED) == []  # dee took the last seat
    # The first to move is told, unless they took the last seat and are looking at it.
    mover = game.players[game.to_move]
    others = [u.username for u in game.players if u != mover]
    move = f"Your move in Tally with {others[0]}, {others[1]} and {others[2]}."
    assert texts(mover, Kind.YOUR_TURN) == ([] if mover == dee else [move])
