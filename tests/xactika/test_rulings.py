"""Xactika's rules and rulings, one test per rule a player would notice.

Rulings are cited by number (``../shared/rules/xactika-rulings.md``); scenarios are dealt
by hand with ``setup_with`` and checked by hand.
"""

from collections import Counter

import pytest

from games.kit.errors import IllegalAction, InvalidSetup
from games.kit.play import is_legal
from games.xactika.engine import RULES
from tests.xactika.helpers import (
    DECK,
    bid,
    follow,
    lead,
    random_game,
    record,
    rounds_for,
    setup_with,
    value,
)

# The worked example of the rulings: three seats, first dealer 2.
EXAMPLE_HANDS = {
    0: ["2132", "1111", "3333", "1223", "2311", "3121", "1332", "2213"],
    1: ["1133", "2222", "3112", "1321", "2123", "3311", "1212", "2331"],
    2: ["3321", "1112", "2223", "3212", "1221", "2111", "3122", "1323"],
}
EXAMPLE = setup_with(3, 2, EXAMPLE_HANDS)
EXAMPLE_ACTIONS = [
    bid(0, 3),
    bid(1, 2),
    bid(2, 1),
    lead(0, "2132", "cone"),
    follow(1, "1133"),
    follow(2, "3321"),
]


def play_out(variant, seats, setup, actions):
    return RULES.replay(variant, seats, setup, actions)


def refused(state, action, match):
    with pytest.raises(IllegalAction, match=match):
        state.apply(action)


# --- ruling 1: the deck ---------------------------------------------------------------


def test_the_deck_recounts_to_the_rules_table():
    state = RULES.new("bid", 10, RULES.deal(0, "bid", 10))
    full = RULES.full_view(state)
    dealt = [card for hand in full["hands"] for card in hand] + full["set_aside"]
    assert sorted(dealt) == DECK and len(set(dealt)) == 81
    by_value = Counter(value(card) for card in DECK)
    assert by_value == {4: 1, 5: 4, 6: 10, 7: 16, 8: 19, 9: 16, 10: 10, 11: 4, 12: 1}
    table = {  # face value: cards with 1, 2, 3 of any one shape (here: cubes)
        4: (1, 0, 0),
        5: (3, 1, 0),
        6: (6, 3, 1),
        7: (7, 6, 3),
        8: (6, 7, 6),
        9: (3, 6, 7),
        10: (1, 3, 6),
        11: (0, 1, 3),
        12: (0, 0, 1),
    }
    for face, counts in table.items():
        cards = [card for card in DECK if value(card) == face]
        assert tuple(sum(card[1] == str(n) for card in cards) for n in (1, 2, 3)) == counts


def test_the_highest_card_of_1_cube_is_3133_and_it_beats_every_other_1_cube():
    hands = {1: ["3133"], 2: ["3131"]}  # dealer 0: seat 1 leads
    state = RULES.new("win", 3, setup_with(3, 0, hands))
    state, _ = state.apply(lead(1, "3133", "cube"))
    state, _ = state.apply(follow(2, "3131"))
    state, events = state.apply(RULES.zombie_action(state, 0))
    assert {"type": "trick", "winner": 1, "suit": "1 cube"} in events


# --- rulings 3, 4, 5: dealing, dealer rotation, number of rounds ----------------------


def test_each_seat_gets_its_block_the_dealer_the_last_and_the_rest_is_set_aside():
    setup = RULES.deal("blocks", "bid", 4)
    state = RULES.new("bid", 4, setup)
    deck, dealer = setup["rounds"][0], setup["first_dealer"]
    for block in range(4):
        seat = (dealer + 1 + block) % 4
        assert RULES.seat_view(state, seat)["hand"] == sorted(deck[8 * block : 8 * block + 8])
    assert RULES.seat_view(state, dealer)["hand"] == sorted(deck[24:32])
    assert RULES.full_view(state)["set_aside"] == sorted(deck[32:])
    assert RULES.seat_view(state, 0)["set_aside_count"] == 81 - 32


