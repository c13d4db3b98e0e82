"""One home per game (issue 31, item 3): everything about a game lives in its package,
``games/<key>/``, and the platform reaches it only through the registry.

The platform (every first-party package but the games' own: ``xix_site``, ``accounts``,
``chat``, ``games`` outside ``games/<key>/``, ``moderation``, ``notifications``,
``ratings``; migrations aside, which record history and are never edited) must not

- import a game's package (``import games.xix...``, ``from games.xeri import ...``,
  ``from games import xactika``) or name one in a string (``"games.onexeno.engine"``, as
  ``importlib`` or a patch would): ``games/registry.py``, the one list of games, aside;
- name a game's key in a conditional: a comparison (``kind == "xix"``,
  ``"xeri" != key``, ``kind in ("xix", "xeri")``, ``board.kind == XIX`` where the module
  says ``XIX = "xix"``), a ``match`` case, or an ORM condition on the game's kind
  (``Q(kind="xix")``, ``.filter(kind__in=["xeri"])``);
- or choose a game by its key in a call (``registry.variant_choices("xix")``,
  ``getattr(game, "kind", "xix")``).

The modules that still do are listed in ``ALLOWED`` with their number of offences, and the
test also fails when a module offends less than listed: the list only shrinks. The tests
and the benchmarks are per-game by nature and are not checked.
"""

import ast
from pathlib import Path

from games import registry

ROOT = Path(__file__).resolve().parents[2]
PLATFORM = (
    "xix_site",
    "accounts",
    "api",
    "chat",
    "games",
    "moderation",
    "notifications",
    "ratings",
)
REGISTRY = "games/registry.py"

# module -> offences today. Each is being rewritten for issue 31 (one table model, seats
# only as rows, services split by concern): lower a count, or remove its line, as the
# offences go. A module absent from here must have none.
ALLOWED: dict[str, int] = {}


def _game_keys() -> set[str]:
    return {
        key for key, (module, _format) in registry.ENGINES.items() if module.startswith("games.")
    }


def _game_dirs() -> list[Path]:
    return [ROOT / Path(*app.split(".")) for app in registry.apps()]


def platform_modules() -> list[Path]:
    homes = _game_dirs()
    found = []
    for package in PLATFORM:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts or any(path.is_relative_to(home) for home in homes):
                continue
            found.append(path)
    return found


def _names_a_game_package(name: str, keys: set[str]) -> bool:
    parts = name.split(".")
    return len(parts) >= 2 and parts[0] == "games" and parts[1] in keys


