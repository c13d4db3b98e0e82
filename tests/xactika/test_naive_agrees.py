"""The straightforward Xactika of benchmarks/naive/xactika.py plays exactly the engine's
game, so the speed comparison of docs/performance.md ("Xactika engine") compares like with
like."""

import pytest

from benchmarks.naive import xactika as naive, xactika_in_place
from games.xactika.engine import RULES
from tests.naive import assert_every_apply_keeps, compare, imported_modules, play_both


@pytest.mark.parametrize("variant", ["bid", "win", "lose"])
@pytest.mark.parametrize("seats", [2, 4, 10])
@pytest.mark.parametrize("seed", range(2))
def test_the_naive_version_plays_the_engines_game(variant, seats, seed):
    engine, naive_state, played = play_both(RULES, naive.State, variant, seats, f"n{seed}")

    # 8 rounds (one per seat at 10), 8 tricks of one card a seat, plus a bid a seat in bid.
    rounds = max(8, seats)
    assert played == rounds * (8 * seats + (seats if variant == "bid" else 0))
    assert naive_state.data["round"] == rounds - 1


@pytest.mark.parametrize("seats", [3, 7])
def test_the_plain_copy_version_plays_the_same_game(seats):
    play_both(RULES, naive.PlainState, "bid", seats, "plain")


def test_the_naive_dealer_may_not_make_the_bid_that_totals_eight():
    setup = RULES.deal("naive-hook", "bid", 3)
    state = naive.State.new("bid", 3, setup)
    for n in (5, 1):
        state, _events = state.apply({"seat": state.to_move, "type": "bid", "n": n})

    assert [action["n"] for action in state.legal_actions()] == [0, 1, 3, 4, 5, 6, 7, 8]
    with pytest.raises(naive.IllegalAction):
        state.apply({"seat": state.to_move, "type": "bid", "n": 2})


def test_a_naive_apply_leaves_the_state_it_came_from_as_it_was():
    assert_every_apply_keeps(naive.State.new("win", 4, RULES.deal("naive-same", "win", 4)))


def test_the_naive_version_uses_none_of_the_engines_code():
    assert imported_modules("benchmarks/naive/xactika.py") == {"copy"}


def test_the_comparison_times_both_on_the_same_games():
    figures = compare("--game", "xactika", "--variant", "win", "--seats", "3", "--games", "2")

    assert (figures["tables"], figures["positions"]) == (["win 3"], 2 * 192)
    for name in ("engine", "naive", "naive_plain"):
        assert figures[name]["actions_per_second"] == pytest.approx(
            192 * figures[name]["games_per_second"], rel=0.01
        )
    assert "engine_in_place" not in figures
    assert figures["speedup"]["apply"] > 0 and figures["speedup_plain"]["apply"] > 0


# --- the in-place yardstick (benchmarks/naive/xactika_in_place.py, issue 33) ------------


@pytest.mark.parametrize("variant", ["bid", "win", "lose"])
@pytest.mark.parametrize("seats", [2, 4, 10])
def test_the_in_place_version_plays_the_engines_game(variant, seats):
    engine, in_place, played = play_both(
        RULES, xactika_in_place.State, variant, seats, f"in-place-{variant}"
    )

    rounds = max(8, seats)
    assert played == rounds * (8 * seats + (seats if variant == "bid" else 0))
    assert in_place.totals == list(engine.totals) and in_place.round == rounds - 1


def test_the_in_place_version_changes_its_state_and_keeps_the_hook():
    state = xactika_in_place.new("bid", 3, RULES.deal("naive-hook", "bid", 3))
    for n in (5, 1):
        after, _events = state.apply({"seat": state.to_move, "type": "bid", "n": n})
        assert after is state

    assert [action["n"] for action in state.legal_actions()] == [0, 1, 3, 4, 5, 6, 7, 8]
    with pytest.raises(xactika_in_place.IllegalAction):
        state.apply({"seat": state.to_move, "type": "bid", "n": 2})


def test_the_in_place_version_makes_the_leader_call_a_shape_and_others_follow():
    state = xactika_in_place.new("win", 2, RULES.deal("in-place-follow", "win", 2))
    lead = state.legal_actions()[0]
    with pytest.raises(xactika_in_place.IllegalAction):
        state.apply({key: value for key, value in lead.items() if key != "shape"})
    state.apply(lead)
    follows = {action["card"] for action in state.legal_actions()}
    others = [card for card in state.hands[state.to_move] if card not in follows]
    if others:  # the follower holds a card of the suit and another: the other is refused
        with pytest.raises(xactika_in_place.IllegalAction):
            state.apply({"seat": state.to_move, "type": "play", "card": others[0]})


def test_the_in_place_version_uses_none_of_the_engines_code():
    assert imported_modules("benchmarks/naive/xactika_in_place.py") == set()


def test_the_comparison_times_the_in_place_version_on_the_same_games():
    figures = compare("--game", "xactika", "--variant", "win", "--seats", "3", "--games", "2")

    assert figures["in_place"]["actions_per_second"] == pytest.approx(
        192 * figures["in_place"]["games_per_second"], rel=0.01
    )
    assert figures["speedup_in_place_engine"] > 0
