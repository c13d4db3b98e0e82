"""A Python file outside any package (a benchmark script, ``dev.py``) loaded as a module,
for the tests that check it."""

import importlib.util
from pathlib import Path


def load(name: str, path: Path):
    """The file at ``path`` run as a new module called ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
