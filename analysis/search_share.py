"""A side's expected share of the game from a position scored part-way (pure).

A search that stops before the end of the game (at the end of an XIX exchange, an Xactika
round, a few ONEXENO turns) still has to value its position as a *share of the game*
(``games.kit.ismcts.share_rewards``), so that every figure of the analysis means the
same thing. For games won on a running total, each side's final total is taken as its
total now plus what is left to play, the difference between two sides moving by a normal
spread ``sigma`` (the spread of what is left); the chance that side ``a`` finishes ahead of
side ``b`` is then ``Phi((total_a - total_b) / sigma)``, and a side's share is the mean of
those chances over the other sides. With nothing left (``sigma == 0``) it is exactly
``share_rewards`` of the totals: 1 for beating, 1/2 for a tie, 0 for losing.
"""

import math

_SQRT2 = math.sqrt(2.0)


def ahead(difference: float, sigma: float) -> float:
    """The chance a side ``difference`` points ahead now is ahead at the end."""
    if sigma <= 0.0:
        return 1.0 if difference > 0 else 0.5 if difference == 0 else 0.0
    return 0.5 * (1.0 + math.erf(difference / (sigma * _SQRT2)))


def shares(totals, sigma: float, sides=None, lower_wins: bool = False) -> list[float]:
    """Per seat, its side's expected share of the game: ``totals`` per seat (partners
    share a side's total), ``sides`` as the variant gives them (None: every seat alone),
    ``lower_wins`` for a game where the lowest total is best (Xactika's Play to Lose)."""
    seats = len(totals)
    groups = list(sides) if sides else [(seat,) for seat in range(seats)]
    if len(groups) < 2:
        return [0.5] * seats
    sign = -1.0 if lower_wins else 1.0
    side_total = [float(totals[group[0]]) for group in groups]
    by_side = []
    for mine, own in enumerate(side_total):
        total = 0.0
        for index, theirs in enumerate(side_total):
            if index != mine:
                total += ahead(sign * (own - theirs), sigma)
        by_side.append(total / (len(groups) - 1))
    out = [0.0] * seats
    for index, group in enumerate(groups):
        for seat in group:
            out[seat] = by_side[index]
    return out
