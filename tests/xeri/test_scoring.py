"""Rulings 14-18 and 26: the last pile, the score sheet, rounds and the match.

Sheets built by hand, and seeded random matches whose rounds were read through by hand
(the seed and round are named in each test; the test asserts the situation it needs, so a
changed engine cannot silently turn it into another case).
"""

from types import SimpleNamespace

from games.xeri.engine import RULES
from games.xeri.engine.cards import CARDS, HONOURS
from games.xeri.engine.outcome import outcome
from games.xeri.engine.state import score_sheet

from .helpers import random_match

HONOURS_LIST = sorted(HONOURS - {"10D"})  # 19 honours besides the 10 of diamonds
PLAIN = [card for card in CARDS if card not in HONOURS and card != "2C"]  # 31 cards


def history(states):
    return RULES.full_view(states[-1])["history"]


def round_events(states, number):
    events, inside = [], False
    for event in history(states):
        if event["type"] == "round":
            inside = event["round"] == number
        if inside:
            events.append(event)
    return events


def test_the_rulebook_example_scores_26_against_29():
    a = HONOURS_LIST[:10] + ["10D", "2C"] + PLAIN[:16]  # 28 cards, 11 honours with the 10D
    b = HONOURS_LIST[10:] + PLAIN[16:31]  # 24 cards, the 9 other honours
    assert len(a) == 28 and len(b) == 24 and len(set(a + b)) == 52
    mine, theirs = score_sheet([a, b], [[1, 0], [0, 1]])
    assert mine == {
        "side": 0,
        "cards": 28,
        "honours": 11,  # the 10D among them
        "two_of_clubs": 1,
        "ten_of_diamonds": 1,
        "more_cards": 3,
        "xeris": 1,
        "jack_xeris": 0,
        "xeri_points": 10,
        "total": 26,
    }
    assert theirs["honours"] == 9 and theirs["jack_xeris"] == 1 and theirs["xeri_points"] == 20
    assert theirs["more_cards"] == 0 and theirs["total"] == 29


def test_the_ten_of_diamonds_is_worth_two_in_all():
    sheet = score_sheet([["10D"], ["10S"]], [[0, 0], [0, 0]])
    assert [side["total"] for side in sheet] == [2, 1]
    assert sheet[0]["honours"] == 1 and sheet[0]["ten_of_diamonds"] == 1


def test_27_cards_score_3_and_26_each_score_nothing():
    assert score_sheet([PLAIN[:27], PLAIN[27:]], [[0, 0], [0, 0]])[0]["more_cards"] == 3
    even = score_sheet([CARDS[:26], CARDS[26:]], [[0, 0], [0, 0]])
    assert [side["more_cards"] for side in even] == [0, 0]


def test_without_xeris_a_round_is_worth_22_or_25_and_with_them_ten_or_twenty_more():
    for seats, seed in [(2, n) for n in range(6)] + [(4, n) for n in range(4)]:
        _setup, _actions, states = random_match(seats, seed)
        for sheet in states[-1].sheets:
            sides = sheet["sides"]
            assert sides[0]["cards"] + sides[1]["cards"] == 52
            card_points = sum(
                s["honours"] + s["two_of_clubs"] + s["ten_of_diamonds"] for s in sides
            )
            assert card_points == 22
            xeris = sum(10 * s["xeris"] + 20 * s["jack_xeris"] for s in sides)
            more = 0 if sides[0]["cards"] == 26 else 3
            assert sum(s["total"] for s in sides) == 22 + more + xeris


def test_the_last_pile_goes_to_the_last_capturer_and_one_card_left_is_no_xeri():
    # random match 14 (two seats), round 1: seat 1 drops 6D on an empty table with the
    # round's last card; seat 0 made the last capture and takes it, with no xeri
    _setup, _actions, states = random_match(2, 14)
    events = round_events(states, 1)
    last_play = [event for event in events if event["type"] == "play"][-1]
    captures = [e for e in events if e["type"] == "play" and e["captured"]]
    transfer = next(event for event in events if event["type"] == "last_pile")
    assert last_play["card"] == "6D" and last_play["captured"] == []
    assert captures[-1]["seat"] == 0
    assert transfer == {"type": "last_pile", "round": 1, "seat": 0, "side": 0, "cards": ["6D"]}
    score = next(event for event in events if event["type"] == "score")
    assert score["sides"][0]["cards"] == 29 and score["sides"][0]["xeris"] == sum(
        e["xeri"] == "xeri" for e in captures if e["seat"] == 0
    )


