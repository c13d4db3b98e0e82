"""XIX 2.0 (variant "v2"): one scripted test per ruling 16-27 of RULINGS.md.

The scenarios are played through the public API (``new_game``, ``apply``, ``replay``,
records and views). Who takes a trick is decided here by hand, not by the engine.
"""

import pytest

from games.xix.engine import (
    IllegalAction,
    check_record,
    make_record,
    new_game,
    replay,
    seat_view,
    spectator_view,
)

from .helpers import abandon, draft, make_deal, play, raise_, trade


def slide(seat, position):
    return {"seat": seat, "type": "slide", "position": position}


# Seat 0 holds 13-18, seat 1 holds 6-11: seat 0's cards beat seat 1's, except that 6
# takes 13 (6 + 13 = 19, the lower card takes it). The row holds 1-5, 12 is discarded.
DEAL = make_deal(seat0=(13, 14, 15, 16, 17, 18), seat1=(6, 7, 8, 9, 10, 11), row=(1, 2, 3, 4, 5))
assert DEAL[17] == 12


def start(leader=0):
    return new_game("v2", DEAL, leader)


def run(state, actions):
    for action in actions:
        state, _events = state.apply(action)
    return state


def refused(state, action, *words):
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    message = str(caught.value)
    for word in words:
        assert word in message, message
    return message


# Exchange 1 from DEAL, seat 0 leading: seat 1 takes the first trick with 6 against 13,
# then seat 0 takes three (strikes 1 and 3 in all: 4 strikes, seat 0 scores 5).
EXCHANGE_FIVE = [
    play(0, 13),
    play(1, 6),
    slide(0, 2),  # seat 0 struck: it slides position 2 (card 3)
    play(1, 7),
    play(0, 14),
    slide(1, 0),  # seat 1 sees 1
    play(0, 15),
    play(1, 8),
    slide(1, 4),
    play(0, 16),
    play(1, 9),  # seat 1's third strike: the exchange is scored here
    slide(1, 1),
]
# The draft of that exchange: seat 1 (the loser) first, each seat taking back its cards.
DRAFT_BACK = [
    draft(1, 6),
    draft(0, 13),
    draft(1, 7),
    draft(0, 14),
    draft(1, 8),
    draft(0, 15),
    draft(1, 9),
    draft(0, 16),
]


def test_ruling_16_a_v2_record_is_xix_1_and_a_finished_game_has_a_winner():
    state = start()
    actions = []
    while not state.over:
        action = state.legal_actions()[-1]
        actions.append(action)
        state, _events = state.apply(action)
    record = make_record("v2", DEAL, 0, actions)
    assert record["format"] == "xix/1" and record["variant"] == "v2"
    verdict = check_record(record)
    assert verdict["ok"] and verdict["over"] and verdict["winner"] in (0, 1)
    assert verdict["scores"] == state.scores


def test_ruling_17_one_secret_hand_and_no_raise_or_abandon():
    state = start()
    view = seat_view(state, 0)
    assert view["hands"][0]["closed"] == [13, 14, 15, 16, 17, 18]
    assert view["hands"][0]["open"] == [] and view["hands"][1]["open"] == []
    assert view["hands"][1]["closed"] is None and view["hands"][1]["closed_count"] == 6
    assert all(slot["card"] is None and not slot["face_up"] for slot in view["row"])
    refused(state, play(0, 6), "card 6 is not in your hand", "ruling 17")
    after_strike = run(state, [play(0, 13), play(1, 6)])
    refused(after_strike, raise_(0), "no raise", "ruling 17")
    refused(after_strike, abandon(0), "no abandon", "ruling 17")
    # A drafted card goes into the single hand, never an open one.
    drafting = run(state, EXCHANGE_FIVE + DRAFT_BACK[:1])
    assert drafting.closed[1] >> 6 & 1
    assert drafting.open == [0, 0]


