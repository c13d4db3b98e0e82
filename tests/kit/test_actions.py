"""``games.kit.actions.Action``: the engines' shared legal actions, which nobody can change
(so sharing them between states is safe) and which are plain dicts to everyone else."""

import copy
import json
import pickle

import pytest

from games.kit.actions import Action
from games.kit.errors import IllegalAction
from games.xactika.engine import RULES as XACTIKA
from games.xeri.engine import RULES as XERI


def test_an_action_is_its_dict_to_json_equality_and_copies():
    action = Action(("play", 1, "7H"), seat=1, type="play", card="7H")
    plain = {"seat": 1, "type": "play", "card": "7H"}

    assert action == plain and json.loads(json.dumps(action)) == plain
    for made in (dict(action), copy.copy(action), copy.deepcopy(action)):
        assert made == plain and type(made) is dict
    unpickled = pickle.loads(pickle.dumps({"moves": [action]}))
    assert unpickled == {"moves": [plain]} and type(unpickled["moves"][0]) is dict
    assert {**action, "seat": 0} == {**plain, "seat": 0}


def test_nobody_can_change_an_action():
    action = Action(("bid", 0, 3), seat=0, type="bid", n=3)
    changes = [
        lambda: action.__setitem__("n", 4),
        lambda: action.__delitem__("n"),
        lambda: action.update(n=4),
        lambda: action.pop("n"),
        lambda: action.popitem(),
        lambda: action.setdefault("shape", "ball"),
        lambda: action.clear(),
    ]
    for change in changes:
        with pytest.raises(TypeError):
            change()
    with pytest.raises(TypeError):
        action |= {"n": 4}
    assert action == {"seat": 0, "type": "bid", "n": 3}


@pytest.mark.parametrize(
    "rules, variant, seats", [(XERI, "classic", 2), (XERI, "classic", 4), (XACTIKA, "bid", 3)]
)
def test_a_listed_action_and_the_same_plain_dict_apply_alike(rules, variant, seats):
    """``apply`` trusts the engine's own actions: the state and events must be those of
    the fully checked path for the same dict, all through a game."""
    state = rules.new(variant, seats, rules.deal("trusted", variant, seats))
    step = 0
    while not state.over:
        legal = state.legal_actions()
        action = legal[step * 7 % len(legal)]
        fast, fast_events = state.apply(action)
        slow, slow_events = state.apply(dict(action))
        assert fast_events == slow_events
        assert rules.full_view(fast) == rules.full_view(slow)
        state = fast
        step += 1


@pytest.mark.parametrize("rules, variant, seats", [(XERI, "classic", 2), (XACTIKA, "win", 2)])
def test_a_listed_action_of_another_state_is_refused_as_the_plain_dict_is(rules, variant, seats):
    state = rules.new(variant, seats, rules.deal("stale", variant, seats))
    action = state.legal_actions()[0]
    after, _events = state.apply(action)

    messages = []
    for stale in (action, dict(action)):  # no longer this seat's turn, nor its card
        with pytest.raises(IllegalAction) as refused:
            after.apply(stale)
        messages.append(str(refused.value))
    assert messages[0] == messages[1]