@pytest.mark.parametrize(("seats", "rounds"), [(2, 8), (5, 8), (8, 8), (9, 9), (10, 10)])
def test_eight_rounds_up_to_eight_seats_then_one_per_seat_and_the_deal_passes_left(seats, rounds):
    setup, _actions, states = random_game("win", seats, seats)
    assert len(setup["rounds"]) == rounds == rounds_for(seats)
    dealers = []
    for state in states[:-1]:
        if not dealers or dealers[-1][0] != state.round:
            dealers.append((state.round, state.dealer))
    first = setup["first_dealer"]
    assert dealers == [(k, (first + k) % seats) for k in range(rounds)]


def test_the_seed_fixes_the_first_dealer_and_every_shuffle():
    assert RULES.deal("same", "bid", 6) == RULES.deal("same", "bid", 6)
    dealers = {RULES.deal(seed, "bid", 6)["first_dealer"] for seed in range(60)}
    assert dealers == set(range(6))
    setup = RULES.deal("fresh", "bid", 3)
    assert len({tuple(deck) for deck in setup["rounds"]}) == 8  # a fresh shuffle per round


def test_the_order_of_cards_inside_a_block_does_not_matter():
    setup = RULES.deal("order", "bid", 3)
    twin = {**setup, "rounds": [list(deck) for deck in setup["rounds"]]}
    twin["rounds"][0][:8] = reversed(setup["rounds"][0][:8])
    a, b = RULES.new("bid", 3, setup), RULES.new("bid", 3, twin)
    assert [RULES.seat_view(a, s) for s in range(3)] == [RULES.seat_view(b, s) for s in range(3)]


# --- rulings 6, 7, 8: bidding and the hook ---------------------------------------------


def test_bidding_starts_left_of_the_dealer_and_the_dealer_bids_last():
    state = RULES.new("bid", 3, EXAMPLE)
    assert state.to_move == 0
    refused(state, bid(2, 1), "it is seat 0's turn, not seat 2's")
    state, _ = state.apply(bid(0, 3))
    state, _ = state.apply(bid(1, 2))
    assert state.to_move == 2 == state.dealer


def test_every_bid_is_shown_to_everyone_as_it_is_made():
    state, _ = RULES.new("bid", 3, EXAMPLE).apply(bid(0, 3))
    views = [RULES.seat_view(state, s) for s in range(3)] + [RULES.spectator_view(state)]
    assert all(view["bids"] == [{"seat": 0, "n": 3}] for view in views)
    assert "Seat 0 bids 3." in views[-1]["history"]


@pytest.mark.parametrize("n", [-1, 9, 100])
def test_a_bid_is_a_whole_number_from_0_to_8(n):
    refused(RULES.new("bid", 3, EXAMPLE), bid(0, n), f"from 0 to 8, not {n}")


def test_eight_may_be_bid_whatever_the_number_of_players():
    state = RULES.new("bid", 10, RULES.deal(1, "bid", 10))
    assert {"seat": state.to_move, "type": "bid", "n": 8} in state.legal_actions()


def test_the_hook_bars_the_bid_that_makes_eight_and_the_dealer_sees_which():
    state = play_out("bid", 3, EXAMPLE, [bid(0, 5), bid(1, 1)])
    assert RULES.seat_view(state, 2)["barred_bid"] == 2
    assert RULES.spectator_view(state)["barred_bid"] == 2
    assert [a["n"] for a in state.legal_actions()] == [0, 1, 3, 4, 5, 6, 7, 8]
    refused(state, bid(2, 2), "the dealer may not bid 2: the others bid 6.*hook, ruling 8")


