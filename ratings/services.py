"""Rating updates, called when a rated game finishes."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import transaction

from games import registry

from . import systems
from .models import Rating, RatingChange


@dataclass(frozen=True)
class Entry:
    """One seat of a finished game: its user, its side (partners share one; None plays
    alone) and its place (1 is first; equal places are ties)."""

    user: object
    side: int | None
    rank: int | None


def board_of(kind: str, variant: str) -> str:
    """How the board of ``kind``'s ``variant`` reads (``ratings.systems.board_for``)."""
    return systems.board_for(registry.rules(kind).variants[variant])


@transaction.atomic
def ratings_apply_game(*, game) -> list[RatingChange]:
    """Update the players' ratings for a finished rated game from its seats' ranks, once.

    Safe to call twice: a game that already has its rating changes is left alone. A game
    of two seats without a winner counts half a point each when its ending can be a draw
    (the game's rules say so of their endings: ``Ending.can_draw``; the site's own endings
    rate the places as they stand), and rates nobody when it cannot; at more seats the
    ranks alone say who beat whom (openskill).
    """
    if not game.rated or game.status != "finished":
        return []
    ending = registry.rules(game.kind).endings.get(game.reason)
    drawn = game.seats_count == 2 and game.winner is None
    if drawn and ending is not None and not ending.can_draw:
        return []
    seats = game.seats.filter(position__isnull=False).select_related("user").order_by("position")
    entries = [(seat.user, seat.team, seat.rank) for seat in seats]
    return ratings_apply_outcome(game=game, kind=game.kind, variant=game.variant, entries=entries)


@transaction.atomic
def ratings_apply_outcome(
    *, game, kind: str, variant: str, entries: Iterable
) -> list[RatingChange]:
    """Rate a finished game of any number of seats, once, and return the changes made.

    ``entries`` holds one ``(user, side or None, rank)`` per seat. Partners (seats with the
    same side) share their side's place; a rank of 1 is first and equal ranks tie. Two
    single seats are rated with Glicko-2, anything else with openskill
    (``ratings.systems``). Casual games, games with a bot in a seat (bots take no part in
    the ratings) and games without places (aborted) rate nobody.

    Idempotent, also when called twice at once: the players' rating rows are locked (in
    the order of their users' ids, so two calls cannot deadlock) before looking for the
    game's changes, so the second call waits and then returns what the first wrote.
    """
    entries = [Entry(*entry) for entry in entries]
    if not game.rated or len(entries) < 2 or any(e.rank is None for e in entries):
        return []
    if any(e.user.is_bot for e in entries):
        return []
    if len({e.user.pk for e in entries}) != len(entries):
        raise ValueError("a user can hold only one seat of a game")
    rules = registry.rules(kind)
    if variant not in rules.variants:
        raise ValueError(f"{kind} has no variant {variant!r}")
    board = board_of(kind, variant)
    rows = {
        e.user.pk: Rating.objects.select_for_update().get_or_create(
            user=e.user, kind=kind, variant=variant, defaults=_newcomer_fields(kind, variant)
        )[0]
        for e in sorted(entries, key=lambda e: e.user.pk)
    }
    done = list(RatingChange.objects.filter(game=game))
    if done:
        return done
    sides = _sides(entries)
    ranks = [_side_rank(side) for side in sides]
    afters = systems.rate(
        [[rows[e.user.pk].state for e in side] for side in sides], ranks, board=board
    )
    changes = []
    for side, side_afters in zip(sides, afters, strict=True):
        for entry, after in zip(side, side_afters, strict=True):
            row = rows[entry.user.pk]
            before = row.rating
            row.rating, row.deviation, row.volatility = (
                after.rating,
                after.deviation,
                after.volatility,
            )
            row.mu, row.sigma = after.mu, after.sigma
            row.games += 1
            row.save()
            changes.append(
                RatingChange(
                    game=game,
                    user=entry.user,
                    kind=kind,
                    variant=variant,
                    before=before,
                    after=after.rating,
                    deviation_after=after.deviation,
                )
            )
    return RatingChange.objects.bulk_create(changes)


def _newcomer_fields(kind: str, variant: str) -> dict:
    state = systems.newcomer(board_of(kind, variant))
    return {
        "rating": state.rating,
        "deviation": state.deviation,
        "volatility": state.volatility,
        "mu": state.mu,
        "sigma": state.sigma,
    }


def _sides(entries: Sequence[Entry]) -> list[list[Entry]]:
    """Seats grouped into sides, in seat order: partners together, lone seats alone."""
    sides: list[list[Entry]] = []
    by_side: dict[int, list[Entry]] = {}
    for entry in entries:
        if entry.side is None:
            sides.append([entry])
        elif entry.side in by_side:
            by_side[entry.side].append(entry)
        else:
            by_side[entry.side] = [entry]
            sides.append(by_side[entry.side])
    return sides


def _side_rank(side: Sequence[Entry]) -> int:
    ranks = {entry.rank for entry in side}
    if len(ranks) != 1:
        raise ValueError("partners share one place")
    return ranks.pop()
