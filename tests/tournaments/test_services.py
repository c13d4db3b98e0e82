"""The life of a tournament through its services: refusals that change nothing, entry
rules, the start, withdrawal and removal with their forfeits, the moderators' actions in
the audit trail, the longest duration, a level knockout game played again, notices."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.utils import timezone

from games.errors import GameError
from games.models import Game, GameSeat
from moderation.models import AuditEntry
from notifications.models import Notification
from ratings.models import Rating
from tests.tournaments.helpers import finish, play_out, players, running_games, tournament
from tournaments import services
from tournaments.models import Entry, Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("served_tally")]


def enter_all(t, people, capture):
    with capture(execute=True):
        for person in people:
            services.tournament_enter(user=person, tournament_id=t.pk)
    t.refresh_from_db()
    return t


@pytest.mark.parametrize(
    "bad, words",
    [
        ({"name": "x"}, "Name it"),
        ({"variant": "nope"}, "no such variant"),
        ({"seats": 3}, "played by"),
        ({"format": "ladder"}, "Swiss, round robin or knockout"),
        ({"rounds": 0}, "1 to 15 rounds"),
        ({"rounds": "3"}, "1 to 15 rounds"),
        ({"min_players": 9}, "Players"),
        ({"max_players": 1000}, "Players"),
        ({"days_per_move": 4}, "Days per move"),
        ({"max_days": 2}, "at most"),
        ({"place_points": [0, 1]}, "first more than last"),
        ({"place_points": [1, 0, 0]}, "each of the 2 places"),
        ({"place_points": [1.5, 0]}, "whole numbers"),
        ({"rating_min": 1600, "rating_max": 1400}, "lowest rating"),
        ({"bye": "double"}, "bye"),
        ({"starts_at": "past"}, "future"),
        (
            {
                "variant": "open",
                "seats": 4,
                "min_players": 4,
                "format": "knockout",
                "place_points": [3, 2, 1, 0],
                "advance": 4,
            },
            "1 to 3 go through",
        ),
        ({"format": "knockout", "rolling": True}, "Only a Swiss can be rolling"),
        ({"rolling": True, "late_entry": True}, "played by rounds takes late entries"),
        ({"format": "round_robin", "max_players": 30}, "round robin takes"),
    ],
)
def test_bad_settings_are_refused_and_nothing_is_made(bad, words):
    (organiser,) = players(1)
    if bad.get("starts_at") == "past":
        bad = {"starts_at": timezone.now() - timedelta(hours=1)}
    with pytest.raises(GameError, match=words) as refused:
        tournament(organiser, **bad)
    assert refused.value.status == 400
    assert not Tournament.objects.exists()


def test_only_the_staff_set_up_official_tournaments_and_that_is_audited():
    ann, staff = players(2)
    with pytest.raises(GameError) as refused:
        tournament(ann, official=True)
    assert refused.value.status == 403
    staff.is_staff = True
    staff.save()
    t = tournament(staff, official=True)
    entry = AuditEntry.objects.get(action=AuditEntry.Action.TOURNAMENT_CREATED)
    assert entry.actor == staff and entry.details["tournament"] == t.pk


def test_a_player_runs_a_limited_number_of_tournaments():
    (ann,) = players(1)
    for _ in range(services.MAX_OPEN_PER_USER):
        tournament(ann)
    with pytest.raises(GameError, match="already run"):
        tournament(ann)
    assert Tournament.objects.count() == services.MAX_OPEN_PER_USER


def test_entry_rules_rating_range_invitation_twice_and_full(django_capture_on_commit_callbacks):
    ann, bob, cy, dee = players(4)
    Rating.objects.create(user=bob, kind="tally", variant="duel", rating=1900)
    t = tournament(ann, rating_max=1700, max_players=2, starts_at=timezone.now() + timedelta(1))
    with pytest.raises(GameError, match="outside this tournament's range"):
        services.tournament_enter(user=bob, tournament_id=t.pk)
    services.tournament_enter(user=cy, tournament_id=t.pk)
    with pytest.raises(GameError, match="entered already"):
        services.tournament_enter(user=cy, tournament_id=t.pk)
    services.tournament_enter(user=ann, tournament_id=t.pk)
    with pytest.raises(GameError, match="full"):
        services.tournament_enter(user=dee, tournament_id=t.pk)
    invited = tournament(cy, entry=Tournament.Entry.INVITATION, invited=[dee])
    with pytest.raises(GameError, match="invitation only"):
        services.tournament_enter(user=bob, tournament_id=invited.pk)
    services.tournament_enter(user=dee, tournament_id=invited.pk)
    assert sorted(invited.entries.values_list("user__username", flat=True)) == [dee.username]
    with pytest.raises(GameError, match="no such tournament"):
        services.tournament_enter(user=dee, tournament_id=999999)


def test_bots_enter_only_when_allowed_and_added_by_the_organiser(
    django_capture_on_commit_callbacks,
):
    ann, bob = players(2)
    closed = tournament(ann)
    with pytest.raises(GameError, match="may not enter"):
        services.tournament_add_bot(user=ann, tournament_id=closed.pk, level="random")
    t = tournament(ann, bots_allowed=True, max_players=3)
    with pytest.raises(GameError) as refused:
        services.tournament_add_bot(user=bob, tournament_id=t.pk, level="random")
    assert refused.value.status == 403
    with pytest.raises(GameError, match="bot level"):
        services.tournament_add_bot(user=ann, tournament_id=t.pk, level="godlike")
    with django_capture_on_commit_callbacks(execute=True):
        bot = services.tournament_add_bot(user=ann, tournament_id=t.pk, level="random").user
        services.tournament_enter(user=ann, tournament_id=t.pk)
        services.tournament_enter(user=bob, tournament_id=t.pk)
    assert bot.is_bot
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING
    game = Game.objects.filter(seats__user=bot).get()
    assert not game.rated  # a bot at the table makes the game casual


def test_it_starts_at_its_time_or_is_cancelled_with_too_few(django_capture_on_commit_callbacks):
    ann, bob, cy = players(3)
    soon = timezone.now() + timedelta(hours=1)
    t = tournament(ann, starts_at=soon, min_players=3)
    u = tournament(bob, starts_at=soon, min_players=2)
    for person in (ann, bob):
        services.tournament_enter(user=person, tournament_id=t.pk)
        services.tournament_enter(user=person, tournament_id=u.pk)
    assert not services.tournament_start(tournament_id=t.pk)  # not yet its time
    later = soon + timedelta(minutes=1)
    assert sorted(services.tournaments_due(now=later)) == [t.pk, u.pk]
    assert not services.tournament_start(tournament_id=t.pk, now=later)
    assert services.tournament_start(tournament_id=u.pk, now=later)
    assert not services.tournament_start(tournament_id=u.pk, now=later)  # once only
    t.refresh_from_db()
    u.refresh_from_db()
    assert t.status == Tournament.Status.CANCELLED and u.status == Tournament.Status.RUNNING
    assert Notification.objects.filter(user=ann, text__contains="too few players").count() == 1
    assert Game.objects.filter(tournament_table__round__tournament=u).count() == 1
    seeds = dict(u.entries.values_list("user__username", "seed"))
    assert sorted(seeds.values()) == [1, 2]


def test_each_player_is_told_their_game_has_begun(django_capture_on_commit_callbacks):
    people = players(4)
    enter_all(tournament(people[0], max_players=4), people, django_capture_on_commit_callbacks)
    for person in people:
        notes = Notification.objects.filter(user=person, kind=Notification.Kind.TOURNAMENT)
        texts = list(notes.values_list("text", flat=True))
        assert any("round 1: your game against" in text for text in texts), texts
        assert any("has begun: round 1 is paired" in text for text in texts)
        assert notes.filter(game__isnull=False).count() == 1


def test_a_withdrawal_forfeits_the_running_game_and_ends_pairing(
    django_capture_on_commit_callbacks,
):
    people = players(4)
    t = enter_all(tournament(people[0], max_players=4), people, django_capture_on_commit_callbacks)
    quitter = people[1]
    game = Game.objects.get(tournament_table__round__tournament=t, seats__user=quitter)
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_withdraw(user=quitter, tournament_id=t.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.seats.get(user=quitter).status == GameSeat.Status.FORFEITED
    assert game.seats.get(user=quitter).rank == 2
    with pytest.raises(GameError, match="withdrawn already"):
        services.tournament_withdraw(user=quitter, tournament_id=t.pk)
    t = play_out(t, __import__("random").Random(2), django_capture_on_commit_callbacks)
    later = Table.objects.filter(round__tournament=t, round__number__gt=1)
    assert not later.filter(seats__entry__user=quitter).exists()
    entry = Entry.objects.get(tournament=t, user=quitter)
    assert entry.place == 4  # a withdrawn player ends after those still in


def test_before_the_start_a_withdrawal_removes_the_entry():
    ann, bob = players(2)
    t = tournament(ann)
    services.tournament_enter(user=bob, tournament_id=t.pk)
    services.tournament_withdraw(user=bob, tournament_id=t.pk)
    assert not t.entries.exists()
    with pytest.raises(GameError) as refused:
        services.tournament_withdraw(user=bob, tournament_id=t.pk)
    assert refused.value.status == 403


def test_moderators_remove_a_player_and_cancel_in_the_audit_trail(
    django_capture_on_commit_callbacks,
):
    people = players(4)
    mona = players(1, prefix="mod")[0]
    mona.groups.add(Group.objects.get(name="Moderators"))
    t = enter_all(tournament(people[0], max_players=4), people, django_capture_on_commit_callbacks)
    with pytest.raises(GameError) as refused:
        services.tournament_remove(
            actor=people[0], tournament_id=t.pk, user_id=people[2].pk, reason="x"
        )
    assert refused.value.status == 403
    with pytest.raises(GameError, match="reason"):
        services.tournament_remove(actor=mona, tournament_id=t.pk, user_id=people[2].pk, reason=" ")
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_remove(
            actor=mona, tournament_id=t.pk, user_id=people[2].pk, reason="Abusive chat"
        )
    entry = Entry.objects.get(tournament=t, user=people[2])
    assert entry.removed and entry.withdrawn_at is not None
    audit = AuditEntry.objects.get(action=AuditEntry.Action.TOURNAMENT_REMOVED)
    assert audit.target_user == people[2] and audit.reason == "Abusive chat"
    with pytest.raises(GameError, match="started"):
        services.tournament_cancel(actor=people[0], tournament_id=t.pk)
    services.tournament_cancel(actor=mona, tournament_id=t.pk, reason="Test event")
    t.refresh_from_db()
    assert t.status == Tournament.Status.CANCELLED
    assert AuditEntry.objects.filter(action=AuditEntry.Action.TOURNAMENT_CANCELLED).count() == 1
    assert Notification.objects.filter(user=people[1], text__contains="cancelled").exists()
    with pytest.raises(GameError, match="over"):
        services.tournament_cancel(actor=mona, tournament_id=t.pk, reason="again")


def test_a_game_past_the_longest_duration_is_decided_by_its_standing(
    django_capture_on_commit_callbacks,
):
    people = players(2)
    t = enter_all(
        tournament(people[0], max_players=2, rounds=1), people, django_capture_on_commit_callbacks
    )
    (game,) = running_games(t)
    assert services.games_over_time() == []
    later = timezone.now() + timedelta(days=t.max_days, minutes=1)
    assert services.games_over_time(now=later) == [game.pk]
    with django_capture_on_commit_callbacks(execute=True):
        assert services.game_decide(game_id=game.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.reason == Game.Reason.ADJUDICATED
    assert "longest duration" in game.verdict
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED  # the one round's one game ended it
    assert not services.game_decide(game_id=game.pk)  # once only


def test_a_level_knockout_game_is_played_again_under_that_rule(
    django_capture_on_commit_callbacks,
):
    people = players(2)
    t = tournament(
        people[0], format="knockout", rounds=None, max_players=2, tie=Tournament.Tie.REPLAY
    )
    t = enter_all(t, people, django_capture_on_commit_callbacks)
    (game,) = running_games(t)
    with django_capture_on_commit_callbacks(execute=True):
        finish(game.pk, [1, 1])
    (again,) = running_games(t)
    assert again.pk != game.pk
    assert Table.objects.get(game=again).leg == 2
    with django_capture_on_commit_callbacks(execute=True):
        finish(again.pk, [2, 1])
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    winner = again.seats.get(position=1).user
    assert Entry.objects.get(tournament=t, place=1).user == winner
    assert Notification.objects.filter(text__contains=f"won by {winner.username}").count() == 2


def test_the_advance_task_run_twice_changes_nothing(django_capture_on_commit_callbacks):
    people = players(4)
    t = enter_all(tournament(people[0], max_players=4), people, django_capture_on_commit_callbacks)
    assert services.tournament_advance(tournament_id=t.pk) == "waiting"
    games = running_games(t)
    with django_capture_on_commit_callbacks(execute=True):
        for game in games:
            finish(game.pk, [1, 2])
    assert t.round_set.count() == 2
    assert services.tournament_advance(tournament_id=t.pk) == "waiting"
    assert t.round_set.count() == 2 and len(running_games(t)) == 2


def test_a_player_out_of_time_is_dropped_after_the_set_number_of_timeouts(
    django_capture_on_commit_callbacks,
):
    from games import services as game_services

    people = players(4)
    t = enter_all(
        tournament(people[0], max_players=4, rounds=3, max_timeouts=2),
        people,
        django_capture_on_commit_callbacks,
    )
    slow = people[3]
    for number in (1, 2):
        game = Game.objects.get(
            tournament_table__round__tournament=t,
            tournament_table__round__number=number,
            seats__user=slow,
        )
        with django_capture_on_commit_callbacks(execute=True):
            # The sweep after the deadline: the player to move loses on time.
            Game.objects.filter(pk=game.pk).update(to_move=game.seat_of(slow))
            game_services.deadlines_sweep(now=game.deadline + timedelta(days=30))
        game.refresh_from_db()
        assert game.seats.get(user=slow).status == GameSeat.Status.TIMED_OUT
        with django_capture_on_commit_callbacks(execute=True):
            for other in running_games(t):
                if other.tournament_table.round.number == number:
                    finish(other.pk, [1, 2])
        entry = Entry.objects.get(tournament=t, user=slow)
        assert entry.timeouts == number
    assert entry.withdrawn_at is not None and not entry.removed
    assert Notification.objects.filter(user=slow, text__contains="2 games lost on time").exists()
    assert not Table.objects.filter(round__tournament=t, round__number=3, seats__entry=entry)


def test_a_swiss_with_late_entries_takes_them_until_half_the_rounds(
    django_capture_on_commit_callbacks,
):
    people = players(5)
    with pytest.raises(GameError, match="Only a Swiss"):
        tournament(people[0], format="knockout", rounds=None, late_entry=True)
    soon = timezone.now() + timedelta(hours=1)
    t = tournament(people[0], max_players=8, rounds=4, late_entry=True, starts_at=soon)
    for person in people[:4]:
        services.tournament_enter(user=person, tournament_id=t.pk)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.tournament_start(tournament_id=t.pk, now=soon)
    late = people[4]
    with django_capture_on_commit_callbacks(execute=True):
        entry = services.tournament_enter(user=late, tournament_id=t.pk)
        for game in running_games(t):
            finish(game.pk, [1, 2])
    assert entry.seed == 5
    second = Table.objects.filter(round__tournament=t, round__number=2)
    assert second.filter(seats__entry=entry).exists()  # paired from the next round
    assert second.filter(game__isnull=True).count() == 1  # five players: one bye
    with django_capture_on_commit_callbacks(execute=True):
        for game in running_games(t):
            finish(game.pk, [1, 2])
    assert t.round_set.count() == 3
    (someone,) = players(1, prefix="later")
    with pytest.raises(GameError, match="Entries are closed"):
        services.tournament_enter(user=someone, tournament_id=t.pk)


def test_a_many_seat_round_robin_meets_every_pair(django_capture_on_commit_callbacks):
    from itertools import combinations

    people = players(6)
    t = tournament(
        people[0],
        variant="open",
        seats=3,
        format="round_robin",
        rounds=None,
        min_players=3,
        max_players=6,
        place_points=[2, 1, 0],
    )
    t = enter_all(t, people, django_capture_on_commit_callbacks)
    t = play_out(t, __import__("random").Random(6), django_capture_on_commit_callbacks)
    assert t.status == Tournament.Status.FINISHED
    met = set()
    for table in Table.objects.filter(round__tournament=t).prefetch_related("seats"):
        ids = [s.entry_id for s in table.seats.all()]
        assert len(ids) == 3
        met |= {frozenset(p) for p in combinations(ids, 2)}
    assert met == {frozenset(p) for p in combinations(t.entries.values_list("pk", flat=True), 2)}
    assert t.rounds == t.round_set.count()


def test_a_many_seat_swiss_that_does_not_divide_gives_byes(django_capture_on_commit_callbacks):
    people = players(10)
    t = tournament(
        people[0],
        variant="open",
        seats=4,
        rounds=2,
        min_players=4,
        max_players=10,
        place_points=[6, 4, 2, 0],
        bye=Tournament.Bye.HALF,
    )
    t = enter_all(t, people, django_capture_on_commit_callbacks)
    t = play_out(t, __import__("random").Random(10), django_capture_on_commit_callbacks)
    byes = Table.objects.filter(round__tournament=t, game__isnull=True)
    assert byes.count() == 4  # two a round
    had = list(byes.values_list("seats__entry_id", flat=True))
    assert len(set(had)) == 4  # nobody twice while others had none
    lines = {line.player: line for line in services.standing_of(t)}
    for pk in had:
        assert lines[pk].byes == 1 and lines[pk].points >= 3  # half of first place's 6


def test_a_game_aborted_before_the_first_moves_scores_its_aborter_last(
    django_capture_on_commit_callbacks,
):
    from games import services as game_services

    people = players(2)
    t = enter_all(
        tournament(people[0], max_players=2, rounds=1), people, django_capture_on_commit_callbacks
    )
    (game,) = running_games(t)
    quitter = game.players[0]
    with django_capture_on_commit_callbacks(execute=True):
        game_services.game_resign(user=quitter, game_id=game.pk)  # no move yet: aborted
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    places = dict(t.entries.values_list("user_id", "place"))
    assert places[quitter.pk] == 2 and sorted(places.values()) == [1, 2]


def test_the_sweep_starts_due_tournaments_and_advances_running_ones(
    django_capture_on_commit_callbacks, clock
):
    from tournaments import tasks

    people = players(2)
    t = tournament(people[0], starts_at=clock.now + timedelta(hours=1))
    for person in people:
        services.tournament_enter(user=person, tournament_id=t.pk)
    assert tasks.tournaments_sweep() == {"started": 0, "decided": 0, "advanced": 0}
    clock.advance(hours=2)
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.tournaments_sweep()["started"] == 1
    (game,) = running_games(t)
    clock.advance(days=t.max_days + 1)
    with django_capture_on_commit_callbacks(execute=True):
        result = tasks.tournaments_sweep()
    assert result["decided"] == 1
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED


def test_a_knockout_player_who_withdraws_goes_out_in_that_round(
    django_capture_on_commit_callbacks,
):
    people = players(5)
    t = tournament(people[0], format="knockout", rounds=None, max_players=5)
    t = enter_all(t, people, django_capture_on_commit_callbacks)
    seed = dict(t.entries.values_list("user_id", "seed"))
    top = next(p for p in people if seed[p.pk] == 1)  # a bye in round 1
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_withdraw(user=top, tournament_id=t.pk)
    t = play_out(t, __import__("random").Random(5), django_capture_on_commit_callbacks)
    assert t.status == Tournament.Status.FINISHED
    entry = Entry.objects.get(tournament=t, user=top)
    assert entry.eliminated_in == 1 and entry.place > 1
    assert Entry.objects.filter(tournament=t, place=1).count() == 1
    assert not Table.objects.filter(round__tournament=t, round__number=2, seats__entry=entry)
