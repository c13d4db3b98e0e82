"""A game's engine against its straightforward implementation in this folder.

    taskset -c 1 python benchmarks/naive/compare.py --game onexeno
                 [--variant V --seats N] [--games 40] [--repeats 5] [--seed 1]

``benchmarks/naive/<game>.py`` is a plain implementation of the same rules, written the
obvious way, with the engine's action format and legal-action order. It offers
``new(variant, seats, setup)``, a state with ``over``, ``legal_actions()`` and
``apply(action) -> (state, events)``, and ``TABLES``, the (variant, seats) tables the
games cycle through unless ``--variant``/``--seats`` name one.

Both play the same seeded random games (set-ups from the engine's ``RULES.deal``; at each
turn the action at index ``rng.randrange(len(legal))``, so equal legal lists give equal
games). Every position of those games is also timed alone: ``legal_actions`` there, and
``apply`` of the action the game chose. Times are CPU time (``time.process_time``), each
figure the median of ``--repeats`` runs. Prints one JSON line: per side games/s,
actions/s, µs per ``legal_actions`` and per ``apply``, and ``speedup``, naive time over
engine time for each (above 1: the engine is faster).

``in_place`` (``benchmarks/naive/<game>_in_place.py``, when the game has one): the same
rules written the straightforward way but changing the state in place, ``apply``
answering ``(self, events)``: no copy at all, the yardstick of issue 33. It plays the same
games, timed whole (its states change, so no position can be timed alone), in the same
runs as the engine, interleaved; ``speedup_in_place_engine`` is its time over the
engine's (above 1: the public, immutable engine is faster than the in-place one).

``drawn``: the same comparison with the choices drawn before the clock starts. The loop
above draws each choice with ``rng.randrange`` while it runs, about 0.2 µs an action that
belongs to neither side (a bot or a player chooses its own way) and that dilutes the
ratio; so every run also plays the same games through engine and yardstick with the
index of each choice read from a list made by ``positions`` (the same indices the random
games drew), timing only ``RULES.new``, ``over``, ``legal_actions`` and ``apply``: the
public path alone. ``speedup_in_place_drawn`` is the in-place time over the engine's
there. Both ratios are printed; neither side is changed.

Two more sides when the game has them: ``naive_plain``, the naive version with its state
copy written out by hand instead of ``copy.deepcopy`` (a module's ``new_plain``), with
``speedup_plain``; and for Xeri ``engine_in_place``, the same games played the way the
strong bot's playouts play (one copy, then ``State.play`` in place; games and actions a
second only), with ``speedup_in_place`` (naive and naive_plain games time over its own).
"""

import argparse
import importlib
import importlib.util
import json
import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
sys.path.insert(0, str(ROOT))


def load_naive(game: str):
    """``benchmarks/naive/<game>.py`` as a module (this folder is not a package)."""
    return _module(f"naive_{game}", HERE / f"{game}.py")


def load_in_place(game: str):
    """``benchmarks/naive/<game>_in_place.py`` as a module, or None if there is none."""
    path = HERE / f"{game}_in_place.py"
    return _module(f"in_place_{game}", path) if path.exists() else None


def _module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def setups(rules, tables, games: int, seed: int) -> list[tuple[str, int, dict, str]]:
    """(variant, seats, set-up, game seed) of each game, cycling through ``tables``."""
    found = []
    for number in range(games):
        variant, seats = tables[number % len(tables)]
        game_seed = f"naive:{seed}:{number}"
        found.append((variant, seats, rules.deal(game_seed, variant, seats), game_seed))
    return found


def play(new, games) -> int:
    """Play every game from its set-up with seeded random choices; the actions played."""
    played = 0
    for variant, seats, setup, game_seed in games:
        rng = random.Random(game_seed)
        state = new(variant, seats, setup)
        while not state.over:
            legal = state.legal_actions()
            state, _events = state.apply(legal[rng.randrange(len(legal))])
            played += 1
    return played


def play_drawn(new, games, choices) -> int:
    """The games of ``play`` with each game's choices (indices into the legal actions)
    read from ``choices`` instead of drawn while the clock runs; the actions played."""
    played = 0
    for (variant, seats, setup, _seed), picks in zip(games, choices, strict=True):
        pick = iter(picks).__next__
        state = new(variant, seats, setup)
        while not state.over:
            state, _events = state.apply(state.legal_actions()[pick()])
        played += len(picks)
    return played


def positions(news, games, choices=None) -> list[tuple]:
    """(a state from each of ``news``, the chosen action) at every turn of every game,
    played through all of them side by side; the first is the engine, and a difference in
    the legal actions stops the benchmark. ``choices``, a list, gets each game's list of
    the indices chosen."""
    found = []
    for variant, seats, setup, game_seed in games:
        rng = random.Random(game_seed)
        states = [new(variant, seats, setup) for new in news]
        picks = []
        while not states[0].over:
            legal = states[0].legal_actions()
            if any(other.legal_actions() != legal or other.over for other in states[1:]):
                raise SystemExit(f"the implementations disagree in game {game_seed!r}")
            picks.append(rng.randrange(len(legal)))
            action = legal[picks[-1]]
            found.append((*states, action))
            states = [state.apply(action)[0] for state in states]
        if not all(other.over for other in states[1:]):
            raise SystemExit(f"the naive game {game_seed!r} goes on after the engine's end")
        if choices is not None:
            choices.append(picks)
    return found


