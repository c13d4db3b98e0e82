"""Rulings 21, 22 and 27-29: what a seat, a spectator and anyone after the end may see."""

import json
import random

from games.xeri.engine import RULES

from .helpers import EXAMPLE_SETUP, random_match, run

SECRET_KEYS = ("hands", "stock_cards", "setup")


def test_a_seat_sees_its_own_hand_and_no_other():
    state = RULES.new("classic", 2, EXAMPLE_SETUP)
    mine = RULES.seat_view(state, 0)
    theirs = RULES.seat_view(state, 1)
    assert mine["hand"] == ["3C", "4D", "5D", "7H", "8S", "JH"]
    assert theirs["hand"] == ["AD", "4H", "5H", "10C", "10H", "KC"]  # A first, K last
    for view in (mine, theirs, RULES.spectator_view(state)):
        assert all(view[key] is None for key in SECRET_KEYS)
        assert view["hand_counts"] == [6, 6] and view["stock"] == 36
    shown = json.dumps({key: value for key, value in mine.items() if key != "unseen"})
    assert not [card for card in theirs["hand"] if f'"{card}"' in shown]
    assert set(theirs["hand"]) <= set(mine["unseen"])  # a deduction, not a location


def test_the_spectator_sees_the_public_view_and_no_hand():
    state, _ = run(EXAMPLE_SETUP, ["7H", "5H"])
    view = RULES.spectator_view(state)
    assert view["hand"] is None and view["legal_actions"] == [] and view["viewer"] == "spectator"
    assert view["pile"] == ["5H"] and view["top"] == "5H"
    assert view["captured"][0]["cards"] == ["10S", "JC", "AC", "7C", "7H"]
    seat_public = {k: v for k, v in RULES.seat_view(state, 1).items()}
    for key in ("hand", "viewer", "reader", "legal_actions", "unseen", "partner"):
        seat_public.pop(key)
        view.pop(key)
    assert seat_public == view  # a seat sees the public view plus its own hand


def test_rejected_piles_and_the_starting_pile_are_public_events_of_their_round():
    view = RULES.spectator_view(RULES.new("classic", 2, EXAMPLE_SETUP))
    assert view["history"] == [
        {"type": "round", "round": 1, "dealer": 1},
        {"type": "redeal", "round": 1, "cards": ["5C", "KH", "2S", "5S"]},
        {"type": "pile", "round": 1, "cards": ["10S", "JC", "AC", "7C"]},
    ]
    assert view["round"] == 1 and view["deal"] == 1 and view["dealer"] == 1


def test_no_view_before_the_end_holds_a_later_rounds_cards_or_redeals():
    setup = RULES.deal("later", "classic", 2)
    setup["rounds"][1]["redeals"] = [["2C", "2D", "3C", "4C"]]
    setup["rounds"][1]["deck"] = sorted(
        setup["rounds"][1]["deck"], key=lambda card: card in ("2C", "2D", "3C", "4C")
    )
    RULES.check_setup("classic", 2, setup)
    state = RULES.new("classic", 2, setup)
    while state.round == 0:
        for view in (RULES.seat_view(state, 0), RULES.seat_view(state, 1)):
            assert "2D" not in json.dumps(view["history"]) or state.n_actions > 0
            assert all(event.get("round", 1) == 1 for event in view["history"])
        state, _ = state.apply(RULES.zombie_action(state, state.to_move))
    history = RULES.spectator_view(state)["history"]
    assert {"type": "redeal", "round": 2, "cards": ["2C", "2D", "3C", "4C"]} in history


def test_partners_never_see_each_others_hands():
    state = RULES.new("classic", 4, RULES.deal("partners", "classic", 4))
    for seat in range(4):
        view = RULES.seat_view(state, seat)
        assert view["partner"] == (seat + 2) % 4 and view["hand"] == state.hands[seat]
        assert view["sides"] == [[0, 2], [1, 3]]
        partner_cards = set(state.hands[(seat + 2) % 4])
        assert partner_cards <= set(view["unseen"])  # unseen, like the opponents' cards
        assert all(view[key] is None for key in SECRET_KEYS)


def test_a_partners_card_swapped_with_an_opponents_changes_nothing_a_seat_sees():
    """Non-interference for the partner's hand, which the kit's swap leaves alone."""
    compared = 0
    for seed in range(6):
        setup, actions, states = random_match(4, seed)
        rng = random.Random(seed)
        deck = setup["rounds"][0]["deck"]
        dealer = setup["first_dealer"]
        blocks = {(dealer + 1 + j) % 4: j for j in range(4)}
        seat = rng.randrange(4)
        partner, opponent = (seat + 2) % 4, (seat + 1) % 4
        a = 6 * blocks[partner] + rng.randrange(6)
        b = 6 * blocks[opponent] + rng.randrange(6)
        twin_deck = list(deck)
        twin_deck[a], twin_deck[b] = twin_deck[b], twin_deck[a]
        twin = {
            **setup,
            "rounds": [{**setup["rounds"][0], "deck": twin_deck}, *setup["rounds"][1:]],
        }
        other = RULES.new("classic", 4, twin)
        for step, state in enumerate(states):
            assert RULES.seat_view(other, seat) == RULES.seat_view(state, seat)
            compared += 1
            if not other.is_legal(actions[step]):
                break
            other, _ = other.apply(actions[step])
    assert compared > 6 * 10


def test_legal_actions_go_to_the_mover_alone():
    state = RULES.new("classic", 4, RULES.deal("mover", "classic", 4))
    for seat in range(4):
        shown = RULES.seat_view(state, seat)["legal_actions"]
        assert shown == (state.legal_actions() if seat == state.to_move else [])


def test_unseen_lists_the_cards_neither_in_your_hand_nor_on_the_table():
    state, _ = run(EXAMPLE_SETUP, ["7H", "5H"])
    view = RULES.seat_view(state, 0)
    table = {"10S", "JC", "AC", "7C", "7H", "5H"}
    assert set(view["unseen"]) == set(RULES.full_view(state)["setup"]["rounds"][0]["deck"]) - (
        table | set(view["hand"])
    )
    assert len(view["unseen"]) == 52 - 6 - 5
    assert len(RULES.spectator_view(state)["unseen"]) == 46


def test_the_full_view_shows_every_hand_the_stock_and_the_set_up():
    state, _ = run(EXAMPLE_SETUP, ["7H"])
    view = RULES.full_view(state)
    assert view["setup"] == EXAMPLE_SETUP and view["setup"] is not EXAMPLE_SETUP
    assert view["hands"] == [state.hands[0], state.hands[1]]
    assert view["stock_cards"] == EXAMPLE_SETUP["rounds"][0]["deck"][16:]
    assert view["unseen"] == []


def test_the_score_sheets_rounds_won_and_totals_are_public_after_each_round():
    _setup, _actions, states = random_match(2, 14)
    after_one = next(state for state in states if state.sheets)
    view = RULES.spectator_view(after_one)
    assert [sheet["round"] for sheet in view["sheets"]] == [1]
    assert (
        view["rounds_won"] == [1, 0] and view["totals"] == [13, 12] and view["scores"] == [13, 12]
    )
    assert view["round"] == 2 and view["dealer"] == 0 and view["to_move"] == 1
    end = RULES.spectator_view(states[-1])
    assert end["result"] == {"scores": [21, 29], "ranks": [2, 1], "reason": "points"}
    assert end["history"][-1] == {"type": "end"}
