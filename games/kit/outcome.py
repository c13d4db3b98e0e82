"""A finished game's result: a score and a place for every seat, and how it ended."""

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    """``scores[s]`` and ``ranks[s]`` for every seat s; partners show their side's numbers.

    A rank is 1 + the number of sides with a strictly better result, so ties share a place
    and the next place skips (1, 1, 3). ``reason`` is a key of the game's ``endings``.
    """

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    reason: str

    def as_json(self) -> dict:
        return {"scores": list(self.scores), "ranks": list(self.ranks), "reason": self.reason}


@dataclass(frozen=True)
class Ending:
    """One way a game ends (``RULES.endings[reason]``), in the words the site shows.

    ``label``: a few words for lists ("Reached 19 points"); ``sentence``: what the game
    page says ("a score reached 19, so the higher score wins"); ``can_draw``: whether a
    game so ended may leave two seats sharing the first place, which is then rated as a
    draw (else such a game rates nobody); ``notice``: a notification's words in its
    parenthesis, when they are not the sentence's.
    """

    label: str
    sentence: str
    can_draw: bool = False
    notice: str = ""

    @property
    def notice_words(self) -> str:
        """``notice``, else the sentence without its capital and full stop."""
        words = self.notice or self.sentence
        return words[:1].lower() + words[1:].rstrip(".")


def competition_ranks(results: Sequence) -> tuple[int, ...]:
    """Places for comparable results, higher is better: (9, 4, 9, 1) -> (1, 3, 1, 4)."""
    return tuple(1 + sum(1 for other in results if other > mine) for mine in results)


def side_ranks(results: Sequence, sides: Sequence[Sequence[int]] | None) -> tuple[int, ...]:
    """Per-seat places when seats play in sides (partners share a place).

    ``results[s]`` is seat s's side's result (partners carry the same value); ``sides`` is
    the partition of seats into sides, or None when every seat plays for itself. Sides,
    not seats, are counted, so two against two gives (1, 2, 1, 2).
    """
    if not sides:
        return competition_ranks(results)
    side_of = {seat: index for index, side in enumerate(sides) for seat in side}
    per_side = [results[side[0]] for side in sides]
    places = competition_ranks(per_side)
    return tuple(places[side_of[seat]] for seat in range(len(results)))
