"""Events as readable lines, told from one point of view.

The events a state keeps carry every card (they are the server's record). This module is
where hidden cards are left out: a line never names a card the viewer may not know.
Row positions are numbered 1 to 5 for people (they are 0 to 4 in actions).
"""

from . import rules
from .outcome import ENDINGS

FULL = "full"  # a viewer that may see everything (after the game, or staff)
SPECTATOR = "spectator"


def _ordinal_points(points: int) -> str:
    return f"{points} point" if points == 1 else f"{points} points"


class Narrator:
    """Turns events into sentences for one viewer (seat 0, seat 1, SPECTATOR or FULL)."""

    def __init__(self, variant: str, viewer, names=None, *, you=None):
        """``you``: for the FULL viewer, the seat of the person reading (a player looking
        at their finished game), told as "You"; a seat viewer is always "You"."""
        self.variant = variant
        self.viewer = viewer
        self.you = viewer if viewer in (0, 1) else you
        if self.you in (0, 1):
            other = names[1 - self.you] if names else "Opponent"
            self.names = ["You", other] if self.you == 0 else [other, "You"]
        else:
            self.names = list(names) if names else ["Player 1", "Player 2"]

    def is_you(self, seat) -> bool:
        return seat == self.you

    def who(self, seat) -> str:
        return self.names[seat]

    def verb(self, seat, you_form: str, other_form: str) -> str:
        return you_form if self.is_you(seat) else other_form

    def their(self, seat) -> str:
        return "your" if self.is_you(seat) else "their"

    def sees_everything(self) -> bool:
        return self.viewer == FULL

    def scores(self, scores) -> str:
        return f"{self.who(0)} {scores[0]}, {self.who(1)} {scores[1]}"

    def line(self, event) -> str:
        kind = event[0]
        return getattr(self, "_" + kind)(*event[1:])

    def lines(self, events) -> list[str]:
        return [self.line(e) for e in events]

    # One method per event kind, named after it.

    def _start(self, leader, number):
        lead = self.verb(leader, "lead", "leads")
        return f"Exchange {number}: {self.who(leader)} {lead} the first trick"

    def _lead(self, seat, card):
        return f"{self.who(seat)} led {card}"

    def _follow(self, seat, card):
        return f"{self.who(seat)} played {card}"

    def _trick(self, taker, leader, led, followed):
        card = led if taker == leader else followed
        if led + followed == rules.TARGET:
            rule = (
                "the second card takes it"
                if self.variant == rules.TALON
                else ("the lower card takes it")
            )
            why = f"{led} + {followed} = 19, {rule}"
        else:
            why = f"{max(led, followed)} is higher"
        return f"{self.who(taker)} took the trick with {card} ({why})"

    def _strike(self, seat, count, total):
        stakes = rules.STAKES[self.variant][total]
        return (
            f"{self.who(seat)} received strike {count} of 3; "
            f"the exchange is worth {_ordinal_points(stakes)}"
        )

    def _raise(self, seat, stakes):
        return f"{self.who(seat)} raised the stakes to {stakes}"

    def _abandon(self, seat):
        return f"{self.who(seat)} abandoned the exchange"

    def _exchange(self, winner, points, number, scores):
        return (
            f"{self.who(winner)} won exchange {number} and {_ordinal_points(points)} "
            f"(score: {self.scores(scores)})"
        )

    def _over(self, winner, reason, scores):
        why = ENDINGS[reason].sentence
        if winner is None:
            return f"Game over: a draw at {self.scores(scores)} ({why})"
        return f"Game over: {self.who(winner)} won, {self.scores(scores)} ({why})"

    def _draft(self, seat, card):
        return f"{self.who(seat)} drafted {card}"

    def _trade(self, seat, card, from_closed, position, taken, taken_down, placed_by):
        place = f"row position {position + 1}"
        hand = "closed" if from_closed else "open"
        placed_down = from_closed and self.variant == rules.STANDARD
        lies = "face down" if placed_down else "face up"
        if self.is_you(seat) or self.sees_everything():
            taken_how = "face-down " if taken_down else ""
            return (
                f"{self.who(seat)} traded {card} from {self.their(seat)} {hand} hand for the "
                f"{taken_how}{taken} at {place}; {card} now lies {lies} there"
            )
        given = (
            f"a card from their closed hand (now face down at {place})"
            if placed_down
            else f"{card} from their {hand} hand (now face up at {place})"
        )
        if not taken_down:
            got = f"{taken}, which was face up"
        elif placed_by == self.viewer:
            got = f"your face-down {taken}, now in their closed hand"
        else:
            got = "the face-down card there, now in their closed hand"
        return f"{self.who(seat)} traded {given} for {got}"

    # XIX 2.0 (v2) only. A seat that slides sees the card, its opponent only the position
    # (ruling 20); the card a trade puts in the row is its placer's alone (ruling 25).

    def _slide(self, seat, position, card):
        place = f"row position {position + 1}"
        if self.is_you(seat) or self.sees_everything():
            return f"{self.who(seat)} slid {place} and saw {card} there"
        return f"{self.who(seat)} slid {place} and looked at its card"

    def _slid_back(self, number):
        return f"The cards slid in exchange {number} go back face down to their places"

    def _swap(self, seat, card, position, taken, knew):
        place = f"row position {position + 1}"
        if self.is_you(seat) or self.sees_everything():
            return (
                f"{self.who(seat)} traded {card} for the {taken} at {place}; "
                f"{card} now lies face down there"
            )
        if self.viewer in (0, 1) and knew >> self.viewer & 1:
            got = f"{taken} at {place}, which you knew"
        else:
            got = f"the card at {place}"
        return f"{self.who(seat)} traded a hidden card for {got}"
