"""Which games the site knows, by their stable short keys. Pure: no Django.

A plain mapping rather than app-loading magic, so that ``check_records``, the arena and the
benchmarks find a game's engine without setting Django up. Each entry names the module of a
pure engine; the key is stored in records and (later) in the database, and is never renamed.
"""

import importlib
from collections.abc import Callable

# key -> (engine module, record format)
ENGINES: dict[str, tuple[str, str]] = {
    "xix": ("games.engine", "xix/1"),
    "xactika": ("games.xactika.engine", "xactika/1"),
}


def engine(key: str):
    """The engine module of the game ``key``."""
    return importlib.import_module(ENGINES[key][0])


def rules(key: str):
    """The ``RULES`` object (``games.kit.rules.GameRules``) of the game ``key``."""
    return engine(key).RULES


def record_checker(record) -> Callable[[dict], dict] | None:
    """The ``check_record`` of the game whose format ``record`` names, or None."""
    fmt = record.get("format") if isinstance(record, dict) else None
    for key, (_module, record_format) in ENGINES.items():
        if fmt == record_format:
            module = engine(key)
            rules = getattr(module, "RULES", None)
            return rules.check_record if rules is not None else module.check_record
    return None


def check_record(record) -> dict:
    """The ``check_records`` verdict on one record of any registered format."""
    checker = record_checker(record)
    if checker is not None:
        return checker(record)
    if not isinstance(record, dict):
        return {"ok": False, "index": -1, "error": "a record must be a JSON object"}
    formats = [f'"{record_format}"' for _module, record_format in ENGINES.values()]
    wanted = formats[0] if len(formats) == 1 else "one of " + ", ".join(formats)
    fmt = record.get("format")
    return {"ok": False, "index": -1, "error": f'"format" must be {wanted}, not {fmt!r}'}
