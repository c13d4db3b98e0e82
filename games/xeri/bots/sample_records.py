"""Records of Xeri matches of random legal plays, for timing ``check_records``::

python -m games.xeri.bots.sample_records --seats 2 --count 10000 > records.jsonl
"""

import argparse
import json
import random
import sys

from games.xeri.engine import RULES, VARIANT, make_record


def random_records(seats: int, count: int, seed: str = "records"):
    """``count`` records of matches of uniformly random legal plays, for ``check_records``
    timings (the choice is the random bot's, taken from the legal list without views)."""
    for i in range(count):
        setup = RULES.deal(f"{seed}:{i}", VARIANT, seats)
        state = RULES.new(VARIANT, seats, setup)
        rng = random.Random(f"{seed}:{i}")
        actions = []
        while not state.over:
            action = rng.choice(state.legal_actions())
            state, _events = state.apply(action)
            actions.append(action)
        yield make_record(VARIANT, seats, setup, actions)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(
        description="Xeri records of random legal plays, as JSON lines"
    )
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--seed", default="records")
    options = parser.parse_args(argv)
    for record in random_records(options.seats, options.count, options.seed):
        sys.stdout.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    main()
