"""The interface of a game: what the platform reads of it, and nothing more.

A game's engine package (standard library and ``games.kit`` only) exports ``RULES``, a
``GameRules``, whose states are ``GameState``s; its ``site`` module exports ``SITE``, a
``GameSite``; its ``bots`` module (optional) offers ``LEVELS`` and ``make_bot``.
``games.registry`` finds the three, the platform reads a game through them alone, and
``tests/kit/test_interface.py`` checks every registered game against these Protocols (a
game keeps its own classes and only has to match the shapes).

Conventions shared by every game (``../shared/rules/GAMES.md``):
- a set-up is a JSON object drawn from a seed by ``deal``; all randomness is in it, so
  (variant, seats, setup, actions) determines a game;
- an action is a JSON object with a ``"seat"`` and a ``"type"``; a refused action raises
  ``games.kit.errors.IllegalAction`` and changes nothing (``apply`` returns a new state);
- a view is a JSON-ready dict holding only what its viewer may know.
"""

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from .outcome import Ending, Outcome
from .variants import VariantInfo


@runtime_checkable
class GameState(Protocol):
    """A position of a game; immutable as far as anyone outside the engine can tell."""

    to_move: int | None  # the one seat to act, None once the game is over
    n_actions: int  # actions applied since the set-up

    @property
    def over(self) -> bool:
        """Whether the game has ended."""

    @property
    def scores(self) -> Sequence[int]:
        """Each seat's score now, as the game counts it during play (partners share)."""

    def apply(self, action: dict) -> tuple["GameState", tuple]:
        """(new state, events), or raise IllegalAction; ``self`` never changes."""

    def legal_actions(self) -> list[dict]:
        """The legal actions of the seat to move, in a stable order ([] once over)."""


@runtime_checkable
class GameRules(Protocol):
    """A game's rules (``RULES``) as the platform uses them."""

    key: str  # the registry key, stored in records and never renamed: "xix"
    name: str  # for people: "XIX"
    record_format: str  # "<key>/1", the records' "format"
    variants: Mapping[str, VariantInfo]  # variant key -> its label, seat counts, teams...
    endings: Mapping[str, Ending]  # an Outcome's reason -> its words, and if it can draw

    def deal(self, seed, variant: str, seats: int) -> dict:
        """A set-up drawn from ``seed`` alone: the same seed always gives the same set-up.
        Each table option a game declares (``RULES.options``, optional, read through
        ``games.kit.options.declared``) is a keyword too (``deal(..., deals=2)``)."""

    def new(self, variant: str, seats: int, setup: dict) -> GameState:
        """The state before the first action; InvalidSetup if the game cannot start so."""

    def replay(self, variant: str, seats: int, setup: dict, actions) -> GameState:
        """Fold ``actions`` over the set-up; an IllegalAction raised carries ``.index``."""

    def seat_view(self, state: GameState, seat: int, names=None) -> dict:
        """What ``seat`` may know, JSON-ready, with its ``legal_actions`` when to move."""

    def spectator_view(self, state: GameState, names=None) -> dict:
        """Public information only, JSON-ready."""

    def full_view(self, state: GameState, names=None, *, you: int | None = None) -> dict:
        """Everything (after the game, or for staff); ``you``: the reader's seat, if any."""

    def outcome(self, state: GameState) -> Outcome | None:
        """Scores, ranks and reason per seat once the game is over, else None."""

    def zombie_action(self, state: GameState, seat: int) -> dict:
        """The action the site plays for ``seat`` (to move) once its player has left."""

    def record_header(self, variant: str, seats: int, setup: dict) -> dict:
        """A record's keys before ``"actions"``, starting with ``"format"``."""

    def read_header(self, record) -> tuple[str, int, dict]:
        """(variant, seats, setup) of a record; raise InvalidSetup if it cannot start."""

    def check_record(self, record) -> dict:
        """``check_records``'s verdict on one record of this game's format."""

    def hidden_swap(self, setup: dict, seat: int, rng, seats: int) -> dict:
        """Test hook: a set-up of ``seats`` seats that differs from ``setup`` only in cards
        ``seat`` can learn of through no view unless an action names them (``rng``: a
        ``random.Random``). While the same actions stay legal from both, every view of
        ``seat`` must be equal: the kit's non-interference check."""


@runtime_checkable
class GameSite(Protocol):
    """A game's pages (``SITE``, Django side): its partials and what they are fed."""

    stylesheets: Sequence[str]  # static paths the game and replay pages link
    scripts: Sequence[str]  # static paths of deferred scripts on the game page
    table_template: str  # "<key>/table.html": partials table, panel, side, progress,
    # over-line and score-extra, which the game page includes by those names
    replay_template: str  # "<key>/replay.html": the replay's partial "table"
    rules_template: str | None  # the rules page, or None for a game without one
    log_opens: str  # the start of a log line that opens a part of play ("Round ")
    guide: Sequence  # the first-game guide's steps (games.kit.guide.GuideStep), maybe none

    def parse_action(self, post) -> dict:
        """The action (without its seat) a posted form asks for; BadForm if none."""

    def table_context(self, view: dict, seat: int | None, seats: list[dict]) -> dict:
        """The table partials' context from a view; may add keys to each ``seats`` entry."""

    def replay_context(self, view: dict, names: list[str], seat: int | None) -> dict:
        """The replay partial's context from a full view."""

    def replay_status(self, view: dict, names: list[str]) -> str:
        """Who is to do what, in one line, at a replay step of a game not over."""

    def admin_rows(self, view: dict, names: list[str]) -> list[tuple[str, str]]:
        """(label, text) rows of the whole table for the admin's game page."""

    def history_lines(self, view: dict) -> list[str]:
        """The log's lines for ``view``, one per logged event."""

    def lines_written(self, events) -> int:
        """How many log lines an action's ``events`` write (the replay groups by it)."""
