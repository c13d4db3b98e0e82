"""The formats added after the first three (docs/tournaments.md): the rolling Swiss (a
player paired as soon as their game ends; waiting, its limit and the bye; two games
ending at once), fixed partnership teams (invitation, answer, the organiser's teams, the
teams at the table and in the standings), the knockout at tables of more than two (the
serpentine, who goes through, the tie rule, the final's places), and the round robin's
schedule kept from the start."""

import random
import threading
from datetime import timedelta

import pytest
from django.db import close_old_connections, connection, transaction
from django.test import Client
from django.utils import timezone

from games.errors import GameError
from games.models import Game, GameSeat
from notifications.models import Notification
from tests.tournaments.helpers import finish, play_out, players, running_games, tournament
from tournaments import pairing, services, tasks
from tournaments.models import Entry, Round, Table, TableSeat, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("served_tally")]


def enter_all(t, people, capture):
    with capture(execute=True):
        for person in people:
            services.tournament_enter(user=person, tournament_id=t.pk)
    t.refresh_from_db()
    return t


def ranks_by(game, rank_of_user) -> list[int]:
    """Seat-order ranks from each player's rank (``rank_of_user(user_id)``)."""
    seats = game.seats.order_by("position")
    return [rank_of_user(seat.user_id) for seat in seats]


def entry_ids(game) -> set[int]:
    return set(TableSeat.objects.filter(table__game=game).values_list("entry_id", flat=True))


def open_tables(t) -> list[set[int]]:
    return [
        set(table.seats.values_list("entry_id", flat=True))
        for table in Table.objects.filter(round__tournament=t, done=False)
    ]


def games_played(t) -> dict[int, int]:
    out = dict.fromkeys(t.entries.values_list("pk", flat=True), 0)
    for pk in TableSeat.objects.filter(table__round__tournament=t).values_list(
        "entry_id", flat=True
    ):
        out[pk] += 1
    return out


# --- the rolling Swiss ---------------------------------------------------------------------


