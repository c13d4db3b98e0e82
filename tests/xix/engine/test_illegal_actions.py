"""Illegal and malformed actions: refused with a message naming the rule, state untouched."""

import pytest

from games.xix.engine import IllegalAction, new_game, replay
from tests.xix.engine.helpers import (
    SPLIT,
    abandon,
    draft,
    play,
    play_exchanges,
    raise_,
    run,
    snapshot,
    trade,
)


def start(variant="standard"):
    return new_game(variant, SPLIT, 0)


def deciding():
    """Seat 0 led 1 and lost to 4: seat 0 must raise or abandon."""
    return run(start(), [play(0, 1), play(1, 4)])


def drafting(variant="standard"):
    """Seat 1 lost exchange 1 (4 against 16) and drafts first."""
    return run(start(variant), [play(0, 16), play(1, 4), abandon(1)])


def trading(variant="standard"):
    """Seat 1 drafted 16, seat 0 drafted 4: seat 1 must trade."""
    return run(drafting(variant), [draft(1, 16), draft(0, 4)])


def second_talon_trade():
    """Talon, seat 0 must trade; 16 lies face up at position 1, the rest face down."""
    state = run(trading("talon"), [trade(1, 16, 1)])
    return run(state, [play(0, 1), play(1, 5), abandon(0), draft(0, 5), draft(1, 1)])


def over():
    return play_exchanges(start(), [(1, 8), (1, 8), (1, 3)])


def assert_refused(state, action, message):
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert message in str(error.value)
    assert snapshot(state) == before


@pytest.mark.parametrize(
    ("position", "action", "message"),
    [
        (start, play(1, 4), "it is not your turn"),
        (start, play(0, 7), "card 7 is not in your hands"),  # a row card
        (start, play(0, 4), "card 4 is not in your hands"),  # the opponent's card
        (start, play(0, 12), "card 12 is not in your hands"),  # the discard
        (start, raise_(0), "you can only raise right after you take a first or second strike"),
        (start, abandon(0), "you can only abandon right after you take a first or second"),
        (start, draft(0, 1), "there is nothing to draft: a trick is being played"),
        (start, trade(0, 1, 0), "you can only trade after the draft of an exchange you lost"),
        (deciding, play(0, 2), "you must raise or abandon first"),
        (deciding, draft(0, 1), "you must raise or abandon first"),
        (deciding, trade(0, 2, 0), "you must raise or abandon first"),
        (deciding, play(1, 5), "it is not your turn"),
        (deciding, raise_(1), "it is not your turn"),
        (drafting, draft(1, 5), "card 5 is not in the draft pool"),
        (drafting, draft(0, 4), "it is not your turn"),
        (drafting, play(1, 5), "the draft is on: you must draft a card"),
        (drafting, trade(1, 5, 0), "the draft is on: you must draft a card"),
        (trading, draft(1, 5), "you lost the exchange: you must trade a card with the row"),
        (trading, play(1, 5), "you lost the exchange: you must trade a card with the row"),
        (trading, trade(0, 4, 0), "it is not your turn"),
        (trading, trade(1, 4, 0), "card 4 is not in your hands"),
        (
            lambda: trading("talon"),
            trade(1, 5, 0),
            "in the talon variant the hand card must come from your open hand",
        ),
        (
            lambda: trading("talon"),
            trade(1, 4, 0),
            "card 4 is not in your hands",
        ),
        (
            second_talon_trade,
            trade(0, 5, 1),
            "you must take a face-down talon card while any is left",
        ),
        (over, play(0, 1), "the game is over"),
        (over, raise_(1), "the game is over"),
        (over, draft(0, 3), "the game is over"),
    ],
)
def test_illegal_action_is_refused_naming_the_rule(position, action, message):
    assert_refused(position(), action, message)


def test_the_game_is_over_is_said_before_whose_turn_it_is():
    state = over()
    assert state.to_move is None
    assert_refused(state, trade(1, 13, 0), "the game is over")


GOOD = play(0, 16)

