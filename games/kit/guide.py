"""A game's first-game guide (docs/features.md, "First-game guide"): short steps that
explain the game to a newcomer as each moment first comes, in their games against bots.

A game's site lists its steps (``GameSite.guide``); the platform (``games.guide``) shows
a player the first step that fits the moment and that they have not yet marked "Got it",
and remembers both that and a "Stop the guide". Pure: no Django.

A step fits the moment when it is the game's opening step (``when="start"``: the table as
first seen, whoever is to move), or when the viewer may now take an action of the type
it names (``when="play"``: their view's ``legal_actions`` hold a ``play``). ``variants``
limits a step to some of the game's variants (empty: all of them).
"""

from collections.abc import Sequence
from dataclasses import dataclass

START = "start"


@dataclass(frozen=True)
class GuideStep:
    key: str  # stored once marked "Got it": never renamed
    when: str  # START, or an action type the viewer may take now
    title: str
    text: str
    variants: frozenset[str] = frozenset()


def step_now(
    steps: Sequence[GuideStep], view: dict, variant: str, seen: set[str]
) -> GuideStep | None:
    """The first of ``steps`` that fits ``view`` (the viewer's own) in ``variant`` and is
    not in ``seen``; None when none does."""
    types = {action["type"] for action in view.get("legal_actions") or ()}
    for step in steps:
        if step.key in seen or (step.variants and variant not in step.variants):
            continue
        if step.when == START or step.when in types:
            return step
    return None