def test_ruling_18_the_lower_card_takes_a_trick_of_19_and_the_taker_leads():
    state = run(start(), [play(0, 13), play(1, 6)])
    assert state.last_trick == (0, 13, 6, 1)  # 13 + 6 = 19: the lower card, 6, takes it
    assert state.strikes == [1, 0]
    state = run(state, [slide(0, 0)])
    assert state.to_move == 1  # the taker leads the next trick
    state = run(state, [play(1, 7), play(0, 14)])
    assert state.last_trick[3] == 0  # 7 + 14 = 21: the higher card takes it
    assert (
        seat_view(state, 0)["history"][3]
        == "Opponent took the trick with 6 (13 + 6 = 19, the lower card takes it)"
    )


def test_ruling_19_every_strike_is_followed_by_the_struck_seats_slide_and_nothing_else():
    state = run(start(), [play(0, 13), play(1, 6)])
    assert state.phase == "slide" and state.to_move == 0
    assert state.legal_actions() == [slide(0, p) for p in range(5)]
    refused(state, play(1, 7), "not your turn")
    refused(state, slide(1, 0), "not your turn")
    refused(state, play(0, 14), "slide", "ruling 19")
    refused(state, draft(0, 13), "slide", "ruling 19")
    state = run(state, [slide(0, 2)])
    assert state.phase == "play" and state.to_move == 1
    refused(state, slide(1, 0), "only slide right after", "ruling 19")
    state = run(state, [play(1, 7), play(0, 14)])
    # Position 2 was slid this exchange: only the four others are offered and allowed.
    assert state.legal_actions() == [slide(1, p) for p in (0, 1, 3, 4)]
    refused(state, slide(1, 2), "row position 3 has already been slid", "ruling 19")


def test_ruling_20_the_peek_shows_the_card_to_the_slider_alone():
    state = run(start(), [play(0, 13), play(1, 6), slide(0, 2)])
    mine, theirs, public = seat_view(state, 0), seat_view(state, 1), spectator_view(state)
    assert mine["row"][2]["card"] == 3 and mine["row"][2]["peeked"]
    assert theirs["row"][2]["card"] is None and public["row"][2]["card"] is None
    for view in (mine, theirs, public):
        assert view["row"][2]["slid_by"] == 0 and view["row"][2]["known_to"] == [0]
    assert mine["history"][-1] == "You slid row position 3 and saw 3 there"
    assert theirs["history"][-1] == "Opponent slid row position 3 and looked at its card"
    assert 3 not in mine["unseen"] and 3 in theirs["unseen"]


def test_ruling_21_the_third_strike_scores_the_exchange_before_the_slide():
    state = run(start(), EXCHANGE_FIVE[:-1])
    # A record that stops between the third-strike trick and the slide shows the score.
    partial = check_record(make_record("v2", DEAL, 0, EXCHANGE_FIVE[:-1]))
    assert partial["ok"] and partial["scores"] == [5, 0] and not partial["over"]
    assert state.scores == [5, 0] and state.phase == "slide" and state.to_move == 1
    assert state.legal_actions() == [slide(1, p) for p in (1, 3)]
    view = seat_view(state, 1)
    assert view["last_exchange"] == {"winner": 0, "loser": 1}
    assert view["history"][-1] == "Opponent won exchange 1 and 5 points (score: Opponent 5, You 0)"


@pytest.mark.parametrize(
    ("lost_by_zero", "points"),
    [(0, 3), (1, 5), (2, 8)],
)
def test_ruling_21_stakes_are_3_5_8_for_3_4_5_strikes(lost_by_zero, points):
    # Seat 0 loses ``lost_by_zero`` tricks to 6 and 7 + 12-free cards, then takes three.
    deal = make_deal(seat0=(12, 13, 14, 15, 16, 17), seat1=(6, 7, 8, 9, 10, 11))
    state = new_game("v2", deal, 1)
    losers = [(12, 7), (13, 6)]  # 12 + 7 = 19 and 13 + 6 = 19: seat 1's lower card takes
    for lead0, card1 in losers[:lost_by_zero]:
        leader = state.to_move
        order = (
            [play(1, card1), play(0, lead0)] if leader == 1 else [play(0, lead0), play(1, card1)]
        )
        state = run(state, order)
        state = run(state, [state.legal_actions()[0]])
    for card0, card1 in [(14, 8), (15, 9), (16, 10)]:
        leader = state.to_move
        order = (
            [play(1, card1), play(0, card0)] if leader == 1 else [play(0, card0), play(1, card1)]
        )
        state = run(state, order)
        if state.strikes[1] < 3:
            state = run(state, [state.legal_actions()[0]])
    assert state.strikes == [lost_by_zero, 3]
    assert state.scores == [points, 0]


