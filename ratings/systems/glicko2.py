"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), one game at a time.

Each finished rated game is its own rating period for both players, as correspondence
sites do, so a rating moves after every game. Ratings are on the familiar Glicko scale
(1500 +/- 350 for a newcomer); the algorithm works on its own internal scale.
"""

import math
from dataclasses import dataclass

DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
TAU = 0.5  # how much volatility may change; Glickman suggests 0.3 to 1.2
SCALE = 173.7178
MIN_DEVIATION = 45.0  # keeps a veteran's rating able to move
MAX_DEVIATION = DEFAULT_DEVIATION
PROVISIONAL_DEVIATION = 110.0  # above this a rating is shown as provisional ("?")
_EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float) -> float:
    """Step 5 of the algorithm: the Illinois method on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (TAU * TAU)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(100):
        if abs(big_b - big_a) <= _EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, opponent: Rating, score: float) -> Rating:
    """``player``'s new rating after one game against ``opponent``.

    ``score`` is 1 for a win, 0 for a loss, 0.5 for a draw.
    """
    return rate_period(player, [(opponent, score)])


def rate_period(player: Rating, results) -> Rating:
    """``player``'s rating after a rating period of (opponent, score) results."""
    if any(score not in (0, 0.5, 1) for _, score in results):
        raise ValueError("a score must be 0, 0.5 or 1")
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    v_inverse = 0.0
    improvement = 0.0
    for opponent, score in results:
        mu_j = (opponent.rating - DEFAULT_RATING) / SCALE
        g = _g(opponent.deviation / SCALE)
        e = _expected(mu, mu_j, opponent.deviation / SCALE)
        v_inverse += g * g * e * (1.0 - e)
        improvement += g * (score - e)
    v = 1.0 / v_inverse
    sigma = _new_volatility(player.volatility, phi, v, v * improvement)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    deviation = min(max(phi_new * SCALE, MIN_DEVIATION), MAX_DEVIATION)
    return Rating(mu_new * SCALE + DEFAULT_RATING, deviation, sigma)


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance ``player`` beats ``opponent`` according to their ratings."""
    mu = (player.rating - DEFAULT_RATING) / SCALE
    mu_j = (opponent.rating - DEFAULT_RATING) / SCALE
    combined = math.sqrt(player.deviation**2 + opponent.deviation**2) / SCALE
    return _expected(mu, mu_j, combined)
