"""The straightforward Xeri of benchmarks/naive/xeri.py plays exactly the engine's game,
so the speed comparison of docs/performance.md ("Xeri engine") compares like with like."""

import json
import subprocess
import sys

import pytest

from benchmarks.naive import xeri as naive, xeri_in_place
from games.xeri.engine import RULES
from tests.naive import ROOT, assert_every_apply_keeps, compare, imported_modules, play_both


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("state", [naive.State, naive.PlainState], ids=["deepcopy", "plain"])
def test_the_naive_version_plays_the_engines_match(seats, seed, state):
    engine, naive_state, played = play_both(RULES, state, "classic", seats, f"naive-{seed}")

    # Every round is 48 plays (ruling 20) and the default match is one deal per seat.
    assert played == 48 * seats
    assert naive_state.data["rounds_won"] == list(engine.won)


def test_a_naive_apply_leaves_the_state_it_came_from_as_it_was():
    assert_every_apply_keeps(naive.State.new("classic", 2, RULES.deal("naive-same", "classic", 2)))


def test_the_naive_version_refuses_a_card_that_is_not_in_the_hand():
    state = naive.State.new("classic", 2, RULES.deal("naive-refuse", "classic", 2))
    seat = state.to_move
    held = {action["card"] for action in state.legal_actions()}
    other = next(code for code in ("AC", "AD", "AH", "AS", "2C", "2D", "2H") if code not in held)

    with pytest.raises(naive.IllegalAction):
        state.apply({"seat": seat, "type": "play", "card": other})
    with pytest.raises(naive.IllegalAction):
        state.apply({"seat": 1 - seat, "type": "play", "card": sorted(held)[0]})


def test_the_naive_version_uses_none_of_the_engines_code():
    assert imported_modules("benchmarks/naive/xeri.py") == {"copy"}


def test_the_comparison_times_both_on_the_same_matches():
    figures = compare("--game", "xeri", "--variant", "classic", "--seats", "4", "--games", "2")

    assert (figures["tables"], figures["positions"]) == (["classic 4"], 2 * 192)
    for name in ("engine", "naive", "naive_plain", "engine_in_place"):
        assert figures[name]["actions_per_second"] == pytest.approx(
            192 * figures[name]["games_per_second"], rel=0.01
        )
    for name in ("engine", "naive", "naive_plain"):
        assert figures[name]["apply_us"] > 0 and figures[name]["legal_actions_us"] > 0
    assert (
        set(figures["speedup"])
        == set(figures["speedup_plain"])
        == {
            "games",
            "legal_actions",
            "apply",
        }
    )
    assert set(figures["speedup_in_place"]) == {"naive", "naive_plain"}


# --- the in-place yardstick (benchmarks/naive/xeri_in_place.py, issue 33) ---------------


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("seed", range(4))
def test_the_in_place_version_plays_the_engines_match(seats, seed):
    engine, in_place, played = play_both(
        RULES, xeri_in_place.State, "classic", seats, f"in-place-{seed}"
    )

    assert played == 48 * seats
    assert in_place.rounds_won == list(engine.won) and in_place.totals == list(engine.totals)


def test_the_in_place_version_changes_its_state_and_refuses_what_is_not_in_the_hand():
    state = xeri_in_place.new("classic", 2, RULES.deal("in-place-refuse", "classic", 2))
    seat = state.to_move
    held = [action["card"] for action in state.legal_actions()]
    other = next(code for code in ("AC", "AD", "AH", "AS", "2C", "2D", "2H") if code not in held)

    with pytest.raises(xeri_in_place.IllegalAction):
        state.apply({"seat": seat, "type": "play", "card": other})
    with pytest.raises(xeri_in_place.IllegalAction):
        state.apply({"seat": 1 - seat, "type": "play", "card": held[0]})
    after, events = state.apply({"seat": seat, "type": "play", "card": held[0]})
    assert after is state and held[0] not in state.hands[seat] and events[0]["card"] == held[0]


def test_the_in_place_version_uses_none_of_the_engines_code():
    assert imported_modules("benchmarks/naive/xeri_in_place.py") == set()


def test_the_comparison_times_the_in_place_version_on_the_same_matches():
    figures = compare("--game", "xeri", "--variant", "classic", "--seats", "2", "--games", "2")

    assert figures["in_place"]["actions_per_second"] == pytest.approx(
        96 * figures["in_place"]["games_per_second"], rel=0.01
    )
    assert figures["speedup_in_place_engine"] > 0
    # the same matches with the choices drawn before the clock starts: the same actions
    for side in ("engine_drawn", "in_place_drawn"):
        assert figures[side]["actions_per_second"] == pytest.approx(
            96 * figures[side]["games_per_second"], rel=0.01
        )
    assert figures["speedup_in_place_drawn"] > 0


def test_the_floor_runs_the_same_loop_against_the_in_place_version():
    done = subprocess.run(
        [sys.executable, "benchmarks/naive/floor.py", "--actions", "2000", "--repeats", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )

    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    rates, ceilings = figures["actions_per_cpu_second"], figures["floor_over_in_place"]
    tables = [
        "xeri classic 2",
        "xeri classic 4",
        "xactika bid 2",
        "xactika bid 4",
        "xactika bid 10",
    ]
    assert set(ceilings) == {
        f"{table} {loop}" for table in tables for loop in ("randrange", "drawn")
    }
    for name, ratios in ceilings.items():
        table, loop = name.rsplit(" ", 1)
        for floor in ("floor", "lean", "loop"):
            assert ratios[floor] == pytest.approx(
                rates[f"{floor} {loop}"] / rates[f"{table} {loop}"], rel=0.01
            )
