"""The platform's modules import each other without a circle (docs/architecture.md,
"Layers").

The graph is read from the source with ``ast``: every import counts, at module level and
inside a function alike (a function-level import hides a circle from Python's import
machinery, not from the design). Nodes are the modules of the platform apps: ``games``
without the game packages (those are checked by ``tests/kit/test_game_homes.py``), with
``games/kit`` as one node, and ``accounts``, ``analysis``, ``api``, ``chat``, ``moderation``,
``notifications``, ``ratings``, ``tournaments`` and ``xix_site``. Migrations count too.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = (
    "accounts",
    "analysis",
    "api",
    "chat",
    "games",
    "moderation",
    "notifications",
    "ratings",
    "tournaments",
    "xix_site",
)
GAME_PACKAGES = ("xix", "xeri", "xactika", "onexeno")
GROUPS = ("games.kit",)  # a package that counts as one node

# Circles that may stay, each with why; the test fails too when one is gone, so that its
# entry goes with it.
ALLOWED_CIRCLES: list[set[str]] = []

# The modules that may import a task module: the task modules themselves (one task module
# reusing another's retry policy), the Celery app, and the seam (which loads them by name).
TASK_IMPORTERS = {"xix_site.celery", "xix_site.jobs"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def platform_files() -> dict[str, Path]:
    """Every platform module by dotted name (packages under their own name)."""
    files = {}
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            parts = path.relative_to(ROOT).parts
            if app == "games" and len(parts) > 2 and parts[1] in GAME_PACKAGES:
                continue
            files[module_name(path)] = path
    return files


def node_of(name: str, modules) -> str | None:
    """The graph node for the imported module ``name`` (None: not the platform's)."""
    for group in GROUPS:
        if name == group or name.startswith(group + "."):
            return group
    while name and name not in modules:
        name = name.rpartition(".")[0]  # a name imported from a module, not a module
    return name or None


def imported_names(path: Path, module: str) -> set[str]:
    """The dotted names of the modules ``path`` imports, anywhere in it."""
    is_package = path.name == "__init__.py"
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".")
                if not is_package:
                    package.pop()
                package = package[: len(package) - (node.level - 1)]
                base = ".".join(package + ([base] if base else []))
            # ``from a.b import c``: module a.b.c, or the name c of module a.b (``node_of``
            # finds which).
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def import_graph() -> dict[str, set[str]]:
    files = platform_files()
    modules = set(files)
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        source = node_of(module, modules)
        targets = graph.setdefault(source, set())
        for name in imported_names(path, module):
            target = node_of(name, modules)
            if target is not None and target != source:
                targets.add(target)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan, iteratively)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def a_cycle(graph, component) -> list[str]:
    """One closed path through ``component``, for the failure message."""
    members = set(component)
    path, seen = [component[0]], {component[0]}
    while True:
        step = sorted(graph[path[-1]] & members)
        closing = [node for node in step if node == path[0]]
        if closing and len(path) > 1:
            return [*path, path[0]]
        fresh = [node for node in step if node not in seen]
        if not fresh:
            index = path.index(step[0])
            return [*path[index:], step[0]]
        path.append(fresh[0])
        seen.add(fresh[0])


def test_the_graph_is_read():
    """The reader sees the imports it must (else an empty graph would pass)."""
    graph = import_graph()
    assert "games.models" in graph["games.services.play"]
    assert "games.services.clock" in graph["games.services.play"]
    assert "games.kit" in graph["games.registry"]
    assert "games.services" in graph["games.tasks"]
    assert "chat.services" in graph["games.streams"]
    assert not any(name.startswith("games.xix") for name in graph)


def test_circles_are_found_inside_functions_too(tmp_path):
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
    assert a_cycle(graph, ["a", "b", "c"]) == ["a", "b", "c", "a"]
    source = tmp_path / "m.py"
    source.write_text("def f():\n    from games.tasks import seat_autoplay\n")
    modules = {"games.m", "games.tasks"}
    assert [node_of(name, modules) for name in imported_names(source, "games.m")] == ["games.tasks"]


def test_the_platform_has_no_import_circle():
    graph = import_graph()
    found = [set(component) for component in circles(graph)]
    unexpected = [component for component in found if component not in ALLOWED_CIRCLES]
    message = "\n".join(
        " -> ".join(a_cycle(graph, sorted(component))) + f"   (all of {sorted(component)})"
        for component in unexpected
    )
    assert not unexpected, f"import circles:\n{message}"
    assert [c for c in ALLOWED_CIRCLES if c not in found] == [], "an allowed circle is gone"


def test_no_platform_module_imports_a_task_module_but_the_tasks_the_app_and_the_seam():
    files = platform_files()
    offenders = []
    for module, path in files.items():
        if module.endswith(".tasks") or module in TASK_IMPORTERS:
            continue
        tasks = {
            target
            for name in imported_names(path, module)
            if (target := node_of(name, files)) is not None and target.endswith(".tasks")
        }
        offenders += [f"{module} imports {name}" for name in sorted(tasks)]
    assert offenders == []
