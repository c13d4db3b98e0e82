"""A hand-written Xactika player that reads its seat's view only.

Bidding: the sum, over its cards, of the chance that the card would take a trick if led
with its best shape (no unseen card of that suit at least as high in another hand). Play:
while it wants tricks (Play to Win always; Play to Bid until its bid is made) it leads its
likeliest winner and follows with the cheapest card that takes the trick when it plays
last, its highest winner otherwise; when it wants none (Play to Lose; a made bid) it leads
its likeliest loser and sheds its highest card that does not win.
"""

import itertools

SHAPES = ("ball", "cube", "cone", "star")
DECK = tuple("".join(digits) for digits in itertools.product("123", repeat=4))
HAND = 8


def value(card: str) -> int:
    return sum(int(digit) for digit in card)


def count_of(card: str, shape: str) -> int:
    return int(card[SHAPES.index(shape)])


def legal_of(view: dict) -> list[dict]:
    """The legal actions a view offers its seat; refuses a view with none."""
    legal = view["legal_actions"]
    if not legal:
        raise ValueError("the seat has no legal action")
    return legal


class Table:
    """What the bot reads of a view: its hand, the unseen cards, who still holds cards."""

    def __init__(self, view: dict):
        self.view = view
        self.me = view["to_move"]
        self.hand = view["hand"]
        played = [p["card"] for trick in view["tricks"] for p in trick["plays"]]
        if view["trick"]:
            played += [p["card"] for p in view["trick"]["plays"]]
        self.unseen = set(DECK) - set(self.hand) - set(played)
        counts = view["hand_counts"]
        held = sum(counts) - counts[self.me]  # the other hands hold this many unseen cards
        self.share = held / len(self.unseen) if self.unseen else 0.0

    def chance_to_hold(self, card: str, shape: str, beaten_by_equal: bool) -> float:
        """The chance that no other hand holds a card of the suit that beats ``card``."""
        count, mine = count_of(card, shape), value(card)
        threats = sum(
            1
            for other in self.unseen
            if count_of(other, shape) == count
            and (value(other) > mine or (beaten_by_equal and value(other) == mine))
        )
        return (1.0 - self.share) ** threats

    def lead_chance(self, card: str, shape: str) -> float:
        return self.chance_to_hold(card, shape, beaten_by_equal=True)

    def wants_tricks(self) -> bool:
        view = self.view
        if view["variant"] == "win":
            return True
        if view["variant"] == "lose":
            return False
        bid = next(b["n"] for b in view["bids"] if b["seat"] == self.me)
        return view["taken"][self.me] < bid


class HeuristicBot:
    level = "heuristic"

    def choose(self, view: dict, rng=None) -> dict:
        """``rng`` is unused: the heuristic is deterministic."""
        legal = legal_of(view)
        table = Table(view)
        if legal[0]["type"] == "bid":
            return self._bid(table, legal)
        if view["trick"] is None:
            return self._lead(table, legal)
        return self._follow(table, legal)

    def _bid(self, table: Table, legal: list[dict]) -> dict:
        expected = sum(
            max(table.lead_chance(card, shape) for shape in SHAPES) for card in table.hand
        )
        return min(legal, key=lambda action: (abs(action["n"] - expected), action["n"]))

    def _lead(self, table: Table, legal: list[dict]) -> dict:
        def score(action):
            chance = table.lead_chance(action["card"], action["shape"])
            return chance if want else -chance

        want = table.wants_tricks()
        # Ties: the higher card first when winning is wanted is no loss; when shedding,
        # leading the higher card of two sure losers rids the hand of danger.
        return max(legal, key=lambda action: (score(action), value(action["card"])))

    def _follow(self, table: Table, legal: list[dict]) -> dict:
        trick = table.view["trick"]
        shape, count = trick["shape"], trick["count"]
        suited = [p["card"] for p in trick["plays"] if count_of(p["card"], shape) == count]
        best = max(value(card) for card in suited)
        cards = [action["card"] for action in legal]
        winners = [c for c in cards if count_of(c, shape) == count and value(c) >= best]
        losers = [c for c in cards if c not in winners]
        last = len(trick["plays"]) == table.view["seats"] - 1
        if table.wants_tricks():
            if winners:
                pick = min(winners, key=value) if last else max(winners, key=value)
            else:
                pick = min(losers, key=value)
        elif losers:
            pick = max(losers, key=value)
        else:
            pick = max(winners, key=value) if last else min(winners, key=value)
        return next(action for action in legal if action["card"] == pick)
