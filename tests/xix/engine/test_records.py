"""xix/1 game records: building them, and the verdict ``check_record`` gives."""

import json
import random

import pytest

from games.xix.engine import (
    FORMAT,
    InvalidSetup,
    check_header,
    check_record,
    make_record,
    new_game,
    record_of,
    replay_record,
)
from tests.xix.engine.helpers import (
    SPLIT,
    abandon,
    action_of,
    play,
    raise_,
    reference_playout,
)

OPENING = [play(0, 16), play(1, 4), abandon(1)]


def split_record(actions, **extra):
    return make_record("standard", SPLIT, 0, actions, **extra)


def finished():
    """A whole random standard game on SPLIT: (actions, final state)."""
    moves, final = reference_playout(new_game("standard", SPLIT, 0), random.Random(5))
    return [action_of(*m) for m in moves], final


def test_a_record_holds_the_setup_and_the_actions():
    state = new_game("talon", SPLIT, 1)

    record = record_of(state, [play(1, 13)], players=["ann", "bob"])

    assert record == {
        "format": FORMAT,
        "variant": "talon",
        "deal": SPLIT,
        "first_leader": 1,
        "actions": [play(1, 13)],
        "players": ["ann", "bob"],
    }
    assert FORMAT == "xix/1"
    assert json.loads(json.dumps(record)) == record


def test_a_finished_game_is_ok_and_gives_its_result():
    actions, final = finished()

    verdict = check_record(split_record(actions))

    assert final.over
    assert verdict == {"ok": True, "over": True, "scores": final.scores, "winner": final.winner}
    assert replay_record(split_record(actions)).reason == final.reason


def test_an_unfinished_game_is_ok_and_not_over():
    assert check_record(split_record(OPENING)) == {
        "ok": True,
        "over": False,
        "scores": [1, 0],
        "winner": None,
    }
    assert check_record(split_record([])) == {
        "ok": True,
        "over": False,
        "scores": [0, 0],
        "winner": None,
    }


def test_other_keys_are_ignored_even_a_wrong_result():
    record = split_record(OPENING, players=["a", "b"], result={"winner": 1}, date="2026-01-01")

    assert check_record(record) == check_record(split_record(OPENING))


@pytest.mark.parametrize(
    ("actions", "index", "error"),
    [
        ([play(1, 4)], 0, "it is not your turn"),
        ([play(0, 16), play(1, 4), raise_(1), play(0, 4)], 3, "card 4 is not in your hands"),
        ([play(0, 16), play(1, 4), play(0, 17), raise_(1)], 2, "it is not your turn"),
        ([play(0, 16), play(1, 4), abandon(1), "draft 16"], 3, "an action must be a JSON object"),
        ([play(0, 16), {"seat": 1, "type": "play", "card": 4, "x": 1}], 1, 'unexpected "x"'),
    ],
)
def test_the_first_illegal_action_is_named_by_its_index(actions, index, error):
    verdict = check_record(split_record(actions))

    assert verdict == {"ok": False, "index": index, "error": verdict["error"]}
    assert error in verdict["error"]


def test_an_action_after_the_end_is_illegal():
    actions, _ = finished()

    verdict = check_record(split_record([*actions, play(0, 1), play(1, 4)]))

    assert verdict == {"ok": False, "index": len(actions), "error": "the game is over"}


def good_header(**changes):
    record = split_record(OPENING)
    record.update(changes)
    return record


def without(key):
    record = split_record(OPENING)
    del record[key]
    return record


BAD_HEADERS = [
    ([], "a record must be a JSON object"),
    ("xix/1", "a record must be a JSON object"),
    (None, "a record must be a JSON object"),
    (7, "a record must be a JSON object"),
    (without("format"), '"format" must be "xix/1"'),
    (good_header(format="xix/2"), '"format" must be "xix/1"'),
    (good_header(format=1), '"format" must be "xix/1"'),
    (without("variant"), 'the record has no "variant"'),
    (without("deal"), 'the record has no "deal"'),
    (without("first_leader"), 'the record has no "first_leader"'),
    (without("actions"), 'the record has no "actions"'),
    (good_header(variant="chess"), '"variant" must be "standard", "talon" or "v2"'),
    (good_header(variant="Standard"), '"variant" must be "standard", "talon" or "v2"'),
    (good_header(variant=["talon"]), '"variant" must be "standard", "talon" or "v2"'),
    (good_header(deal=SPLIT[:17]), '"deal" must be a list of 18 cards'),
    (good_header(deal=[*SPLIT, 19]), '"deal" must be a list of 18 cards'),
    (good_header(deal="1,2,3"), '"deal" must be a list of 18 cards'),
    (good_header(deal={"0": 1}), '"deal" must be a list of 18 cards'),
    (good_header(deal=[*SPLIT[:17], SPLIT[0]]), "each integer from 1 to 18 exactly once"),
    (good_header(deal=[True, *SPLIT[1:]]), "each integer from 1 to 18 exactly once"),
    (good_header(deal=[float(SPLIT[0]), *SPLIT[1:]]), "each integer from 1 to 18 exactly once"),
    (good_header(deal=[0, *SPLIT[1:]]), "each integer from 1 to 18 exactly once"),
    (good_header(deal=[19, *SPLIT[1:]]), "each integer from 1 to 18 exactly once"),
    (good_header(deal=[str(c) for c in SPLIT]), "each integer from 1 to 18 exactly once"),
    (good_header(first_leader=2), '"first_leader" must be 0 or 1'),
    (good_header(first_leader=True), '"first_leader" must be 0 or 1'),
    (good_header(first_leader=-1), '"first_leader" must be 0 or 1'),
    (good_header(first_leader="0"), '"first_leader" must be 0 or 1'),
    (good_header(first_leader=None), '"first_leader" must be 0 or 1'),
    (good_header(actions={"0": play(0, 16)}), '"actions" must be a list'),
    (good_header(actions="play 16"), '"actions" must be a list'),
    (good_header(actions=None), '"actions" must be a list'),
]


@pytest.mark.parametrize(("record", "error"), BAD_HEADERS)
def test_a_malformed_header_is_refused_at_index_minus_one(record, error):
    verdict = check_record(record)

    assert verdict["ok"] is False
    assert verdict["index"] == -1
    assert error in verdict["error"]
    with pytest.raises(InvalidSetup):
        check_header(record)
