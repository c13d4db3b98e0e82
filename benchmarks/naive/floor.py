"""How fast can an immutable engine's public path be in CPython? Floors against the
in-place yardsticks of issue 33.

    taskset -c 1 python benchmarks/naive/floor.py [--actions 200000] [--repeats 5]

Plays the loop of ``compare.py`` (``over``, ``legal_actions``, the chosen action,
``apply``) over states that play no rule at all, and the same loop over the in-place
yardsticks (``xeri_in_place.py`` at 2 and 4 seats, ``xactika_in_place.py`` bid at 2, 4
and 10), on the same seeded games as ``compare.py``. Two loops, as ``compare.py`` times
them: ``randrange``, each choice drawn while the clock runs, and ``drawn``, the choices
read from a list made before it starts (the public path alone). Three floors:

- ``floor``: the first version of this file's state: ``legal_actions`` copies a list of
  new-looking dicts, ``apply`` makes a state of nine fields and a new event dict.
- ``lean``: what an engine can do instead: its actions and the usual events made once
  (``games.kit.actions``), ``legal_actions`` a new list of them, ``apply`` a new state of
  ten fields answering events made once.
- ``loop``: ``apply`` makes nothing (it answers a pair made once): the loop itself.

Prints one JSON line: each floor's and each yardstick's actions per CPU second
(``time.process_time``, medians of the runs) per loop, and for every yardstick and loop
``floor / yardstick``: the most an engine could gain on it if it played no rule. Read it
against the 4 × of issue 33: where ``lean`` is below 4, no engine that keeps old states
reaches 4 × in that loop, whatever its rules cost.
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

YARDSTICKS = (
    ("xeri", "classic", 2),
    ("xeri", "classic", 4),
    ("xactika", "bid", 2),
    ("xactika", "bid", 4),
    ("xactika", "bid", 10),
)


class Floor:
    """Nine fields copied, one event made: the first version's least ``apply``."""

    __slots__ = ("a", "b", "c", "d", "e", "f", "g", "h", "legal", "over")

    def legal_actions(self):
        return list(self.legal)

    def apply(self, action):
        after = Floor.__new__(Floor)
        after.a, after.b, after.c, after.d = self.a, self.b, self.c, self.d
        after.e, after.f, after.g, after.h = self.e, self.f, self.g, self.h
        after.legal, after.over = self.legal, False
        event = {"type": "play", "seat": 0, "card": "2C", "captured": [], "xeri": None}
        return after, (event,)


class Lean:
    """Ten fields copied, the events made once: an engine's least ``apply``."""

    __slots__ = ("a", "b", "c", "d", "e", "f", "g", "h", "legal", "over")
    EVENTS = ({"type": "play", "seat": 0, "card": "2C", "captured": [], "xeri": None},)

    def legal_actions(self):
        return list(self.legal)

    def apply(self, action):
        after = Lean.__new__(Lean)
        after.a, after.b, after.c, after.d = self.a, self.b, self.c, self.d
        after.e, after.f, after.g, after.h = self.e, self.f, self.g, self.h
        after.legal, after.over = self.legal, False
        return after, self.EVENTS


class Loop:
    """Nothing made at all: the loop's own cost."""

    __slots__ = ("legal", "over", "next")

    def legal_actions(self):
        return list(self.legal)

    def apply(self, action):
        return self.next


def start(cls):
    state = cls.__new__(cls)
    for name in cls.__slots__:
        setattr(state, name, 0)
    state.legal = tuple({"seat": 0, "type": "play", "card": card} for card in "ABCD")
    state.over = False
    if cls is Loop:
        state.next = (state, ())
    return state


def floor_rates(cls, actions: int, picks: list[int]) -> tuple[float, float]:
    """Actions per CPU second of ``cls`` in the randrange loop and the drawn loop."""
    state = start(cls)
    rng = random.Random(1)
    started = time.process_time()
    for _ in range(actions):
        if state.over:
            break
        legal = state.legal_actions()
        state, _events = state.apply(legal[rng.randrange(len(legal))])
    randrange = actions / (time.process_time() - started)
    state = start(cls)
    pick = iter(picks).__next__
    started = time.process_time()
    for _ in range(actions):
        if state.over:
            break
        state, _events = state.apply(state.legal_actions()[pick()])
    return randrange, actions / (time.process_time() - started)


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"floor_{name}", HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=200_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    compare = load("compare")
    picks = [random.Random(2).randrange(4) for _ in range(args.actions)]
    tables = []
    for game, variant, seats in YARDSTICKS:
        rules = importlib.import_module(f"games.{game}.engine").RULES
        yardstick = compare.load_in_place(game)
        games = max(1, args.actions // (100 * seats))
        played = compare.setups(rules, [(variant, seats)], games, 1)
        choices = []
        compare.positions([yardstick.new], played, choices)
        tables.append((f"{game} {variant} {seats}", yardstick.new, played, choices))
    runs = {}
    for _ in range(args.repeats):
        for cls in (Floor, Lean, Loop):
            randrange, drawn = floor_rates(cls, args.actions, picks)
            runs.setdefault(f"{cls.__name__.lower()} randrange", []).append(randrange)
            runs.setdefault(f"{cls.__name__.lower()} drawn", []).append(drawn)
        for name, new, played, choices in tables:
            started = time.process_time()
            count = compare.play(new, played)
            runs.setdefault(f"{name} randrange", []).append(count / (time.process_time() - started))
            started = time.process_time()
            count = compare.play_drawn(new, played, choices)
            runs.setdefault(f"{name} drawn", []).append(count / (time.process_time() - started))
    rates = {key: round(statistics.median(values)) for key, values in runs.items()}
    ceilings = {
        f"{name} {loop}": {
            floor: round(rates[f"{floor} {loop}"] / rates[f"{name} {loop}"], 2)
            for floor in ("floor", "lean", "loop")
        }
        for name, *_rest in tables
        for loop in ("randrange", "drawn")
    }
    print(
        json.dumps(
            {
                "actions_per_cpu_second": rates,
                "floor_over_in_place": ceilings,
                "repeats": args.repeats,
                "python": sys.version.split()[0],
            }
        )
    )


if __name__ == "__main__":
    main()
