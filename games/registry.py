"""Which games the site knows, by their stable short keys. Pure: no Django.

A plain mapping rather than app-loading magic, so that ``check_records``, the arena and the
benchmarks find a game's engine without setting Django up. Each entry names the module of a
pure engine and its record format; the key is stored in records and in ``Game.kind``, and
is never renamed. The platform reads a game only through what this module finds, as
``games.kit.interface`` declares it: ``rules(key)`` (``GameRules``), ``site(key)``
(``GameSite``) and ``bots(key)`` (``LEVELS`` and ``make_bot``).
"""

import importlib
from collections.abc import Callable

# key -> (engine module, record format)
ENGINES: dict[str, tuple[str, str]] = {
    "xix": ("games.xix.engine", "xix/1"),
    "xeri": ("games.xeri.engine", "xeri/1"),
    "onexeno": ("games.onexeno.engine", "onexeno/1"),
    "xactika": ("games.xactika.engine", "xactika/1"),
}


# The games people can play on the site, in the order the site lists them. An engine can be
# registered above (records, check_records, the arena, the conformance kit) before its
# pages exist; it joins this list when its Django side (games/<key>/site.py) lands, and only
# then do the lobby, leaderboards and profiles show it.
SERVED: list[str] = ["xix", "xeri", "xactika", "onexeno"]


def served() -> list[str]:
    """The keys of the games the site serves (see ``SERVED``)."""
    return [key for key in SERVED if key in ENGINES]


def variant_choices(key: str) -> list[tuple[str, str]]:
    """A game's variants as (key, label) in its engine's order: the one list that forms,
    checks and pages offer (XIX's: standard, talon and v2)."""
    return [(variant, info.label) for variant, info in rules(key).variants.items()]


def register(
    key: str, module: str, record_format: str, *, served: bool = False
) -> Callable[[], None]:
    """Add a game to ``ENGINES`` while the process runs; returns the function that removes it.

    For tests only (the test game ``tally`` is registered by ``tests/conftest.py``): a game
    the site serves is listed in ``ENGINES`` above. A key or record format already taken is
    refused, so a test cannot shadow a real game. ``served=True`` also puts it among the
    games the site serves (``SERVED``), as a game with pages would be.
    """
    formats = {fmt for _module, fmt in ENGINES.values()}
    if key in ENGINES or record_format in formats:
        raise ValueError(f"game {key!r} or format {record_format!r} is already registered")
    ENGINES[key] = (module, record_format)
    if served:
        SERVED.append(key)

    def unregister() -> None:
        if ENGINES.get(key) == (module, record_format):
            del ENGINES[key]
        if key in SERVED:
            SERVED.remove(key)

    return unregister


def engine(key: str):
    """The engine module of the game ``key``."""
    return importlib.import_module(ENGINES[key][0])


def rules(key: str):
    """The ``RULES`` object (``games.kit.interface.GameRules``) of the game ``key``."""
    return engine(key).RULES


def beside_engine(key: str, name: str) -> str:
    """The module ``name`` beside the game's engine: ``games.<key>.<name>`` for an engine at
    ``games.<key>.engine``, otherwise ``<name>`` inside the engine's package (the test game
    tally, registered as the package ``tests.kit.tally``: ``tests.kit.tally.<name>``)."""
    module = ENGINES[key][0]
    if module.endswith(".engine"):
        return module.removesuffix(".engine") + "." + name
    return module + "." + name


def bots(key: str):
    """The bots of the game ``key``: a module (or object) with ``LEVELS`` and
    ``make_bot(level, **options)``, whose bots answer ``choose(view, seed)`` with a legal
    action from the seat's view alone.

    A game keeps them beside its engine (``beside_engine``). A game without one offers the
    kit's ``random`` level only.
    """
    name = beside_engine(key, "bots")
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name not in (name, name.rsplit(".", 1)[0]):
            raise
    from games.kit import play

    return play.RANDOM_ONLY


def about(key: str):
    """What the site's pages say about the game ``key`` beyond its engine: the ``about``
    module beside its engine (``games.<key>.about``), pure data: ``SUMMARY`` and ``CREDIT``
    (its rules page and the home page), ``CREDIT_IN_FOOTER`` (the footer carries the credit
    on every page), ``VARIANT_PAGES`` (variant -> template of a rules page of its own) and
    ``STYLESHEETS`` (linked from every page: its variants' badges). None for a game
    without one, which has no rules page (the test game tally)."""
    name = beside_engine(key, "about")
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
    return None


def about_value(key: str, name: str, default):
    """One value of the game ``key``'s ``about`` module (``about``), or ``default`` when the
    game has no such module or the module has no such name."""
    return getattr(about(key), name, default)


def default_game() -> str:
    """The game and variant a form offers first, as ``"<key>/<variant>"``: the first served
    game's first variant (``"xix/standard"``)."""
    key = served()[0]
    return f"{key}/{next(iter(rules(key).variants))}"


def apps() -> list[str]:
    """The Django apps of the registered games (``games.<key>``, each with its templates,
    static files and template tags), for ``INSTALLED_APPS``: every game of ``ENGINES``
    whose engine is ``games.<key>.engine``. Imports nothing."""
    return [
        module.removesuffix(".engine")
        for module, _format in ENGINES.values()
        if module.startswith("games.") and module.endswith(".engine")
    ]


def site(key: str):
    """The Django side of the game ``key``: the ``SITE`` object of the ``site`` module
    beside its engine (``games.<key>.site``; ``tests.kit.tally.site`` for the test game):
    its pages, templates and action forms. Imported on first use, so the pure functions
    above never load Django."""
    return importlib.import_module(beside_engine(key, "site")).SITE


def kind_of_record(record) -> str | None:
    """The key of the game whose record format ``record`` names (``"format"``), or None."""
    fmt = record.get("format") if isinstance(record, dict) else None
    for key, (_module, record_format) in ENGINES.items():
        if fmt == record_format:
            return key
    return None


def format_error(record) -> str:
    """What is wrong with the ``"format"`` of a record no registered game reads."""
    formats = [f'"{record_format}"' for _module, record_format in ENGINES.values()]
    wanted = formats[0] if len(formats) == 1 else "one of " + ", ".join(formats)
    fmt = record.get("format") if isinstance(record, dict) else None
    return f'"format" must be {wanted}, not {fmt!r}'


def check_record(record) -> dict:
    """The ``check_records`` verdict on one record of any registered format."""
    key = kind_of_record(record)
    if key is not None:
        return rules(key).check_record(record)
    if not isinstance(record, dict):
        return {"ok": False, "index": -1, "error": "a record must be a JSON object"}
    return {"ok": False, "index": -1, "error": format_error(record)}
