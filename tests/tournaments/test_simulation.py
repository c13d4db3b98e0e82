"""Whole tournaments through the services and the tasks (issue 34's "done when"): games
created by the table model, ended with random results through the platform's end of a
game, whose signal runs the advance task after the commit. Every pairing rule, bye and
final place is checked on the way; the hand-worked small examples of the pairing and the
tie-breaks are in test_pairing.py and test_standings.py."""

import random
from collections import Counter
from itertools import combinations

import pytest
from django.db import transaction

from games.models import Game
from tests.tournaments.helpers import (
    finish,
    play_out,
    players,
    random_ranks,
    running_games,
    tournament,
)
from tournaments import services
from tournaments.models import Entry, Round, Table, TableSeat, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("served_tally")]


def fill(t, people, capture):
    with capture(execute=True):
        for person in people:
            services.tournament_enter(user=person, tournament_id=t.pk)
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING


def rounds_of(t):
    """round number -> [(entry ids at the table, is a bye, places)]"""
    out = {}
    for table in Table.objects.filter(round__tournament=t).prefetch_related("seats"):
        seats = list(table.seats.all())
        out.setdefault(table.round.number, []).append(
            ([s.entry_id for s in seats], table.is_bye, [s.place for s in seats], table)
        )
    return out


def check_everyone_once_a_round(t, rounds):
    ids = set(t.entries.values_list("pk", flat=True))
    for number, tables in rounds.items():
        seen = Counter(pk for players_, _, _, _ in tables for pk in players_)
        assert set(seen) == ids, f"round {number} leaves someone out"
        assert max(seen.values()) == 1, f"round {number} seats someone twice"


def check_places(t):
    lines = services.standing_of(t)
    entries = {e.pk: e for e in t.entries.all()}
    assert [entries[line.player].place for line in lines] == list(range(1, len(lines) + 1))
    points = [line.points for line in lines]
    assert points == sorted(points, reverse=True)
    return lines


def test_a_swiss_of_64_players_at_two_seats_over_7_rounds(django_capture_on_commit_callbacks):
    people = players(64)
    t = tournament(people[0], rounds=7, max_players=64, min_players=64)
    fill(t, people, django_capture_on_commit_callbacks)
    # Round by round: before each new round, the pairing sees the standings of the last.
    t = play_out(t, random.Random(64), django_capture_on_commit_callbacks)
    assert t.status == Tournament.Status.FINISHED
    rounds = rounds_of(t)
    assert sorted(rounds) == list(range(1, 8))
    check_everyone_once_a_round(t, rounds)
    pairs = [frozenset(p) for tables in rounds.values() for p, bye, _, _ in tables if not bye]
    assert len(pairs) == 7 * 32
    assert len(set(pairs)) == len(pairs), "no two players meet twice"
    assert all(len(tables) == 32 for tables in rounds.values())  # 64 players: no bye
    # Round 1 folds the seeds: 1 v 33, 2 v 34 ... 32 v 64.
    seed = {e.pk: e.seed for e in t.entries.all()}
    first = sorted(sorted(seed[p] for p in players_) for players_, _, _, _ in rounds[1])
    assert first == [[s, s + 32] for s in range(1, 33)]
    lines = check_places(t)
    assert lines[0].points >= 5  # someone won at least 5 of 7 (random: 6 or 7 usually)
    assert Game.objects.filter(tournament_table__round__tournament=t).count() == 7 * 32


def test_a_swiss_of_40_players_at_four_seat_tables(django_capture_on_commit_callbacks):
    people = players(40)
    t = tournament(
        people[0],
        variant="open",
        seats=4,
        rounds=5,
        max_players=40,
        min_players=40,
        place_points=[6, 4, 2, 0],
    )
    fill(t, people, django_capture_on_commit_callbacks)
    leaders = {}

    def before_round():
        last = Round.objects.filter(tournament=t).order_by("-number").first()
        leaders[last.number] = last

    t = play_out(t, random.Random(40), django_capture_on_commit_callbacks)
    assert t.status == Tournament.Status.FINISHED
    rounds = rounds_of(t)
    assert sorted(rounds) == [1, 2, 3, 4, 5]
    check_everyone_once_a_round(t, rounds)
    for tables in rounds.values():
        assert sorted(len(p) for p, _, _, _ in tables) == [4] * 10  # 40 players: no bye
    games = Game.objects.filter(tournament_table__round__tournament=t)
    assert {g.seats_count for g in games} == {4} and games.count() == 50
    # Board 1 holds the leader before each round (points after the round before).
    for number in range(2, 6):
        earlier = Table.objects.filter(round__tournament=t, round__number__lt=number)
        points = Counter()
        for table in earlier.prefetch_related("seats"):
            seats = list(table.seats.all())
            got = services.scoring.table_points([s.place for s in seats], t.place_points)
            for s, p in zip(seats, got, strict=True):
                points[s.entry_id] += p
        board1 = next(p for p, _, _, tb in rounds[number] if tb.board == 1)
        assert max(points[p] for p in board1) == max(points.values())
    # A table's points are the points table's, ties sharing: 12 points a table.
    lines = check_places(t)
    assert sum(line.points for line in lines) == 5 * 10 * 12