def test_the_barred_bid_is_shown_only_on_the_dealers_turn():
    state = RULES.new("bid", 3, EXAMPLE)
    assert RULES.seat_view(state, 0)["barred_bid"] is None
    state = play_out("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:3])
    assert RULES.spectator_view(state)["barred_bid"] is None


def test_the_dealer_is_free_when_the_others_bid_more_than_eight():
    state = play_out("bid", 4, setup_with(4, 3, {}), [bid(0, 3), bid(1, 3), bid(2, 3)])
    assert state.to_move == 3 and [a["n"] for a in state.legal_actions()] == list(range(9))
    assert RULES.seat_view(state, 3)["barred_bid"] is None


def test_the_dealer_may_not_bid_0_when_the_others_bid_exactly_eight():
    state = play_out("bid", 3, EXAMPLE, [bid(0, 5), bid(1, 3)])
    assert [a["n"] for a in state.legal_actions()] == list(range(1, 9))
    refused(state, bid(2, 0), "may not bid 0")


def test_the_hook_applies_with_two_players():
    state = play_out("bid", 2, setup_with(2, 1, {}), [bid(0, 6)])
    assert state.to_move == 1
    refused(state, bid(1, 2), "may not bid 2")


def test_no_card_is_played_before_every_bid_is_made():
    state = play_out("bid", 3, EXAMPLE, [bid(0, 3)])
    refused(state, lead(1, "1133", "cone"), "no card is played before all 3 bids are made")


def test_a_bid_after_the_bidding_is_refused():
    state = play_out("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:3])
    refused(state, bid(0, 1), "the bidding of this round is over")


@pytest.mark.parametrize(("variant", "label"), [("win", "Play to Win"), ("lose", "Play to Lose")])
def test_win_and_lose_have_no_bidding_and_start_with_the_first_lead(variant, label):
    state = RULES.new(variant, 3, EXAMPLE)
    assert state.phase == "play" and state.to_move == 0
    assert all("shape" in action for action in state.legal_actions())
    refused(state, bid(0, 2), f"{label} has no bidding")


# --- rulings 9, 10, 11, 12: calling, following, taking, leading -------------------------


def test_a_lead_offers_each_card_with_each_of_its_four_shapes():
    state = play_out("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:3])
    legal = state.legal_actions()
    assert len(legal) == 32
    assert legal[:4] == [lead(0, "1111", shape) for shape in ("ball", "cube", "cone", "star")]


def test_the_called_count_is_the_led_cards_and_everyone_sees_the_suit():
    state = play_out("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:4])
    trick = RULES.spectator_view(state)["trick"]
    assert (trick["shape"], trick["count"], trick["suit"]) == ("cone", 3, "3 cones")
    assert trick["plays"] == [{"seat": 0, "card": "2132"}]
    assert "Seat 0 leads 2132 and calls cones: 3 cones." in RULES.seat_view(state, 1)["history"]


def test_a_lead_without_a_shape_or_with_no_shape_is_refused():
    state = play_out("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:3])
    refused(state, follow(0, "2132"), "you lead this trick: call a shape of 2132")
    refused(state, lead(0, "2132", "circle"), "'circle' is not a shape")
    refused(state, lead(0, "2132", "cones"), "is not a shape")


def test_a_player_holding_the_suit_must_follow_it():
    state = play_out("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:4])
    assert state.legal_actions() == [follow(1, "1133"), follow(1, "2331")]
    refused(state, follow(1, "2222"), r"you must follow 3 cones: you hold 1133, 2331 \(ruling 10\)")


def test_a_player_without_the_suit_may_play_any_card():
    state = play_out("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:5])
    assert len(state.legal_actions()) == 8


def test_only_the_leader_calls_a_shape():
    state = play_out("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:4])
    refused(state, lead(1, "1133", "cone"), "only the leader calls a shape: this trick is 3 cones")


def test_a_card_not_in_hand_or_not_a_card_is_refused():
    state = play_out("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:3])
    refused(state, lead(0, "1133", "cone"), "you do not hold 1133: you hold 1111, 1223")
    for code in ("2142", "213", "21322", " 2132", "abcd"):
        refused(state, lead(0, code, "cone"), "is not a card")


def test_the_rulings_worked_example_the_latest_of_equal_highest_takes_the_trick():
    state = play_out("bid", 3, EXAMPLE, EXAMPLE_ACTIONS)
    assert state.taken == (0, 1, 0) and state.to_move == 1 == state.leader
    done = RULES.spectator_view(state)["tricks"][0]
    assert done["winner"] == 1 and done["suit"] == "3 cones"


def test_the_rules_four_player_example_the_third_player_takes_it():
    # Dealer 3; seats 0, 1, 2, 3 play 2132 (cones), 1133, 2231, 3321 (no 3-cone card).
    hands = {
        0: ["2132"],
        1: ["1133"],
        2: ["2231"],
        3: ["3321", "3311", "3312", "2211", "2212", "1211", "1212", "2121"],
    }
    plays = [lead(0, "2132", "cone"), follow(1, "1133"), follow(2, "2231"), follow(3, "3321")]
    state = play_out("win", 4, setup_with(4, 3, hands), plays)
    assert state.taken == (0, 0, 1, 0) and state.to_move == 2


def test_a_higher_card_outside_the_suit_never_wins():
    hands = {0: ["1111"], 1: ["3332", "3333", "2222", "3322", "2332", "3232", "2323", "3223"]}
    state = play_out("win", 2, setup_with(2, 1, hands), [lead(0, "1111", "ball")])
    assert state.legal_actions() == [follow(1, card) for card in sorted(hands[1])]
    state, events = state.apply(follow(1, "3332"))  # 11 with 3 balls, not 1 ball
    assert events[1] == {"type": "trick", "winner": 0, "suit": "1 ball"}


def test_the_leader_loses_every_tie():
    hands = {0: ["2222"], 1: ["1322"]}
    state = play_out("win", 2, setup_with(2, 1, hands), [lead(0, "2222", "star")])
    state, _ = state.apply(follow(1, "1322"))  # also 2 stars, also 8
    assert state.taken == (0, 1) and state.to_move == 1


def test_the_seat_left_of_the_dealer_leads_the_first_trick_of_every_round():
    _setup, _actions, states = random_game("lose", 5, "leads")
    firsts = [s for s in states if s.phase == "play" and not s.plays and not s.tricks]
    assert len({s.round for s in firsts}) == 8
    assert all(s.to_move == (s.dealer + 1) % 5 for s in firsts)


# --- rulings 13 to 16 and 19: scoring, totals, ranks, the end -------------------------


@pytest.mark.parametrize(
    ("bid_", "taken", "score"),
    [(3, 3, 3), (3, 5, -2), (3, 1, -2), (0, 0, 0), (0, 2, -2), (8, 8, 8)],
)
def test_the_scoring_table_of_play_to_bid(bid_, taken, score):
    from games.xactika.engine.state import round_score

    assert round_score("bid", bid_, taken) == score
    assert round_score("win", None, taken) == round_score("lose", None, taken) == taken


@pytest.mark.parametrize("variant", ["bid", "win", "lose"])
def test_every_rounds_scores_follow_the_variant_and_add_up_to_the_totals(variant):
    _setup, _actions, states = random_game(variant, 4, variant)
    end = RULES.full_view(states[-1])
    totals = [0] * 4
    for past in end["past_rounds"]:
        assert sum(past["taken"]) == 8 and len(past["tricks"]) == 8
        bids = {b["seat"]: b["n"] for b in past["bids"]} if variant == "bid" else None
        for seat in range(4):
            won = past["taken"][seat]
            if variant == "bid":
                wanted = bids[seat] if bids[seat] == won else -abs(bids[seat] - won)
            else:
                wanted = won
            assert past["scores"][seat] == wanted
            totals[seat] += wanted
        if variant == "bid":
            assert sum(bids.values()) != 8
            assert any(bids[seat] != past["taken"][seat] for seat in range(4))
    assert end["scores"] == totals == list(RULES.outcome(states[-1]).scores)


def test_totals_change_only_when_the_eighth_trick_is_taken():
    _setup, _actions, states = random_game("win", 3, "totals")
    for before, after in zip(states, states[1:], strict=False):
        if after.round == before.round and not after.over:
            assert after.totals == before.totals
    assert sum(states[-1].totals) == 8 * 8


def test_ranks_share_places_and_skip_and_play_to_lose_ranks_the_lowest_first():
    from games.xactika.engine.state import ranks

    assert ranks("bid", (5, -3, 5, 0)) == (1, 4, 1, 3)
    assert ranks("win", (20, 30, 14)) == (2, 1, 3)
    assert ranks("lose", (20, 30, 14)) == (2, 3, 1)
    assert ranks("lose", (10, 10, 44)) == (1, 1, 3)


@pytest.mark.parametrize(
    ("variant", "seats", "n_actions"),
    [("bid", 2, 144), ("bid", 9, 729), ("bid", 10, 900), ("win", 3, 192), ("lose", 10, 800)],
)
def test_the_game_has_its_number_of_actions_and_then_nothing_is_legal(variant, seats, n_actions):
    setup, actions, states = random_game(variant, seats, "count")
    end = states[-1]
    assert len(actions) == n_actions and end.over and end.to_move is None
    assert end.legal_actions() == []
    refused(end, actions[-1], "the game is over")
    verdict = RULES.check_record(record(variant, seats, setup, actions))
    assert verdict["over"] is True and verdict["ranks"] == list(RULES.outcome(end).ranks)
    assert RULES.outcome(states[-2]) is None


# --- action shapes (GAMES.md) ---------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        {"seat": 0, "type": "bid", "n": True},
        {"seat": 0, "type": "bid", "n": 2.0},
        {"seat": 0, "type": "bid", "n": "2"},
        {"seat": 0, "type": "bid"},
        {"seat": 0, "type": "bid", "n": 2, "card": "2132"},
        {"seat": False, "type": "bid", "n": 2},
        {"seat": 0, "type": "pass"},
        {"seat": 0, "type": "play", "card": 2132, "shape": "cone"},
    ],
)
def test_an_action_of_the_wrong_shape_is_refused(action):
    state = RULES.new("bid", 3, EXAMPLE)
    assert not is_legal(state, action)
    with pytest.raises(IllegalAction):
        state.apply(action)


def test_a_refused_action_changes_nothing():
    state = RULES.new("bid", 3, EXAMPLE)
    before = RULES.full_view(state)
    for action in (bid(1, 2), bid(0, 9), lead(0, "2132", "cone")):
        assert not is_legal(state, action)
    assert RULES.full_view(state) == before


# --- set-up refusals ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "seats", "match"),
    [
        ("chess", 3, '"variant"'),
        ("bid", 1, '"seats"'),
        ("bid", 11, '"seats"'),
        ("bid", True, '"seats"'),
    ],
)
def test_a_table_outside_the_rules_is_refused(variant, seats, match):
    with pytest.raises(InvalidSetup, match=match):
        RULES.deal(1, variant, seats)


# --- zombie ---------------------------------------------------------------------------


def test_the_zombie_bids_the_lowest_allowed_and_plays_its_lowest_card():
    state = RULES.new("bid", 3, EXAMPLE)
    assert RULES.zombie_action(state, 0) == bid(0, 0)
    state = play_out("bid", 3, EXAMPLE, [bid(0, 5), bid(1, 3)])
    assert RULES.zombie_action(state, 2) == bid(2, 1)  # 0 is barred
    state = play_out("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:3])
    assert RULES.zombie_action(state, 0) == lead(0, "1111", "ball")
    state = play_out("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:4])
    assert RULES.zombie_action(state, 1) == follow(1, "1133")  # 8 before 2331's 9
    with pytest.raises(IllegalAction, match="seat 0 is not to move"):
        RULES.zombie_action(state, 0)