def test_ruling_22_nineteen_ends_the_game_at_once_and_19_0_is_a_win():
    state = start()
    # Exchanges 1 and 2: 5 points each; exchanges 3, 4 and 5: 3 each, 19-0 in all.
    state = run(state, EXCHANGE_FIVE + DRAFT_BACK + [trade(1, 11, 0)])
    assert state.scores == [5, 0] and state.exchange == 2 and state.to_move == 0
    state = run(state, EXCHANGE_FIVE + DRAFT_BACK + [trade(1, 10, 1)])
    assert state.scores == [10, 0]
    three = [
        play(0, 13),
        play(1, 7),
        slide(1, 0),
        play(0, 14),
        play(1, 8),
        slide(1, 1),
        play(0, 15),
        play(1, 9),
    ]
    back = [draft(1, 7), draft(0, 13), draft(1, 8), draft(0, 14), draft(1, 9), draft(0, 15)]
    state = run(state, three + [slide(1, 2)] + back + [trade(1, 1, 2)])
    state = run(state, three + [slide(1, 2)] + back + [trade(1, 2, 2)])
    assert state.scores == [16, 0]
    actions_before = state.n_actions
    state = run(state, three)
    assert state.over and state.scores == [19, 0] and state.winner == 0
    assert state.reason == "reached 19" and state.to_move is None
    assert state.n_actions == actions_before + 8  # the record ends with the second play
    refused(state, slide(1, 2), "the game is over")
    view = seat_view(state, 1)
    assert view["result"] == {"winner": 0, "reason": "reached 19", "scores": [19, 0]}
    assert view["legal_actions"] == []


def test_ruling_23_slid_cards_go_back_and_every_position_can_be_taken():
    state = run(start(), EXCHANGE_FIVE + DRAFT_BACK)
    assert state.phase == "trade" and state.to_move == 1
    assert state.row == [1, 2, 3, 4, 5]
    assert (
        "The cards slid in exchange 1 go back face down to their places"
        in (seat_view(state, 0)["history"])
    )
    legal = state.legal_actions()
    assert {a["position"] for a in legal} == {0, 1, 2, 3, 4}
    assert {a["card"] for a in legal} == {6, 7, 8, 9, 10, 11}
    assert legal == [trade(1, c, p) for c in (6, 7, 8, 9, 10, 11) for p in range(5)]
    view = seat_view(state, 1)
    # Seat 1 slid 0, 4 and 1: it still knows those cards while they stay there.
    assert [slot["card"] for slot in view["row"]] == [1, 2, None, None, 5]
    assert [slot["slid_by"] for slot in view["row"]] == [1, 1, 0, None, 1]
    assert all(not slot["face_up"] for slot in view["row"])


def test_ruling_24_the_draft_goes_into_the_hand_loser_first_both_see_every_pick():
    state = run(start(), EXCHANGE_FIVE)
    assert state.phase == "draft" and state.to_move == 1
    assert [a["card"] for a in state.legal_actions()] == [6, 7, 8, 9, 13, 14, 15, 16]
    refused(state, draft(0, 13), "not your turn")
    state = run(state, [draft(1, 16)])
    refused(state, draft(0, 16), "not in the draft pool")
    state = run(state, [draft(0, 6)])
    assert state.closed[1] >> 16 & 1 and state.closed[0] >> 6 & 1
    assert seat_view(state, 0)["hands"][1]["known_closed"] == [16]
    assert seat_view(state, 1)["hands"][0]["known_closed"] == [6]
    state = run(state, [draft(1, 7), draft(0, 14), draft(1, 8), draft(0, 15)])
    state = run(state, [draft(1, 9), draft(0, 13)])
    assert [bin(h).count("1") for h in state.closed] == [6, 6]
    assert state.phase == "trade" and state.to_move == 1


