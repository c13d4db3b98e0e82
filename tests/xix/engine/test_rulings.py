"""One test (or a few) per binding ruling in shared/rules/RULINGS.md, played through the engine.

Positions are built by choosing the deal (ruling 1 lays it out) and playing explicit actions.
"""

import pytest

from games.xix.engine import (
    IllegalAction,
    InvalidSetup,
    cards_of,
    full_view,
    new_game,
    record_of,
    seat_view,
    shuffled_deal,
    spectator_view,
)
from tests.xix.engine.helpers import (
    SPLIT,
    STAKES,
    abandon,
    draft,
    finish_draft,
    hands,
    make_deal,
    play,
    play_exchange,
    play_exchanges,
    raise_,
    run,
    trade,
)


def split(variant="standard", leader=0):
    return new_game(variant, SPLIT, leader)


def strikes_by(takers):
    """Strikes per seat once these seats took the tricks."""
    return [takers.count(1), takers.count(0)]


# --- ruling 1: the deal ----------------------------------------------------------------


def test_deal_positions_are_laid_out_as_in_ruling_1():
    state = new_game("standard", list(range(1, 19)), 1)

    assert seat_view(state, 0)["hands"][0]["closed"] == [1, 2, 3, 4, 5, 6]
    assert seat_view(state, 1)["hands"][1]["closed"] == [7, 8, 9, 10, 11, 12]
    everything = full_view(state)
    assert [slot["card"] for slot in everything["row"]] == [13, 14, 15, 16, 17]
    assert not any(slot["face_up"] for slot in everything["row"])
    assert everything["discard"] == 18
    assert [h["open"] for h in everything["hands"]] == [[], []]


def test_first_leader_moves_first_and_is_recorded():
    for leader in (0, 1):
        state = new_game("talon", SPLIT, leader)
        assert state.to_move == leader
        assert {a["seat"] for a in state.legal_actions()} == {leader}
        assert record_of(state, [])["first_leader"] == leader


def test_shuffled_deal_is_a_reproducible_permutation_with_a_random_leader():
    setups = [shuffled_deal(seed) for seed in range(40)]

    assert shuffled_deal(7) == shuffled_deal(7)
    assert shuffled_deal("a seed") == shuffled_deal("a seed")
    assert all(sorted(deal) == list(range(1, 19)) for deal, _ in setups)
    assert {leader for _, leader in setups} == {0, 1}
    assert len({tuple(deal) for deal, _ in setups}) == 40


@pytest.mark.parametrize(
    ("variant", "deal", "leader"),
    [
        ("chess", SPLIT, 0),
        ("standard", SPLIT[:17], 0),
        ("standard", SPLIT[:17] + [SPLIT[0]], 0),
        ("standard", [0] + SPLIT[1:], 0),
        ("standard", [True] + SPLIT[1:], 0),
        ("standard", SPLIT, 2),
        ("standard", SPLIT, True),
        ("talon", "".join(map(chr, SPLIT)), 0),
    ],
)
def test_a_bad_setup_cannot_start_a_game(variant, deal, leader):
    with pytest.raises(InvalidSetup):
        new_game(variant, deal, leader)


# --- ruling 2: tricks ------------------------------------------------------------------


def test_the_leader_plays_then_the_other_seat_and_played_cards_stay_face_up():
    state = run(split(leader=1), [play(1, 13)])

    assert state.to_move == 0
    with pytest.raises(IllegalAction, match="it is not your turn"):
        state.apply(play(1, 14))
    assert seat_view(state, 0)["trick"] == {"leader": 1, "card": 13}
    assert spectator_view(state)["trick"] == {"leader": 1, "card": 13}

    state = finish_draft(run(state, [play(0, 16), abandon(1)]))
    # 13 went back into an open hand in the draft: everyone sees where it is now.
    assert 13 not in spectator_view(state)["unseen"]
    assert 13 not in seat_view(state, 0)["unseen"]
    assert any(13 in h["open"] for h in spectator_view(state)["hands"])


def test_a_card_may_be_played_from_the_open_hand():
    # Seat 1 loses the first exchange, drafts 4 back and trades a closed card.
    state = run(split(), [play(0, 16), play(1, 4), abandon(1)])
    state = run(state, [draft(1, 4), draft(0, 16), trade(1, 5, 0)])
    assert 4 in seat_view(state, 0)["hands"][1]["open"]

    state = run(state, [play(0, 17), play(1, 4)])

    assert state.last_trick == (0, 17, 4, 0)
    assert 4 not in hands(state, 1)


