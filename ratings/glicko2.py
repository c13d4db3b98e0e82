"""The old home of the Glicko-2 code, kept so ``from ratings.glicko2 import ...`` still works.

The code lives in ``ratings.systems.glicko2`` beside the other rating systems.
"""

from ratings.systems.glicko2 import (
    DEFAULT_DEVIATION,
    DEFAULT_RATING,
    DEFAULT_VOLATILITY,
    MAX_DEVIATION,
    MIN_DEVIATION,
    PROVISIONAL_DEVIATION,
    SCALE,
    TAU,
    Rating,
    expected_score,
    rate_period,
    update,
)

__all__ = [
    "DEFAULT_DEVIATION",
    "DEFAULT_RATING",
    "DEFAULT_VOLATILITY",
    "MAX_DEVIATION",
    "MIN_DEVIATION",
    "PROVISIONAL_DEVIATION",
    "SCALE",
    "TAU",
    "Rating",
    "expected_score",
    "rate_period",
    "update",
]