MALFORMED = [
    # (action, words the message must contain)
    (None, "JSON object"),
    ([], "JSON object"),
    ("play", "JSON object"),
    (16, "JSON object"),
    (("seat", 0), "JSON object"),
    ([("seat", 0), ("type", "play"), ("card", 16)], "JSON object"),
    ({"seat": 0, "card": 16}, '"type"'),
    ({"seat": 0, "type": "pass"}, '"type"'),
    ({"seat": 0, "type": "PLAY", "card": 16}, '"type"'),
    ({"seat": 0, "type": None, "card": 16}, '"type"'),
    ({"seat": 0, "type": ["play"], "card": 16}, '"type"'),
    ({"seat": 0, "type": 1, "card": 16}, '"type"'),
    ({"type": "play", "card": 16}, 'missing "seat"'),
    ({"seat": 0, "type": "play"}, 'missing "card"'),
    ({"seat": 0, "type": "trade", "card": 16}, 'missing "position"'),
    ({**GOOD, "position": 0}, 'unexpected "position"'),
    ({**GOOD, "note": "hi"}, 'unexpected "note"'),
    ({**GOOD, 7: 7}, 'unexpected "7"'),
    ({"seat": 0, "type": "raise", "card": 16}, 'unexpected "card"'),
    ({"seat": 0, "type": "abandon", "position": 0}, 'unexpected "position"'),
    ({**GOOD, "seat": True}, '"seat" must be an integer from 0 to 1'),
    ({**GOOD, "seat": False}, '"seat" must be an integer from 0 to 1'),
    ({**GOOD, "seat": "0"}, '"seat" must be an integer from 0 to 1'),
    ({**GOOD, "seat": 0.0}, '"seat" must be an integer from 0 to 1'),
    ({**GOOD, "seat": None}, '"seat" must be an integer from 0 to 1'),
    ({**GOOD, "seat": 2}, '"seat" must be an integer from 0 to 1'),
    ({**GOOD, "seat": -1}, '"seat" must be an integer from 0 to 1'),
    ({**GOOD, "card": True}, '"card" must be an integer from 1 to 18'),
    ({**GOOD, "card": "16"}, '"card" must be an integer from 1 to 18'),
    ({**GOOD, "card": 16.0}, '"card" must be an integer from 1 to 18'),
    ({**GOOD, "card": [16]}, '"card" must be an integer from 1 to 18'),
    ({**GOOD, "card": 0}, '"card" must be an integer from 1 to 18'),
    ({**GOOD, "card": 19}, '"card" must be an integer from 1 to 18'),
    ({**GOOD, "card": -16}, '"card" must be an integer from 1 to 18'),
    ({**GOOD, "card": 2**70}, '"card" must be an integer from 1 to 18'),
    (trade(0, 16, 5), '"position" must be an integer from 0 to 4'),
    (trade(0, 16, -1), '"position" must be an integer from 0 to 4'),
    (trade(0, 16, True), '"position" must be an integer from 0 to 4'),
    (trade(0, 16, "0"), '"position" must be an integer from 0 to 4'),
    (trade(0, 16, 1.5), '"position" must be an integer from 0 to 4'),
]


@pytest.mark.parametrize(("action", "message"), MALFORMED)
def test_malformed_action_is_refused_and_changes_nothing(action, message):
    assert_refused(start(), action, message)


@pytest.mark.parametrize(("action", "message"), MALFORMED)
def test_malformed_action_in_a_log_is_refused_at_its_index(action, message):
    with pytest.raises(IllegalAction) as error:
        replay("standard", SPLIT, 0, [GOOD, play(1, 4), action])
    assert error.value.index == 2
    assert message in str(error.value)


def test_seat_one_given_as_true_is_not_seat_one():
    state = run(start(), [play(0, 16)])  # seat 1 to move

    assert_refused(state, {"seat": True, "type": "play", "card": 4}, '"seat" must be')
    assert state.apply({"seat": 1, "type": "play", "card": 4})[0].last_trick == (0, 16, 4, 0)


def test_a_refused_action_leaves_the_game_playable():
    state = start()
    for action, _ in MALFORMED:
        with pytest.raises(IllegalAction):
            state.apply(action)

    state, events = state.apply(GOOD)

    assert events == (("lead", 0, 16),)
