"""Random-play ONEXENO records, for timing ``check_records``::

    python -m games.onexeno.sample_records 10000 /tmp/onexeno.jsonl

writes one ``onexeno/1`` record per line, cycling through every table (basic 2 to 7 seats,
partners 4 and 6), each game seeded by its number and played to the end with uniformly
random legal actions.
"""

import json
import random
import sys

from games.onexeno.engine import RULES

TABLES = [("basic", seats) for seats in range(2, 8)] + [("partners", 4), ("partners", 6)]


def random_record(number: int) -> dict:
    variant, seats = TABLES[number % len(TABLES)]
    setup = RULES.deal(f"bench-{number}", variant, seats)
    state, actions, rng = RULES.new(variant, seats, setup), [], random.Random(number)
    while not state.over:
        action = rng.choice(state.legal_actions())
        state, _events = state.apply(action)
        actions.append(action)
    return {**RULES.record_header(variant, seats, setup), "actions": actions}


def main(count: int, path: str) -> None:
    with open(path, "w", encoding="utf-8") as out:
        for number in range(count):
            out.write(json.dumps(random_record(number)) + "\n")


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