# --- ruling 3: strikes -----------------------------------------------------------------


def test_a_strike_must_be_answered_before_anything_else():
    state = run(split(), [play(0, 1), play(1, 4)])  # seat 1 takes, seat 0 is struck

    assert state.strikes == [1, 0]
    assert state.legal_actions() == [raise_(0), abandon(0)]
    with pytest.raises(IllegalAction, match="it is not your turn"):
        state.apply(play(1, 5))
    with pytest.raises(IllegalAction, match="you must raise or abandon first"):
        state.apply(play(0, 2))


@pytest.mark.parametrize("variant", ["standard", "talon"])
def test_the_third_strike_ends_the_exchange_at_once(variant):
    state = play_exchange(split(variant), [0, 0, 0])

    assert state.strikes == [0, 3]
    assert state.phase == "draft"  # no raise or abandon for the third strike
    assert state.to_move == 1
    assert state.scores == [STAKES[variant][3], 0]
    assert [e[0] for e in state.events()[-4:]] == ["follow", "trick", "strike", "exchange"]


# --- ruling 4: stakes ------------------------------------------------------------------

STRIKE_SCRIPTS = {
    # total strikes: (who takes each trick, exchange winner); the loser of the last trick
    # abandons unless that trick gave it a third strike.
    1: ([1], 1),
    2: ([1, 0], 0),
    3: ([1, 0, 1], 1),
    4: ([0, 0, 1, 1], 1),
    5: ([0, 0, 1, 1, 1], 1),
}


@pytest.mark.parametrize("variant", ["standard", "talon"])
@pytest.mark.parametrize("total", [1, 2, 3, 4, 5])
def test_stakes_for_each_number_of_strikes(variant, total):
    takers, winner = STRIKE_SCRIPTS[total]

    state = play_exchange(split(variant), takers)

    assert sum(state.strikes) == total
    expected = [0, 0]
    expected[winner] = {"standard": [1, 2, 3, 5, 8], "talon": [1, 3, 6, 10, 15]}[variant][total - 1]
    assert state.scores == expected
    assert state.ex_winner == winner


def test_ruling_4_example_four_strikes_then_abandon_scores_five():
    state = play_exchange(split(), [0, 0, 1], finish=raise_)
    assert state.strikes == [1, 2]  # "strikes stand 1 and 2"
    assert seat_view(state, 0)["stakes"] == 3
    assert seat_view(state, 0)["stakes_next"] == 5

    state = play_exchange(state, [1], finish=None)  # the first seat takes another strike...
    assert state.strikes == [2, 2]
    state = run(state, [abandon(0)])  # ...and abandons

    assert state.scores == [0, 5]
    assert state.events()[-1] == ("exchange", 1, 5, 1, (0, 5))


# --- ruling 5: leads -------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["standard", "talon"])
def test_the_taker_leads_the_next_trick_and_the_exchange_winner_the_next_exchange(variant):
    state = split(variant, leader=1)

    state = run(state, [play(1, 4), play(0, 16)])  # seat 0 takes
    assert state.to_move == 1  # seat 1 answers its strike first
    state = run(state, [raise_(1)])
    assert state.to_move == 0

    state = run(state, [play(0, 1), play(1, 5), raise_(0)])  # seat 1 takes
    assert state.to_move == 1

    state = run(state, [play(1, 6), play(0, 17), abandon(1)])  # seat 0 takes, wins
    assert state.scores == [STAKES[variant][3], 0]
    state = finish_draft(state)

    assert state.exchange == 2
    assert state.to_move == 0
    assert state.legal_actions()[0]["type"] == "play"


@pytest.mark.parametrize("variant", ["standard", "talon"])
def test_the_exchange_winner_leads_next_even_when_the_other_seat_led_its_last_trick(variant):
    # Seat 0 leads and loses the only trick; seat 0 abandons: seat 1 leads exchange 2.
    state = finish_draft(run(split(variant), [play(0, 1), play(1, 4), abandon(0)]))

    assert state.exchange == 2
    assert state.to_move == 1


