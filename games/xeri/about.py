"""What the site's pages say about Xeri beyond its engine: the line and credit of its rules
page and of the home page. Pure data, read through ``games.registry.about("xeri")``
(``xix_site/rules_pages.py``)."""

SUMMARY = (
    "The Greek fishing game: drop a card on the pile and take it by matching the top "
    "card or with a Jack; taking a lone card is a xeri."
)
# The game's card in the lobby: a picture of its cards (a static path) and one line.
PICTURE = "xeri/lobby-card.svg"
PITCH = "Take the pile by matching its top card; a lone card taken is a xeri."
CREDIT = "A traditional Greek game that nobody owns."
CREDIT_IN_FOOTER = False  # pages about Xeri add its credit to the footer

VARIANT_PAGES: dict[str, str] = {}  # no variant has a rules page of its own
STYLESHEETS: tuple[str, ...] = ()  # nothing of Xeri's on every page

# The section of the rules page about the variants (its id): a game page of any variant
# but the first links there.
VARIANTS_SECTION = "variants"