def test_a_round_robin_of_10(django_capture_on_commit_callbacks):
    people = players(10)
    t = tournament(people[0], format=Tournament.Format.ROUND_ROBIN, rounds=None, max_players=10)
    fill(t, people, django_capture_on_commit_callbacks)
    t.refresh_from_db()
    assert t.rounds == 9
    t = play_out(t, random.Random(10), django_capture_on_commit_callbacks)
    assert t.status == Tournament.Status.FINISHED
    rounds = rounds_of(t)
    check_everyone_once_a_round(t, rounds)
    pairs = Counter(frozenset(p) for tables in rounds.values() for p, _, _, _ in tables)
    ids = list(t.entries.values_list("pk", flat=True))
    assert set(pairs) == {frozenset(p) for p in combinations(ids, 2)}
    assert set(pairs.values()) == {1}
    check_places(t)


def test_a_knockout_of_33(django_capture_on_commit_callbacks):
    people = players(33)
    t = tournament(
        people[0],
        format=Tournament.Format.KNOCKOUT,
        rounds=None,
        max_players=33,
        tie=Tournament.Tie.SEED,
    )
    fill(t, people, django_capture_on_commit_callbacks)
    t.refresh_from_db()
    assert t.rounds == 6
    seed = {e.pk: e.seed for e in t.entries.all()}
    rounds = rounds_of(t)
    # Round 1: byes to seeds 1 to 31; seeds 32 and 33 play.
    byes = sorted(seed[p[0]] for p, bye, _, _ in rounds[1] if bye)
    assert byes == list(range(1, 32))
    assert [sorted(seed[x] for x in p) for p, bye, _, _ in rounds[1] if not bye] == [[32, 33]]
    t = play_out(t, random.Random(33), django_capture_on_commit_callbacks)
    assert t.status == Tournament.Status.FINISHED
    rounds = rounds_of(t)
    assert sorted(rounds) == list(range(1, 7))
    # Who goes through: the one placed first; a level game, the higher seed.
    entries = {e.pk: e for e in t.entries.all()}
    for number, tables in rounds.items():
        for players_, bye, places, _ in tables:
            if bye:
                continue
            a, b = players_
            pa, pb = places
            through = a if pa < pb else b if pb < pa else min(a, b, key=seed.get)
            out = b if through == a else a
            assert entries[out].eliminated_in == number
            assert entries[through].eliminated_in is None or entries[through].eliminated_in > number
    places = Counter(e.place for e in entries.values())
    assert places == {1: 1, 2: 1, 3: 2, 5: 4, 9: 8, 17: 16, 33: 1}
    # Game counts: 1 in round 1, then 16, 8, 4, 2, 1.
    per_round = Counter(
        Table.objects.filter(round__tournament=t, game__isnull=False).values_list(
            "round__number", flat=True
        )
    )
    assert [per_round[n] for n in range(1, 7)] == [1, 16, 8, 4, 2, 1]
    assert Entry.objects.filter(tournament=t, place=1).get().eliminated_in is None


def test_a_rolling_swiss_of_24_over_5_games(django_capture_on_commit_callbacks):
    """Games end one or two at a time in a random order; each end pairs whoever is free.
    Everyone plays exactly 5 games; nobody is ever at two tables at once; a pair meets
    again only when nobody else was playing (so waiting could not have avoided it)."""
    capture = django_capture_on_commit_callbacks
    people = players(24)
    t = tournament(people[0], rounds=5, max_players=24, min_players=24, rolling=True)
    fill(t, people, capture)
    rng = random.Random(24)
    while True:
        games = running_games(t)
        if not games:
            break
        ending = rng.sample(games, min(len(games), rng.choice((1, 2))))
        with capture(execute=True), transaction.atomic():
            for game in ending:
                finish(game.pk, random_ranks(2, rng))
        busy = Counter(
            pk
            for table in Table.objects.filter(round__tournament=t, done=False)
            for pk in table.seats.values_list("entry_id", flat=True)
        )
        assert not busy or max(busy.values()) == 1, "someone at two tables at once"
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    per_player = Counter(
        TableSeat.objects.filter(table__round__tournament=t).values_list("entry_id", flat=True)
    )
    assert set(per_player.values()) == {5} and len(per_player) == 24
    seen = set()
    games = Game.objects.filter(tournament_table__round__tournament=t).order_by("started_at")
    for game in games:
        seats = TableSeat.objects.filter(table__game=game)
        pair = frozenset(seats.values_list("entry_id", flat=True))
        if pair in seen:
            earlier = games.exclude(pk=game.pk).filter(started_at__lt=game.started_at)
            assert all(other.finished_at <= game.started_at for other in earlier)
        seen.add(pair)
    check_places(t)


