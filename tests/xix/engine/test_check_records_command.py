"""``manage.py check_records``: through call_command and as a real process.

No database is touched: the command only reads records and replays them.
"""

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games.xix.engine import make_action, make_record, new_game, shuffled_deal
from games.xix.engine.playout import random_playout
from tests.xix.engine.helpers import SPLIT, abandon, play

ROOT = Path(__file__).resolve().parents[3]

GOOD = make_record("standard", SPLIT, 0, [play(0, 16), play(1, 4), abandon(1)])
GOOD_LINE = '{"ok": true, "over": false, "scores": [1, 0], "winner": null}'
BAD = make_record("talon", SPLIT, 0, [play(0, 16), play(0, 17)])
BAD_LINE = '{"ok": false, "index": 1, "error": "it is not your turn"}'
BAD_HEADER = {**GOOD, "first_leader": 2}
BAD_HEADER_LINE = '{"ok": false, "index": -1, "error": "\\"first_leader\\" must be 0 or 1, not 2"}'


def jsonl(*records):
    return "\n".join(json.dumps(r) for r in records) + "\n"


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def check(path):
    """(stdout lines, exit status) of call_command; the status is CommandError.returncode."""
    out = io.StringIO()
    try:
        call_command("check_records", path, stdout=out)
        status = 0
    except CommandError as error:
        status = error.returncode
    return out.getvalue().splitlines(), status


# --- call_command ----------------------------------------------------------------------


def test_one_legal_record_in_a_json_file(tmp_path):
    path = write(tmp_path, "game.json", json.dumps(GOOD, indent=2))

    assert check(path) == ([GOOD_LINE], 0)


def test_an_illegal_record_is_reported_with_its_index_and_status_1(tmp_path):
    path = write(tmp_path, "game.json", json.dumps(BAD))

    with pytest.raises(CommandError, match="1 of 1 records are illegal") as error:
        call_command("check_records", path, stdout=io.StringIO())
    assert error.value.returncode == 1
    assert check(path) == ([BAD_LINE], 1)


def test_json_lines_give_one_verdict_per_record_in_order(tmp_path):
    text = jsonl(GOOD, BAD) + "\n   \n" + jsonl(BAD_HEADER, GOOD)
    path = write(tmp_path, "games.jsonl", text)

    assert check(path) == ([GOOD_LINE, BAD_LINE, BAD_HEADER_LINE, GOOD_LINE], 1)


def test_an_empty_json_lines_file_is_fine(tmp_path):
    assert check(write(tmp_path, "none.jsonl", "\n\n")) == ([], 0)


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("game.json", "{not json", "not valid JSON"),
        ("game.json", jsonl(GOOD, GOOD), "not valid JSON"),  # two records in a .json
        ("games.jsonl", jsonl(GOOD) + "{oops\n", "line 2 is not valid JSON"),
        ("game.json", b"\xff\xfe\x00", "cannot read"),
    ],
)
def test_unreadable_input_is_status_2(tmp_path, name, content, message):
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")

    with pytest.raises(CommandError, match=message) as error:
        call_command("check_records", str(path), stdout=io.StringIO())
    assert error.value.returncode == 2


def test_a_missing_file_is_status_2(tmp_path):
    with pytest.raises(CommandError, match="cannot read") as error:
        call_command("check_records", str(tmp_path / "nowhere.json"), stdout=io.StringIO())
    assert error.value.returncode == 2


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        (json.dumps(GOOD, indent=2), [GOOD_LINE]),  # one record over several lines
        (jsonl(GOOD, BAD), [GOOD_LINE, BAD_LINE]),  # one record per line
    ],
)
def test_standard_input(monkeypatch, text, lines):
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))

    assert check("-") == (lines, 1 if BAD_LINE in lines else 0)


# --- a real process --------------------------------------------------------------------


def manage(*args, stdin=None):
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "xix_site.settings.test"}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_process_exit_statuses_and_output(tmp_path):
    good = manage("check_records", write(tmp_path, "good.json", json.dumps(GOOD)))
    mixed = manage("check_records", write(tmp_path, "mixed.jsonl", jsonl(GOOD, BAD)))
    broken = manage("check_records", write(tmp_path, "broken.json", "[1, 2"))
    piped = manage("check_records", "-", stdin=jsonl(GOOD, BAD_HEADER))

    assert (good.returncode, good.stdout.splitlines()) == (0, [GOOD_LINE])
    assert (mixed.returncode, mixed.stdout.splitlines()) == (1, [GOOD_LINE, BAD_LINE])
    assert "1 of 2 records are illegal" in mixed.stderr
    assert (broken.returncode, broken.stdout) == (2, "")
    assert "not valid JSON" in broken.stderr
    assert (piped.returncode, piped.stdout.splitlines()) == (1, [GOOD_LINE, BAD_HEADER_LINE])


def random_records(count):
    """``count`` finished random games (fast playout) and the verdict each must get."""
    records, verdicts = [], []
    for seed in range(count):
        variant = ("standard", "talon", "v2")[seed % 3]
        deal, leader = shuffled_deal(seed)
        moves = []
        scores, winner = random_playout(
            new_game(variant, deal, leader), random.Random(seed).random, moves
        )
        records.append(make_record(variant, deal, leader, [make_action(*m) for m in moves]))
        verdicts.append({"ok": True, "over": True, "scores": scores, "winner": winner})
    return records, verdicts


def test_ten_thousand_records_in_one_file(tmp_path):
    records, verdicts = random_records(10_000)
    text = "\n".join(json.dumps(r, separators=(",", ":")) for r in records)
    path = write(tmp_path, "many.jsonl", text)

    done = manage("check_records", path)

    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [json.dumps(v) for v in verdicts]
