"""The pure helpers every engine shares (games/kit)."""

import pytest

from games.kit.errors import IllegalAction
from games.kit.outcome import Outcome, competition_ranks, side_ranks
from games.kit.shapes import check_action_shape
from games.kit.variants import VariantInfo

SCHEMA = {"play": {"card": int}, "bid": {"tricks": int}}


def test_ties_share_a_place_and_the_next_place_skips():
    assert competition_ranks([9, 4, 9, 1]) == (1, 3, 1, 4)
    assert competition_ranks([-3, -3, -3]) == (1, 1, 1)


def test_partners_share_their_sides_place():
    assert side_ranks([5, 2, 5, 2], ((0, 2), (1, 3))) == (1, 2, 1, 2)
    assert side_ranks([3, 3, 3, 3], ((0, 2), (1, 3))) == (1, 1, 1, 1)
    assert side_ranks([1, 7], None) == (2, 1)


def test_an_outcome_is_json_ready():
    assert Outcome((3, -2), (1, 2), "rounds done").as_json() == {
        "scores": [3, -2],
        "ranks": [1, 2],
        "reason": "rounds done",
    }


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ([1], "must be a JSON object"),
        ({"seat": 0, "type": "pass"}, "unknown action type 'pass'"),
        ({"seat": 0, "type": "play"}, "needs 'card'"),
        ({"seat": 0, "type": "play", "card": 3, "x": 1}, "has no 'x'"),
        ({"seat": True, "type": "play", "card": 3}, "'seat' must be a whole number"),
        ({"seat": 0, "type": "play", "card": "3"}, "'card' must be a whole number"),
    ],
)
def test_an_action_of_the_wrong_shape_is_refused_by_name(action, message):
    with pytest.raises(IllegalAction, match=message):
        check_action_shape(action, SCHEMA)


def test_an_action_of_the_right_shape_passes():
    check_action_shape({"seat": 1, "type": "bid", "tricks": 0}, SCHEMA)


def test_a_variant_knows_its_sides_and_rating_system():
    classic = VariantInfo(
        key="classic", label="Classic", seat_counts=(2, 4), teams=((4, ((0, 2), (1, 3))),)
    )
    assert classic.sides(2) is None
    assert classic.sides(4) == ((0, 2), (1, 3))
    assert classic.team_of(2) == {}
    assert classic.team_of(4) == {0: 0, 2: 0, 1: 1, 3: 1}
    assert classic.rating_system(2) == "glicko2"
    assert classic.rating_system(4) == "openskill"


def test_the_kit_loads_only_the_standard_library():
    import json
    import subprocess
    import sys

    code = (
        "import json, sys; before = set(sys.modules); "
        "import games.kit.errors, games.kit.outcome, games.kit.play, games.kit.shapes, "
        "games.kit.variants; "
        "print(json.dumps(sorted(set(sys.modules) - before)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    loaded = json.loads(done.stdout)
    roots = {name.split(".")[0] for name in loaded}
    assert "games.kit.shapes" in loaded
    assert roots <= set(sys.stdlib_module_names) | {"games"}