# --- ruling 6: the draft ---------------------------------------------------------------


@pytest.mark.parametrize("variant", ["standard", "talon"])
def test_the_loser_drafts_first_then_seats_alternate_into_their_open_hands(variant):
    state = play_exchange(split(variant), [0, 0, 0])  # seat 1 loses
    pool = cards_of(state.pool)
    assert len(pool) == 6

    order = []
    while state.phase == "draft":
        seat = state.to_move
        card = max(cards_of(state.pool))
        order.append(seat)
        state = run(state, [draft(seat, card)])
        assert card in cards_of(state.open[seat])
        assert card in seat_view(state, 1 - seat)["hands"][seat]["open"]

    assert order == [1, 0, 1, 0, 1, 0]
    assert len(hands(state, 0)) == len(hands(state, 1)) == 6
    assert state.phase == "trade"
    assert state.to_move == 1


def test_each_seat_drafts_as_many_cards_as_it_played():
    state = run(split(), [play(0, 16), play(1, 4), abandon(1)])

    state = run(state, [draft(1, 16)])
    assert state.to_move == 0
    state = run(state, [draft(0, 4)])

    assert state.phase == "trade"
    assert cards_of(state.open[0]) == [4]
    assert cards_of(state.open[1]) == [16]
    assert len(hands(state, 0)) == len(hands(state, 1)) == 6


def test_only_pool_cards_can_be_drafted():
    state = run(split(), [play(0, 16), play(1, 4), abandon(1)])

    with pytest.raises(IllegalAction, match="card 5 is not in the draft pool"):
        state.apply(draft(1, 5))
    with pytest.raises(IllegalAction, match="it is not your turn"):
        state.apply(draft(0, 4))


# --- ruling 7: the trade ---------------------------------------------------------------


def after_first_draft(variant="standard"):
    """Seat 1 lost exchange 1 (16 beat 4), drafted 16; seat 0 drafted 4."""
    state = run(split(variant), [play(0, 16), play(1, 4), abandon(1)])
    return run(state, [draft(1, 16), draft(0, 4)])


def test_the_loser_must_trade_and_picks_both_cards():
    state = after_first_draft()

    with pytest.raises(IllegalAction, match="it is not your turn"):
        state.apply(trade(0, 4, 0))
    with pytest.raises(IllegalAction, match="you must trade a card with the row"):
        state.apply(play(1, 5))
    legal = state.legal_actions()
    assert {(a["card"], a["position"]) for a in legal} == {
        (card, position) for card in [5, 6, 13, 14, 15, 16] for position in range(5)
    }

    state = run(state, [trade(1, 14, 3)])

    assert len(hands(state, 0)) == len(hands(state, 1)) == 6
    assert 10 in hands(state, 1)  # the card that was at position 3
    assert state.row[3] == 14
    assert state.phase == "play"


# --- ruling 8: no peeking --------------------------------------------------------------


def test_strikes_do_not_move_or_reveal_row_cards():
    start = split()
    state = play_exchange(start, [1, 0, 1, 0], finish=None)

    assert sum(state.strikes) == 4
    assert state.row == start.row
    assert state.row_up == [False] * 5
    for view in (seat_view(state, 0), seat_view(state, 1), spectator_view(state)):
        assert [slot["card"] for slot in view["row"]] == [None] * 5


# --- rulings 9 and 12: who takes a trick -----------------------------------------------


@pytest.mark.parametrize(
    ("variant", "led", "followed", "taker"),
    [
        ("standard", 12, 7, 1),  # 19: the lower card (the follower's) takes it
        ("standard", 7, 12, 0),  # 19: the lower card (the leader's) takes it
        ("standard", 18, 1, 1),  # 19: even the highest card loses to its complement
        ("standard", 10, 5, 0),  # not 19: the higher card takes it
        ("standard", 5, 10, 1),
        ("talon", 12, 7, 1),  # 19: the second card played takes it
        ("talon", 7, 12, 1),
        ("talon", 1, 18, 1),
        ("talon", 10, 5, 0),
        ("talon", 5, 10, 1),
    ],
)
def test_who_takes_the_trick(variant, led, followed, taker):
    state = new_game(variant, make_deal([led], [followed]), 0)

    state = run(state, [play(0, led), play(1, followed)])

    assert state.last_trick == (0, led, followed, taker)
    assert state.strikes[1 - taker] == 1
    assert state.strikes[taker] == 0
    assert state.to_move == 1 - taker
    assert run(state, [raise_(1 - taker)]).to_move == taker


