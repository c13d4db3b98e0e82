"""Ruling 34: every illegal action is refused with a message naming the rule, and changes
nothing. Seat 0 is to move in the worked example, holding 3C 4D 5D 7H 8S JH."""

import pytest

from games.kit.errors import IllegalAction
from games.xeri.engine import RULES

from .helpers import EXAMPLE_SETUP, play, random_match

START = RULES.new("classic", 2, EXAMPLE_SETUP)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"seat": 0, "type": "pass"}, "there is no pass: you must play a card on your turn"),
        ({"seat": 0, "type": "deal"}, "dealing is done by the site, not by an action"),
        ({"seat": 0, "type": "cut"}, "there is no cut: the site's shuffle stands for it"),
        ({"seat": 0, "type": "take", "card": "7H"}, "unknown action type 'take'"),
        ("play 7H", "an action must be a JSON object"),
        (["play", "7H"], "an action must be a JSON object"),
        ({"seat": 0, "card": "7H"}, "unknown action type None"),
        ({"seat": 0, "type": "play"}, "a play action needs 'card'"),
        ({"type": "play", "card": "7H"}, "a play action needs 'seat'"),
        ({"seat": 0, "type": "play", "card": "7H", "to": 1}, "a play action has no 'to'"),
        ({"seat": True, "type": "play", "card": "7H"}, "'seat' must be a whole number"),
        ({"seat": "0", "type": "play", "card": "7H"}, "'seat' must be a whole number"),
        ({"seat": 0.0, "type": "play", "card": "7H"}, "'seat' must be a whole number"),
        ({"seat": 0, "type": "play", "card": 7}, "'card' must be a string"),
        (play(2, "7H"), "there is no seat 2: the seats are 0 to 1"),
        (play(-1, "7H"), "there is no seat -1: the seats are 0 to 1"),
        (play(1, "KC"), "it is seat 0's turn, not seat 1's"),
        (play(0, "T7"), "'T7' is not a card: a card is a rank A, 2-10, J, Q or K followed"),
        (play(0, "1S"), "'1S' is not a card"),
        (play(0, "7h"), "'7h' is not a card"),
        (play(0, "7 H"), "'7 H' is not a card"),
        (
            play(0, "KC"),
            "you must play a card from your hand: KC is not in it (you hold 3C 4D 5D 7H 8S JH)",
        ),
    ],
)
def test_an_illegal_action_is_refused_with_the_rule(action, message):
    before = RULES.seat_view(START, 0), RULES.seat_view(START, 1), RULES.full_view(START)
    with pytest.raises(IllegalAction) as caught:
        START.apply(action)
    assert str(caught.value).startswith(message)
    assert not START.is_legal(action)
    after = RULES.seat_view(START, 0), RULES.seat_view(START, 1), RULES.full_view(START)
    assert after == before


def test_nothing_is_played_after_the_last_round():
    _setup, actions, states = random_match(2, 3)
    end = states[-1]
    for action in (actions[-1], play(0, "7H"), {"seat": 0, "type": "pass"}):
        with pytest.raises(IllegalAction, match="the match is over"):
            end.apply(action)
    assert end.legal_actions() == [] and end.to_move is None


def test_the_legal_actions_are_the_hand_in_card_order():
    assert START.legal_actions() == [play(0, card) for card in ("3C", "4D", "5D", "7H", "8S", "JH")]


def test_an_illegal_action_in_a_replay_names_its_index():
    actions = [play(0, "7H"), play(1, "5H"), play(1, "AD")]
    with pytest.raises(IllegalAction, match="it is seat 0's turn") as caught:
        RULES.replay("classic", 2, EXAMPLE_SETUP, actions)
    assert caught.value.index == 2