def key_names(paths: list[Path], keys: set[str]) -> set[str]:
    """The names the platform gives a game's key at the top of a module (``XIX = "xix"``),
    so that ``kind == XIX`` and ``board.kind == models.XIX`` count as naming it."""
    names = set()
    for path in paths:
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.Assign) and _is_key(node.value, keys, set()):
                names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def _is_key(node, keys: set[str], names: set[str]) -> bool:
    """A game's key: a string constant, a name given to one (``names``), or a tuple, list or
    set holding one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value in keys
    if isinstance(node, ast.Name):
        return node.id in names
    if isinstance(node, ast.Attribute):
        return node.attr in names
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_is_key(item, keys, names) for item in node.elts)
    return False


def offences(path: Path, keys: set[str], names: frozenset[str], root: Path = ROOT) -> list[str]:
    """What ``path`` does that only a game's own package may: one line per offence, in the
    order of the lines."""
    tree = ast.parse(path.read_text(), filename=str(path))
    relative = path.relative_to(root).as_posix()
    found = []
    for node in ast.walk(tree):
        where = f"{relative}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Import):
            found += [
                f"{where} imports {alias.name}"
                for alias in node.names
                if _names_a_game_package(alias.name, keys)
            ]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if _names_a_game_package(node.module, keys):
                found.append(f"{where} imports from {node.module}")
            elif node.module == "games":
                found += [
                    f"{where} imports games.{alias.name}"
                    for alias in node.names
                    if alias.name in keys
                ]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if relative != REGISTRY and _names_a_game_package(node.value, keys):
                found.append(f"{where} names the module {node.value!r}")
        elif isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(_is_key(operand, keys, names) for operand in operands):
                found.append(f"{where} compares with a game's key: {ast.unparse(node)}")
        elif isinstance(node, ast.MatchValue) and _is_key(node.value, keys, names):
            found.append(f"{where} matches a game's key: {ast.unparse(node.value)}")
        elif isinstance(node, ast.Call):
            found += [
                f"{where} chooses a game by its key: {ast.unparse(node)}"
                for arg in node.args  # a lone key: a set of words may hold "xix" (names.py)
                if not isinstance(arg, ast.Tuple | ast.List | ast.Set) and _is_key(arg, keys, names)
            ]
        elif isinstance(node, ast.keyword) and node.arg is not None:
            field = node.arg.split("__")[0]
            if field == "kind" and _is_key(node.value, keys, names):
                found.append(
                    f"{where} selects on a game's key: {node.arg}={ast.unparse(node.value)}"
                )
    return sorted(found, key=lambda line: int(line.split(":")[1].split(" ")[0]))


def test_the_checker_finds_each_kind_of_offence(tmp_path):
    keys = {"xix", "xeri"}
    source = tmp_path / "sample.py"
    source.write_text(
        "import games.xix.engine\n"
        "from games.xeri.engine import RULES\n"
        "from games import xix, kit\n"
        "from games.kit import rules\n"
        "import importlib\n"
        "importlib.import_module('games.xeri.site')\n"
        "if kind == 'xix' and seats == 2: pass\n"
        "ok = kind in ('xeri', 'other')\n"
        "fine = kind == 'tally' or name == 'XIX'\n"
        "q = Q(kind='xix', seats_count=2)\n"
        "games = Game.objects.filter(kind__in=['xeri'])\n"
        "match kind:\n"
        "    case 'xix': pass\n"
        "if board.kind == XIX or kind != models.XIX or kind == XIXES: pass\n"
        "choices = registry.variant_choices('xeri')\n"
        "fine = registry.variant_choices(kind)\n"
    )
    found = offences(source, keys, frozenset({"XIX"}), root=tmp_path)
    assert [line.split(":")[1].split(" ")[0] for line in found] == [
        "1", "2", "3", "6", "7", "8", "10", "11", "13", "14", "14", "15"
    ]  # fmt: skip


def test_the_platform_reaches_a_game_only_through_the_registry():
    keys = _game_keys()
    assert keys >= {"xix", "xeri", "xactika", "onexeno"}
    modules = platform_modules()
    names = frozenset(key_names(modules, keys))
    counts, lines = {}, []
    for path in modules:
        found = offences(path, keys, names)
        if found:
            counts[path.relative_to(ROOT).as_posix()] = len(found)
            lines += found
    new = {m: n for m, n in counts.items() if n > ALLOWED.get(m, 0)}
    fewer = {m: (ALLOWED[m], counts.get(m, 0)) for m in ALLOWED if counts.get(m, 0) < ALLOWED[m]}
    report = "\n".join(lines)
    assert not new, f"modules outside games/<key>/ that name a game:\n{report}"
    assert not fewer, f"ALLOWED is stale, lower these counts (listed, now): {fewer}"


def test_each_game_has_its_home():
    """Every registered game is an app with its templates and static files in its package,
    and its rules page's words in its ``about`` module."""
    for key in _game_keys():
        home = ROOT / "games" / key
        assert (home / "templates" / key / "rules.html").is_file()
        assert (home / "static" / key).is_dir()
        about = registry.about(key)
        assert about.SUMMARY and about.CREDIT
        assert set(about.VARIANT_PAGES) <= set(registry.rules(key).variants)
