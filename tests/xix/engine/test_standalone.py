"""The engine stands alone: standard library only, no Django, usable from a plain script."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

NEW_MODULES = """
import json, sys
before = set(sys.modules)
import games.xix.engine
import games.xix.engine.playout
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def python(*args):
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_importing_the_engine_loads_no_django_module():
    code = (
        "import games.xix.engine, sys; "
        "print(any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    )
    assert python("-c", code).strip() == "False"


def test_importing_the_engine_loads_only_the_standard_library():
    loaded = json.loads(python("-c", NEW_MODULES))

    outside = [
        m for m in loaded
        if m.split(".")[0] not in sys.stdlib_module_names and m.split(".")[0] != "games"
    ]  # fmt: skip
    assert "games.xix.engine.state" in loaded
    assert outside == []
    assert not {"celery", "redis", "psycopg", "django"} & {m.split(".")[0] for m in loaded}


def test_the_benchmark_runs_as_a_plain_script():
    output = python("benchmarks/engine.py", "--games", "20", "--repeats", "1")

    figures = json.loads(output)
    assert figures["games"] == 40
    assert figures["games_per_second"] > 0
    assert figures["replay_200_actions_ms"] > 0


@pytest.mark.parametrize(
    "game, variant, seats",
    [("xeri", "classic", 4), ("xactika", "win", 3), ("onexeno", "partners", 4)],
)
def test_the_benchmark_plays_any_served_game_through_its_rules(game, variant, seats):
    output = python(
        "benchmarks/engine.py",
        "--game",
        game,
        "--variant",
        variant,
        "--seats",
        str(seats),
        "--games",
        "3",
        "--repeats",
        "1",
    )

    figures = json.loads(output)
    assert (figures["game"], figures["variant"], figures["seats"]) == (game, variant, seats)
    assert figures["games_per_second"] > 0 and figures["actions_per_second"] > 0
    # The replayed log is the longest game played, so at least as long as the mean.
    assert figures["replay_longest_actions"] >= figures["mean_actions_per_game"] > 0
    assert figures["replay_longest_ms"] > 0
