"""Games anyone may watch (issue 19, "Watching"): which games are public, and a game as a
spectator sees it in a list (the /watch/ page, a player's current games on their profile).

A private table is one the lobby marks "Private": a table set up with invitations to
people (``games.tables``; a direct challenge, a table of two, and a rematch are ones).
Its players chose their company, so the site lists none of its games, and only its
players, the people invited to it and the staff may open it, before, during and after
play (``selectors.may_see``, the one rule of who sees a game). Every other game is public
once it has started: an open table or an open challenge. A bot invited to a table makes
it no more private.

A row shows only what every spectator may know: the players, their sides, the number of
moves and whose turn it is; never a card (no view of the game is even read)."""

from dataclasses import dataclass
from functools import cached_property

from django.db.models import Prefetch, prefetch_related_objects

from games import registry
from games.models import Game, GameSeat
from games.outcomes import sides_of
from games.selectors import PRIVATE_TABLE

# The games that are not private tables (``selectors.may_see``).
PUBLIC = ~PRIVATE_TABLE


def open_to_visitors(game: Game) -> bool:
    """Whether someone who is not signed in may open ``game``'s page (as a spectator),
    once ``selectors.game_for_user`` has let them see it at all (a private table is not
    theirs to see): a game that has started (a waiting one has seats to take: signing in
    comes first)."""
    return game.status != Game.Status.WAITING


def games_in_play(kind: str | None = None):
    """The public games being played, the latest to change first (``kind``: one game's)."""
    games = Game.objects.filter(PUBLIC, status=Game.Status.ACTIVE)
    if kind:
        games = games.filter(kind=kind)
    return games.order_by("-updated", "-pk")


def current_games(player):
    """``player``'s public games being played, the latest to change first."""
    return games_in_play().filter(seats__user=player, seats__position__isnull=False)


@dataclass(frozen=True)
class WatchRow:
    """A game in play as a spectator sees it in a list."""

    game: Game

    @cached_property
    def _names(self) -> list[str]:
        return [seat.user.username for seat in self.game.seat_rows()]

    @property
    def game_name(self) -> str:
        return registry.rules(self.game.kind).name

    @property
    def variant_label(self) -> str:
        info = registry.rules(self.game.kind).variants.get(self.game.variant)
        return info.label if info is not None else self.game.variant

    @property
    def sides(self) -> list[list[str]]:
        """The players by side, partners together, in seat order."""
        return [[self._names[s] for s in side] for side in sides_of(self.game)]

    @property
    def sides_text(self) -> str:
        """ "ann v bob", "ann & cy v bob & dee", "ann v bob v cy"."""
        return " v ".join(" & ".join(side) for side in self.sides)

    @property
    def to_move(self) -> str:
        """The name of the player whose turn it is ("" if nobody's)."""
        seat = self.game.to_move
        return self._names[seat] if seat is not None and seat < len(self._names) else ""


def watch_rows(games) -> list[WatchRow]:
    """Rows for ``games``; their seats and players come in one query."""
    games = list(games)
    seats = GameSeat.objects.filter(position__isnull=False).select_related("user")
    prefetch_related_objects(games, Prefetch("seats", queryset=seats.order_by("position")))
    return [WatchRow(game) for game in games]
