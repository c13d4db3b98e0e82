"""What each seat, a spectator and the full view show (rulings 20 to 22)."""

import json
import random

import pytest

from games.xactika.engine import RULES
from tests.xactika.helpers import random_game
from tests.xactika.test_rulings import EXAMPLE, EXAMPLE_ACTIONS, EXAMPLE_HANDS


def example(n_actions):
    return RULES.replay("bid", 3, EXAMPLE, EXAMPLE_ACTIONS[:n_actions])


def all_cards_named(view, skip=("history",)) -> set[str]:
    """Every four-digit card code in a view (but under the keys ``skip``)."""
    found = set()

    def walk(value):
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str) and len(value) == 4 and set(value) <= set("123"):
            found.add(value)

    walk({key: item for key, item in view.items() if key not in skip})
    return found


def test_a_seat_sees_its_own_hand_and_no_other():
    state = example(0)
    for seat in range(3):
        view = RULES.seat_view(state, seat)
        assert view["hand"] == sorted(EXAMPLE_HANDS[seat])
        assert all_cards_named(view) == set(EXAMPLE_HANDS[seat])
        assert "hands" not in view and "set_aside" not in view and "setup" not in view


def test_a_spectator_sees_no_hand_at_all():
    view = RULES.spectator_view(example(5))
    assert view["hand"] is None and view["legal_actions"] == []
    assert all_cards_named(view) == {"2132", "1133"}  # the two cards played
    assert view["hand_counts"] == [7, 7, 8]


def test_the_public_part_of_a_seat_view():
    view = RULES.seat_view(example(6), 1)
    assert view["bids"] == [{"seat": 0, "n": 3}, {"seat": 1, "n": 2}, {"seat": 2, "n": 1}]
    assert view["taken"] == [0, 1, 0] and view["to_move"] == 1 and view["phase"] == "play"
    assert (view["round"], view["n_rounds"], view["dealer"]) == (0, 8, 2)
    assert view["tricks"][0]["plays"] == [
        {"seat": 0, "card": "2132"},
        {"seat": 1, "card": "1133"},
        {"seat": 2, "card": "3321"},
    ]
    assert view["set_aside_count"] == 57 and view["scores"] == [0, 0, 0]
    assert view["history"][-1] == "Seat 1 takes the trick."


def test_names_replace_seat_numbers_in_the_log():
    view = RULES.spectator_view(example(6), names=["Ann", "Bo", "Cy"])
    assert "Cy bids 1." in view["history"] and view["names"] == ["Ann", "Bo", "Cy"]


def test_legal_actions_are_shown_to_the_mover_only():
    state = example(3)
    assert RULES.seat_view(state, 0)["legal_actions"] == state.legal_actions()
    assert RULES.seat_view(state, 1)["legal_actions"] == []


def test_no_view_names_a_set_aside_card_before_the_end_and_the_full_view_does_after():
    """Cards of earlier rounds may be named (they were played then); of this round's part
    of a view, none is one of this round's set-aside cards."""
    setup, _actions, states = random_game("bid", 3, "aside")
    asides = {card for deck in setup["rounds"] for card in deck[24:]}
    checked = 0
    for state in states[:-1]:
        aside = set(setup["rounds"][state.round][24:])
        for view in [RULES.seat_view(state, s) for s in range(3)] + [RULES.spectator_view(state)]:
            named = all_cards_named(view, skip=("history", "past_rounds"))
            assert not named & aside
            checked += bool(named)
    assert checked > 500
    end = RULES.full_view(states[-1])
    assert {card for deck in end["setup"]["rounds"] for card in deck[24:]} == asides
    assert RULES.seat_view(states[-1], 0)["hand"] == []
    assert "setup" not in RULES.seat_view(states[-1], 0)


def test_the_full_view_shows_every_hand_and_the_set_aside_cards():
    view = RULES.full_view(example(0))
    assert view["hands"] == [sorted(EXAMPLE_HANDS[seat]) for seat in range(3)]
    assert len(view["set_aside"]) == 57 and view["setup"] == EXAMPLE


def test_two_deals_differing_only_in_what_a_seat_cannot_know_look_the_same_to_it():
    setup = RULES.deal("twin", "bid", 4)
    rng = random.Random(4)
    for seat in range(4):
        twin = RULES.hidden_swap(setup, seat, rng, 4)
        a, b = RULES.new("bid", 4, setup), RULES.new("bid", 4, twin)
        assert RULES.full_view(a) != RULES.full_view(b)
        assert RULES.seat_view(a, seat) == RULES.seat_view(b, seat)
        assert RULES.spectator_view(a) == RULES.spectator_view(b)


def test_a_finished_game_shows_the_result_and_past_rounds_to_everyone():
    _setup, _actions, states = random_game("lose", 2, "end")
    view = RULES.spectator_view(states[-1])
    outcome = RULES.outcome(states[-1])
    assert view["result"] == {"scores": list(outcome.scores), "ranks": list(outcome.ranks)}
    assert len(view["past_rounds"]) == 8 and view["bids"] == [] and view["trick"] is None
    assert view["past_rounds"][0]["bids"] is None  # no bidding in Play to Lose
    assert view["history"][-1].startswith("The game is over. Totals:")


@pytest.mark.parametrize("seats", [2, 6, 10])
def test_every_view_is_json_ready(seats):
    _setup, _actions, states = random_game("bid", seats, "json")
    for state in states[:: max(1, len(states) // 15)] + [states[-1]]:
        views = [RULES.seat_view(state, s) for s in range(seats)]
        for view in [*views, RULES.spectator_view(state), RULES.full_view(state)]:
            assert json.loads(json.dumps(view)) == view


def test_a_seat_outside_the_table_has_no_view():
    with pytest.raises(ValueError, match="seat must be 0 to 2"):
        RULES.seat_view(example(0), 3)
