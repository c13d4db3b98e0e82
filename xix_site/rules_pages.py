"""The games the site explains: one rules page each, and the index at ``/rules/``.

Every game the registry knows gets a rules page once it is listed here, whether or not the
site serves it yet; a game not served says so on its page instead of linking to a table.
Names, variants and seat counts come from the game's engine (``registry.rules(key)``), so
they stay true when an engine changes; what is written here is what no engine knows: a
one-line description and who made the game. Each page's text is the template
``<key>/rules.html`` in the game's package (``games/<key>/templates/``); a game the site
serves names it in its site object (``rules_template``), a game not served yet has none.
"""

from dataclasses import dataclass, replace

from games import registry


@dataclass(frozen=True)
class About:
    summary: str  # one line for the index and the home page
    credit: str  # who designed or owns the game, in a sentence


# In the order the index and the home page list them.
ABOUT: dict[str, About] = {
    "xix": About(
        summary=(
            "A two-player card game with eighteen cards numbered 1 to 18: win tricks, and "
            "after every trick you lose decide whether to raise the stakes or give up."
        ),
        credit="Designed by Michael Purcell.",
    ),
    "xeri": About(
        summary=(
            "The Greek fishing game: drop a card on the pile and take it by matching the top "
            "card or with a Jack; taking a lone card is a xeri."
        ),
        credit="A traditional Greek game that nobody owns.",
    ),
    "xactika": About(
        summary=(
            "Bid exactly how many tricks you will take with cards of balls, cubes, cones "
            "and stars, where the leader decides what the suit is."
        ),
        credit="Designed by Marsha J. Falco, published by Set Enterprises (2002).",
    ),
    "onexeno": About(
        summary=(
            "Lay square cards whose dark and light borders must match into a field of at "
            "most 5 by 5, and take every line of five you complete."
        ),
        credit="Cards and game by Ray Lauzzana, published by Penrose Press.",
    ),
}


# Variants whose rules are told on a page of their own, (game, variant) -> template: XIX 2.0
# shares little with the older rulebooks but the cards and the 19 rule. Served at
# /rules/<key>/<variant>/, and the game's page links to it.
VARIANT_PAGES: dict[tuple[str, str], str] = {("xix", "v2"): "xix/rules_v2.html"}


def _span(counts: list[int], joiner: str) -> str:
    if len(counts) == 1:
        return str(counts[0])
    if counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2:
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(str(n) for n in counts[:-1]) + f" {joiner} {counts[-1]}"


def players_text(key: str) -> str:
    """How many can play, from the engine's variants: "2 to 7 players, or 4 or 6 as
    partners"; a seat count with teams counts as a partnership game."""
    alone, partners = set(), set()
    for info in registry.rules(key).variants.values():
        teamed = {seats for seats, _sides in info.teams}
        alone.update(n for n in info.seat_counts if n not in teamed)
        partners.update(teamed)
    text = f"{_span(sorted(alone), 'or')} players" if alone else ""
    if partners:
        pairs = f"{_span(sorted(partners), 'or')} as partners"
        text = f"{text}, or {pairs}" if text else pairs
    return text


@dataclass(frozen=True)
class RulesPage:
    key: str
    name: str
    players: str
    summary: str
    credit: str
    variants: tuple[str, ...]  # the variants' labels, as the engine names them
    playable: bool  # the site serves it: there is a lobby to play it in
    template: str
    # The variants with a page of their own: (variant key, label), in the engine's order.
    variant_pages: tuple[tuple[str, str], ...] = ()
    variant: str | None = None  # on a variant's own page: its key
    variant_label: str = ""  # and its label


def games() -> list[RulesPage]:
    """Every game with a rules page, in the order of ``ABOUT``."""
    served = set(registry.served())
    return [game(key, served) for key in ABOUT if key in registry.ENGINES]


def game(key: str, served=None) -> RulesPage:
    """The rules page of ``key``; ``KeyError`` for a game without one."""
    about = ABOUT[key]
    rules = registry.rules(key)
    served = set(registry.served()) if served is None else served
    template = f"{key}/rules.html"
    if key in served:
        template = getattr(registry.site(key), "rules_template", template)
    return RulesPage(
        key=key,
        name=rules.name,
        players=players_text(key),
        summary=about.summary,
        credit=about.credit,
        variants=tuple(info.label for info in rules.variants.values()),
        playable=key in served,
        template=template,
        variant_pages=tuple(
            (variant, info.label)
            for variant, info in rules.variants.items()
            if (key, variant) in VARIANT_PAGES
        ),
    )


def variant_page(key: str, variant: str) -> RulesPage:
    """The page of one variant with rules of its own; ``KeyError`` for any other."""
    template = VARIANT_PAGES[key, variant]
    page = game(key)
    label = registry.rules(key).variants[variant].label
    return replace(page, template=template, variant=variant, variant_label=label)


def credit_line(key: str) -> str:
    """The footer's line for a page about the game ``key`` ("Xeri: a traditional Greek
    game that nobody owns."), or "" for XIX, whose credit the footer always carries, and
    for a game without a rules page."""
    about = ABOUT.get(key)
    if key == "xix" or about is None:
        return ""
    return f"{registry.rules(key).name}: {about.credit[:1].lower()}{about.credit[1:]}"
