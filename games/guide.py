"""The first-game guide (docs/features.md, "First-game guide"): in a game against bots, a
short box over the table explains the moment the first time it comes ("Your bid", "The
draft"...), from the game's own steps (``GameSite.guide``, ``games.kit.guide``). "Got it"
puts a step away for good; "Stop the guide" puts the whole game's guide away; the
settings page can bring every guide back. Each is remembered per player and game
(``GuideProgress``)."""

from django.db import transaction

from games import registry
from games.kit.guide import GuideStep, step_now
from games.models import Game, GuideProgress


class GuideError(Exception):
    """A guide answer that names no step of the game's guide."""

    status = 400


def _progress(user, kind: str) -> GuideProgress | None:
    return GuideProgress.objects.filter(user=user, kind=kind).first()


def step_for(user, game: Game, view: dict, seat, *, against_bots: bool) -> GuideStep | None:
    """The step to show ``user`` at ``seat`` of ``game`` now: only a player (not a bot) in
    play against bots only, whose guide for this game is not stopped."""
    if seat is None or not against_bots or game.status != Game.Status.ACTIVE:
        return None
    steps = registry.site(game.kind).guide
    if not steps or user.is_bot:
        return None
    progress = _progress(user, game.kind)
    if progress is not None and progress.stopped:
        return None
    seen = set(progress.seen) if progress is not None else set()
    return step_now(steps, view, game.variant, seen)


@transaction.atomic
def answer(user, kind: str, *, step: str = "", stop: bool = False) -> None:
    """``user`` marks ``step`` of ``kind``'s guide "Got it", or (``stop``) stops it.
    Repeating either, or sending both answers at once, keeps each once."""
    if not stop and step not in {s.key for s in registry.site(kind).guide}:
        raise GuideError("That is not a step of this game's guide.")
    GuideProgress.objects.get_or_create(user=user, kind=kind)
    progress = GuideProgress.objects.select_for_update().get(user=user, kind=kind)
    if stop:
        progress.stopped = True
    elif step not in progress.seen:
        progress.seen = [*progress.seen, step]
    progress.save()


def restart(user) -> int:
    """Every game's guide starts again for ``user``; how many had progress."""
    return GuideProgress.objects.filter(user=user).delete()[0]
