"""A game that exists only in the ratings tests, registered by the ``party`` fixture.

Ratings need no more of a game than its name and variants: ``duel`` is one against one,
``free`` is for 2 to 6 players each for themselves, ``pairs`` is two against two.
"""

from games.kit.outcome import Ending
from games.kit.variants import VariantInfo


class PartyRules:
    key = "party"
    name = "Party"
    record_format = "party/1"
    variants = {
        "duel": VariantInfo("duel", "Duel", (2,)),
        "free": VariantInfo("free", "Free for all", (2, 3, 4, 5, 6)),
        "pairs": VariantInfo("pairs", "Pairs", (4,), teams=((4, ((0, 2), (1, 3))),)),
    }
    endings = {"end": Ending("The game ended", "The game ended.", can_draw=True)}


RULES = PartyRules()
