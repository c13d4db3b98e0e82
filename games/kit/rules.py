"""The one object each game's pure engine exposes to the platform: ``RULES``.

A game's engine package (standard library only) exports ``RULES``, an object with the
attributes and methods of ``GameRules`` below; ``games.registry.rules(key)`` finds it. The
platform reads a game only through it, and ``tests/kit/test_conformance.py`` checks every
registered game against it. These are ``typing.Protocol``s: a game keeps its own classes
and only has to match the shapes.

Conventions shared by every game (``../shared/rules/GAMES.md``):
- a set-up is a JSON object drawn from a seed by ``deal``; all randomness is in it, so
  (variant, seats, setup, actions) determines a game;
- an action is a JSON object with a ``"seat"`` and a ``"type"``; a refused action raises
  ``games.kit.errors.IllegalAction`` and changes nothing (states are never changed in
  place: ``apply`` returns a new one);
- a view is a JSON-ready dict holding only what its viewer may know.
"""

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from .outcome import Outcome
from .variants import VariantInfo


@runtime_checkable
class GameState(Protocol):
    """What the platform may read of a state; each engine keeps its own class."""

    n_actions: int  # actions applied since the set-up
    to_move: int | None  # the one seat to act, None once the game is over

    @property
    def over(self) -> bool: ...

    def apply(self, action: dict) -> tuple["GameState", tuple]:
        """(new state, events), or raise IllegalAction; ``self`` never changes."""

    def legal_actions(self) -> list[dict]:
        """The legal actions of the seat to move, in a stable order."""


@runtime_checkable
class GameRules(Protocol):
    """A game's rules as the platform uses them."""

    key: str  # the registry key, stored in records and never renamed: "xix"
    name: str  # for people: "XIX"
    record_format: str  # "<key>/1"
    variants: Mapping[str, VariantInfo]
    reasons: Mapping[str, str]  # reason key of an Outcome -> a sentence for people

    def deal(self, seed, variant: str, seats: int) -> dict:
        """A set-up drawn from ``seed`` alone: the same seed always gives the same set-up."""

    def check_setup(self, variant: str, seats: int, setup) -> None:
        """Raise InvalidSetup unless the game can start from this variant, count and set-up."""

    def new(self, variant: str, seats: int, setup: dict) -> GameState:
        """The state before the first action (checks the set-up first)."""

    def replay(self, variant: str, seats: int, setup: dict, actions) -> GameState:
        """Fold ``actions`` over the set-up; an IllegalAction raised carries ``.index``."""

    def apply(self, state: GameState, action) -> tuple[GameState, tuple]:
        """``state.apply(action)``."""

    def legal_actions(self, state: GameState) -> list[dict]:
        """The legal actions of the seat to move ([] once the game is over)."""

    def is_legal(self, state: GameState, action) -> bool:
        """Whether ``apply`` would accept ``action`` (any object; never raises)."""

    def seat_view(self, state: GameState, seat: int, names=None) -> dict:
        """What ``seat`` may know, JSON-ready."""

    def spectator_view(self, state: GameState, names=None) -> dict:
        """Public information only, JSON-ready."""

    def full_view(self, state: GameState, names=None, *, you: int | None = None) -> dict:
        """Everything, JSON-ready (after the game, or for staff). ``you``: the reader's seat
        when they played, for a game whose history tells the reader's own lines as "You"
        (XIX's); a game that names every seat ignores it."""

    def outcome(self, state: GameState) -> Outcome | None:
        """Scores and ranks per seat once the game is over, else None."""

    def zombie_action(self, state: GameState, seat: int) -> dict:
        """A legal action for ``seat`` (which must be to move), the same every time."""

    def record_header(self, variant: str, seats: int, setup: dict) -> dict:
        """A record's keys before ``"actions"``, starting with ``"format"``."""

    def read_header(self, record) -> tuple[str, int, dict]:
        """(variant, seats, setup) of a record; raise InvalidSetup if it cannot start."""

    def check_record(self, record) -> dict:
        """``check_records``'s verdict on one record of this game's format."""

    def hidden_swap(self, setup: dict, seat: int, rng) -> dict | None:
        """Test hook: a set-up that differs from ``setup`` only in cards ``seat`` can learn
        of through no view, unless an action names them; None if the game has none.

        So while the same actions stay legal from both set-ups, every view of ``seat`` must
        be equal (the non-interference check of the conformance kit). ``rng`` is a
        ``random.Random``. A game whose set-up does not tell the seat count may take a
        keyword ``seats`` as well; the kit passes it to such a method.
        """
