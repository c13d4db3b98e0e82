"""What the platform needs to know about one variant of a game."""

from dataclasses import dataclass


@dataclass(frozen=True)
class VariantInfo:
    """One variant: its seat counts and how they play.

    ``teams`` maps a seat count to the sides (tuples of seats) for a partnership game, and
    is empty for counts where every seat plays alone. ``timeout_policy`` is ``"forfeit"``
    (the game ends, the leaver's side loses) or ``"zombie"`` (the site plays the seat's
    turns automatically and it ranks last). ``rating_system`` is ``"glicko2"`` for one
    against one and ``"openskill"`` for more sides or partnerships.
    """

    key: str
    label: str
    seat_counts: tuple[int, ...]
    teams: tuple[tuple[int, tuple[tuple[int, ...], ...]], ...] = ()
    can_draw: bool = False
    timeout_policy: str = "forfeit"

    def sides(self, seats: int) -> tuple[tuple[int, ...], ...] | None:
        """The partnerships at this seat count, or None when each seat plays alone."""
        for count, sides in self.teams:
            if count == seats:
                return sides
        return None

    def team_of(self, seats: int) -> dict[int, int]:
        """Each seat's team (the index of its side) at this seat count; {} when every seat
        plays alone."""
        sides = self.sides(seats) or ()
        return {seat: team for team, side in enumerate(sides) for seat in side}

    def rating_system(self, seats: int) -> str:
        return "glicko2" if seats == 2 and self.sides(seats) is None else "openskill"