def test_a_swiss_of_16_fixed_teams_at_four_seat_partnership_tables(
    django_capture_on_commit_callbacks,
):
    capture = django_capture_on_commit_callbacks
    people = players(32)
    t = tournament(
        people[0],
        variant="partners",
        seats=4,
        rounds=4,
        max_players=16,
        min_players=16,
        place_points=[1, 0],
    )
    for first, second in zip(people[::2], people[1::2], strict=True):
        services.tournament_enter(user=first, tournament_id=t.pk, partner=second)
    with capture(execute=True):
        for second in people[1::2]:
            services.tournament_partner_answer(user=second, tournament_id=t.pk, accept=True)
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING and t.entries.count() == 16
    t = play_out(
        t, random.Random(16), capture, ranks_of=lambda g: side_ranks(g, random.Random(g.pk))
    )
    assert t.status == Tournament.Status.FINISHED
    rounds = rounds_of(t)
    assert sorted(rounds) == [1, 2, 3, 4]
    check_everyone_once_a_round(t, rounds)
    pairs = [frozenset(p) for tables in rounds.values() for p, bye, _, _ in tables if not bye]
    assert len(pairs) == 4 * 8 and len(set(pairs)) == len(pairs)
    entries = {e.pk: e for e in t.entries.all()}
    for game in Game.objects.filter(tournament_table__round__tournament=t):
        assert game.seats_count == 4
        team = {s.user_id: s.team for s in game.seats.all()}
        for seat in TableSeat.objects.filter(table__game=game):
            entry = entries[seat.entry_id]
            assert team[entry.user_id] == team[entry.partner_id]
    lines = check_places(t)
    assert sum(line.points for line in lines) == 4 * 8  # one point a table


def side_ranks(game, rng) -> list[int]:
    """A random result of a two-side partnership game: one side first, or level."""
    first = rng.choice((0, 1, None))
    team = [s.team for s in game.seats.order_by("position")]
    return [1 if first is None or side == first else 3 for side in team]


def test_a_knockout_of_40_at_tables_of_four(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    people = players(40)
    t = tournament(
        people[0],
        variant="open",
        seats=4,
        format=Tournament.Format.KNOCKOUT,
        rounds=None,
        max_players=40,
        min_players=40,
        place_points=[3, 2, 1, 0],
        tie=Tournament.Tie.SEED,
    )
    fill(t, people, capture)
    t.refresh_from_db()
    assert t.rounds == 5  # 40, 20, 10, 6, then the final of 4
    t = play_out(t, random.Random(40), capture)
    assert t.status == Tournament.Status.FINISHED
    entries = {e.pk: e for e in t.entries.all()}
    rounds = rounds_of(t)
    alive = set(entries)
    for number in range(1, 6):
        tables = rounds[number]
        seated = [pk for p, _, _, _ in tables for pk in p]
        assert sorted(seated) == sorted(alive), f"round {number} seats exactly those still in"
        byes = sorted(entries[p[0]].seed for p, bye, _, _ in tables if bye)
        in_order = sorted(entries[pk].seed for pk in alive)
        assert byes == in_order[: len(alive) % 4 if len(alive) > 4 else 0]  # the top seeds
        games = [(p, places) for p, bye, places, table in tables if not bye and table.leg == 1]
        k = 1 if len(alive) <= 4 else 2
        for p, places in games:
            order = sorted(zip(places, (entries[pk].seed for pk in p), p, strict=True))
            through = {pk for _, _, pk in order[:k]}
            for pk in p:
                went_on = (entries[pk].eliminated_in or 99) > number
                assert went_on == (pk in through)
        alive = {pk for pk in alive if (entries[pk].eliminated_in or 99) > number}
    assert [len(rounds[n]) - sum(1 for _, bye, _, _ in rounds[n] if bye) for n in range(1, 6)] == [
        10,
        5,
        2,
        1,
        1,
    ]
    places = Counter(e.place for e in entries.values())
    assert places[1] == 1 and sum(places.values()) == 40
    final = [e for e in entries.values() if e.eliminated_in in (None, 5)]
    assert len(final) == 4 and min(e.place for e in final) == 1
    assert {e.place for e in entries.values() if e.eliminated_in == 1} == {21}
    assert {e.place for e in entries.values() if e.eliminated_in == 2} == {11}