def play_xeri_in_place(new, games) -> int:
    """The games of ``play`` through Xeri's in-place ``State.play``, as the strong bot's
    playouts play: the k-th legal action is the k-th card of the hand, so the games are
    the same."""
    played = 0
    for variant, seats, setup, game_seed in games:
        rng = random.Random(game_seed)
        state = new(variant, seats, setup).copy()
        while not state.over:
            hand = state.hands[state.to_move]
            state.play(state.to_move, hand[rng.randrange(len(hand))])
            played += 1
    return played


IN_PLACE = {"xeri": play_xeri_in_place}


def cpu(function, items) -> float:
    """CPU seconds for ``function(item)`` over ``items``."""
    started = time.process_time()
    for item in items:
        function(item)
    return time.process_time() - started


def measure(args) -> dict:
    game = args.game
    rules = importlib.import_module(f"games.{game}.engine").RULES
    naive = load_naive(game)
    tables = [(args.variant, args.seats)] if args.variant else list(naive.TABLES)
    games, repeats = args.games, args.repeats
    played = setups(rules, tables, games, args.seed)
    sides = {"engine": rules.new, "naive": naive.new}
    if hasattr(naive, "new_plain"):
        sides["naive_plain"] = naive.new_plain
    choices = []
    found = positions(list(sides.values()), played, choices)
    runs = {side: {"games": [], "legal": [], "apply": []} for side in sides}
    in_place = IN_PLACE.get(game)
    if in_place:
        runs["engine_in_place"] = {"games": []}
    mutating = load_in_place(game)
    if mutating:
        runs["in_place"] = {"games": []}
        runs["engine_drawn"] = {"games": []}
        runs["in_place_drawn"] = {"games": []}
    actions = 0
    for _repeat in range(repeats):
        for index, (side, new) in enumerate(sides.items()):
            started = time.process_time()
            actions = play(new, played)
            runs[side]["games"].append(time.process_time() - started)
            if mutating and side == "engine":  # right after the engine's games, every run
                started = time.process_time()
                if play(mutating.new, played) != actions:
                    raise SystemExit("the in-place games are not the engine's games")
                runs["in_place"]["games"].append(time.process_time() - started)
                for name, drawn in (("engine_drawn", new), ("in_place_drawn", mutating.new)):
                    started = time.process_time()
                    if play_drawn(drawn, played, choices) != actions:
                        raise SystemExit("the drawn games are not the games compared")
                    runs[name]["games"].append(time.process_time() - started)
            runs[side]["legal"].append(cpu(lambda p, i=index: p[i].legal_actions(), found))
            runs[side]["apply"].append(cpu(lambda p, i=index: p[i].apply(p[-1]), found))
        if in_place:
            started = time.process_time()
            if in_place(rules.new, played) != actions:
                raise SystemExit("the in-place games are not the games compared")
            runs["engine_in_place"]["games"].append(time.process_time() - started)
    if actions != len(found):
        raise SystemExit("the timed games are not the games compared")
    figures, medians = {}, {}
    for side, run in runs.items():
        medians[side] = {key: statistics.median(values) for key, values in run.items()}
        seconds = medians[side]
        figures[side] = {
            "games_per_second": round(games / seconds["games"], 2),
            "actions_per_second": round(actions / seconds["games"]),
        }
        if "legal" in seconds:
            figures[side]["legal_actions_us"] = round(seconds["legal"] / len(found) * 1e6, 1)
            figures[side]["apply_us"] = round(seconds["apply"] / len(found) * 1e6, 1)
    keys = (("games", "games"), ("legal_actions", "legal"), ("apply", "apply"))
    speedup = {name: round(medians["naive"][key] / medians["engine"][key], 1) for name, key in keys}
    extra = {}
    if "naive_plain" in medians:
        extra["speedup_plain"] = {
            name: round(medians["naive_plain"][key] / medians["engine"][key], 1)
            for name, key in keys
        }
    if mutating:
        extra["speedup_in_place_engine"] = round(
            medians["in_place"]["games"] / medians["engine"]["games"], 2
        )
        extra["speedup_in_place_drawn"] = round(
            medians["in_place_drawn"]["games"] / medians["engine_drawn"]["games"], 2
        )
    if in_place:
        fast = medians["engine_in_place"]["games"]
        extra["speedup_in_place"] = {
            side: round(medians[side]["games"] / fast, 1) for side in sides if side != "engine"
        }
    return {
        "game": game,
        "tables": [f"{variant} {seats}" for variant, seats in tables],
        "games": games,
        "positions": len(found),
        "repeats": repeats,
        "mean_legal_actions": round(statistics.mean(len(p[0].legal_actions()) for p in found), 1),
        "clock": "process_time",
        **figures,
        "speedup": speedup,
        **extra,
        "python": sys.version.split()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, help="a game with benchmarks/naive/<game>.py")
    parser.add_argument("--variant", help="one table only: its variant (with --seats)")
    parser.add_argument("--seats", type=int, help="one table only: its seats")
    parser.add_argument("--games", type=int, default=40, help="games per run, over the tables")
    parser.add_argument("--repeats", type=int, default=5, help="runs; the median is kept")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if (args.variant is None) != (args.seats is None):
        parser.error("--variant and --seats go together")
    print(json.dumps(measure(args)))


if __name__ == "__main__":
    main()