# --- ruling 10: the standard trade -----------------------------------------------------


def test_standard_closed_card_goes_face_down_and_face_down_row_card_to_closed_hand():
    state = run(after_first_draft("standard"), [trade(1, 5, 0)])  # 7 was at position 0

    assert cards_of(state.closed[1]) == [6, 7, 13, 14, 15]
    assert state.row[0] == 5 and state.row_up[0] is False
    assert seat_view(state, 1)["row"][0] == {
        "position": 0,
        "card": 5,
        "face_up": False,
        "yours": True,
    }
    assert seat_view(state, 0)["row"][0] == {
        "position": 0,
        "card": None,
        "face_up": False,
        "yours": False,
    }
    assert spectator_view(state)["row"][0]["card"] is None


def test_standard_open_card_goes_face_up_and_face_up_row_card_to_open_hand():
    state = run(after_first_draft("standard"), [trade(1, 16, 2)])  # 16 is in the open hand

    assert state.row[2] == 16 and state.row_up[2] is True
    assert seat_view(state, 0)["row"][2]["card"] == 16
    assert spectator_view(state)["row"][2]["card"] == 16
    assert 9 in cards_of(state.closed[1])  # the face-down 9 went to the closed hand

    # Exchange 2: seat 0 leads and loses; it takes the face-up 16 from position 2.
    state = run(state, [play(0, 1), play(1, 5), abandon(0)])
    state = run(state, [draft(0, 5), draft(1, 1), trade(0, 5, 2)])

    assert 16 in cards_of(state.open[0])
    assert 16 not in cards_of(state.closed[0])
    assert 16 in seat_view(state, 1)["hands"][0]["open"]
    assert state.row[2] == 5 and state.row_up[2] is True


def test_standard_any_row_position_may_be_taken_even_a_face_up_one():
    state = run(after_first_draft("standard"), [trade(1, 16, 2)])
    state = run(state, [play(0, 1), play(1, 5), abandon(0), draft(0, 5), draft(1, 1)])

    positions = {a["position"] for a in state.legal_actions()}
    assert positions == {0, 1, 2, 3, 4}
    assert {a["card"] for a in state.legal_actions()} == hands(state, 0)


# --- ruling 11: the end of a standard game ---------------------------------------------


def test_nineteen_to_nothing_is_won_by_the_seat_with_nothing():
    state = play_exchanges(split(), [(1, 8), (1, 8)])
    assert state.scores == [0, 16] and not state.over

    state = play_exchanges(state, [(1, 3)])

    assert state.scores == [0, 19]
    assert state.over
    assert state.winner == 0
    assert state.reason == "exact 19"
    assert seat_view(state, 0)["result"] == {"winner": 0, "reason": "exact 19", "scores": [0, 19]}
    assert state.legal_actions() == []


def test_exactly_nineteen_in_all_is_won_by_the_lower_score():
    state = play_exchanges(split(), [(1, 8), (1, 8), (0, 3)])

    assert state.scores == [3, 16]
    assert (state.over, state.winner, state.reason) == (True, 0, "exact 19")


def test_reaching_nineteen_is_won_by_the_higher_score():
    state = play_exchanges(split(), [(1, 8), (1, 8), (0, 1)])
    assert state.scores == [1, 16] and not state.over

    state = play_exchanges(state, [(1, 3)])

    assert state.scores == [1, 19]
    assert (state.over, state.winner, state.reason) == (True, 1, "reached 19")


def test_a_standard_game_goes_on_below_nineteen():
    state = play_exchanges(split(), [(0, 8), (0, 8), (1, 2)])

    assert state.scores == [16, 2]
    assert not state.over
    assert state.phase == "draft"


# --- ruling 13: the talon trade --------------------------------------------------------


def test_talon_hand_card_must_come_from_the_open_hand():
    state = after_first_draft("talon")

    with pytest.raises(IllegalAction, match="the hand card must come from your open hand"):
        state.apply(trade(1, 5, 0))
    assert {a["card"] for a in state.legal_actions()} == {16}


