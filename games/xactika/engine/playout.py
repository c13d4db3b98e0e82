"""Games of uniformly random legal actions, as ``xactika/1`` records: for benchmarks and
the ``check_records`` measurement of ``docs/performance.md``.

    python -m games.xactika.engine.playout 10000 > /tmp/xactika-10k.jsonl

writes 10,000 finished records, one per line, cycling through the three variants and the
seat counts 2 to 10 (record i: variant i mod 3, seats 2 + (i // 3) mod 9).
"""

import json
import random
import sys

from .records import make_header
from .state import VARIANTS, State, draw_setup


def random_record(variant: str, seats: int, seed) -> dict:
    """A finished game of random legal actions from the set-up drawn from ``seed``."""
    setup = draw_setup(f"playout-{seed}", seats)
    rng = random.Random(seed)
    state = State.new(variant, seats, setup)
    actions = []
    while not state.over:
        action = rng.choice(state.legal_actions())
        state, _events = state.apply(action)
        actions.append(action)
    return {**make_header(variant, seats, setup), "actions": actions}


def table_of(index: int) -> tuple[str, int]:
    """The variant and seat count of record ``index`` of a mixed batch."""
    return VARIANTS[index % 3], 2 + (index // 3) % 9


def main(argv=None) -> None:
    count = int((argv if argv is not None else sys.argv[1:])[0])
    out = sys.stdout
    for index in range(count):
        variant, seats = table_of(index)
        out.write(json.dumps(random_record(variant, seats, index)) + "\n")


if __name__ == "__main__":
    main()
