"""Rating systems behind one function, ``rate``.

A game of two single seats is rated with Glicko-2 (``glicko2``), as XIX always was; a game
of three or more sides, or with partners, with openskill's Plackett-Luce (``openskill``).
Both read and write a ``State``, the numbers one ``ratings.models.Rating`` row holds.

Each leaderboard (one per game and variant) reads in one way, its ``board``:
- ``"glicko2"`` for variants only ever played one against one: ``rating`` is the Glicko-2
  rating, ``mu`` and ``sigma`` stay empty;
- ``"openskill"`` for variants that can have more sides or partners: ``mu`` and ``sigma``
  are openskill's and ``rating`` is the ordinal on the Glicko scale (``openskill.Skill``).
A two-seat game of such a variant is still rated with Glicko-2, on the same belief mapped
to the Glicko scale and back (``Skill.as_glicko``, ``from_glicko``).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from . import glicko2, openskill

GLICKO2 = "glicko2"
OPENSKILL = "openskill"


@dataclass(frozen=True)
class State:
    """A player's rating as stored: ``rating`` is the number shown and sorted on."""

    rating: float
    deviation: float
    volatility: float | None = None
    mu: float | None = None
    sigma: float | None = None

    def as_glicko(self) -> glicko2.Rating:
        if self.mu is not None:
            return openskill.Skill(self.mu, self.sigma).as_glicko(self.volatility)
        return glicko2.Rating(self.rating, self.deviation, self.volatility)

    def as_skill(self) -> openskill.Skill:
        if self.mu is not None:
            return openskill.Skill(self.mu, self.sigma)
        return openskill.from_glicko(self.as_glicko())


def newcomer(board: str) -> State:
    """The rating of a player's first game on a board: 1500 +/- 350 on either."""
    if board == GLICKO2:
        return _state(glicko2.Rating(), board, glicko2.DEFAULT_VOLATILITY)
    return _state(openskill.Skill(), board, None)


def system_for(sides: Sequence[Sequence]) -> str:
    """Glicko-2 for one player against one, openskill for anything else."""
    return GLICKO2 if len(sides) == 2 and all(len(side) == 1 for side in sides) else OPENSKILL


def board_for(variant_info) -> str:
    """How a variant's board reads (``games.kit.variants.VariantInfo``): Glicko-2 when every
    seat count it allows is one against one, otherwise openskill."""
    systems = {variant_info.rating_system(count) for count in variant_info.seat_counts}
    return GLICKO2 if systems == {GLICKO2} else OPENSKILL


def rate(
    sides: Sequence[Sequence[State]], ranks: Sequence[int], *, board: str
) -> list[list[State]]:
    """Everyone's rating after one game: ``sides[i]`` are partners (or one player) placed
    ``ranks[i]`` (1 is first; equal places tie). The result has the shape of ``sides``."""
    if len(sides) != len(ranks):
        raise ValueError("one place per side")
    if system_for(sides) == GLICKO2:
        (a,), (b,) = sides
        mine, theirs = a.as_glicko(), b.as_glicko()
        score = 0.5 if ranks[0] == ranks[1] else (1.0 if ranks[0] < ranks[1] else 0.0)
        after = [glicko2.update(mine, theirs, score), glicko2.update(theirs, mine, 1 - score)]
        return [[_state(new, board, new.volatility)] for new in after]
    skills = openskill.rate([[s.as_skill() for s in side] for side in sides], ranks)
    return [
        [_state(skill, board, state.volatility) for skill, state in zip(new, old, strict=True)]
        for new, old in zip(skills, sides, strict=True)
    ]


def _state(belief, board: str, volatility: float | None) -> State:
    """``belief`` (a ``glicko2.Rating`` or an ``openskill.Skill``) as ``board`` stores it."""
    if board == GLICKO2:
        if isinstance(belief, openskill.Skill):
            belief = belief.as_glicko(volatility)
        return State(belief.rating, belief.deviation, belief.volatility)
    skill = belief if isinstance(belief, openskill.Skill) else openskill.from_glicko(belief)
    return State(skill.shown, skill.deviation, volatility, skill.mu, skill.sigma)
