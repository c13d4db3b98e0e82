"""Tally's rules, set-up and state.

- The deck holds the cards 1 to 40. The set-up deals each seat 3 of them (its hand, which
  only that seat sees); the rest are never dealt and nobody sees them.
- Three rounds. In a round every seat plays one card from its hand, clockwise from the
  round's leader (the set-up's ``"first"`` seat in round 1). Once all have played, the seat
  of the highest card takes + that card's value and the seat of the lowest card takes -
  that card's value; the seat of the highest card leads the next round.
- A side is a seat alone, or a team in the ``partners`` variant (4 seats: 0+2 and 1+3;
  6 seats: 0+3, 1+4 and 2+5); its score is the sum of its seats' points. After three
  rounds the game is over: sides rank by score, higher first, and equal scores share a
  place (a draw).
"""

import random
from dataclasses import dataclass, replace

from games.kit.errors import IllegalAction, InvalidSetup
from games.kit.outcome import Ending, Outcome, side_ranks
from games.kit.play import fold_actions
from games.kit.shapes import check_action_shape
from games.kit.variants import VariantInfo

DECK = tuple(range(1, 41))
HAND = 3  # cards per seat, and so rounds per game
SETUP_KEYS = ("hands", "undealt", "first")
SCHEMA = {"play": {"card": int}}
PLAYED_OUT = "played out"
ENDINGS = {
    PLAYED_OUT: Ending(
        "Every card in hand has been played", "Every card in hand has been played.", can_draw=True
    )
}

VARIANTS = {
    "duel": VariantInfo("duel", "Duel", (2,), can_draw=True),
    "open": VariantInfo(
        "open", "Open table", tuple(range(3, 11)), can_draw=True, timeout_policy="zombie"
    ),
    "partners": VariantInfo(
        "partners",
        "Partners",
        (4, 6),
        teams=((4, ((0, 2), (1, 3))), (6, ((0, 3), (1, 4), (2, 5)))),
        can_draw=True,
        timeout_policy="zombie",
    ),
}


def check_table(variant, seats) -> VariantInfo:
    """The variant's ``VariantInfo``; InvalidSetup unless it is played by ``seats`` seats."""
    info = VARIANTS.get(variant) if isinstance(variant, str) else None
    if info is None:
        raise InvalidSetup(
            f"tally has no variant {variant!r}: the variants are duel, open, partners"
        )
    if type(seats) is not int or seats not in info.seat_counts:
        counts = ", ".join(map(str, info.seat_counts))
        raise InvalidSetup(f"{variant} is played by {counts} seats, not {seats!r}")
    return info


def deal(seed, variant: str, seats: int) -> dict:
    """``{"hands": [3 cards per seat], "undealt": [the rest], "first": seat}`` from ``seed``."""
    check_table(variant, seats)
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [sorted(deck[HAND * seat : HAND * (seat + 1)]) for seat in range(seats)]
    return {"hands": hands, "undealt": sorted(deck[HAND * seats :]), "first": rng.randrange(seats)}


def check_setup(variant, seats, setup) -> None:
    check_table(variant, seats)
    if not isinstance(setup, dict) or set(setup) != set(SETUP_KEYS):
        raise InvalidSetup('a tally set-up holds exactly "hands", "undealt" and "first"')
    hands, undealt, first = setup["hands"], setup["undealt"], setup["first"]
    if not isinstance(hands, list) or len(hands) != seats:
        raise InvalidSetup(f'"hands" must be a list of {seats} hands')
    if not all(isinstance(hand, list) and len(hand) == HAND for hand in hands):
        raise InvalidSetup(f"every hand must be a list of {HAND} cards")
    if not isinstance(undealt, list):
        raise InvalidSetup('"undealt" must be a list of cards')
    cards = [card for hand in hands for card in hand] + undealt
    if any(type(card) is not int for card in cards) or sorted(cards) != list(DECK):
        raise InvalidSetup("the hands and the undealt cards must hold 1 to 40, each once")
    if type(first) is not int or not 0 <= first < seats:
        raise InvalidSetup(f'"first" must be a seat from 0 to {seats - 1}, not {first!r}')


