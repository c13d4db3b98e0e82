"""Rulings 30-35: xeri/1 records, and ``manage.py check_records`` on a file of them.

The command finds the Xeri engine through the registry by the record's "format".
"""

import copy
import io
import json

import pytest
from django.core.management import CommandError, call_command

from games import registry
from games.xeri.engine import RULES, make_record

from .helpers import EXAMPLE_CARDS, EXAMPLE_SETUP, play, random_match

EXAMPLE = make_record(
    "classic", 2, EXAMPLE_SETUP, [play(n % 2, card) for n, card in enumerate(EXAMPLE_CARDS)]
)


def finished(seats, seed) -> dict:
    setup, actions, _states = random_match(seats, seed)
    return make_record("classic", seats, setup, actions, players=["a", "b"])


def check_file(tmp_path, records):
    path = tmp_path / "xeri.jsonl"
    path.write_text("\n".join(json.dumps(record) for record in records) + "\n")
    out = io.StringIO()
    try:
        call_command("check_records", str(path), stdout=out)
        status = 0
    except CommandError as error:
        status = error.returncode
    return [json.loads(line) for line in out.getvalue().splitlines()], status


def test_the_worked_example_gives_the_printed_lines():
    assert registry.check_record(EXAMPLE) == {
        "ok": True,
        "over": False,
        "scores": [0, 0],
        "ranks": None,
    }
    sixth = {**EXAMPLE, "actions": [*EXAMPLE["actions"], play(0, "8S")]}
    verdict = registry.check_record(sixth)
    assert verdict["ok"] is False and verdict["index"] == 5


def test_a_record_is_its_header_and_its_actions_and_other_keys_are_ignored():
    record = finished(2, 14)
    assert list(record)[:5] == ["format", "variant", "seats", "setup", "actions"]
    assert RULES.read_header(record) == ("classic", 2, record["setup"])
    assert registry.check_record(record) == {
        "ok": True,
        "over": True,
        "scores": [21, 29],
        "ranks": [2, 1],
    }


def test_check_records_reads_a_file_of_xeri_records_and_names_each_illegal_index(tmp_path):
    legal_two, legal_four, drawn = finished(2, 1), finished(4, 163), finished(2, 19)
    late = copy.deepcopy(legal_two)
    late["actions"].append(play(0, "7H"))  # after the last play of the last round
    wrong_seat = copy.deepcopy(legal_four)
    wrong_seat["actions"][60]["seat"] = (wrong_seat["actions"][60]["seat"] + 1) % 4
    not_held = copy.deepcopy(legal_two)
    not_held["actions"][3]["card"] = not_held["actions"][1]["card"]  # already played
    extra_key = copy.deepcopy(legal_two)
    extra_key["actions"][7]["by"] = "bot"
    bad_setup = copy.deepcopy(legal_two)
    bad_setup["setup"]["first_dealer"] = 2
    bad_seats = {**legal_four, "seats": 3}
    records = [
        EXAMPLE, legal_two, legal_four, drawn, late, wrong_seat, not_held, extra_key,
        bad_setup, bad_seats,
    ]  # fmt: skip
    lines, status = check_file(tmp_path, records)
    assert status == 1 and len(lines) == len(records)
    assert lines[0] == {"ok": True, "over": False, "scores": [0, 0], "ranks": None}
    assert lines[1] == {"ok": True, "over": True, "scores": [46, 24], "ranks": [1, 2]}
    assert lines[2] == {"ok": True, "over": True, "scores": [56, 64, 56, 64], "ranks": [2, 1, 2, 1]}
    assert lines[3] == {"ok": True, "over": True, "scores": [35, 35], "ranks": [1, 1]}
    assert [(line["ok"], line.get("index")) for line in lines[4:]] == [
        (False, 96),
        (False, 60),
        (False, 3),
        (False, 7),
        (False, -1),
        (False, -1),
    ]
    assert "the match is over" in lines[4]["error"]
    assert "not in it" in lines[6]["error"] and "has no 'by'" in lines[7]["error"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(format="xeri/2"), '"format" must be'),
        (lambda r: r.update(variant="pisti"), 'Xeri has one variant, "classic"'),
        (lambda r: r.update(seats="2"), "Xeri is played by 2 seats"),
        (lambda r: r.update(actions={}), '"actions" must be a list'),
        (lambda r: r.pop("setup"), 'the record has no "setup"'),
        (lambda r: r["setup"].update(rounds=[]), "the number of rounds must be a positive"),
    ],
)
def test_a_record_with_a_bad_header_is_refused_as_a_whole(change, message):
    record = copy.deepcopy(EXAMPLE)
    change(record)
    verdict = registry.check_record(record)
    assert verdict["ok"] is False and verdict["index"] == -1 and message in verdict["error"]


def test_a_record_round_trips_through_json_and_replays_to_the_same_end():
    setup, actions, states = random_match(4, 5)
    record = json.loads(json.dumps(make_record("classic", 4, setup, actions)))
    end = RULES.replay(*RULES.read_header(record), record["actions"])
    assert RULES.full_view(end) == RULES.full_view(states[-1])
