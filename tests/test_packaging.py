"""Issue 14 item 16: a non-editable install (`pip install .`, a wheel) ships every
first-party package. pyproject.toml's [tool.setuptools.packages.find] once left out
`moderation`, whose models the site cannot start without."""

import tomllib
from pathlib import Path

import setuptools
from django.apps import apps

ROOT = Path(__file__).resolve().parent.parent


def packaged() -> set[str]:
    """The packages setuptools puts in the distribution, found as a build finds them."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    find = config["tool"]["setuptools"]["packages"]["find"]
    return set(
        setuptools.find_packages(
            where=str(ROOT), include=find.get("include", ("*",)), exclude=find.get("exclude", ())
        )
    )


def test_every_first_party_package_and_subpackage_is_in_the_distribution():
    shipped = packaged()
    # Top-level packages (a folder with __init__.py at the root; tests/ and benchmarks/
    # have none) and every package inside them.
    roots = [init.parent.name for init in ROOT.glob("*/__init__.py")]
    expected = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for root in roots
        for init in (ROOT / root).glob("**/__init__.py")
    }
    assert {"xix_site", "games", "moderation"} <= set(roots)
    assert expected - shipped == set()
    assert {"moderation", "moderation.migrations"} <= shipped


def test_every_app_with_models_is_in_the_distribution():
    shipped = packaged()
    first_party = [config for config in apps.get_app_configs() if Path(config.path).parent == ROOT]
    with_models = [
        config.name for config in first_party if (Path(config.path) / "models.py").exists()
    ]
    assert {"accounts", "games", "moderation", "notifications", "ratings"} <= set(with_models)
    assert [name for name in with_models if name not in shipped] == []
    assert [name for name in with_models if f"{name}.migrations" not in shipped] == []


def test_the_tests_are_not_shipped():
    assert not [name for name in packaged() if name.split(".")[0] == "tests"]


def test_every_games_templates_and_static_files_are_package_data():
    """A game's pages live in its package (games/<key>/templates/, static/): a non-editable
    install must carry every one of those files, or the game page fails to render."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]
    wanted, carried = set(), set()
    for package in [init.parent for init in (ROOT / "games").glob("*/__init__.py")]:
        name = ".".join(package.relative_to(ROOT).parts)
        for folder in ("templates", "static"):
            wanted |= {p for p in (package / folder).rglob("*") if p.is_file()}
        for pattern in patterns.get("*", []) + patterns.get(name, []):
            carried |= {p for p in package.glob(pattern) if p.is_file()}
    assert ROOT / "games" / "xix" / "templates" / "xix" / "table.html" in wanted
    assert ROOT / "games" / "xix" / "static" / "xix" / "table.css" in wanted
    assert wanted - carried == set()
