"""The heuristic Xeri bot: what a careful player does, from the seat's view only.

1. **Take with a match.** A card of the top card's rank takes the pile at no cost (a xeri
   when the pile is one card): play it.
2. **Take with a Jack** when the pile is worth a Jack: a lone Jack (a Jack xeri, 20), or a
   pile whose value (card points, and a share of the 3 points for more cards) is at least
   ``JACK_VALUE``, or the last plays of the round, when a Jack left in hand would be
   dropped for nothing.
3. **Otherwise drop** the card that risks least: the chance that the next player (always
   an opponent) can take the pile, from how many cards of that rank and Jacks are still
   unseen and how many cards that player holds, times what the pile would then be worth,
   with a xeri's 10 added when the card would lie alone. A Jack is never dropped while
   another card can be.

Everything comes from the view: the hand, the pile, the hand sizes and the ``unseen``
cards (those in no known place: other hands or the stock).
"""

from math import comb

from games.xeri.engine.cards import JACK, POINTS, RANK

from .random_bot import legal_of

JACK_VALUE = 2.5
CARD_SHARE = 3 / 27  # a card's share of the 3 points for more cards
XERI = 10
JACK_XERI = 20


def pile_value(cards) -> float:
    return sum(POINTS[card] + CARD_SHARE for card in cards)


def chance_of_any(wanted: int, unseen: int, hand: int) -> float:
    """The chance that ``hand`` cards drawn from ``unseen`` hold one of ``wanted``."""
    if wanted <= 0 or hand <= 0 or unseen <= 0:
        return 0.0
    hand = min(hand, unseen)
    return 1 - comb(unseen - wanted, hand) / comb(unseen, hand) if unseen - wanted >= hand else 1.0


class HeuristicBot:
    level = "heuristic"

    def choose(self, view: dict, rng=None) -> dict:
        legal = legal_of(view)
        card = self.card(view)
        return next(action for action in legal if action["card"] == card)

    def card(self, view: dict) -> str:
        hand = view["hand"]
        pile = view["pile"]
        top = RANK[pile[-1]] if pile else None
        matches = [card for card in hand if RANK[card] == top]
        if matches:
            return max(matches, key=lambda card: POINTS[card])
        jacks = [card for card in hand if RANK[card] == JACK]
        others = [card for card in hand if RANK[card] != JACK]
        last_plays = view["stock"] == 0 and len(hand) <= 2
        if pile and jacks:
            worth = pile_value(pile) + (JACK_XERI if pile == [pile[0]] and top == JACK else 0)
            if worth >= JACK_VALUE or not others or last_plays:
                return jacks[0]
        if not others:
            return jacks[0]
        return min(others, key=lambda card: (self.risk(view, card), POINTS[card], card))

    def risk(self, view: dict, card: str) -> float:
        """What dropping ``card`` may hand the next player, in expected points."""
        unseen = view["unseen"]
        rank = RANK[card]
        wanted = sum(1 for other in unseen if RANK[other] in (rank, JACK))
        seats = view["seats"]
        following = (view["viewer"] + 1) % seats
        chance = chance_of_any(wanted, len(unseen), view["hand_counts"][following])
        value = pile_value(view["pile"]) + POINTS[card] + CARD_SHARE
        if not view["pile"]:
            same = sum(1 for other in unseen if RANK[other] == rank)
            xeri = chance_of_any(same, len(unseen), view["hand_counts"][following]) * XERI
            return chance * value + xeri
        return chance * value


def choose(view: dict, rng=None) -> dict:
    """The heuristic play; ``rng`` is accepted for the bots' common signature and unused:
    the heuristic bot is deterministic."""
    return HeuristicBot().choose(view, rng)
