"""The heuristic bot: rules of thumb a decent player would use, from the seat's view only.

- **Follow**: take the trick with the cheapest card that takes it; if none does, throw the
  weakest card.
- **Lead**: lead the cheapest card that surely takes the trick (no card the opponent may
  hold beats it); else the card most likely to take it, if that is better than even;
  else throw the weakest card.
- **Raise or abandon**: first the game score (abandoning or raising may end the game at
  once; the standard "exactly 19, fewer wins" rule included), then the chance of winning
  the exchange, estimated from the chance that each of our best cards takes a trick
  against the cards still able to beat it.
- **Slide** (v2): a row position whose card the seat does not know, preferring one the
  opponent knows (learning what it knows), else the first one offered.
- **Draft**: the strongest card in the pool.
- **Trade**: give the weakest card allowed, take the row card with the most expected
  strength (a known card at its worth, a hidden one at the average of the unknown cards).

A card's strength is how many of the other 17 cards it beats as leader and as follower
(``knowledge.strength_table``): 18 is strong, 1 is weak but beats 18 in the standard game.
"""

import random
from functools import lru_cache

from games.xix.engine.rules import STAKES, TALON, TARGET, V2

from .knowledge import Knowledge

RAISE_THRESHOLD = 0.25


def game_value(variant: str, scores, me: int) -> float | None:
    """1 if ``scores`` end the game with ``me`` winning, 0 if losing, None if it goes on.

    The standard variant ends on the score (ruling 11), v2 at 19 or more (ruling 22); talon
    returns None.
    """
    if variant == TALON:
        return None
    if variant == V2:
        if max(scores) >= TARGET:
            return 1.0 if scores[me] > scores[1 - me] else 0.0
        return None
    a, b = scores
    if a + b == TARGET:
        return 1.0 if scores[me] < scores[1 - me] else 0.0
    if a >= TARGET or b >= TARGET:
        return 1.0 if scores[me] > scores[1 - me] else 0.0
    return None


# Rough chances of an exchange being worth 1, 2, ... strikes' stakes between fair players
# (v2: an exchange always runs to 3, 4 or 5 strikes).
_STRIKE_CHANCES = (0.0, 0.45, 0.25, 0.15, 0.1, 0.05)
_V2_STRIKE_CHANCES = (0.0, 0.0, 0.0, 0.25, 0.375, 0.375)


@lru_cache(maxsize=4)
def score_table(variant: str) -> dict[tuple[int, int], float]:
    """Chance that seat 0 wins the game from scores (a, b), if every exchange goes to either
    seat with even chances (standard only: the talon game does not end on the score).

    This is the "feel for the scoreboard" of a player who knows that in the standard game
    a lead is a liability near a total of 19 (exactly 19 in all: the lower score wins).
    """
    table: dict[tuple[int, int], float] = {}
    stakes = STAKES[variant]
    chances = _V2_STRIKE_CHANCES if variant == V2 else _STRIKE_CHANCES

    def value(a: int, b: int) -> float:
        end = game_value(variant, (a, b), 0)
        if end is not None:
            return end
        if (a, b) not in table:
            total = 0.0
            for strikes in range(1, 6):
                k = stakes[strikes]
                total += chances[strikes] * 0.5 * (value(a + k, b) + value(a, b + k))
            table[(a, b)] = total
        return table[(a, b)]

    for a in range(TARGET - 1, -1, -1):
        for b in range(TARGET - 1, -1, -1):
            value(a, b)
    return table


def score_value(variant: str, scores, me: int) -> float:
    """Our chance to win the game from ``scores`` by ``score_table`` (0.5 in talon)."""
    if variant == TALON:
        return 0.5
    end = game_value(variant, scores, me)
    if end is not None:
        return end
    a, b = (scores[0], scores[1]) if me == 0 else (scores[1], scores[0])
    return score_table(variant)[(a, b)]


def _award(scores, seat: int, points: int) -> list[int]:
    after = list(scores)
    after[seat] += points
    return after


def _find(legal: list[dict], **fields) -> dict:
    for action in legal:
        if all(action.get(k) == v for k, v in fields.items()):
            return action
    raise LookupError(f"no legal action with {fields}")


def exchange_win_probability(chances: list[float], wins_needed: int, losses_left: int) -> float:
    """Chance to take ``wins_needed`` tricks before ``losses_left`` strikes.

    ``chances`` are the per-trick chances of the cards we would play, best first; a trick
    beyond the list counts as lost.
    """
    # dist[w] = probability of having taken w tricks with no decision yet, after t tricks.
    dist = {0: 1.0}
    won = 0.0
    for t in range(wins_needed + losses_left - 1):
        q = chances[t] if t < len(chances) else 0.0
        nxt: dict[int, float] = {}
        for w, p in dist.items():
            losses = t - w
            if w + 1 >= wins_needed:
                won += p * q
            else:
                nxt[w + 1] = nxt.get(w + 1, 0.0) + p * q
            if losses + 1 < losses_left:
                nxt[w] = nxt.get(w, 0.0) + p * (1 - q)
        dist = nxt
    return won