def test_a_rolling_swiss_pairs_players_as_their_games_end(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    people = players(6)
    t = tournament(people[0], rounds=3, max_players=6, min_players=6, rolling=True)
    t = enter_all(t, people, capture)
    assert t.status == Tournament.Status.RUNNING
    first = running_games(t)
    assert len(first) == 3 and Round.objects.filter(tournament=t).count() == 1
    # The first game ends: its two players are free, but have met and the others are
    # still playing, so they wait rather than meet again.
    with capture(execute=True), transaction.atomic():
        finish(first[0].pk, [1, 2])
    assert len(running_games(t)) == 2
    waiting = Entry.objects.filter(tournament=t, waiting_since__isnull=False)
    assert set(waiting.values_list("pk", flat=True)) == entry_ids(first[0])
    # The second ends: four are free, two winners and two losers; the matching pairs
    # them by points (winner v winner, loser v loser) and nobody meets again.
    with capture(execute=True), transaction.atomic():
        finish(first[1].pk, [2, 1])
    lines = {line.player: line.points for line in services.standing_of(t)}
    new = [s for s in open_tables(t) if s != entry_ids(first[2])]
    assert len(new) == 2
    for table in new:
        a, b = table
        assert lines[a] == lines[b]
        assert table not in (entry_ids(first[0]), entry_ids(first[1]))
    assert not Entry.objects.filter(tournament=t, waiting_since__isnull=False).exists()
    page = Client().get(t.get_absolute_url()).content.decode()
    assert "rolling, 3 games each" in page and "Pairing 2" in page
    assert ">Game 1</th>" in page and ">Game 2</th>" in page  # each player's own games
    # Played out: everyone has exactly three games. A pair meets again only when it had
    # to: nobody else was still playing when they were paired (waiting could not help).
    t = play_out(t, random.Random(6), capture)
    assert t.status == Tournament.Status.FINISHED
    assert set(games_played(t).values()) == {3}
    seen = set()
    games = Game.objects.filter(tournament_table__round__tournament=t).order_by("started_at")
    assert games.count() == 9
    for game in games:
        pair = frozenset(entry_ids(game))
        if pair in seen:
            others = games.exclude(pk=game.pk).filter(started_at__lt=game.started_at)
            assert all(other.finished_at <= game.started_at for other in others)
        seen.add(pair)
    places = sorted(Entry.objects.filter(tournament=t).values_list("place", flat=True))
    assert places == [1, 2, 3, 4, 5, 6]


def test_a_player_left_alone_waits_then_has_the_bye(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    people = players(3)
    t = tournament(people[0], rounds=2, max_players=3, min_players=3, rolling=True, days_per_move=2)
    t = enter_all(t, people, capture)
    (game,) = running_games(t)
    (alone,) = set(t.entries.values_list("pk", flat=True)) - entry_ids(game)
    entry = Entry.objects.get(pk=alone)
    assert entry.waiting_since is not None
    # Within the limit (the days per move) the advance leaves them waiting.
    soon = timezone.now() + timedelta(days=1)
    assert services.tournament_advance(tournament_id=t.pk, now=soon) == "waiting"
    assert not Table.objects.filter(round__tournament=t, game__isnull=True).exists()
    # Past it, the bye: the points of first place (the bye rule "full").
    later = timezone.now() + timedelta(days=2, minutes=1)
    assert services.tournament_advance(tournament_id=t.pk, now=later) == "paired"
    bye = Table.objects.get(round__tournament=t, game__isnull=True)
    assert list(bye.seats.values_list("entry_id", flat=True)) == [alone]
    line = next(line for line in services.standing_of(t) if line.player == alone)
    assert line.points == 1 and line.byes == 1
    # The game ends: the winner and the bye's taker, level on a point, meet; the loser,
    # who has met the winner, waits, and has the last game's bye when nobody is left.
    with capture(execute=True), transaction.atomic():
        finish(game.pk, [1, 2])
    assert len(running_games(t)) == 1
    t = play_out(t, random.Random(3), capture)
    assert t.status == Tournament.Status.FINISHED
    assert set(games_played(t).values()) == {2}  # the last one's second game: a bye


def test_two_games_ending_at_once_pair_each_player_once():
    """Two games of a rolling Swiss end at the same moment in two transactions: each
    commit sends ``game_closed``'s advance task (run at once here, as Celery's eager mode
    does in tests), so two advances run together. The tournament's row lock makes them
    run one after the other: each player is paired once, at exactly one new table."""
    people = players(4, prefix="c")
    t = tournament(people[0], rounds=2, max_players=4, min_players=4, rolling=True)
    for person in people:
        services.tournament_enter(user=person, tournament_id=t.pk)  # full: it starts
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING
    games = running_games(t)
    assert len(games) == 2
    barrier = threading.Barrier(2)
    errors = []

    def end(game, ranks):
        try:
            barrier.wait(timeout=30)
            with transaction.atomic():  # its commit runs the advance task
                finish(game.pk, ranks)
        except Exception as error:  # reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=end, args=(games[0], [1, 2])),
        threading.Thread(target=end, args=(games[1], [2, 1])),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    close_old_connections()
    assert not errors, errors
    tables = open_tables(t)
    seated = [pk for table in tables for pk in table]
    assert len(tables) == 2 and len(seated) == len(set(seated)) == 4
    assert Round.objects.filter(tournament=t).count() == 2
    assert all(table not in (entry_ids(games[0]), entry_ids(games[1])) for table in tables)
    # Run once more (the sweep): nothing new.
    assert services.tournament_advance(tournament_id=t.pk) == "waiting"
    assert len(open_tables(t)) == 2


test_two_games_ending_at_once_pair_each_player_once = pytest.mark.django_db(transaction=True)(
    test_two_games_ending_at_once_pair_each_player_once
)


# --- fixed partnership teams ---------------------------------------------------------------


def team_tournament(organiser, **settings):
    values = {
        "variant": "partners",
        "seats": 4,
        "rounds": 2,
        "min_players": 2,
        "max_players": 4,
        "place_points": [1, 0],
    }
    values.update(settings)
    return tournament(organiser, **values)


def test_teams_form_by_invitation_answer_or_the_organiser(django_capture_on_commit_callbacks):
    a, b, c, d, e, f, g = players(7, prefix="p")
    t = team_tournament(a)
    assert t.teams and t.slots == 2
    entry = services.tournament_enter(user=a, tournament_id=t.pk, partner=b)
    assert not entry.partner_confirmed and entry.members == [a]
    note = Notification.objects.get(user=b, kind=Notification.Kind.TOURNAMENT)
    assert "asks you to be their partner" in note.text
    with pytest.raises(GameError, match="entered already"):
        services.tournament_enter(user=b, tournament_id=t.pk)
    with pytest.raises(GameError, match="Nobody has asked you"):
        services.tournament_partner_answer(user=c, tournament_id=t.pk, accept=True)
    entry = services.tournament_partner_answer(user=b, tournament_id=t.pk, accept=True)
    assert entry.partner_confirmed and entry.name == f"{a.username} & {b.username}"
    assert services.entry_of(t, b) == entry
    # c invites d, who declines: c stays in alone and invites someone else.
    services.tournament_enter(user=c, tournament_id=t.pk, partner=d)
    services.tournament_partner_answer(user=d, tournament_id=t.pk, accept=False)
    c_entry = Entry.objects.get(tournament=t, user=c)
    assert c_entry.partner is None
    with pytest.raises(GameError, match="entered already"):
        services.tournament_partner_invite(user=c, tournament_id=t.pk, partner=b)
    # The organiser teams up two who entered alone.
    d_entry = services.tournament_enter(user=d, tournament_id=t.pk)
    with pytest.raises(GameError, match="Only the organiser"):
        services.tournament_team_form(
            user=c, tournament_id=t.pk, first_id=c_entry.pk, second_id=d_entry.pk
        )
    services.tournament_team_form(
        user=a, tournament_id=t.pk, first_id=c_entry.pk, second_id=d_entry.pk
    )
    c_entry.refresh_from_db()
    assert c_entry.members == [c, d] and not Entry.objects.filter(pk=d_entry.pk).exists()
    # A partner in a tournament of lone players is refused.
    solo = tournament(a, name="Solo cup")
    with pytest.raises(GameError, match="play alone"):
        services.tournament_enter(user=e, tournament_id=solo.pk, partner=f)
    # At the start those still alone are teamed up by rating; one left over lapses.
    services.tournament_enter(user=e, tournament_id=t.pk)
    services.tournament_enter(user=f, tournament_id=t.pk, partner=g)  # never answered
    t.starts_at = timezone.now() - timedelta(minutes=1)
    t.save(update_fields=["starts_at"])
    with django_capture_on_commit_callbacks(execute=True):
        assert services.tournament_start(tournament_id=t.pk)
    teams = sorted(sorted(p.username for p in e_.members) for e_ in t.entries.all())
    assert teams == sorted([[a.username, b.username], [c.username, d.username], ["p004", "p005"]])
    assert not Entry.objects.filter(tournament=t, user=g).exists()


def test_teams_sit_together_and_are_placed_and_shown_as_one(django_capture_on_commit_callbacks):
    people = players(8, prefix="q")
    t = team_tournament(people[0], max_players=4, min_players=4)
    for first, second in zip(people[::2], people[1::2], strict=True):
        services.tournament_enter(user=first, tournament_id=t.pk, partner=second)
    with django_capture_on_commit_callbacks(execute=True):
        for second in people[1::2]:
            services.tournament_partner_answer(user=second, tournament_id=t.pk, accept=True)
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING  # full: four complete teams
    games = running_games(t)
    assert len(games) == 2 and {g.seats_count for g in games} == {4}
    for game in games:
        team_of = {seat.user_id: seat.team for seat in game.seats.all()}
        for entry in Entry.objects.filter(seats__table__game=game):
            assert team_of[entry.user_id] == team_of[entry.partner_id]  # one side
    # The side at positions 0 and 2 wins: that team is placed 1st, the other 2nd.
    game = games[0]
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        finish(game.pk, [1, 2, 1, 2])
    winner_user = game.seats.get(position=0).user_id
    seats = TableSeat.objects.filter(table__game=game).select_related("entry")
    places = {seat.entry_id: seat.place for seat in seats}
    won = next(s.entry for s in seats if winner_user in (s.entry.user_id, s.entry.partner_id))
    assert sorted(places.values()) == [1, 2] and places[won.pk] == 1
    page = Client().get(t.get_absolute_url()).content.decode()
    assert f"{won.user.username}</a> &amp; <a" in page
    assert f"{won.user.username} &amp; {won.partner.username} (1st)" in page
    # One of a team withdraws: the team leaves, its running game forfeited (both seats).
    other = games[1]
    entry = Entry.objects.filter(seats__table__game=other).first()
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_withdraw(user=entry.partner, tournament_id=t.pk)
    entry.refresh_from_db()
    assert entry.withdrawn_at is not None
    other.refresh_from_db()
    left = other.seats.filter(status=GameSeat.Status.FORFEITED)
    assert set(left.values_list("user_id", flat=True)) <= {entry.user_id, entry.partner_id}
    assert left.exists()


# --- the knockout at more than two ----------------------------------------------------------


def knockout4(organiser, n, **settings):
    values = {
        "variant": "open",
        "seats": 4,
        "format": Tournament.Format.KNOCKOUT,
        "rounds": None,
        "min_players": n,
        "max_players": n,
        "place_points": [3, 2, 1, 0],
    }
    values.update(settings)
    return tournament(organiser, **values)


def test_a_knockout_of_16_at_tables_of_four(django_capture_on_commit_callbacks):
    """Worked by hand: 16 seeds at tables of four, two through from each. Round 1 deals
    the seeds 1 8 9 16 | 2 7 10 15 | 3 6 11 14 | 4 5 12 13; the lowest seed at each table
    wins (upsets) and the next lowest is second, so 16 15 14 13 and 9 10 11 12 go
    through. Round 2 (8 left, re-seeded by seed): 9 12 13 16 | 10 11 14 15; again the
    lowest two go through: 16 13 and 15 14. The final: 13 14 15 16, won by 16, then 15,
    14, 13. Places: 16 1st, 15 2nd, 14 3rd, 13 4th, the four out in round 2 share 5th,
    the eight out in round 1 share 9th."""
    capture = django_capture_on_commit_callbacks
    people = players(16, prefix="k")
    t = knockout4(people[0], 16)
    t = enter_all(t, people, capture)
    assert t.rounds == 3
    seed = {e.user_id: e.seed for e in t.entries.all()}
    first = Round.objects.get(tournament=t, number=1)
    boards = [
        sorted(seed[s.entry.user_id] for s in table.seats.select_related("entry"))
        for table in first.tables.order_by("board")
    ]
    assert boards == [[1, 8, 9, 16], [2, 7, 10, 15], [3, 6, 11, 14], [4, 5, 12, 13]]

    def upsets(game):
        order = sorted(game.seats.all(), key=lambda s: -seed[s.user_id])
        rank = {s.user_id: i for i, s in enumerate(order, 1)}
        return ranks_by(game, rank.__getitem__)

    t = play_out(t, None, capture, ranks_of=upsets)
    assert t.status == Tournament.Status.FINISHED
    second = Round.objects.get(tournament=t, number=2)
    boards = [
        sorted(seed[s.entry.user_id] for s in table.seats.select_related("entry"))
        for table in second.tables.order_by("board")
    ]
    assert boards == [[9, 12, 13, 16], [10, 11, 14, 15]]
    final = Round.objects.get(tournament=t, number=3)
    assert final.tables.count() == 1
    place = {seed[e.user_id]: e.place for e in t.entries.all()}
    assert [place[s] for s in (16, 15, 14, 13)] == [1, 2, 3, 4]
    assert {place[s] for s in (9, 10, 11, 12)} == {5}
    assert {place[s] for s in range(1, 9)} == {9}
    out = {seed[e.user_id]: e.eliminated_in for e in t.entries.all()}
    assert {out[s] for s in range(1, 9)} == {1} and {out[s] for s in range(9, 13)} == {2}
    page = Client().get(t.get_absolute_url()).content.decode()
    assert "Round 3: the final" in page and "through" in page


def test_a_knockout_at_four_with_byes_and_the_tie_rules(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    people = players(6, prefix="m")
    t = knockout4(people[0], 6, advance=2, tie=Tournament.Tie.SEED)
    t = enter_all(t, people, capture)
    # 6 at tables of four: 2 byes to seeds 1 and 2, one table of 3 4 5 6; then a final
    # of four (2 through + 2 byes).
    assert t.rounds == 2
    seed = {e.user_id: e.seed for e in t.entries.all()}
    first = Round.objects.get(tournament=t, number=1)
    byes = [seed[s.entry.user_id] for s in TableSeat.objects.filter(table__round=first, bye=True)]
    assert sorted(byes) == [1, 2]
    (game,) = running_games(t)
    # 3 first alone, then 4 and 6 level second: the higher seed (4) goes through.
    rank = {u: {3: 1, 4: 2, 6: 2, 5: 4}[s] for u, s in seed.items() if s > 2}
    with capture(execute=True), transaction.atomic():
        finish(game.pk, ranks_by(game, rank.__getitem__))
    final = Round.objects.get(tournament=t, number=2)
    (table,) = final.tables.all()
    assert sorted(seed[s.entry.user_id] for s in table.seats.select_related("entry")) == [
        1,
        2,
        3,
        4,
    ]
    out = {seed[e.user_id]: e.eliminated_in for e in t.entries.all()}
    assert out[5] == 1 and out[6] == 1

    # The same with "play again": the table plays a second leg, which decides.
    people = players(6, prefix="n")
    t = knockout4(people[0], 6, advance=2, tie=Tournament.Tie.REPLAY, name="Replay cup")
    t = enter_all(t, people, capture)
    seed = {e.user_id: e.seed for e in t.entries.all()}
    (game,) = running_games(t)
    rank = {u: {3: 1, 4: 2, 6: 2, 5: 4}[s] for u, s in seed.items() if s > 2}
    with capture(execute=True), transaction.atomic():
        finish(game.pk, ranks_by(game, rank.__getitem__))
    (again,) = running_games(t)
    assert again.tournament_table.leg == 2 and again.seats_count == 4
    rank = {u: {3: 1, 4: 3, 6: 2, 5: 4}[s] for u, s in seed.items() if s > 2}
    with capture(execute=True), transaction.atomic():
        finish(again.pk, ranks_by(again, rank.__getitem__))
    final = Round.objects.get(tournament=t, number=2)
    (table,) = final.tables.all()
    finalists = sorted(seed[s.entry.user_id] for s in table.seats.select_related("entry"))
    assert finalists == [1, 2, 3, 6]


# --- the round robin's schedule ---------------------------------------------------------------


def test_the_round_robin_schedule_is_kept_from_the_start(
    django_capture_on_commit_callbacks, monkeypatch
):
    capture = django_capture_on_commit_callbacks
    people = players(9, prefix="r")
    t = tournament(
        people[0],
        variant="open",
        seats=3,
        format=Tournament.Format.ROUND_ROBIN,
        rounds=None,
        max_players=9,
        min_players=9,
        place_points=[2, 1, 0],
    )
    t = enter_all(t, people, capture)
    assert len(t.schedule) == t.rounds == 4  # 9 at three seats: 4 rounds, the least
    for tables_, byes in t.schedule:
        assert sorted(len(table) for table in tables_) == [3, 3, 3] and byes == []

    def never(*args, **kwargs):
        raise AssertionError("the schedule is worked out once, at the start")

    monkeypatch.setattr(pairing, "group_rounds", never)
    monkeypatch.setattr(pairing, "circle_rounds", never)
    t = play_out(t, random.Random(9), capture)
    assert t.status == Tournament.Status.FINISHED
    played = [
        sorted(table.seats.values_list("entry_id", flat=True))
        for table in Table.objects.filter(round__tournament=t).order_by("round__number", "board")
    ]
    assert played == [sorted(table) for tables_, _ in t.schedule for table in tables_]


def test_the_sweep_gives_the_waiting_player_their_bye(django_capture_on_commit_callbacks):
    people = players(3, prefix="s")
    t = tournament(people[0], rounds=2, max_players=3, min_players=3, rolling=True)
    t = enter_all(t, people, django_capture_on_commit_callbacks)
    Entry.objects.filter(tournament=t, waiting_since__isnull=False).update(
        waiting_since=timezone.now() - timedelta(days=4)
    )
    assert tasks.tournaments_sweep()["advanced"] == 1
    assert Table.objects.filter(round__tournament=t, game__isnull=True).count() == 1
    assert Game.objects.filter(tournament_table__round__tournament=t).count() == 1


def test_three_teams_at_a_six_seat_partnership_table(django_capture_on_commit_callbacks):
    """ONEXENO partners at six: three sides of two, so three teams a table, placed 1st,
    2nd and 3rd by their sides' ranks and scored by a points table of three."""
    people = players(12, prefix="w")
    t = team_tournament(people[0], seats=6, max_players=6, min_players=6, place_points=[2, 1, 0])
    assert t.slots == 3
    for first, second in zip(people[::2], people[1::2], strict=True):
        services.tournament_enter(user=first, tournament_id=t.pk, partner=second)
    with django_capture_on_commit_callbacks(execute=True):
        for second in people[1::2]:
            services.tournament_partner_answer(user=second, tournament_id=t.pk, accept=True)
    t.refresh_from_db()
    games = running_games(t)
    assert len(games) == 2 and {g.seats_count for g in games} == {6}
    game = games[0]
    sides = [s.team for s in game.seats.order_by("position")]
    rank_of_side = {0: 3, 1: 1, 2: 5}  # side 1 first, side 0 second, side 2 third
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        finish(game.pk, [rank_of_side[side] for side in sides])
    seats = TableSeat.objects.filter(table__game=game).select_related("entry")
    team_of = {s.user_id: s.team for s in game.seats.all()}
    for seat in seats:
        side = team_of[seat.entry.user_id]
        assert team_of[seat.entry.partner_id] == side
        assert seat.place == {1: 1, 0: 2, 2: 3}[side]
    points = {line.player: line.points for line in services.standing_of(t)}
    assert sorted(points[s.entry_id] for s in seats) == [0, 1, 2]


def test_bots_teamed_up_are_never_added_twice():
    (organiser,) = players(1, prefix="b")
    t = team_tournament(organiser, bots_allowed=True, max_players=3, min_players=2)
    first = services.tournament_add_bot(user=organiser, tournament_id=t.pk, level="random")
    second = services.tournament_add_bot(user=organiser, tournament_id=t.pk, level="random")
    services.tournament_team_form(
        user=organiser, tournament_id=t.pk, first_id=first.pk, second_id=second.pk
    )
    more = [
        services.tournament_add_bot(user=organiser, tournament_id=t.pk, level="random").user
        for _ in range(2)
    ]
    people = [first.user, second.user, *more]
    assert len({person.pk for person in people}) == 4
    # One team and two alone take two places; two more alone make the third team; a
    # fifth alone would need a fourth place.
    for _ in range(2):
        services.tournament_add_bot(user=organiser, tournament_id=t.pk, level="random")
    with pytest.raises(GameError, match="full"):
        services.tournament_add_bot(user=organiser, tournament_id=t.pk, level="random")


def test_a_rolling_swiss_at_four_seats_seats_the_last_few_at_a_smaller_table(
    django_capture_on_commit_callbacks,
):
    capture = django_capture_on_commit_callbacks
    people = players(7, prefix="x")
    t = tournament(
        people[0],
        variant="open",
        seats=4,
        rounds=1,
        max_players=7,
        min_players=7,
        rolling=True,
        place_points=[3, 2, 1, 0],
    )
    t = enter_all(t, people, capture)
    (game,) = running_games(t)  # one table of four; three wait
    assert game.seats_count == 4
    assert Entry.objects.filter(tournament=t, waiting_since__isnull=False).count() == 3
    with capture(execute=True), transaction.atomic():
        finish(game.pk, [1, 2, 3, 4])
    # Nobody else is playing, and three can sit at a table of the "open" variant.
    (last,) = running_games(t)
    assert last.seats_count == 3
    t = play_out(t, random.Random(7), capture)
    assert t.status == Tournament.Status.FINISHED
    assert set(games_played(t).values()) == {1}
    assert not Table.objects.filter(round__tournament=t, game__isnull=True).exists()
