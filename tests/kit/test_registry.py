"""The registry finds each game's engine by key and each record's checker by format."""

import importlib
import json
import subprocess
import sys

import pytest

from games import registry


@pytest.mark.parametrize("key", sorted(registry.ENGINES))
def test_every_registered_engine_imports_and_names_its_format(key):
    module = registry.engine(key)
    fmt = registry.ENGINES[key][1]
    rules = getattr(module, "RULES", None)
    assert (rules.record_format if rules else module.FORMAT) == fmt


@pytest.mark.parametrize("key", sorted(registry.ENGINES))
def test_every_registered_engine_loads_only_the_standard_library(key):
    code = (
        "import json, sys; before = set(sys.modules); "
        f"import importlib; importlib.import_module({registry.ENGINES[key][0]!r}); "
        "print(json.dumps(sorted(set(sys.modules) - before)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    roots = {name.split(".")[0] for name in json.loads(done.stdout)}
    own = registry.ENGINES[key][0].split(".")[0]  # "games", or "tests" for the test game
    assert roots <= set(sys.stdlib_module_names) | {"games", own}


def test_a_record_of_an_unknown_format_is_refused_as_a_whole():
    verdict = registry.check_record({"format": "chess/1", "actions": []})
    assert verdict["ok"] is False and verdict["index"] == -1
    assert "chess/1" in verdict["error"] and '"xix/1"' in verdict["error"]
    assert registry.check_record([]) == {
        "ok": False,
        "index": -1,
        "error": "a record must be a JSON object",
    }


def test_an_xix_record_gets_the_xix_engines_own_verdict():
    xix = importlib.import_module("games.xix.engine")
    record = {"format": "xix/1", "variant": "standard", "deal": [1], "first_leader": 0}
    assert registry.check_record(record) == xix.check_record(record)


def test_a_game_registered_at_run_time_is_found_until_it_is_removed():
    unregister = registry.register("extra", "games.xix.engine", "extra/1")
    try:
        assert registry.ENGINES["extra"] == ("games.xix.engine", "extra/1")
        assert registry.rules("extra") is registry.rules("xix")
        with pytest.raises(ValueError, match="already registered"):
            registry.register("extra", "games.xix.engine", "other/1")
        with pytest.raises(ValueError, match="already registered"):
            registry.register("xix2", "games.xix.engine", "xix/1")
    finally:
        unregister()
    assert "extra" not in registry.ENGINES and "xix2" not in registry.ENGINES
    assert registry.ENGINES["xix"] == ("games.xix.engine", "xix/1")
    unregister()  # a second call changes nothing
    assert "extra" not in registry.ENGINES
