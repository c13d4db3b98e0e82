"""Every registered game's engine is pure: standard library and ``games.kit`` only, no Django.

Two proofs per engine: every module of the package imports, and a game is played, in a
fresh interpreter where importing Django fails; and each module's source imports nothing
outside the standard library, its own package and the kit (so a Django import hidden in a
function that the first proof never calls is caught too).
"""

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from games import registry

ROOT = Path(__file__).resolve().parents[2]
KIT = "games.kit"

WITHOUT_DJANGO = """
import importlib, json, pkgutil, sys

class NoDjango:
    def find_spec(self, name, path=None, target=None):
        if name == "django" or name.startswith("django."):
            raise ImportError(f"{name} is blocked: an engine must not need Django")
        return None

sys.meta_path.insert(0, NoDjango())
before = set(sys.modules)
package = importlib.import_module(sys.argv[1])
for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
    if found.name != sys.argv[2]:
        importlib.import_module(found.name)
rules = package.RULES
variant, info = next(iter(rules.variants.items()))
seats = info.seat_counts[0]
state = rules.new(variant, seats, rules.deal("pure", variant, seats))
while not state.over:
    state, _events = state.apply(rules.zombie_action(state, state.to_move))
outside = sorted(
    name for name in set(sys.modules) - before
    if name.split(".")[0] not in sys.stdlib_module_names
)
print(json.dumps({"outside": outside, "outcome": rules.outcome(state).as_json()}))
"""

PACKAGES = [(key, registry.ENGINES[key][0]) for key in sorted(registry.ENGINES)]
# A game's Django side (``registry.site``) is not its engine: beside the package for a game
# at games/<key>/engine, inside it for an engine registered as a package (the test game
# tally's tests.kit.tally.site), which both proofs leave out.
SITES = {package: registry.beside_engine(key, "site") for key, package in PACKAGES}


@pytest.mark.parametrize(("key", "package"), PACKAGES)
def test_the_engine_imports_and_plays_a_game_where_django_cannot_be_imported(key, package):
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_DJANGO, package, SITES[package]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    # the engine's parent packages (games, games.xix; tests, tests.kit for the test game) are
    # imported with it, as "games" is with the kit, and must be pure too
    parents = tuple(package.rsplit(".", depth)[0] for depth in range(1, package.count(".") + 1))
    allowed = ("games", KIT, package, *parents)
    strays = [
        name
        for name in answer["outside"]
        if name not in allowed and not name.startswith((f"{KIT}.", f"{package}."))
    ]
    assert strays == []
    assert len(answer["outcome"]["ranks"]) == len(answer["outcome"]["scores"])


def imported_names(path: Path, module: str) -> list[str]:
    """Absolute names of every module that ``path`` (module ``module``) imports."""
    is_package = path.name == "__init__.py"
    parts = module.split(".") if is_package else module.split(".")[:-1]
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = parts[: len(parts) - node.level + 1]
                names.append(".".join(base + ([node.module] if node.module else [])))
            else:
                names.append(node.module)
    return names


def modules_of(package: str):
    """(path, module name) of every source file of ``package``."""
    folder = Path(importlib.import_module(package).__file__).parent
    for path in sorted(folder.rglob("*.py")):
        relative = path.relative_to(folder).with_suffix("").parts
        if relative[-1] == "__init__":
            relative = relative[:-1]
        yield path, ".".join((package, *relative))


@pytest.mark.parametrize("package", sorted({package for _key, package in PACKAGES} | {KIT}))
def test_every_module_imports_only_the_standard_library_its_package_and_the_kit(package):
    checked = 0
    for path, module in modules_of(package):
        if module == SITES.get(package):
            continue
        for name in imported_names(path, module):
            inside = name in (package, KIT) or name.startswith((f"{package}.", f"{KIT}."))
            assert inside or name.split(".")[0] in sys.stdlib_module_names, (
                f"{path.relative_to(ROOT)} imports {name}"
            )
        checked += 1
    assert checked > 1


def test_the_import_walk_sees_relative_and_absolute_imports(tmp_path):
    source = tmp_path / "views.py"
    lines = ["import json", "from . import rules", "from ..x import y", "from django import db"]
    source.write_text("\n".join(lines) + "\n")
    names = imported_names(source, "games.xix.engine.views")
    assert names == ["json", "games.xix.engine", "games.xix.x", "django"]
