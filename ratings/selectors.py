"""Reading ratings: the boards (one per game and variant) and their leaderboards."""

from dataclasses import dataclass

from games import registry

from . import systems
from .models import Rating


@dataclass(frozen=True)
class Board:
    """One leaderboard: a variant of a game, and how its ratings read."""

    kind: str
    variant: str
    game_name: str
    variant_label: str
    system: str  # ratings.systems.GLICKO2 or OPENSKILL
    named: bool  # whether labels name the game (only once the site has several games)

    @property
    def label(self) -> str:
        """ "Standard" while XIX is the only game, "XIX Standard" once there are more (a
        label that names its game already, "XIX 2.0 (2023 rules)", is not prefixed again)."""
        if not self.named or self.variant_label.startswith(f"{self.game_name} "):
            return self.variant_label
        return f"{self.game_name} {self.variant_label}"

    @property
    def key(self) -> str:
        """A name for element ids and the history's filter: the variant alone for a game
        whose ``about`` says ``BOARDS_BY_VARIANT`` (XIX, as before games had kinds), else
        ``"<kind>-<variant>"``."""
        if registry.about_value(self.kind, "BOARDS_BY_VARIANT", False):
            return self.variant
        return f"{self.kind}-{self.variant}"


def boards() -> list[Board]:
    """Every board the site has, game by game (in the registry's order), each game's
    variants in its own order."""
    kinds = registry.served()
    named = len(kinds) > 1
    found = []
    for kind in kinds:
        rules = registry.rules(kind)
        for key, info in rules.variants.items():
            found.append(Board(kind, key, rules.name, info.label, systems.board_for(info), named))
    return found


def board(kind: str, variant: str) -> Board | None:
    """The board of ``kind``'s ``variant``, or None when the site has no such thing."""
    return next((b for b in boards() if (b.kind, b.variant) == (kind, variant)), None)


def leaderboard(kind: str, variant: str):
    """Ratings of one board from best to worst, of active players with a rated game."""
    return (
        Rating.objects.filter(kind=kind, variant=variant, games__gt=0, user__is_active=True)
        .select_related("user")
        .order_by("-rating", "deviation", "user__username")
    )
