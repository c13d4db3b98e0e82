"""The outside ISMCTS player of issue 33 (benchmarks/xix_ismcts.py): legal, grouped trades
at the root, the exact win table, and a match line at a tiny budget."""

import json
from pathlib import Path

import pytest

from games.xix.bots import Knowledge
from games.xix.bots.heuristic import score_table
from games.xix.engine import RULES, seat_view
from tests import file_module

FILE = Path(__file__).resolve().parents[3] / "benchmarks" / "xix_ismcts.py"


@pytest.fixture(scope="module")
def outside():
    module = file_module.load("xix_ismcts", FILE)
    return module


@pytest.mark.parametrize("variant", ["standard", "talon"])
def test_the_outside_player_plays_legal_moves_and_groups_hidden_trades(outside, variant):
    bot = outside.OutsideBot(iterations=30)
    state = RULES.new(variant, 2, RULES.deal("outside", variant, 2))
    trades = 0
    while not state.over:
        view = seat_view(state, state.to_move)
        action = bot.choose(view, state.n_actions)
        assert action in view["legal_actions"]
        if view["phase"] == "trade":
            know = Knowledge(view)
            keys = outside.root_actions(view, know)
            # Hidden positions no lost card may be at are one class: the first stands.
            lost = {p for places in know.lost_places.values() for p in places}
            hidden = [
                s["position"]
                for s in view["row"]
                if s["card"] is None and s["position"] not in lost
            ]
            if len(hidden) > 1:
                assert not any(k[3] in hidden[1:] for k in keys)
                trades += 1
        state, _ = state.apply(action)
    assert trades


def test_the_outside_table_is_the_19_point_rules(outside):
    assert outside.STANDARD_TABLE[(0, 0)] == pytest.approx(0.5)
    assert outside.STANDARD_TABLE[(4, 11)] == pytest.approx(score_table("standard")[(4, 11)])
    assert outside.end_value("standard", [12, 7], 3, [1, 1], 0) == 0.0  # 19: lower wins
    assert outside.end_value("standard", [7, 12], 3, [1, 1], 0) == 1.0
    assert outside.end_value("talon", [9, 4], 0, [0, 2], 0) == 1.0  # talon over


def test_a_match_deal_writes_its_line(outside, capsys):
    outside.main(["--variant", "talon", "--ms", "1", "--seed", "t", "--deals", "1"])
    line = json.loads(capsys.readouterr().out)
    assert line["deal"] == 0 and 0 <= line["strong_points"] <= 2
    assert line["strong_wins"] + line["outside_wins"] <= 2
