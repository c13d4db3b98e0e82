"""What the site's pages say about XIX beyond its engine: the line and credit of its rules
page and of the home page, its variant with a rules page of its own, and the stylesheet of
its variants' badges. Pure data, read through ``games.registry.about("xix")``
(``xix_site/rules_pages.py``)."""

SUMMARY = (
    "A two-player card game with eighteen cards numbered 1 to 18: win tricks, and "
    "after every trick you lose decide whether to raise the stakes or give up."
)
# The game's card in the lobby: a picture of its cards (a static path) and one line.
PICTURE = "xix/lobby-card.svg"
PITCH = "Eighteen numbered cards, two players, and a raise after every trick you lose."
CREDIT = "Designed by Michael Purcell."
# The site's footer carries XIX's credit on every page not about another game, so a page
# about XIX adds no line of its own.
CREDIT_IN_FOOTER = True

# Variants whose rules are told on a page of their own, variant -> template: XIX 2.0
# shares little with the older rulebooks but the cards and the 19 rule. Served at
# /rules/xix/<variant>/, and the game's page links to it.
VARIANT_PAGES = {"v2": "xix/rules_v2.html"}

# The variants XIX had before the site served other games. Their leaderboards keep their
# old addresses (/leaderboard/<variant>/ moves for good to /leaderboard/xix/<variant>/), and
# every profile shows their records, played or not; a later variant (v2) shows once played.
LEGACY_VARIANTS = ("standard", "talon")
# Element ids and the history's variant filter name XIX's boards by the variant alone
# ("standard", "v2"), as they did before games had kinds; other games' are "<key>-<variant>".
BOARDS_BY_VARIANT = True

# Linked from every page (the variant badges appear in the lobby, game lists and profiles):
# games/xix/static/xix/badges.css.
STYLESHEETS = ("xix/badges.css",)

# The section of the rules page about the variants (its id): a game page of any variant
# but the first links there.
VARIANTS_SECTION = "differences"
