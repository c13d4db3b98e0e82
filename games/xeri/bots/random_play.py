"""The random Xeri bot (the kit's uniformly random legal play, also from a
``random.Random``), and records of random matches for timing ``check_records``."""

import argparse
import json
import random
import sys

from games.kit.play import RandomBot as KitRandomBot
from games.xeri.engine import RULES, VARIANT, make_record


def legal_of(view: dict) -> list[dict]:
    """The view's legal actions; a ValueError if the seat is not to move."""
    legal = view["legal_actions"]
    if not legal:
        raise ValueError("the seat has no legal action")
    return legal


class RandomBot(KitRandomBot):
    def choose(self, view: dict, rng=None) -> dict:
        """``rng`` is a ``random.Random`` or a seed (the kit's bots take a seed)."""
        if isinstance(rng, random.Random):
            return rng.choice(legal_of(view))
        return super().choose(view, rng)


def choose(view: dict, rng=None) -> dict:
    return RandomBot().choose(view, rng)


def random_records(seats: int, count: int, seed: str = "records"):
    """``count`` records of matches of uniformly random legal plays, for ``check_records``
    timings (the choice is the random bot's, taken from the legal list without views)."""
    for i in range(count):
        setup = RULES.deal(f"{seed}:{i}", VARIANT, seats)
        state = RULES.new(VARIANT, seats, setup)
        rng = random.Random(f"{seed}:{i}")
        actions = []
        while not state.over:
            action = rng.choice(RULES.legal_actions(state))
            state, _events = RULES.apply(state, action)
            actions.append(action)
        yield make_record(VARIANT, seats, setup, actions)


def main(argv=None) -> None:
    """``python -m games.xeri.bots.random_play --seats 2 --count 10000 > records.jsonl``"""
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
