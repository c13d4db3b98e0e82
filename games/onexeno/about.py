"""What the site's pages say about ONEXENO beyond its engine: the line and credit of its
rules page and of the home page. Pure data, read through ``games.registry.about("onexeno")``
(``xix_site/rules_pages.py``)."""

SUMMARY = (
    "Lay square cards whose dark and light borders must match into a field of at "
    "most 5 by 5, and take every line of five you complete."
)
# The game's card in the lobby: a picture of its cards (a static path) and one line.
PICTURE = "onexeno/lobby-card.svg"
PITCH = "Match the borders of square cards and complete lines of five."
CREDIT = "Cards and game by Ray Lauzzana, published by Penrose Press."
CREDIT_IN_FOOTER = False  # pages about ONEXENO add its credit to the footer

VARIANT_PAGES: dict[str, str] = {}  # no variant has a rules page of its own
STYLESHEETS: tuple[str, ...] = ()  # nothing of ONEXENO's on every page

# The section of the rules page about the variants (its id): a game page of any variant
# but the first links there.
VARIANTS_SECTION = "variants"