def test_ruling_25_the_trade_card_is_in_the_hand_before_the_trade():
    state = run(start(), EXCHANGE_FIVE + DRAFT_BACK)
    # Position 0 holds 1: it cannot be placed back as the trade's hand card.
    refused(state, trade(1, 1, 0), "card 1 is not in your hand", "ruling 25")
    refused(state, trade(0, 13, 0), "not your turn")
    refused(state, trade(1, 13, 0), "card 13 is not in your hand")
    state = run(state, [trade(1, 11, 0)])
    assert state.row[0] == 11 and state.closed[1] >> 1 & 1 and not state.closed[1] >> 11 & 1
    mine, theirs = seat_view(state, 1), seat_view(state, 0)
    assert mine["row"][0]["card"] == 11 and mine["row"][0]["yours"]
    assert theirs["row"][0]["card"] is None and not theirs["row"][0]["yours"]
    assert (
        mine["history"][-2]
        == "You traded 11 for the 1 at row position 1; 11 now lies face down there"
    )
    assert theirs["history"][-2] == "Opponent traded a hidden card for the card at row position 1"
    # The trade made seat 1's drafted cards uncertain to seat 0.
    assert theirs["hands"][1]["known_closed"] == []


def test_ruling_25_a_position_the_loser_filled_earlier_may_be_taken_again():
    state = run(start(), EXCHANGE_FIVE + DRAFT_BACK + [trade(1, 11, 0)])
    state = run(state, EXCHANGE_FIVE + DRAFT_BACK)
    state = run(state, [trade(1, 1, 0)])  # takes back 11, places 1
    assert state.row[0] == 1 and state.closed[1] >> 11 & 1


def test_ruling_25_a_strike_card_the_opponent_knew_is_known_in_the_takers_hand():
    # Seat 0 slid position 2 (card 3) in the exchange; seat 1 takes it in the trade.
    state = run(start(), EXCHANGE_FIVE + DRAFT_BACK + [trade(1, 11, 2)])
    view = seat_view(state, 0)
    assert view["hands"][1]["known_closed"] == [3]
    assert view["row"][2]["card"] is None
    assert (
        view["history"][-2]
        == "Opponent traded a hidden card for 3 at row position 3, which you knew"
    )


def test_ruling_26_next_exchange_led_by_the_winner_with_slid_marks_cleared():
    state = run(start(), EXCHANGE_FIVE + DRAFT_BACK + [trade(1, 11, 0)])
    assert state.phase == "play" and state.to_move == 0 and state.exchange == 2
    assert state.strikes == [0, 0]
    view = seat_view(state, 0)
    assert [slot["slid_by"] for slot in view["row"]] == [None] * 5
    # Seat 0 still knows the 3 it slid at position 2, which is still there.
    assert view["row"][2]["card"] == 3
    assert view["history"][-1] == "Exchange 2: You lead the first trick"


def test_ruling_27_the_exact_order_of_actions_and_extra_keys():
    state = start()
    kinds = []
    for action in EXCHANGE_FIVE + DRAFT_BACK + [trade(1, 11, 0)]:
        assert state.to_move == action["seat"]
        kinds.append(action["type"])
        state, _events = state.apply(action)
    assert kinds == ["play", "play", "slide"] * 4 + ["draft"] * 8 + ["trade"]
    state = start()
    for bad in (
        {"seat": 0, "type": "play", "card": 13, "position": 0},
        {"seat": 0, "type": "slide", "position": 0, "card": 3},
        {"seat": 0, "type": "peek", "position": 0},
        {"seat": 0, "type": "slide"},
    ):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    after = run(state, [play(0, 13), play(1, 6)])
    refused(after, {"seat": 0, "type": "slide", "position": 5}, '"position" must be an integer')
    refused(after, {"seat": 0, "type": "slide", "position": True}, '"position" must be an integer')
    for action in EXCHANGE_FIVE:
        assert action in state.legal_actions()
        state, _events = state.apply(action)


def test_a_slide_is_no_action_in_the_other_variants():
    for variant in ("standard", "talon"):
        state = replay(variant, DEAL, 0, [play(0, 13), play(1, 6)])
        refused(state, slide(0, 0), f"no slide in the {variant} variant")
