"""What each seat, a spectator and anyone after the game may see (R29)."""

import json
import random

from games.onexeno.engine import IDS, RULES
from tests.onexeno.helpers import arrange, passing, start


def play_out(variant, seats, seed):
    state = RULES.new(variant, seats, RULES.deal(seed, variant, seats))
    rng = random.Random(seed)
    states = [state]
    while not state.over:
        state, _events = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def test_a_seat_sees_its_own_hand_and_counts_of_the_others_never_a_partners_hand():
    state = start("partners", 4)
    view = RULES.seat_view(state, 0)
    assert view["hand"] == list(state.hands[0]) and view["hands"] is None
    assert view["hand_counts"] == [5, 6, 5, 5] and view["stack_count"] == 70 - 21 - 1
    for card in state.hands[2]:  # the partner's cards are unseen, never located
        assert card in view["unseen"]
    assert view["sides"] == [[0, 2], [1, 3]] and view["dealer"] == 0
    assert view["stack"] is None


def test_the_unseen_set_is_the_stack_and_the_other_hands_without_places():
    state = start(seats=3)
    view = RULES.seat_view(state, 2)
    hidden = set(state.stack) | set(state.hands[0]) | set(state.hands[1])
    assert view["unseen"] == sorted(hidden)
    assert set(view["unseen"]).isdisjoint(view["hand"]) and len(view["unseen"]) == 70 - 5 - 1
    assert RULES.spectator_view(state)["unseen"] == sorted(hidden | set(state.hands[2]))


def test_a_spectator_sees_no_hand_and_the_full_view_sees_everything():
    state = start(seats=3)
    spectator = RULES.spectator_view(state)
    assert spectator["hand"] is None and spectator["hands"] is None and spectator["stack"] is None
    assert spectator["legal_actions"] == [] and spectator["drawn"] is None
    full = RULES.full_view(state)
    assert full["hands"] == [list(hand) for hand in state.hands]
    assert full["stack"] == list(state.stack)


def test_the_field_taken_piles_out_and_end_game_are_public():
    state = arrange(start(), stack=[], endgame=True)
    state, _events = state.apply(passing(1))
    view = RULES.spectator_view(state)
    assert view["out"] == [False, True] and view["endgame"] is True
    assert view["field"] == [{"x": 0, "y": 0, "card": 13, "rotation": 0, "face": 13}]
    assert view["history"][-1]["text"] == "Seat 2 passed for good"
    assert RULES.seat_view(state, 1, names=["Ann", "Bo"])["history"][-1]["text"] == (
        "You passed for good"
    )
    assert RULES.seat_view(state, 0, names=["Ann", "Bo"])["history"][-1]["text"] == (
        "Bo passed for good"
    )


def test_legal_actions_are_shown_to_the_mover_only():
    state = start()
    assert RULES.seat_view(state, 1)["legal_actions"] == state.legal_actions()
    assert RULES.seat_view(state, 0)["legal_actions"] == []


def test_at_the_end_every_hand_is_shown_to_everyone_with_the_result():
    end = play_out("basic", 3, 11)[-1]
    for view in [RULES.seat_view(end, 0), RULES.spectator_view(end)]:
        assert view["hands"] == [list(hand) for hand in end.hands]
        assert view["result"] == RULES.outcome(end).as_json() and view["unseen"] == []


def test_two_games_a_seat_cannot_tell_apart_give_it_equal_views():
    """Swap a stack card and a card of another hand that the same seat draws later."""
    for seed in range(4):
        states = play_out("basic", 4, seed)
        setup = RULES.deal(seed, "basic", 4)
        twin = RULES.hidden_swap(setup, 0, random.Random(seed), 4)
        other = RULES.new("basic", 4, twin)
        assert RULES.full_view(other) != RULES.full_view(states[0])
        assert RULES.seat_view(other, 0) == RULES.seat_view(states[0], 0)


def test_views_are_json_and_name_every_card_only_where_allowed():
    for state in play_out("partners", 6, 3)[:-1:7]:
        view = RULES.seat_view(state, 4)
        assert json.loads(json.dumps(view)) == view
        on_field = {cell["card"] for cell in view["field"]}
        taken = {card for pile in view["taken"] for card in pile}
        known = set(view["hand"]) | on_field | taken | set(view["unseen"])
        assert known == set(IDS)  # each card is in the hand, on the field, taken or unseen
