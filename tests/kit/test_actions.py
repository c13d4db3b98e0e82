"""``games.kit.actions.Action``: the engines' shared legal actions, which nobody can change
(so sharing them between states is safe) and which are plain dicts to everyone else."""

import copy
import json
import pickle

import pytest

from games.kit.actions import Action, Frozen, FrozenList
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


@pytest.mark.parametrize("rules, variant, seats", [(XERI, "classic", 2), (XACTIKA, "bid", 3)])
def test_an_event_made_once_cannot_be_changed_and_copies_plain(rules, variant, seats):
    """The usual events are made once and answered by every state that plays the same
    card: nobody may change them (a change would show in other games), and a copy of one
    is a plain dict with plain lists, equal to it."""
    state = rules.new(variant, seats, rules.deal("events", variant, seats))
    shared = []
    while not state.over:
        state, events = state.apply(state.legal_actions()[0])
        for event in events:
            assert json.loads(json.dumps(event)) == event
            if isinstance(event, Frozen):
                shared.append(event)
    assert len(shared) > 10
    for event in shared:
        before = dict(event)
        with pytest.raises(TypeError):
            event["seat"] = 99
        with pytest.raises(TypeError):
            event.update(card="2C")
        for value in event.values():
            if isinstance(value, list):
                assert type(value) is FrozenList
                with pytest.raises(TypeError):
                    value.append("2C")
        made = copy.deepcopy(event)
        assert made == before == event and type(made) is dict
        assert all(type(value) is not FrozenList for value in made.values())


def test_a_frozen_list_is_its_list_and_refuses_every_change():
    cards = FrozenList(["2C", "10D"])
    assert cards == ["2C", "10D"] and json.dumps(cards) == '["2C", "10D"]'
    for made in (list(cards), copy.copy(cards), copy.deepcopy(cards)):
        assert made == ["2C", "10D"] and type(made) is list
    assert type(pickle.loads(pickle.dumps(cards))) is list
    changes = [
        lambda: cards.append("AS"),
        lambda: cards.extend(["AS"]),
        lambda: cards.insert(0, "AS"),
        lambda: cards.pop(),
        lambda: cards.remove("2C"),
        lambda: cards.clear(),
        lambda: cards.sort(),
        lambda: cards.reverse(),
        lambda: cards.__setitem__(0, "AS"),
        lambda: cards.__delitem__(0),
    ]
    for change in changes:
        with pytest.raises(TypeError):
            change()
    with pytest.raises(TypeError):
        cards += ["AS"]
    assert cards == ["2C", "10D"]
