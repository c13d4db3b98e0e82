"""What a seat's view says about where the cards are, in a form the bots can use.

Everything here is computed from a seat view (``games.xix.engine.seat_view``) only: a bot never
sees the ``State`` it plays against. ``Knowledge`` places every card the seat can place
with certainty and leaves the rest as one pool of unknown cards, which lie somewhere among
the opponent's uncovered closed slots, the face-down row positions the seat cannot see,
and the discard.

Not every unknown card can lie anywhere hidden. A card the seat has *seen* but can no
longer place (``lost``: one it put face down in the row, which the opponent took into its
closed hand and then, by trading a closed card away face down, made uncertain, ruling 15)
is in the opponent's closed hand or at a row position the opponent has filled face down
from its closed hand since it took that card: never in the discard, and never at a row
position still holding a dealt card or a card the opponent placed before. The view states
only certainties, so this comes from the seat's own history (``lost_places``).

In XIX 2.0 (v2) more cards get lost: every card the opponent drafted, and every row card the
seat knew (it placed or slid it) that the opponent took, once the opponent trades again
(ruling 28). Such a card is in the opponent's hand or at a row position the opponent has
filled since the card went into its hand, and nobody has traded at since.
"""

import re
from functools import lru_cache
from math import comb

from games.xix.engine.rules import ALL_CARDS, CARDS, TALON, V2, trick_taker


def mask_of(cards) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_in(mask: int) -> list[int]:
    return [c for c in CARDS if mask >> c & 1]


def leader_takes(variant: str, led: int, followed: int) -> bool:
    """Whether the card led takes the trick against the card followed."""
    return trick_taker(variant, 0, led, followed) == 0


@lru_cache(maxsize=4)
def strength_table(variant: str) -> dict[int, int]:
    """How many of the other 17 cards a card beats, as leader plus as follower (0..34).

    A card's general worth, used to rank cards for drafting, trading and throwing away.
    """
    table = {}
    for card in CARDS:
        as_leader = sum(leader_takes(variant, card, other) for other in CARDS if other != card)
        as_follower = sum(
            not leader_takes(variant, other, card) for other in CARDS if other != card
        )
        table[card] = as_leader + as_follower
    return table


# The seat's history lines that move a card it cannot see (games.xix.engine.history). Only
# the opponent's trades are read (the seat's own start with "You"), by their fixed wording,
# whatever name the opponent is given.
_OPP_TOOK_MINE = re.compile(r" for your face-down (\d+), now in their closed hand$")
_OPP_PLACED_DOWN = re.compile(
    r" traded a card from their closed hand \(now face down at row position (\d)\)"
)
_TRADED_AT = re.compile(r" traded .* at row position (\d)")
_MY_TRADE = re.compile(
    r"^You traded \d+ from your (?:open|closed) hand for .* at row position (\d);"
)


# The same for XIX 2.0's lines: the opponent's trades (the card it took named only when the
# seat knew it), the seat's own trades, and the opponent's draft picks.
_V2_OPP_TRADE = re.compile(r" traded a hidden card for (?:the card|(\d+)) at row position (\d)")
_V2_MY_TRADE = re.compile(r"^You traded \d+ for the \d+ at row position (\d);")
_V2_OPP_DRAFT = re.compile(r" drafted (\d+)$")


def _v2_history(view: dict) -> tuple[dict[int, int], dict[int, int | None]]:
    """(card -> the latest line where it surely went into the opponent's hand, position ->
    line of the opponent's latest trade there, None when the seat traded there since)."""
    took: dict[int, int] = {}
    last_down: dict[int, int | None] = {}
    for index, line in enumerate(view["history"]):
        if line.startswith("You "):
            mine = _V2_MY_TRADE.match(line)
            if mine:
                last_down[int(mine.group(1)) - 1] = None
            continue
        traded = _V2_OPP_TRADE.search(line)
        if traded:
            last_down[int(traded.group(2)) - 1] = index
            if traded.group(1):
                took[int(traded.group(1))] = index
            continue
        drafted = _V2_OPP_DRAFT.search(line)
        if drafted:
            took[int(drafted.group(1))] = index
    return took, last_down


def lost_places(view: dict, lost, hidden_positions) -> dict[int, list[int]]:
    """For each ``lost`` card, the hidden row positions where it may lie (besides the
    opponent's closed hand): those the opponent filled face down from its closed hand after
    it took the card, and which nobody has traded at since."""
    if not lost:
        return {}
    if view["variant"] == V2:
        took, last_down = _v2_history(view)
    else:
        took, last_down = _history(view)
    places = {}
    for card in lost:
        since = took.get(card)
        if since is None:
            raise ValueError(f"the view's history does not say how card {card} was lost")
        places[card] = [
            p for p in hidden_positions if last_down.get(p) is not None and last_down[p] > since
        ]
    return places


