"""``xactika/1`` records: the header rules, the worked example of the rulings, and
``manage.py check_records`` on a file of Xactika records (through the registry)."""

import copy
import io
import json

import pytest
from django.core.management import CommandError, call_command
from hypothesis import given, settings, strategies as st

from games import registry
from games.kit.errors import InvalidSetup
from games.xactika.engine import RULES
from tests.xactika.helpers import DECK, bid, follow, lead, random_game, record
from tests.xactika.test_rulings import EXAMPLE, EXAMPLE_ACTIONS

GOOD = record("bid", 3, EXAMPLE, EXAMPLE_ACTIONS)


def with_setup(change) -> dict:
    bad = copy.deepcopy(GOOD)
    change(bad)
    return bad


def verdict(record_) -> dict:
    return registry.check_record(json.loads(json.dumps(record_)))


def test_the_worked_example_is_legal_and_unfinished():
    assert verdict(GOOD) == {"ok": True, "over": False, "scores": [0, 0, 0], "ranks": None}


@pytest.mark.parametrize(
    ("index", "action", "rule"),
    [
        (2, bid(2, 3), "hook"),
        (4, follow(1, "2222"), "must follow 3 cones"),
        (4, lead(1, "1133", "cone"), "only the leader calls a shape"),
    ],
)
def test_the_worked_examples_illegal_variants_name_their_index(index, action, rule):
    actions = list(EXAMPLE_ACTIONS)
    actions[index] = action
    answer = verdict(record("bid", 3, EXAMPLE, actions))
    assert answer["ok"] is False and answer["index"] == index and rule in answer["error"]


def test_later_actions_after_an_illegal_one_are_not_looked_at():
    actions = [*EXAMPLE_ACTIONS[:2], bid(2, 3), {"nonsense": True}]
    assert verdict(record("bid", 3, EXAMPLE, actions))["index"] == 2


def cut_rounds(r):
    r["setup"]["rounds"] = r["setup"]["rounds"][:7]


def repeat_card(r):
    r["setup"]["rounds"][3][10] = r["setup"]["rounds"][3][11]


def number_card(r):
    r["setup"]["rounds"][0][0] = 2132


def short_round(r):
    r["setup"]["rounds"][5] = r["setup"]["rounds"][5][:80]


def spaced_card(r):
    r["setup"]["rounds"][0][0] = " 2132"


def extra_setup_key(r):
    r["setup"]["seed"] = 1


@pytest.mark.parametrize(
    "change",
    [
        cut_rounds,
        repeat_card,
        number_card,
        short_round,
        spaced_card,
        extra_setup_key,
        lambda r: r.update(format="xactika/2"),
        lambda r: r.update(variant="Bid"),
        lambda r: r.update(seats=True),
        lambda r: r.update(seats=1),
        lambda r: r.update(seats=11),
        lambda r: r["setup"].update(first_dealer=3),
        lambda r: r["setup"].update(first_dealer=True),
        lambda r: r["setup"].update(first_dealer=-1),
        lambda r: r.pop("setup"),
        lambda r: r.pop("actions"),
        lambda r: r.update(actions={}),
        lambda r: r.update(setup=[]),
    ],
)
def test_a_bad_header_or_setup_refuses_the_whole_record(change):
    bad = with_setup(change)
    answer = verdict(bad)
    assert answer["ok"] is False and answer["index"] == -1, answer
    with pytest.raises(InvalidSetup):
        RULES.read_header(bad)


def test_ten_seats_need_ten_rounds_and_nine_seats_nine():
    setup = RULES.deal(1, "lose", 10)
    assert verdict(record("lose", 10, setup, []))["ok"] is True
    short = {**setup, "rounds": setup["rounds"][:9]}
    assert verdict({**record("lose", 10, setup, []), "setup": short})["index"] == -1
    assert verdict({**record("lose", 10, setup, []), "seats": 9})["index"] == -1


def test_other_top_level_keys_are_ignored():
    extra = {**GOOD, "players": ["a", "b", "c"], "result": "whatever", "date": "2026-11-25"}
    assert verdict(extra) == verdict(GOOD)


@pytest.mark.parametrize(("variant", "seats"), [("bid", 4), ("win", 2), ("lose", 7)])
def test_a_finished_record_gives_totals_and_ranks(variant, seats):
    setup, actions, states = random_game(variant, seats, f"rec-{variant}")
    outcome = RULES.outcome(states[-1])
    answer = verdict(record(variant, seats, setup, actions))
    assert answer == {
        "ok": True,
        "over": True,
        "scores": list(outcome.scores),
        "ranks": list(outcome.ranks),
    }
    half = verdict(record(variant, seats, setup, actions[: len(actions) // 2]))
    assert half["over"] is False and half["ranks"] is None
    assert half["scores"] == list(states[len(actions) // 2].totals)
    ended = verdict(record(variant, seats, setup, [*actions, actions[-1]]))
    assert ended["index"] == len(actions) and "over" in ended["error"]


def test_check_records_prints_one_line_per_record_in_order(tmp_path):
    setup, actions, _states = random_game("bid", 5, "command")
    finished = record("bid", 5, setup, actions)
    bad_bid = record("bid", 3, EXAMPLE, [*EXAMPLE_ACTIONS[:2], bid(2, 3)])
    bad_header = with_setup(cut_rounds)
    lines = [finished, GOOD, bad_bid, bad_header, {**GOOD, "format": "xix/1"}]
    path = tmp_path / "xactika.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    out = io.StringIO()
    with pytest.raises(CommandError) as failed:
        call_command("check_records", str(path), stdout=out)
    assert failed.value.returncode == 1
    printed = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(printed) == 5
    assert printed[0] == RULES.check_record(finished) and printed[0]["over"] is True
    assert printed[1] == {"ok": True, "over": False, "scores": [0, 0, 0], "ranks": None}
    assert [(p["ok"], p.get("index")) for p in printed[2:]] == [
        (False, 2),
        (False, -1),
        (False, -1),
    ]


def test_check_records_exits_0_when_every_record_is_legal(tmp_path):
    path = tmp_path / "one.json"
    path.write_text(json.dumps(GOOD), encoding="utf-8")
    out = io.StringIO()
    call_command("check_records", str(path), stdout=out)
    assert json.loads(out.getvalue()) == verdict(GOOD)


def test_the_header_round_trips_and_starts_with_format():
    header = RULES.record_header("win", 6, RULES.deal("h", "win", 6))
    assert list(header) == ["format", "variant", "seats", "setup"]
    assert RULES.read_header({**header, "actions": []}) == ("win", 6, header["setup"])
    assert sorted(header["setup"]["rounds"][0]) == DECK


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(["format", "variant", "seats", "setup", "actions", "first_dealer", "rounds"]),
    json_values,
    st.integers(min_value=0, max_value=5),
)
def test_any_json_in_a_key_or_an_action_gets_a_verdict(key, junk, where):
    """Never a crash: a bad header is index -1, a bad action its own index."""
    bad = copy.deepcopy(GOOD)
    if key in ("first_dealer", "rounds"):
        bad["setup"][key] = junk
    else:
        bad[key] = junk
    answer = verdict(bad)
    if answer["ok"] or answer["index"] != -1:  # the junk made another valid header
        RULES.read_header(bad)
    actions = list(EXAMPLE_ACTIONS)
    actions[where] = junk
    answer = verdict(record("bid", 3, EXAMPLE, actions))
    assert answer["ok"] is False and answer["index"] == where
