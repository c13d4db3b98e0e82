"""Tally: a tiny card game that exists only in the tests, to prove the platform.

The site never serves it: ``tests/conftest.py`` registers it in ``games.registry`` for the
test session, so the conformance kit, ``check_records`` and the platform's tests see a game
with 2 to 10 seats, partnerships, negative scores, hidden cards, draws and the zombie policy
that XIX alone cannot show. Standard library and ``games.kit`` only, like every engine.

The rules are in ``state.py``; ``RULES`` (``games.kit.interface.GameRules``) is in ``game.py``.
"""

from .game import RULES

__all__ = ["RULES"]