def test_talon_hand_card_is_placed_face_up_and_the_face_down_card_goes_to_the_closed_hand():
    state = run(after_first_draft("talon"), [trade(1, 16, 1)])

    assert state.row[1] == 16 and state.row_up[1] is True
    assert seat_view(state, 0)["row"][1]["card"] == 16
    assert 8 in cards_of(state.closed[1])


def test_talon_card_must_be_face_down_while_any_is():
    state = run(after_first_draft("talon"), [trade(1, 16, 1)])
    # Exchange 2: seat 0 leads 1 and loses to 5, abandons, and must trade.
    state = run(state, [play(0, 1), play(1, 5), abandon(0), draft(0, 5), draft(1, 1)])

    with pytest.raises(IllegalAction, match="you must take a face-down talon card"):
        state.apply(trade(0, 5, 1))
    assert {a["position"] for a in state.legal_actions()} == {0, 2, 3, 4}
    state = run(state, [trade(0, 5, 4)])
    assert 11 in cards_of(state.closed[0])


# --- ruling 14: the end of a talon game ------------------------------------------------

# Seat 0 holds the six highest cards, seat 1 the six lowest.
HIGH_LOW = make_deal([13, 14, 15, 16, 17, 18], [1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11], 12)


def talon_game():
    return new_game("talon", HIGH_LOW, 0)


def face_down(state):
    return state.row_up.count(False)


def test_talon_end_is_checked_when_an_exchange_is_scored_not_after_the_trade():
    # Seat 0 plays only closed cards and wins every exchange: two tricks, then one.
    closed_first = {0: "closed", 1: "open"}
    state = play_exchanges(talon_game(), [(0, 3), (0, 1), (0, 1), (0, 1)], closed_first)
    assert face_down(state) == 2

    state = play_exchanges(state, [(0, 1)], closed_first)
    assert state.closed[0] == 0 and face_down(state) == 1
    assert state.phase == "draft"  # a talon card is still face down: the game goes on

    state = finish_draft(state)  # seat 1 takes the last face-down card
    assert face_down(state) == 0 and state.closed[0] == 0
    assert not state.over and state.exchange == 6  # both hold now, but nothing was scored

    state = play_exchanges(state, [(0, 1)], closed_first)

    assert state.over
    assert state.scores == [8, 0]
    assert (state.winner, state.reason) == (0, "talon end")
    assert state.pool != 0  # ended before the draft of the last exchange


def test_talon_goes_on_while_both_closed_hands_hold_cards():
    open_first = {0: "open", 1: "open"}
    state = play_exchanges(talon_game(), [(0, 1)] * 6, open_first)

    assert face_down(state) == 0
    assert state.closed[0] and state.closed[1]
    assert not state.over and state.phase == "draft"


def test_talon_with_every_card_face_up_any_position_may_be_taken_into_the_open_hand():
    state = play_exchanges(talon_game(), [(0, 1)] * 6, {0: "open", 1: "open"})
    while state.phase == "draft":
        state = run(state, [draft(state.to_move, min(cards_of(state.pool)))])
    open_cards = cards_of(state.open[1])
    assert {(a["card"], a["position"]) for a in state.legal_actions()} == {
        (card, position) for card in open_cards for position in range(5)
    }
    taken = state.row[2]

    state = run(state, [trade(1, open_cards[0], 2)])

    assert taken in cards_of(state.open[1])
    assert state.row[2] == open_cards[0] and all(state.row_up)


def test_talon_level_scores_at_the_end_are_a_draw():
    # Seat 0 plays closed cards first and empties its closed hand in the 8th exchange, when
    # the talon has been face up since the 5th trade; the exchanges split 4-4.
    closed_first = {0: "closed", 1: "open"}
    winners = [0, 0, 1, 0, 1, 0, 1, 1]
    state = talon_game()
    for number, winner in enumerate(winners, start=1):
        state = play_exchanges(state, [(winner, 1)], closed_first)
        assert state.over == (number == len(winners))

    assert state.scores == [4, 4]
    assert state.winner is None
    assert state.reason == "talon end"
    assert seat_view(state, 1)["result"] == {
        "winner": None,
        "reason": "talon end",
        "scores": [4, 4],
    }
    assert seat_view(state, 1)["history"][-1].startswith("Game over: a draw at")
