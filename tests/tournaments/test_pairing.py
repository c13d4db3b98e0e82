"""The pairing's pure functions against small examples worked by hand (no database)."""

from collections import Counter
from itertools import combinations

from tournaments import pairing


def squares(pairs, points):
    return sum((points[a] - points[b]) ** 2 for a, b in pairs)


def test_round_one_folds_the_field_upper_half_against_lower_half():
    points = dict.fromkeys(range(1, 9), 0)
    pairs, bye = pairing.swiss_pairs(list(range(1, 9)), points, set(), {})
    assert pairs == [(1, 5), (2, 6), (3, 7), (4, 8)] and bye is None


def test_an_odd_field_gives_the_bye_to_the_lowest_placed():
    points = dict.fromkeys(range(1, 6), 0)
    pairs, bye = pairing.swiss_pairs([1, 2, 3, 4, 5], points, set(), {})
    assert bye == 5 and pairs == [(1, 3), (2, 4)]


def test_nobody_has_a_second_bye_while_another_can_take_it():
    points = {1: 1, 2: 1, 3: 1, 4: 1, 5: 0}
    pairs, bye = pairing.swiss_pairs([1, 2, 3, 4, 5], points, set(), {5: 1})
    assert bye == 4  # the lowest placed, as 5, last on points, had one already
    assert len(pairs) == 2 and all(4 not in p for p in pairs)


def test_the_bye_goes_to_the_lowest_score_group_and_players_meet_on_equal_points():
    # 1 and 2 won, 3 4 5 lost or had the bye; 1 met 3 already.
    points = {1: 1, 2: 1, 3: 0, 4: 0, 5: 0}
    pairs, bye = pairing.swiss_pairs([1, 2, 3, 4, 5], points, {frozenset((1, 3))}, {})
    assert pairs == [(1, 2), (3, 4)] and bye == 5


def test_no_repeat_where_one_is_avoidable():
    # Round 1 was 1 v 3 and 2 v 4, both drawn: everyone on a half. Round 2 must avoid
    # both pairs although they are the fold (1 v 3, 2 v 4) of the score group.
    points = dict.fromkeys([1, 2, 3, 4], 0.5)
    met = {frozenset((1, 3)), frozenset((2, 4))}
    pairs, _ = pairing.swiss_pairs([1, 2, 3, 4], points, met, {})
    assert not {frozenset(p) for p in pairs} & met
    assert len(pairs) == 2


def test_a_repeat_when_it_cannot_be_avoided():
    pairs, bye = pairing.swiss_pairs([1, 2], {1: 1, 2: 0}, {frozenset((1, 2))}, {})
    assert pairs == [(1, 2)] and bye is None


def test_a_repeat_costs_more_than_any_difference_in_points():
    # 1 (2 points) has met 2 (2 points): it meets 3 (0 points) rather than 2 again.
    points = {1: 2, 2: 2, 3: 0, 4: 0}
    pairs, _ = pairing.swiss_pairs([1, 2, 3, 4], points, {frozenset((1, 2))}, {})
    assert frozenset((1, 2)) not in {frozenset(p) for p in pairs}


def test_the_fewest_floats_the_smallest_differences():
    # One leader on 2, three on 1, two on 0: the leader floats down to a 1, the other two
    # ones meet, the zeros meet: squared differences 1 in all, the least possible.
    points = {1: 2, 2: 1, 3: 1, 4: 1, 5: 0, 6: 0}
    pairs, bye = pairing.swiss_pairs([1, 2, 3, 4, 5, 6], points, set(), {})
    assert squares(pairs, points) == 1 and bye is None
    assert (5, 6) in pairs


def test_halves_of_a_point_pair_exactly():
    points = {1: 1.5, 2: 1, 3: 1, 4: 0.5}
    pairs, _ = pairing.swiss_pairs([1, 2, 3, 4], points, set(), {})
    assert squares(pairs, points) == 0.5  # 1 v 2 and 3 v 4: a quarter each


def test_many_seat_tables_put_the_leaders_on_board_1():
    tables, out = pairing.swiss_tables(list(range(1, 9)), 4, lambda a, b: 0, {})
    assert tables == [[1, 2, 3, 4], [5, 6, 7, 8]] and out == []


def test_many_seat_tables_give_the_leftover_byes_to_the_lowest_placed():
    tables, out = pairing.swiss_tables(list(range(1, 10)), 4, lambda a, b: 0, {})
    assert out == [9] and tables == [[1, 2, 3, 4], [5, 6, 7, 8]]
    tables, out = pairing.swiss_tables(list(range(1, 10)), 4, lambda a, b: 0, {9: 1})
    assert out == [8] and sorted(map(len, tables)) == [4, 4] and 9 in tables[1]


