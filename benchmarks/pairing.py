"""How long the tournament pairing takes (tournaments/pairing.py), pure Python and
networkx, no database.

    python benchmarks/pairing.py [RUNS]      # default 5 runs; medians printed

Cases: a two-seat Swiss round of 64 and of 256 players (mid-tournament: points spread
over nine score groups, every player with three earlier opponents), a four-seat Swiss
round of 40 and of 256 players, and a whole round robin schedule of 24 players at four
seats (the most a round robin takes). Each case is timed ``RUNS`` times; the median is
printed with the fewest rounds for the round robin.
"""

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments import pairing  # noqa: E402


def swiss_field(n: int, seed: int):
    rng = random.Random(seed)
    players = list(range(n))
    points = {p: rng.randint(0, 8) / 2 for p in players}
    standing = sorted(players, key=lambda p: (-points[p], p))
    met = set()
    for _ in range(3):
        rng.shuffle(players)
        met |= {frozenset(players[i : i + 2]) for i in range(0, n - 1, 2)}
    return standing, points, met


def timed(call, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(runs: int) -> None:
    for n in (64, 256):
        standing, points, met = swiss_field(n, n)
        t = timed(lambda s=standing, p=points, m=met: pairing.swiss_pairs(s, p, m, {}), runs)
        print(f"Swiss, 2 seats, {n} players: {t * 1000:.0f} ms")
    for n in (40, 256):
        standing, _, met = swiss_field(n, n)

        def count(a, b, met=met):
            return int(frozenset((a, b)) in met)

        t = timed(lambda s=standing, c=count: pairing.swiss_tables(s, 4, c, {}), runs)
        print(f"Swiss, 4 seats, {n} players: {t * 1000:.0f} ms")
    rounds = []
    t = timed(lambda: rounds.append(len(pairing.group_rounds(list(range(24)), 4))), runs)
    print(f"Round robin schedule, 24 players at 4 seats: {t * 1000:.0f} ms, {rounds[0]} rounds")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
