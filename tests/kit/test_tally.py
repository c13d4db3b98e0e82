"""Tally, the test-only game (tests/kit/tally): its rules as a player sees them, its records
through ``manage.py check_records``, and that the site itself never lists it.

The conformance kit (test_conformance.py) checks its contract at every variant and seat
count; these tests check what the scores, ranks and views say.
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

from games import registry
from games.kit.errors import IllegalAction, InvalidSetup
from tests.kit.tally import RULES

ROOT = Path(__file__).resolve().parents[2]
ALL = set(range(1, 41))


def setup_of(*hands, first=0) -> dict:
    """A set-up with these hands; every other card is undealt."""
    dealt = {card for hand in hands for card in hand}
    return {"hands": [list(h) for h in hands], "undealt": sorted(ALL - dealt), "first": first}


def play(seat, card) -> dict:
    return {"seat": seat, "type": "play", "card": card}


def played(variant, setup, *moves):
    """The state after ``moves`` ((seat, card) pairs) from ``setup``."""
    seats = len(setup["hands"])
    return RULES.replay(variant, seats, setup, [play(seat, card) for seat, card in moves])


# Two seats: seat 0 takes +10, loses -2, takes +20; seat 1 loses -1, takes +33, loses -4.
DRAWN = setup_of([2, 10, 20], [1, 4, 33])
DRAWN_MOVES = [(0, 10), (1, 1), (0, 2), (1, 33), (1, 4), (0, 20)]

# Four seats alone: seat 1 takes every highest card, seat 0 every lowest.
SWEEP = setup_of([1, 2, 3], [10, 20, 30], [5, 6, 7], [8, 9, 11])
SWEEP_MOVES = [(0, 1), (1, 10), (2, 5), (3, 8)]
SWEEP_MOVES += [(1, 20), (2, 6), (3, 9), (0, 2), (1, 30), (2, 7), (3, 11), (0, 3)]

# Four seats as partners 0+2 and 1+3.
PAIRS = setup_of([11, 12, 40], [1, 13, 14], [2, 15, 16], [3, 17, 39])
PAIRS_MOVES = [(0, 40), (1, 1), (2, 2), (3, 3), (0, 11), (1, 13), (2, 15), (3, 39)]
PAIRS_MOVES += [(3, 17), (0, 12), (1, 14), (2, 16)]


# --- rules -------------------------------------------------------------------------------


def test_the_highest_card_takes_plus_its_value_and_the_lowest_minus_its_value():
    state = played("duel", DRAWN, (0, 10), (1, 1))
    assert state.points == (10, -1)
    assert state.to_move == 0  # the highest card leads the next round
    state = state.apply(play(0, 2))[0]
    state, events = state.apply(play(1, 33))
    assert state.points == (8, 32) and state.to_move == 1
    assert events[-1] == {
        "type": "round",
        "round": 2,
        "high": {"seat": 1, "card": 33},
        "low": {"seat": 0, "card": 2},
    }


def test_equal_scores_are_a_draw_that_ranks_both_seats_first():
    state = played("duel", DRAWN, *DRAWN_MOVES)
    outcome = RULES.outcome(state)
    assert outcome.scores == (28, 28) and outcome.ranks == (1, 1)
    assert outcome.reason == "played out" and RULES.variants["duel"].can_draw


def test_scores_go_negative_and_seats_on_equal_scores_share_a_place():
    outcome = RULES.outcome(played("open", SWEEP, *SWEEP_MOVES))
    assert outcome.scores == (-6, 60, 0, 0)
    assert outcome.ranks == (4, 1, 2, 2)


def test_partners_share_their_teams_score_and_place():
    state = played("partners", PAIRS, *PAIRS_MOVES)
    assert state.points == (17, -1, 0, 56)
    outcome = RULES.outcome(state)
    assert outcome.scores == (17, 55, 17, 55)
    assert outcome.ranks == (2, 1, 2, 1)


def test_six_partners_play_in_three_teams_ranked_by_their_sums():
    sides = RULES.variants["partners"].sides(6)
    assert sides == ((0, 3), (1, 4), (2, 5))
    for seed in range(20):
        setup = RULES.deal(seed, "partners", 6)
        state = RULES.new("partners", 6, setup)
        rng = random.Random(seed)
        while not state.over:
            state = state.apply(rng.choice(state.legal_actions()))[0]
        outcome = RULES.outcome(state)
        team = [state.points[a] + state.points[b] for a, b in sides]
        assert outcome.scores == tuple(team[seat % 3] for seat in range(6))
        places = [1 + sum(other > mine for other in team) for mine in team]
        assert outcome.ranks == tuple(places[seat % 3] for seat in range(6))


def test_the_variants_seat_2_to_10_and_absent_seats_are_played_from_3_seats_up():
    variants = RULES.variants
    assert variants["duel"].seat_counts == (2,) and variants["duel"].timeout_policy == "forfeit"
    assert variants["open"].seat_counts == tuple(range(3, 11))
    assert variants["partners"].seat_counts == (4, 6)
    assert {variants[v].timeout_policy for v in ("open", "partners")} == {"zombie"}
    assert variants["partners"].sides(4) == ((0, 2), (1, 3))
    assert variants["open"].sides(4) is None


def test_an_absent_seat_plays_its_lowest_card():
    state = played("duel", DRAWN)
    assert RULES.zombie_action(state, 0) == play(0, 2)
    with pytest.raises(IllegalAction, match="seat 1 is not to move"):
        RULES.zombie_action(state, 1)


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ([(1, 1)], "it is seat 0's turn, not seat 1's"),
        ([(0, 33)], "seat 0 holds no card 33"),
        ([(0, 10), (1, 1), (0, 10)], "seat 0 holds no card 10"),
        ([*DRAWN_MOVES, (0, 20)], "the game is over"),
    ],
)
def test_a_refused_play_names_the_rule_and_its_index(moves, message):
    with pytest.raises(IllegalAction, match=message) as caught:
        played("duel", DRAWN, *moves)
    assert caught.value.index == len(moves) - 1


@pytest.mark.parametrize(
    ("variant", "seats", "setup", "message"),
    [
        ("solo", 2, DRAWN, "tally has no variant 'solo'"),
        ("duel", 3, DRAWN, "duel is played by 2 seats, not 3"),
        ("partners", 5, DRAWN, "partners is played by 4, 6 seats, not 5"),
        ("open", True, DRAWN, "not True"),
        ("duel", 2, {**DRAWN, "dealer": 0}, 'exactly "hands", "undealt" and "first"'),
        ("duel", 2, {**DRAWN, "hands": [[1, 4, 33]]}, '"hands" must be a list of 2 hands'),
        ("duel", 2, {**DRAWN, "hands": [[2, 10], [1, 4, 33, 20]]}, "a list of 3 cards"),
        ("duel", 2, {**DRAWN, "hands": [[2, 10, 10], [1, 4, 33]]}, "1 to 40, each once"),
        ("duel", 2, {**DRAWN, "hands": [[2, 10, True], [4, 20, 33]]}, "1 to 40, each once"),
        ("duel", 2, {**DRAWN, "undealt": "rest"}, '"undealt" must be a list'),
        ("duel", 2, {**DRAWN, "first": 2}, '"first" must be a seat from 0 to 1, not 2'),
        ("duel", 2, {**DRAWN, "first": False}, '"first" must be a seat'),
    ],
)
def test_a_setup_that_cannot_start_is_refused(variant, seats, setup, message):
    with pytest.raises(InvalidSetup, match=message):
        RULES.new(variant, seats, setup)


# --- views -------------------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_every_played_card_but_no_other_hand():
    state = played("open", SWEEP, (0, 1), (1, 10))
    mine = RULES.seat_view(state, 2, names=["Ann", "Bob", "Cy", "Di"])
    assert mine["hands"][2] == {"count": 3, "cards": [5, 6, 7]}
    assert mine["hands"][0] == {"count": 2, "cards": None}
    assert mine["hands"][1] == {"count": 2, "cards": None}
    assert mine["undealt"] is None
    assert mine["table"] == [{"seat": 0, "card": 1}, {"seat": 1, "card": 10}]
    assert mine["legal_actions"] == [play(2, 5), play(2, 6), play(2, 7)]
    assert mine["history"] == ["Ann plays 1.", "Bob plays 10."]
    watcher = RULES.spectator_view(state)
    assert all(hand["cards"] is None for hand in watcher["hands"])
    assert watcher["legal_actions"] == []
    assert RULES.full_view(state)["undealt"] == sorted(
        ALL - {1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 20, 30}
    )


def test_the_history_tells_each_round_and_the_end():
    state = played("duel", DRAWN, *DRAWN_MOVES)
    lines = RULES.spectator_view(state)["history"]
    assert lines[2] == (
        "Round 1: Seat 0 takes +10 with the highest card and Seat 1 takes -1 with the lowest."
    )
    assert lines[-1] == "Every card in hand has been played."
    assert RULES.spectator_view(state)["result"] == {
        "scores": [28, 28],
        "ranks": [1, 1],
        "reason": "played out",
    }


def test_the_random_bot_plays_a_legal_card_the_same_way_for_the_same_seed():
    bot = RULES.bots["random"]
    state = RULES.new("open", 10, RULES.deal("bots", "open", 10))
    while not state.over:
        view = RULES.seat_view(state, state.to_move)
        action = bot.choose(view, seed=f"g/{state.n_actions}")
        assert action == bot.choose(view, seed=f"g/{state.n_actions}")
        assert action in state.legal_actions()
        state = state.apply(action)[0]
    assert len(RULES.outcome(state).ranks) == 10
    with pytest.raises(ValueError, match="no legal action"):
        bot.choose(RULES.seat_view(state, 0))


# --- records -----------------------------------------------------------------------------


def record(variant, setup, moves, **extra) -> dict:
    header = RULES.record_header(variant, len(setup["hands"]), setup)
    return {**header, "actions": [play(seat, card) for seat, card in moves], **extra}


def check(tmp_path, *records) -> tuple[list[dict], int]:
    """(verdicts, exit status) of ``manage.py check_records`` on a .jsonl of ``records``."""
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    out = io.StringIO()
    try:
        call_command("check_records", str(path), stdout=out)
        status = 0
    except CommandError as error:
        status = error.returncode
    return [json.loads(line) for line in out.getvalue().splitlines()], status


def test_a_tally_record_is_laid_out_as_every_games_record():
    assert list(record("duel", DRAWN, [])) == [
        "format",
        "variant",
        "seats",
        "setup",
        "actions",
    ]
    assert record("duel", DRAWN, [])["format"] == "tally/1"


def test_check_records_reads_tally_records_among_xix_ones(tmp_path):
    xix = registry.rules("xix")
    xix_setup = xix.deal("x", "standard", 2)
    xix_record = {**xix.record_header("standard", 2, xix_setup), "actions": []}
    verdicts, status = check(
        tmp_path,
        record("duel", DRAWN, DRAWN_MOVES, players=["Ann", "Bob"]),
        record("open", SWEEP, SWEEP_MOVES),
        record("partners", PAIRS, PAIRS_MOVES[:5]),
        xix_record,
        record("duel", DRAWN, [(0, 10), (0, 2)]),
        {**record("duel", DRAWN, []), "seats": 3},
        {**record("open", SWEEP, []), "setup": {**SWEEP, "first": 4}},
    )
    assert status == 1
    assert verdicts == [
        {"ok": True, "over": True, "scores": [28, 28], "ranks": [1, 1]},
        {"ok": True, "over": True, "scores": [-6, 60, 0, 0], "ranks": [4, 1, 2, 2]},
        {"ok": True, "over": False, "scores": [40, -1, 40, -1], "ranks": None},
        {"ok": True, "over": False, "scores": [0, 0], "winner": None},
        {"ok": False, "index": 1, "error": "it is seat 1's turn, not seat 0's"},
        {"ok": False, "index": -1, "error": "duel is played by 2 seats, not 3"},
        {"ok": False, "index": -1, "error": '"first" must be a seat from 0 to 3, not 4'},
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # The formats are listed in the order the games were registered, which depends on
        # which tests this process ran first: only that tally/1 is among them is certain.
        ({"format": "tally/2"}, ('"format" must be one of', '"tally/1"', "not 'tally/2'")),
        ({"actions": None}, ('"actions" must be a list',)),
        ({"variant": None}, ("tally has no variant None",)),
    ],
)
def test_check_records_refuses_a_tally_record_as_a_whole(tmp_path, change, message):
    verdicts, status = check(tmp_path, {**record("duel", DRAWN, DRAWN_MOVES), **change})
    assert status == 1 and verdicts[0]["index"] == -1
    for part in message:
        assert part in verdicts[0]["error"]


# --- never on the site -------------------------------------------------------------------


def test_the_test_session_registers_tally_and_the_site_does_not():
    assert registry.ENGINES["tally"] == ("tests.kit.tally", "tally/1")
    assert registry.rules("tally") is RULES
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "xix_site.settings.test"}
    code = (
        "import django, json; django.setup(); from games import registry; "
        "print(json.dumps(sorted(registry.ENGINES)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "xix" in json.loads(done.stdout) and "tally" not in json.loads(done.stdout)
    site = subprocess.run(
        [sys.executable, "manage.py", "check_records", "-"],
        cwd=ROOT,
        env=env,
        input=json.dumps(record("duel", DRAWN, DRAWN_MOVES)),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert site.returncode == 1
    verdict = json.loads(site.stdout)
    assert verdict["ok"] is False and verdict["index"] == -1
    assert "not 'tally/1'" in verdict["error"]
