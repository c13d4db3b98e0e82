"""Openskill's Plackett-Luce model, for games of more than two sides or with partners.

Plackett-Luce (Weng and Lin, 2011) rates a finished game from its order of places: any
number of sides, partners sharing a side, and ties (equal places). The ``openskill``
library keeps a player's skill as a mean ``mu`` (25 for a newcomer) and an uncertainty
``sigma`` (25/3).

The site shows every rating on the Glicko scale, so that 1500 means the same to a player
in every game (docs/ratings.md): one openskill point is ``STEP`` = 42 Glicko points, the
factor that turns a newcomer's sigma of 25/3 into Glicko-2's 350. A newcomer therefore
shows 1500 with a deviation of 350 in both systems, and the provisional mark ("?", a
deviation above 110) means the same thing.

The rating shown is openskill's ordinal, ``alpha * (mu - z * sigma) + target``, with
``alpha`` = ``STEP`` and ``target`` putting a newcomer at 1500. ``Z`` is 0: the ordinal is
then the mean, which is what a Glicko-2 board shows (it marks uncertain ratings with "?"
rather than lowering them). With openskill's usual z = 3 a newcomer would still show
1500, but an average player would climb to about 2250 as sigma shrinks, and 1500 would no
longer mean "an average player" as it does on the Glicko-2 boards.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from . import glicko2

MU = 25.0  # openskill's newcomer
SIGMA = MU / 3
STEP = glicko2.DEFAULT_DEVIATION / SIGMA  # 42.0 Glicko points per openskill point
Z = 0.0  # how many sigmas the shown rating stays below the mean (see above)
TARGET = glicko2.DEFAULT_RATING - STEP * (MU - Z * SIGMA)  # a newcomer's ordinal is 1500

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


@dataclass(frozen=True)
class Skill:
    mu: float = MU
    sigma: float = SIGMA

    @property
    def shown(self) -> float:
        """The rating a player sees: the ordinal on the Glicko scale, 1500 for a newcomer."""
        return _MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal(Z, STEP, TARGET)

    @property
    def deviation(self) -> float:
        return self.sigma * STEP

    def as_glicko(self, volatility: float | None = None) -> glicko2.Rating:
        """The same belief as a Glicko-2 rating: mean and spread mapped by ``STEP``."""
        return glicko2.Rating(
            glicko2.DEFAULT_RATING + STEP * (self.mu - MU),
            self.deviation,
            glicko2.DEFAULT_VOLATILITY if volatility is None else volatility,
        )


def from_glicko(rating: glicko2.Rating) -> Skill:
    """The inverse of ``Skill.as_glicko``."""
    return Skill(MU + (rating.rating - glicko2.DEFAULT_RATING) / STEP, rating.deviation / STEP)


def rate(sides: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    """Every player's skill after one game: ``sides[i]`` are partners (or one player) who
    finished in place ``ranks[i]`` (1 is first; equal places are ties)."""
    if len(sides) != len(ranks) or len(sides) < 2 or not all(sides):
        raise ValueError("a rated game needs two or more sides, each with a place")
    teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma) for s in side] for side in sides]
    rated = _MODEL.rate(teams, ranks=list(ranks))
    return [[Skill(r.mu, r.sigma) for r in team] for team in rated]