def _history(view: dict) -> tuple[dict[int, int], dict[int, int | None]]:
    """``_v2_history`` for the standard and talon lines."""
    took: dict[int, int] = {}  # card -> history line where the opponent took it
    last_down: dict[int, int | None] = {}  # position -> line of its latest filling, if the
    # opponent's face-down one (None: a later trade by anyone put another card there)
    for index, line in enumerate(view["history"]):
        if line.startswith("You "):
            mine = _MY_TRADE.match(line)
            if mine:
                last_down[int(mine.group(1)) - 1] = None
            continue
        placed = _OPP_PLACED_DOWN.search(line)
        if placed:
            last_down[int(placed.group(1)) - 1] = index
        else:
            traded = _TRADED_AT.search(line)
            if traded:
                last_down[int(traded.group(1)) - 1] = None
        taken = _OPP_TOOK_MINE.search(line)
        if taken:
            took[int(taken.group(1))] = index
    return took, last_down


class Knowledge:
    """The seat's certain knowledge, read from its view."""

    def __init__(self, view: dict):
        self.view = view
        self.variant = view["variant"]
        self.me = me = view["viewer"]
        if me not in (0, 1):
            raise ValueError("a bot needs a seat's view")
        self.opp = opp = 1 - me
        mine, theirs = view["hands"][me], view["hands"][opp]
        self.my_closed = list(mine["closed"])
        self.my_open = list(mine["open"])
        self.my_cards = sorted(self.my_closed + self.my_open)
        self.opp_open = list(theirs["open"])
        self.opp_known_closed = list(theirs["known_closed"])
        self.opp_closed_count = theirs["closed_count"]
        self.opp_hidden_slots = self.opp_closed_count - len(self.opp_known_closed)
        self.row = view["row"]
        self.hidden_positions = [slot["position"] for slot in self.row if slot["card"] is None]
        self.pool = list(view["pool"])
        located = mask_of(
            self.my_cards
            + self.opp_open
            + self.opp_known_closed
            + self.pool
            + [slot["card"] for slot in self.row if slot["card"] is not None]
        )
        # Cards the seat cannot place. This is the "unseen" list plus any card the seat has
        # seen but lost track of (a card it placed face down that the opponent took and may
        # have traded away face down again).
        self.unknown = cards_in(ALL_CARDS & ~located)
        expected = self.opp_hidden_slots + len(self.hidden_positions) + 1
        if len(self.unknown) != expected:
            raise ValueError("the view is inconsistent: unknown cards do not fill the slots")
        unseen = set(view["unseen"])
        self.lost = [c for c in self.unknown if c not in unseen]
        self.lost_places = lost_places(view, self.lost, self.hidden_positions)
        self.strength = strength_table(self.variant)

    # --- the opponent's possible cards --------------------------------------------------

    def opp_certain(self) -> list[int]:
        """Cards the opponent surely holds."""
        return self.opp_open + self.opp_known_closed

    def p_opp_has_none(self, cards) -> float:
        """Probability that the opponent holds none of ``cards`` (all of which it may hold).

        Certain cards count fully; unknown cards follow the hypergeometric law of the
        opponent's hidden closed slots drawn from the unknown pool.
        """
        certain = set(self.opp_certain())
        unknown = set(self.unknown)
        if any(c in certain for c in cards):
            return 0.0
        bad = sum(1 for c in cards if c in unknown)
        n, k = len(self.unknown), self.opp_hidden_slots
        if bad == 0 or k == 0:
            return 1.0
        if n - bad < k:
            return 0.0
        return comb(n - bad, k) / comb(n, k)

    def beaters_of_lead(self, card: int) -> list[int]:
        """The cards the opponent might hold that would take the trick if we lead ``card``."""
        possible = self.opp_certain() + self.unknown
        return [c for c in possible if not leader_takes(self.variant, card, c)]

    def p_lead_wins(self, card: int) -> float:
        """Probability that leading ``card`` takes the trick, the opponent replying at best."""
        return self.p_opp_has_none(self.beaters_of_lead(card))

    def winners_against(self, led: int, cards) -> list[int]:
        """Our cards among ``cards`` that take the trick when following ``led``."""
        return [c for c in cards if not leader_takes(self.variant, led, c)]

    def weakest(self, cards) -> int:
        return min(cards, key=lambda c: (self.strength[c], c))

    def strongest(self, cards) -> int:
        return max(cards, key=lambda c: (self.strength[c], c))

    @property
    def talon(self) -> bool:
        return self.variant == TALON