@dataclass(frozen=True)
class State:
    """A position; ``apply`` returns a new one. ``events`` is every event so far, in order."""

    variant: str
    seats: int
    sides: tuple[tuple[int, ...], ...] | None
    hands: tuple[tuple[int, ...], ...]
    undealt: tuple[int, ...]
    to_move: int | None
    round: int = 1
    table: tuple[tuple[int, int], ...] = ()  # (seat, card) played this round, in order
    last_round: tuple[tuple[int, int], ...] = ()  # the table of the round before
    points: tuple[int, ...] = ()
    n_actions: int = 0
    events: tuple[dict, ...] = ()

    @classmethod
    def new(cls, variant: str, seats: int, setup: dict) -> "State":
        check_setup(variant, seats, setup)
        return cls(
            variant=variant,
            seats=seats,
            sides=VARIANTS[variant].sides(seats),
            hands=tuple(tuple(sorted(hand)) for hand in setup["hands"]),
            undealt=tuple(sorted(setup["undealt"])),
            to_move=setup["first"],
            points=(0,) * seats,
        )

    @property
    def over(self) -> bool:
        return self.to_move is None

    def legal_actions(self) -> list[dict]:
        if self.over:
            return []
        return [{"seat": self.to_move, "type": "play", "card": c} for c in self.hands[self.to_move]]

    def apply(self, action) -> tuple["State", tuple]:
        check_action_shape(action, SCHEMA)
        seat, card = action["seat"], action["card"]
        if self.over:
            raise IllegalAction("the game is over")
        if seat != self.to_move:
            raise IllegalAction(f"it is seat {self.to_move}'s turn, not seat {seat!r}'s")
        if card not in self.hands[seat]:
            raise IllegalAction(f"seat {seat} holds no card {card}")
        hands = tuple(
            tuple(c for c in hand if c != card) if s == seat else hand
            for s, hand in enumerate(self.hands)
        )
        table = (*self.table, (seat, card))
        events = ({"type": "play", "seat": seat, "card": card},)
        after = replace(self, hands=hands, table=table, n_actions=self.n_actions + 1)
        if len(table) < self.seats:
            after = replace(after, to_move=(seat + 1) % self.seats)
        else:
            after, closing = after._close_round()
            events += closing
        return replace(after, events=self.events + events), events

    def _close_round(self) -> tuple["State", tuple]:
        high_seat, high = max(self.table, key=lambda played: played[1])
        low_seat, low = min(self.table, key=lambda played: played[1])
        points = list(self.points)
        points[high_seat] += high
        points[low_seat] -= low
        events = (
            {
                "type": "round",
                "round": self.round,
                "high": {"seat": high_seat, "card": high},
                "low": {"seat": low_seat, "card": low},
            },
        )
        done = self.round == HAND
        if done:
            events += ({"type": "over", "reason": PLAYED_OUT},)
        after = replace(
            self,
            round=self.round if done else self.round + 1,
            table=(),
            last_round=self.table,
            points=tuple(points),
            to_move=None if done else high_seat,
        )
        return after, events

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's side's score: its own points, or its team's sum."""
        if not self.sides:
            return self.points
        team = {seat: side for side in self.sides for seat in side}
        return tuple(sum(self.points[s] for s in team[seat]) for seat in range(self.seats))

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        scores = self.scores
        return Outcome(scores, side_ranks(scores, self.sides), PLAYED_OUT)


def replay(variant: str, seats: int, setup: dict, actions) -> State:
    """The state after ``actions``; an IllegalAction carries the index of the first bad one."""
    return fold_actions(State.new(variant, seats, setup), actions)
