"""How fast can any immutable engine's public path be in CPython? A floor, against Xeri.

    taskset -c 1 python benchmarks/naive/floor.py [--actions 200000] [--repeats 5]

Plays the loop of ``compare.py`` (``legal_actions``, the action at ``rng.randrange``,
``apply``) over ``Floor``, a state that does nothing any engine whose ``apply`` leaves the
old state as it was can skip: its ``legal_actions`` copies a list made once, and its
``apply`` makes a new state of nine fields (Xeri's engine has nine) and answers one event
dict. No rule is played at all. The same run plays whole Xeri matches through the in-place
yardstick (``xeri_in_place.py``), interleaved, and prints one JSON line: both rates in
actions per CPU second (``time.process_time``, medians of the runs) and their ratio, the
most any real engine could gain on the in-place one with this loop.
"""

import argparse
import importlib.util
import json
import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
sys.path.insert(0, str(HERE.parent.parent))


class Floor:
    """Nine fields copied, one event made: the least an immutable ``apply`` does."""

    __slots__ = ("a", "b", "c", "d", "e", "f", "g", "h", "legal")

    def legal_actions(self):
        return list(self.legal)

    def apply(self, action):
        after = Floor.__new__(Floor)
        after.a, after.b, after.c, after.d = self.a, self.b, self.c, self.d
        after.e, after.f, after.g, after.h = self.e, self.f, self.g, self.h
        after.legal = self.legal
        event = {"type": "play", "seat": 0, "card": "2C", "captured": [], "xeri": None}
        return after, (event,)


def floor_rate(actions: int) -> float:
    state = Floor()
    state.a = state.b = state.c = state.d = state.e = state.f = state.g = state.h = 0
    state.legal = tuple({"seat": 0, "type": "play", "card": card} for card in "ABCDEF")
    rng = random.Random(1)
    started = time.process_time()
    for _ in range(actions):
        legal = state.legal_actions()
        state, _events = state.apply(legal[rng.randrange(len(legal))])
    return actions / (time.process_time() - started)


def in_place_rate(actions: int) -> float:
    from games.xeri.engine import RULES

    spec = importlib.util.spec_from_file_location("xeri_in_place", HERE / "xeri_in_place.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    setups = [RULES.deal(f"floor:{n}", "classic", 2) for n in range(actions // 96 + 1)]
    played = 0
    started = time.process_time()
    for number, setup in enumerate(setups):
        rng = random.Random(number)
        state = module.new("classic", 2, setup)
        while not state.over:
            legal = state.legal_actions()
            state, _events = state.apply(legal[rng.randrange(len(legal))])
            played += 1
    return played / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=200_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    floors, in_places = [], []
    for _ in range(args.repeats):
        floors.append(floor_rate(args.actions))
        in_places.append(in_place_rate(args.actions))
    floor, in_place = statistics.median(floors), statistics.median(in_places)
    print(
        json.dumps(
            {
                "floor_actions_per_cpu_second": round(floor),
                "xeri_in_place_actions_per_cpu_second": round(in_place),
                "floor_over_in_place": round(floor / in_place, 2),
                "repeats": args.repeats,
                "python": sys.version.split()[0],
            }
        )
    )


if __name__ == "__main__":
    main()
