"""What the site's pages say about Xactika beyond its engine: the line and credit of its
rules page and of the home page. Pure data, read through ``games.registry.about("xactika")``
(``xix_site/rules_pages.py``)."""

SUMMARY = (
    "Bid exactly how many tricks you will take with cards of balls, cubes, cones "
    "and stars, where the leader decides what the suit is."
)
# The game's card in the lobby: a picture of its cards (a static path) and one line.
PICTURE = "xactika/lobby-card.svg"
PITCH = "Bid exactly the tricks you will take, with cards of four shapes."
CREDIT = "Designed by Marsha J. Falco, published by Set Enterprises (2002)."
CREDIT_IN_FOOTER = False  # pages about Xactika add its credit to the footer

VARIANT_PAGES: dict[str, str] = {}  # no variant has a rules page of its own
STYLESHEETS: tuple[str, ...] = ()  # nothing of Xactika's on every page

# The section of the rules page about the variants (its id): a game page of any variant
# but the first links there.
VARIANTS_SECTION = "variants"
