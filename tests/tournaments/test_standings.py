"""Scores and tie-breaks against small tournaments worked by hand (no database)."""

from fractions import Fraction as F

from tournaments import standings as s

A, B, C, D = 1, 2, 3, 4
SEED = {A: 1, B: 2, C: 3, D: 4}


def test_a_shared_place_scores_the_mean_of_the_places_it_covers():
    assert s.table_points([1, 1, 3, 4], [6, 4, 2, 0]) == [5, 5, 2, 0]
    assert s.table_points([1, 1, 1], [3, 1, 0]) == [F(4, 3)] * 3
    assert s.table_points([1, 1], [1, 0]) == [F(1, 2), F(1, 2)]
    assert s.table_points([2, 1, 2], [6, 3, 0]) == [F(3, 2), 6, F(3, 2)]


def small_swiss():
    """Round 1: A beats C, B draws D. Round 2: A beats B, C beats D.
    Points: A 2, C 1, B 1/2, D 1/2.
    Buchholz: A = C 1 + B 1/2 = 3/2; B = D 1/2 + A 2 = 5/2; C = A 2 + D 1/2 = 5/2;
    D = B 1/2 + C 1 = 3/2.
    Sonneborn-Berger: A = C 1 + B 1/2 = 3/2; B = 1/2 x D 1/2 = 1/4; C = D 1/2 = 1/2;
    D = 1/2 x B 1/2 = 1/4."""
    return [
        s.Played(1, (A, C), (1, 2)),
        s.Played(1, (B, D), (1, 1)),
        s.Played(2, (A, B), (1, 2)),
        s.Played(2, (C, D), (1, 2)),
    ]


def test_points_buchholz_and_sonneborn_berger_of_a_small_swiss():
    lines = s.lines_of([A, B, C, D], small_swiss(), points=[1, 0], bye=s.FULL)
    assert [lines[p].points for p in (A, B, C, D)] == [2, F(1, 2), 1, F(1, 2)]
    assert [lines[p].buchholz for p in (A, B, C, D)] == [F(3, 2), F(5, 2), F(5, 2), F(3, 2)]
    assert [lines[p].sonneborn_berger for p in (A, B, C, D)] == [
        F(3, 2),
        F(1, 4),
        F(1, 2),
        F(1, 4),
    ]
    assert [lines[p].by_round for p in (A, B, C, D)] == [
        [1, 2],
        [F(1, 2), F(1, 2)],
        [0, 1],
        [F(1, 2), F(1, 2)],
    ]
    ranked = s.ranked(lines, s.tie_breaks("swiss", 2), SEED)
    assert [line.player for line in ranked] == [A, C, B, D]  # B's Buchholz beats D's


def test_direct_encounter_separates_players_level_on_everything_before():
    # Round 1: B beats D, A beats C. Round 2: A beats B, D beats C. Points: A 2, B 1, D 1,
    # C 0. In a round robin's order (points, direct encounter) B goes before D, the
    # higher seed here, because B beat D.
    played = [
        s.Played(1, (B, D), (1, 2)),
        s.Played(1, (A, C), (1, 2)),
        s.Played(2, (A, B), (1, 2)),
        s.Played(2, (D, C), (1, 2)),
    ]
    lines = s.lines_of([A, B, C, D], played, points=[1, 0], bye=s.FULL)
    ranked = s.ranked(lines, s.tie_breaks("round_robin", 2), {A: 4, B: 3, C: 2, D: 1})
    assert [line.player for line in ranked] == [A, B, D, C]
    assert lines[B].direct == 1 and lines[D].direct == 0


def test_direct_encounter_counts_only_when_all_the_level_players_met():
    played = [s.Played(1, (A, B), (1, 2)), s.Played(1, (C, D), (1, 2))]
    lines = s.lines_of([A, B, C, D], played, points=[1, 0], bye=s.FULL)
    assert s.direct_encounter([A, C], lines) == {A: 0, C: 0}  # A and C never met
    assert s.direct_encounter([A, B], lines) == {A: 1, B: 0}


def test_a_bye_scores_as_set_and_meets_nobody():
    played = [s.Played(1, (A,), bye=True), s.Played(1, (B, C), (1, 2))]
    full = s.lines_of([A, B, C], played, points=[6, 4, 2, 0], bye=s.FULL)
    half = s.lines_of([A, B, C], played, points=[6, 4, 2, 0], bye=s.HALF)
    zero = s.lines_of([A, B, C], played, points=[6, 4, 2, 0], bye=s.ZERO)
    assert (full[A].points, half[A].points, zero[A].points) == (6, 3, 0)
    assert full[A].buchholz == 0 and full[A].byes == 1 and full[A].played == 0


def test_opponents_points_at_many_seat_tables():
    # One table of three: X first, Y second, Z third at [2, 1, 0]; then Y and Z level
    # first at a table with W (last).
    X, Y, Z, W = 1, 2, 3, 4
    played = [s.Played(1, (X, Y, Z), (1, 2, 3)), s.Played(2, (Y, Z, W), (1, 1, 3))]
    lines = s.lines_of([X, Y, Z, W], played, points=[2, 1, 0], bye=s.FULL)
    # Points: X 2, Y 1 + 3/2 = 5/2, Z 0 + 3/2 = 3/2, W 0.
    assert [lines[p].points for p in (X, Y, Z, W)] == [2, F(5, 2), F(3, 2), 0]
    # Opponents' points: X = Y + Z = 4; Y = X + Z + Z + W = 5; Z = X + Y + Y + W = 7;
    # W = Y + Z = 4.
    assert [lines[p].opponents_points for p in (X, Y, Z, W)] == [4, 5, 7, 4]
    ranked = s.ranked(lines, s.tie_breaks("swiss", 3), {X: 1, Y: 2, Z: 3, W: 4})
    assert [line.player for line in ranked] == [Y, X, Z, W]


def test_knockout_places_share_by_the_round_reached():
    out = {1: None, 2: 3, 3: 2, 4: 2, 5: 1, 6: 1, 7: 1, 8: 1}
    assert s.knockout_places(out, 3) == {1: 1, 2: 2, 3: 3, 4: 3, 5: 5, 6: 5, 7: 5, 8: 5}


def test_points_read_as_people_write_them():
    assert [s.show(F(5, 2)), s.show(F(4, 3)), s.show(F(0)), s.show(F(1, 2))] == [
        "2½",
        "1⅓",
        "0",
        "½",
    ]
    assert s.show(F(1, 5)) == "0.20"