def test_many_seat_tables_spread_those_who_met():
    # Round 1 was 1-2-3-4 and 5-6-7-8; the standing is unchanged. Each new table of four
    # must hold two of each old table at best: two repeated pairs a table, four in all.
    met = {frozenset(p) for t in ([1, 2, 3, 4], [5, 6, 7, 8]) for p in combinations(t, 2)}
    tables, _ = pairing.swiss_tables(
        list(range(1, 9)), 4, lambda a, b: int(frozenset((a, b)) in met), {}
    )
    repeats = sum(frozenset(p) in met for t in tables for p in combinations(t, 2))
    assert repeats == 4
    assert 1 in tables[0]  # the leader is on board 1


def test_the_circle_method_meets_everyone_once():
    rounds = pairing.circle_rounds([1, 2, 3, 4])
    assert len(rounds) == 3
    pairs = Counter(frozenset(p) for r in rounds for p in r)
    assert set(pairs) == {frozenset(p) for p in combinations([1, 2, 3, 4], 2)}
    assert set(pairs.values()) == {1}


def test_the_circle_method_with_an_odd_number_gives_each_one_bye():
    rounds = pairing.circle_rounds([1, 2, 3, 4, 5])
    assert len(rounds) == 5
    byes = Counter(a if b is None else b for r in rounds for a, b in r if None in (a, b))
    assert byes == dict.fromkeys([1, 2, 3, 4, 5], 1)


def test_a_many_seat_round_robin_covers_every_pair():
    rounds = pairing.group_rounds(list(range(1, 10)), 3)
    met = {frozenset(p) for tables, _ in rounds for t in tables for p in combinations(t, 2)}
    assert met == {frozenset(p) for p in combinations(range(1, 10), 2)}
    # Nine players at three seats: the fewest rounds possible is four (each round meets
    # two new players, eight to meet); the search finds it.
    assert len(rounds) == 4
    for tables, out in rounds:
        assert sorted(map(len, tables)) == [3, 3, 3] and out == []


def test_the_bracket_order_keeps_the_top_seeds_apart():
    assert pairing.bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert pairing.bracket_order(16)[:4] == [1, 16, 8, 9]


def test_knockout_byes_go_to_the_top_seeds():
    assert pairing.knockout_bracket(8) == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert pairing.knockout_bracket(5) == [(1, None), (4, 5), (2, None), (3, None)]
    assert pairing.knockout_rounds(33) == 6 and pairing.knockout_rounds(32) == 5
    first = pairing.knockout_bracket(33)
    assert sorted(a for a, b in first if b is None) == list(range(1, 32))
    assert [(a, b) for a, b in first if b is not None] == [(32, 33)]


def test_a_level_knockout_game_goes_to_the_higher_seed():
    assert pairing.tie_winner(7, 2) == 2


def test_a_knockout_at_tables_of_four_deals_the_seeds_in_a_serpentine():
    # Eight players at tables of four, dealt 1 2 | 4 3 | 5 6 | 8 7 over boards 1 and 2
    # (every other lap backwards): board 1 holds 1 4 5 8, board 2 holds 2 3 6 7.
    tables, byes = pairing.knockout_tables([1, 2, 3, 4, 5, 6, 7, 8], 4)
    assert tables == [[1, 4, 5, 8], [2, 3, 6, 7]] and byes == []
    # Ten: 10 % 4 = 2 byes to seeds 1 and 2; 3..10 dealt over two tables.
    tables, byes = pairing.knockout_tables(list(range(1, 11)), 4)
    assert byes == [1, 2] and tables == [[3, 6, 7, 10], [4, 5, 8, 9]]
    # Twelve at tables of three: four tables, each with one of 1-4, 5-8 and 9-12.
    tables, byes = pairing.knockout_tables(list(range(1, 13)), 3)
    assert tables == [[1, 8, 9], [2, 7, 10], [3, 6, 11], [4, 5, 12]] and byes == []
    # No more than a table's worth: the final, everyone at it.
    assert pairing.knockout_tables([4, 9, 2], 4) == ([[4, 9, 2]], [])


def test_a_knockout_at_more_seats_shrinks_by_the_number_going_through():
    assert pairing.knockout_sizes(16, 4, 2) == [16, 8, 4]  # two rounds, then the final
    # 40: ten tables send 20, five tables send 10; then 2 byes + 2 tables = 6, then
    # 2 byes + 1 table = 4: the final.
    assert pairing.knockout_sizes(40, 4, 2) == [40, 20, 10, 6, 4]
    # 10 at 4: two byes, 2 tables -> 4 + 2 = 6; then 2 byes, 1 table -> 2 + 2 = 4: final.
    assert pairing.knockout_sizes(10, 4, 2) == [10, 6, 4]
    assert pairing.knockout_sizes(27, 3, 1) == [27, 9, 3]
    assert pairing.knockout_sizes(4, 4, 2) == [4]
