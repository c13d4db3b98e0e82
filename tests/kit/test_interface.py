"""Every registered game (tally included) matches the declared interface
(``games.kit.interface``) and keeps to its imports: the platform reads a game through
``GameRules``, ``GameState`` and ``GameSite`` alone, and a game needs nothing of the
platform but ``games.kit``."""

import ast
import inspect
import sys
from pathlib import Path

import pytest

from games import registry
from games.kit import interface
from games.kit.interface import GameRules, GameSite, GameState

ROOT = Path(__file__).resolve().parents[2]
KEYS = sorted(registry.ENGINES)
# Django's template machinery: a game's site module and template tags may use it.
TEMPLATE_MACHINERY = ("django.template", "django.utils.html", "django.utils.safestring")
# A developer's command-line tool beside XIX's bots, not part of the game: it runs matches
# through the platform's arena (``python -m games.xix.bots.versus``).
TOOLS = {"games/xix/bots/versus.py": {"games.arena"}}


def members(protocol) -> set[str]:
    """The names a Protocol declares (attributes and methods), without typing's own."""
    own = set(getattr(protocol, "__annotations__", {}))
    own |= {name for name in vars(protocol) if not name.startswith("_")}
    return own


def package_of(key: str) -> Path:
    module = registry.ENGINES[key][0]
    return ROOT.joinpath(*module.removesuffix(".engine").split("."))


@pytest.mark.parametrize("protocol", [GameRules, GameSite, GameState])
def test_each_protocol_is_small_and_every_member_is_documented(protocol):
    source = inspect.getsource(protocol)
    names = members(protocol)
    assert 5 <= len(names) <= 17, sorted(names)
    for name in names:
        if callable(getattr(protocol, name, None)) or isinstance(
            getattr(protocol, name, None), property
        ):
            member = getattr(protocol, name)
            doc = (member.fget if isinstance(member, property) else member).__doc__
            assert doc and doc.strip(), f"{protocol.__name__}.{name} has no docstring"
        else:
            line = next(row for row in source.splitlines() if row.strip().startswith(name + ":"))
            assert "#" in line, f"{protocol.__name__}.{name} has no comment"


@pytest.mark.parametrize("key", KEYS)
def test_the_rules_and_a_state_of_every_game_match_the_protocols(key):
    rules = registry.rules(key)
    assert isinstance(rules, GameRules)
    assert rules.key == key and rules.record_format == registry.ENGINES[key][1]
    for variant, info in rules.variants.items():
        seats = info.seat_counts[0]
        state = rules.new(variant, seats, rules.deal("interface", variant, seats))
        assert isinstance(state, GameState)
        assert len(state.scores) == seats and all(type(s) is int for s in state.scores)
        state, _events = state.apply(state.legal_actions()[0])
        assert len(state.scores) == seats


@pytest.mark.parametrize("key", KEYS)
def test_every_method_takes_the_declared_parameters(key):
    for protocol, obj in ((GameRules, registry.rules(key)), (GameSite, registry.site(key))):
        for name in members(protocol):
            declared = getattr(protocol, name, None)
            if not callable(declared):
                continue
            want = list(inspect.signature(declared).parameters.values())[1:]  # no self
            have = inspect.signature(getattr(obj, name)).parameters
            assert [p.name for p in want] == list(have)[: len(want)], f"{key}: {name}"
            for extra in list(have.values())[len(want) :]:
                assert extra.default is not inspect.Parameter.empty, f"{key}: {name}"


@pytest.mark.parametrize("key", KEYS)
def test_every_game_site_matches_the_protocol(key):
    site = registry.site(key)
    assert isinstance(site, GameSite)
    assert site.table_template == f"{key}/table.html"
    assert site.replay_template == f"{key}/replay.html"


@pytest.mark.parametrize("key", KEYS)
def test_a_game_package_imports_only_the_kit_itself_and_the_standard_library(key):
    package = package_of(key)
    own = ".".join(package.relative_to(ROOT).parts)
    stdlib = sys.stdlib_module_names
    wrong = []
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        allowed = TOOLS.get(relative, set())
        for node in ast.walk(ast.parse(path.read_text(), relative)):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [f"{node.module}.{alias.name}" for alias in node.names]
            else:
                continue
            for name in names:
                ok = (
                    name.split(".")[0] in stdlib
                    or name == "games.kit"
                    or name.startswith(("games.kit.", own + ".", *TEMPLATE_MACHINERY))
                    or name == own
                    or any(name.startswith(tool + ".") for tool in allowed)
                )
                if not ok:
                    wrong.append(f"{relative}: {name}")
    assert wrong == []


def test_the_checker_sees_a_platform_import(tmp_path, monkeypatch):
    """The import check fails on a game module that imports the platform."""
    fake = tmp_path / "games" / "fake"
    fake.mkdir(parents=True)
    (fake / "site.py").write_text("from games.views.actions import Field\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    monkeypatch.setitem(registry.ENGINES, "fake", ("games.fake.engine", "fake/1"))
    with pytest.raises(AssertionError):
        test_a_game_package_imports_only_the_kit_itself_and_the_standard_library("fake")


def test_the_interface_module_is_pure():
    assert not any(
        line.startswith(("import django", "from django"))
        for line in inspect.getsource(interface).splitlines()
    )