def test_a_xeri_with_the_last_card_of_the_round_counts():
    # random match 1 (two seats), round 2 ends with a xeri: nothing is left for a last pile
    _setup, _actions, states = random_match(2, 1)
    events = round_events(states, 2)
    last_play = [event for event in events if event["type"] == "play"][-1]
    assert last_play["xeri"] == "xeri"
    assert not any(event["type"] == "last_pile" for event in events)
    side = last_play["seat"] % 2
    made = sum(e["type"] == "play" and e["seat"] == side and e["xeri"] == "xeri" for e in events)
    assert states[-1].sheets[1]["sides"][side]["xeris"] == made >= 1


def test_a_jack_xeri_with_the_last_card_counts_20_with_four_seats():
    # random match 163 (four seats), round 2 ends with a Jack xeri
    _setup, _actions, states = random_match(4, 163)
    events = round_events(states, 2)
    last_play = [event for event in events if event["type"] == "play"][-1]
    assert last_play["xeri"] == "jack_xeri"
    sheet = states[-1].sheets[1]["sides"][last_play["seat"] % 2]
    assert sheet["jack_xeris"] >= 1 and sheet["xeri_points"] >= 20


def test_a_round_with_equal_points_has_no_winner():
    # random match 101 (two seats), round 1: 26 cards and 11 points each
    _setup, _actions, states = random_match(2, 101)
    first = states[-1].sheets[0]
    assert [side["total"] for side in first["sides"]] == [11, 11] and first["winner"] is None
    assert [side["more_cards"] for side in first["sides"]] == [0, 0]
    assert states[-1].won == [1, 0]  # round 2 went to side 0; round 1 counts for nobody


def test_scores_stay_at_zero_until_a_round_ends_then_add_up_over_rounds():
    _setup, _actions, states = random_match(4, 7)
    for state in states:
        finished = state.sheets
        expected = [
            sum(sheet["sides"][seat % 2]["total"] for sheet in finished) for seat in range(4)
        ]
        assert state.scores == expected
        assert state.scores[0] == state.scores[2] and state.scores[1] == state.scores[3]
    assert states[47].scores == [0, 0, 0, 0] and states[48].scores != [0, 0, 0, 0]


def fake(won, totals, seats=2):
    return SimpleNamespace(
        over=True,
        won=won,
        totals=totals,
        seats=seats,
        scores=[totals[seat % 2] for seat in range(seats)],
    )


def test_the_match_goes_to_more_rounds_won_even_with_fewer_points():
    result = outcome(fake([2, 0], [30, 70]))
    assert result.ranks == (1, 2) and result.reason == "rounds" and result.scores == (30, 70)


def test_equal_rounds_won_are_broken_by_points_then_drawn():
    assert outcome(fake([1, 1], [30, 31])).ranks == (2, 1)
    assert outcome(fake([1, 1], [30, 31])).reason == "points"
    assert outcome(fake([1, 1], [30, 30])).ranks == (1, 1)
    assert outcome(fake([1, 1], [30, 30])).reason == "draw"


def test_partners_share_their_place():
    assert outcome(fake([3, 1], [40, 50], seats=4)).ranks == (1, 2, 1, 2)
    assert outcome(fake([2, 2], [40, 50], seats=4)).ranks == (2, 1, 2, 1)
    assert outcome(fake([2, 2], [50, 50], seats=4)).ranks == (1, 1, 1, 1)


def test_seeded_matches_end_by_rounds_by_points_and_drawn():
    # read through by hand: two seats 1 (2-0), 14 (1-1, 21 to 29), 19 (1-1, 35 to 35);
    # four seats 49 (2-2, 50 to 50) and 163 (2-2, 56 to 64)
    cases = {
        (2, 1): ((46, 24), (1, 2), "rounds"),
        (2, 14): ((21, 29), (2, 1), "points"),
        (2, 19): ((35, 35), (1, 1), "draw"),
        (4, 49): ((50, 50, 50, 50), (1, 1, 1, 1), "draw"),
        (4, 163): ((56, 64, 56, 64), (2, 1, 2, 1), "points"),
    }
    for (seats, seed), (scores, ranks, reason) in cases.items():
        _setup, _actions, states = random_match(seats, seed)
        result = RULES.outcome(states[-1])
        assert (result.scores, result.ranks, result.reason) == (scores, ranks, reason)
        assert all(RULES.outcome(state) is None for state in states[:-1])
