"""``onexeno/1`` records and ``manage.py check_records`` on them (through the registry)."""

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from hypothesis import given, settings, strategies as st

from games.onexeno.engine import IDS, RULES
from tests.onexeno.helpers import passing, place

ROOT = Path(__file__).resolve().parents[2]
HEADER = {"format": "onexeno/1", "variant": "basic", "seats": 2}
SETUP = {"first_dealer": 0, "deck": list(IDS)}
EXAMPLE = {**HEADER, "setup": SETUP, "actions": [place(1, 14, 1, 0, 3), passing(0)]}


def record(actions, **changes):
    return {**EXAMPLE, "actions": actions, **changes}


def random_record(variant, seats, seed, cut=None):
    setup = RULES.deal(seed, variant, seats)
    state, actions, rng = RULES.new(variant, seats, setup), [], random.Random(seed)
    while not state.over and (cut is None or len(actions) < cut):
        action = rng.choice(state.legal_actions())
        state, _events = state.apply(action)
        actions.append(action)
    return {**RULES.record_header(variant, seats, setup), "actions": actions}, state


def check_file(tmp_path, records) -> tuple[list[dict], int]:
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    out = io.StringIO()
    try:
        call_command("check_records", str(path), stdout=out)
        status = 0
    except CommandError as error:
        status = error.returncode
    return [json.loads(line) for line in out.getvalue().splitlines()], status


def test_the_worked_example_and_its_illegal_variants(tmp_path):
    records = [
        EXAMPLE,
        record([place(1, 14, 1, 0, 0), passing(0)]),
        record([place(1, 14, 2, 0, 3), passing(0)]),
        record([place(1, 14, 1, 0, 3), passing(1)]),
    ]
    lines, status = check_file(tmp_path, records)
    assert lines[0] == {"ok": True, "over": False, "scores": [0, 0], "ranks": None}
    assert [(line["ok"], line.get("index")) for line in lines[1:]] == [
        (False, 0),
        (False, 0),
        (False, 1),
    ]
    assert "edge rule" in lines[1]["error"] and "shares no edge" in lines[2]["error"]
    assert lines[3]["error"] == "it is seat 0's turn, not seat 1's"
    assert status == 1


def test_finished_games_give_scores_and_side_places(tmp_path):
    games = [random_record(v, n, seed) for v, n, seed in [("basic", 3, 1), ("partners", 4, 2)]]
    lines, status = check_file(tmp_path, [game for game, _state in games])
    assert status == 0
    for line, (_game, state) in zip(lines, games, strict=True):
        outcome = RULES.outcome(state)
        assert line == {
            "ok": True,
            "over": True,
            "scores": list(outcome.scores),
            "ranks": list(outcome.ranks),
        }
    partners = lines[1]
    assert partners["scores"][0] == partners["scores"][2]
    assert sorted(set(partners["ranks"])) in ([1, 2], [1])


def test_an_unfinished_game_shows_the_value_taken_so_far(tmp_path):
    game, state = random_record("basic", 5, 3, cut=40)
    lines, _status = check_file(tmp_path, [game])
    assert lines == [{"ok": True, "over": False, "scores": state.scores, "ranks": None}]
    assert state.scores == [state.taken_value(seat) for seat in range(5)]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"format": "onexeno/2"}, '"format" must be'),
        ({"variant": "team"}, "variant"),
        ({"variant": ["basic"]}, "variant"),
        ({"seats": 8}, "2 to 7 seats"),
        ({"seats": True}, "not True"),
        ({"variant": "partners", "seats": 3}, "4 or 6 seats"),
        ({"setup": {**SETUP, "extra": 1}}, 'exactly "first_dealer" and "deck"'),
        ({"setup": {**SETUP, "first_dealer": 2}}, "a seat from 0 to 1"),
        ({"setup": {**SETUP, "deck": list(IDS)[1:]}}, "70 card ids"),
        ({"actions": {}}, '"actions" must be a list'),
    ],
)
def test_an_invalid_header_or_setup_is_refused_whole(changes, message):
    verdict = RULES.check_record({**EXAMPLE, **changes})
    assert verdict["ok"] is False and verdict["index"] == -1 and message in verdict["error"]


def test_other_top_level_keys_are_ignored():
    assert RULES.check_record({**EXAMPLE, "players": ["a", "b"]})["ok"] is True


@pytest.mark.parametrize(
    "bad",
    [
        {"seat": 1, "type": "place", "card": 14, "x": 1, "y": 0, "rotation": 3, "z": 0},
        {"seat": 1, "type": "place", "card": 14, "x": 1, "y": 0},
        {"seat": 1, "type": "place", "card": "14", "x": 1, "y": 0, "rotation": 3},
        {"seat": 1, "type": "place", "card": 14, "x": 1, "y": False, "rotation": 3},
        {"seat": 1, "type": "place", "card": 14, "x": 1, "y": 0, "rotation": 3.0},
        {"seat": 1, "type": "draw"},
        {"seat": 1, "type": "pass", "final": True},
        "pass",
        {"seat": 3, "type": "pass"},
    ],
)
def test_a_malformed_action_is_illegal_at_its_index(bad):
    verdict = RULES.check_record(record([place(1, 14, 1, 0, 3), passing(0), bad]))
    assert verdict["ok"] is False and verdict["index"] == 2


def test_an_action_after_the_end_is_illegal():
    game, _state = random_record("basic", 2, 4)
    verdict = RULES.check_record({**game, "actions": [*game["actions"], passing(0)]})
    assert verdict == {"ok": False, "index": len(game["actions"]), "error": "the game is over"}


def test_the_header_round_trips():
    setup = RULES.deal(9, "partners", 6)
    header = RULES.record_header("partners", 6, setup)
    assert list(header) == ["format", "variant", "seats", "setup"]
    assert RULES.read_header({**header, "actions": []}) == ("partners", 6, setup)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 300)
    | st.floats(allow_nan=False)
    | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
KEYS = st.sampled_from(["format", "variant", "seats", "setup", "actions"])


@settings(max_examples=300, deadline=None)
@given(key=KEYS, value=JSON, actions=st.lists(JSON, max_size=3))
def test_any_json_in_a_record_gets_a_verdict_never_a_crash(key, value, actions):
    game = {**EXAMPLE, "actions": [*EXAMPLE["actions"], *actions], key: value}
    verdict = RULES.check_record(game)
    assert verdict["ok"] in (True, False) and json.loads(json.dumps(verdict)) == verdict
    if not verdict["ok"]:
        assert isinstance(verdict["index"], int) and verdict["index"] >= -1


def test_manage_py_check_records_as_a_process_prints_one_line_per_record(tmp_path):
    finished, _state = random_record("partners", 6, 5)
    records = [
        EXAMPLE,
        record([place(1, 14, 1, 0, 3), passing(1)]),
        {**EXAMPLE, "seats": 1},
        finished,
    ]
    path = tmp_path / "onexeno.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "manage.py", "check_records", str(path)],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "xix_site.settings.test"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    lines = done.stdout.splitlines()
    assert done.returncode == 1 and len(lines) == 4
    assert lines[0] == '{"ok": true, "over": false, "scores": [0, 0], "ranks": null}'
    assert lines[1] == '{"ok": false, "index": 1, "error": "it is seat 0\'s turn, not seat 1\'s"}'
    assert json.loads(lines[2])["index"] == -1 and "2 to 7 seats" in lines[2]
    assert json.loads(lines[3]) == RULES.check_record(finished)
    assert json.loads(lines[3])["over"] is True
