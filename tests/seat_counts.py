"""Seat counts sampled per run, with a recorded seed.

A test that is parametrised over every seat count of a variant (Xactika seats 2 to 10, the
test game ``tally`` 3 to 10) runs, each run, at the variant's smallest and largest table
and at ``BETWEEN`` seat counts in between drawn from the run's seed; a variant with few
seat counts (at most ``BETWEEN + 2``) runs at all of them. Over runs every seat count is
covered; within a run, the same cases everywhere (every xdist worker collects the same
ones, from the same seed).

The seed comes from the environment variable ``XIX_SEATS_SEED``: ``tests/conftest.py``
draws one when it is unset, before pytest-xdist starts its workers (which inherit it), and
names it at the top and at the end of the run. ``XIX_SEATS_SEED=123 python3 dev.py test``
runs again the cases of that run; ``XIX_SEATS_SEED=all`` runs every seat count. Outside
pytest (no seed set) every seat count is used.

``drawn`` is for tests too costly for the smallest and largest table every run (whole games
through the API): one seat count a run, drawn from the seed; every one with ``all``.
"""

import os
import random

VARIABLE = "XIX_SEATS_SEED"
EVERY = "all"
BETWEEN = 2  # seat counts drawn between the smallest and the largest


def run_seed() -> str:
    """This run's seed (``EVERY`` when none is set: every seat count)."""
    return os.environ.get(VARIABLE, "").strip() or EVERY


def draw_seed() -> str:
    """A fresh seed for a run."""
    return str(random.SystemRandom().randrange(1, 1_000_000))


def sampled(counts, *, name: str) -> tuple[int, ...]:
    """The seat counts of ``counts`` this run uses for the variant ``name`` (e.g.
    "xactika-bid"): all of them, or the smallest, the largest and ``BETWEEN`` drawn from
    the run's seed and ``name`` (so variants draw differently)."""
    counts = sorted(counts)
    seed = run_seed()
    if seed == EVERY or len(counts) <= BETWEEN + 2:
        return tuple(counts)
    between = random.Random(f"{seed}/{name}").sample(counts[1:-1], BETWEEN)
    return tuple(sorted({counts[0], counts[-1], *between}))


def drawn(counts, *, name: str) -> tuple[int, ...]:
    """One seat count of ``counts`` for ``name``, drawn from the run's seed (every one of
    them when the seed is ``EVERY``): for the tests too costly to play the smallest and the
    largest table every run (whole games through the API's streams); over runs every seat
    count comes."""
    counts = sorted(counts)
    seed = run_seed()
    if seed == EVERY:
        return tuple(counts)
    return (random.Random(f"{seed}/{name}").choice(counts),)