class HeuristicBot:
    level = "heuristic"

    def __init__(self, raise_threshold: float = RAISE_THRESHOLD):
        self.raise_threshold = raise_threshold

    def choose(self, view: dict, seed=None) -> dict:
        legal = view["legal_actions"]
        if not legal:
            raise ValueError("the seat has no legal action")
        if len(legal) == 1:
            return legal[0]
        know = Knowledge(view)
        phase = view["phase"]
        if phase == "play":
            card = self._play(know, view)
            return _find(legal, type="play", card=card)
        if phase == "decide":
            return _find(legal, type="raise" if self._raise(know, view) else "abandon")
        if phase == "slide":
            return self._slide(view, legal)
        if phase == "draft":
            return _find(legal, type="draft", card=know.strongest(view["pool"]))
        if phase == "trade":
            return self._trade(know, legal)
        # Not reached for a valid view; a random legal action keeps the bot total.
        return random.Random(seed).choice(legal)

    # --- tricks -------------------------------------------------------------------------

    def _wants_to_lose(self, know: Knowledge, view: dict) -> bool:
        """Whether winning the exchange now would lose the game and losing it would not."""
        points = view["stakes_next"]
        if points is None:
            return False
        scores = view["scores"]
        win = score_value(know.variant, _award(scores, know.me, points), know.me)
        lose = score_value(know.variant, _award(scores, know.opp, points), know.me)
        return win < lose

    def _play(self, know: Knowledge, view: dict) -> int:
        cards = know.my_cards
        trick = view["trick"]
        if self._wants_to_lose(know, view):
            if trick is not None:
                losers = [c for c in cards if c not in know.winners_against(trick["card"], cards)]
                if losers:
                    return know.weakest(losers)
            return min(cards, key=lambda c: (know.p_lead_wins(c), know.strength[c]))
        if trick is not None:
            winners = know.winners_against(trick["card"], cards)
            if winners:
                return know.weakest(winners)
            return know.weakest(cards)
        chances = {c: know.p_lead_wins(c) for c in cards}
        sure = [c for c in cards if chances[c] >= 1.0]
        if sure:
            return know.weakest(sure)
        best = max(cards, key=lambda c: (chances[c], -know.strength[c]))
        if chances[best] > 0.5:
            return best
        return know.weakest(cards)

    # --- raise or abandon ---------------------------------------------------------------

    def _raise(self, know: Knowledge, view: dict) -> bool:
        me, opp = know.me, know.opp
        scores = view["scores"]
        strikes = view["strikes"]
        stakes = view["stakes"]
        variant = know.variant
        nxt = view["stakes_next"] or stakes
        wins_needed = 3 - strikes[opp]
        losses_left = 3 - strikes[me]
        chances = sorted((know.p_lead_wins(c) for c in know.my_cards), reverse=True)
        p = exchange_win_probability(chances, wins_needed, losses_left)
        if variant == TALON:
            return p >= self.raise_threshold
        # Standard: weigh the scoreboard (ruling 11). Abandoning awards the stakes now;
        # raising plays for at least the next stakes either way.
        abandon = score_value(variant, _award(scores, opp, stakes), me)
        if abandon in (0.0, 1.0):
            return abandon == 0.0
        win = score_value(variant, _award(scores, me, nxt), me)
        lose = score_value(variant, _award(scores, opp, nxt), me)
        # Our estimate of p is cautious (the opponent's best reply to every lead).
        p = min(1.0, p + self.raise_threshold)
        return p * win + (1 - p) * lose > abandon

    # --- slide (v2) ----------------------------------------------------------------------

    def _slide(self, view: dict, legal: list[dict]) -> dict:
        row = view["row"]
        opp = 1 - view["viewer"]

        def worth(action):
            slot = row[action["position"]]
            return (slot["card"] is None, opp in slot["known_to"])

        best = max(worth(action) for action in legal)
        return next(action for action in legal if worth(action) == best)

    # --- draft and trade ----------------------------------------------------------------

    def _trade(self, know: Knowledge, legal: list[dict]) -> dict:
        strength = know.strength
        unknown = know.unknown
        hidden_worth = sum(strength[c] for c in unknown) / len(unknown) if unknown else 0.0
        row_worth = {}
        for slot in know.row:
            row_worth[slot["position"]] = (
                hidden_worth if slot["card"] is None else float(strength[slot["card"]])
            )
        closed = set(know.my_closed)

        def gain(action):
            card, position = action["card"], action["position"]
            # Prefer giving a closed card away when equal: it goes face down (standard).
            return (row_worth[position] - strength[card], card in closed, -card, -position)

        return max(legal, key=gain)
