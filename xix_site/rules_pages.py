"""The games the site explains: one rules page each, and the index at ``/rules/``.

Every game the registry knows gets a rules page once its package has an ``about`` module
(``games/<key>/about.py``, read through ``registry.about``), whether or not the site serves
it yet; a game not served says so on its page instead of linking to a table. Names,
variants and seat counts come from the game's engine (``registry.rules(key)``), so they
stay true when an engine changes; what no engine knows (a one-line description, who made
the game, the variants with a page of their own) is in its ``about`` module. Each page's
text is the template ``<key>/rules.html`` in the game's package (``games/<key>/templates/``);
a game the site serves names it in its site object (``rules_template``), a game not served
yet has none. Nothing here names a game.
"""

from dataclasses import dataclass, replace

from django.urls import reverse

from games import registry


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
    picture: str = ""  # the lobby card's picture (a static path), "" for none
    pitch: str = ""  # the lobby card's one line (the summary when the game says none)
    variant_label: str = ""  # and its label


def _about_or_none(key: str):
    """The ``about`` module of ``key``; None for a game without one or an unknown key."""
    return registry.about(key) if key in registry.ENGINES else None


def _about(key: str):
    """The ``about`` module of ``key``; ``KeyError`` for a game without one."""
    about = _about_or_none(key)
    if about is None:
        raise KeyError(key)
    return about


def keys() -> list[str]:
    """The games with a rules page, in the order the index and the home page list them: the
    games the site serves in its order, then the others in the registry's."""
    served = registry.served()
    ordered = served + [key for key in registry.ENGINES if key not in served]
    return [key for key in ordered if registry.about(key) is not None]


def games() -> list[RulesPage]:
    """Every game with a rules page (``keys``)."""
    served = set(registry.served())
    return [game(key, served) for key in keys()]


def game(key: str, served=None) -> RulesPage:
    """The rules page of ``key``; ``KeyError`` for a game without one."""
    about = _about(key)
    rules = registry.rules(key)
    served = set(registry.served()) if served is None else served
    template = f"{key}/rules.html"
    if key in served:
        template = getattr(registry.site(key), "rules_template", template)
    return RulesPage(
        key=key,
        name=rules.name,
        players=players_text(key),
        summary=about.SUMMARY,
        credit=about.CREDIT,
        picture=getattr(about, "PICTURE", ""),
        pitch=getattr(about, "PITCH", about.SUMMARY),
        variants=tuple(info.label for info in rules.variants.values()),
        playable=key in served,
        template=template,
        variant_pages=tuple(
            (variant, info.label)
            for variant, info in rules.variants.items()
            if variant in about.VARIANT_PAGES
        ),
    )


def variant_page(key: str, variant: str) -> RulesPage:
    """The page of one variant with rules of its own; ``KeyError`` for any other."""
    template = _about(key).VARIANT_PAGES[variant]
    page = game(key)
    label = registry.rules(key).variants[variant].label
    return replace(page, template=template, variant=variant, variant_label=label)


def rules_url(key: str, variant: str) -> str | None:
    """Where a game page links for its rules: the variant's own page when it has one, else
    the game's page, at its ``VARIANTS_SECTION`` for any variant but the first (the one the
    page describes); None for a game without a rules page."""
    about = _about_or_none(key)
    if about is None:
        return None
    if variant in about.VARIANT_PAGES:
        return reverse("rules_variant", kwargs={"key": key, "variant": variant})
    url = reverse("rules_game", kwargs={"key": key})
    section = getattr(about, "VARIANTS_SECTION", "")
    if section and variant != next(iter(registry.rules(key).variants)):
        url += f"#{section}"
    return url


def credit_line(key: str) -> str:
    """The footer's line for a page about the game ``key`` ("Xeri: a traditional Greek
    game that nobody owns."), or "" for a game whose credit the footer always carries
    (``CREDIT_IN_FOOTER``: XIX's) and for a game without a rules page."""
    about = _about_or_none(key)
    if about is None or about.CREDIT_IN_FOOTER:
        return ""
    credit = about.CREDIT
    return f"{registry.rules(key).name}: {credit[:1].lower()}{credit[1:]}"


def stylesheets() -> list[str]:
    """The games' stylesheets every page links (their ``STYLESHEETS``: XIX's variant
    badges), in the order of ``keys``."""
    return [sheet for key in keys() for sheet in registry.about(key).STYLESHEETS]
