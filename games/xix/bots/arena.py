"""Bot against bot, with the engine directly (no database): the core of ``bot_arena``.

Each deal is played twice, the bots swapping seats, so neither gains from a lucky deal or
first lead. Deal ``i`` is ``shuffled_deal(f"{seed}:{i}")``; the bot to move at action ``n``
of game ``(i, swap)`` gets the seed ``f"{seed}:{i}:{swap}:{n}"``, so a match is reproducible.
Only the bots' own decisions are timed (not building the view).
"""

import math
import time
from dataclasses import dataclass, field

from games.xix.engine import new_game, seat_view, shuffled_deal

from . import make_bot


@dataclass
class MatchResult:
    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    times_a: list = field(default_factory=list)
    times_b: list = field(default_factory=list)

    def add(self, other: "MatchResult") -> None:
        self.games += other.games
        self.wins_a += other.wins_a
        self.wins_b += other.wins_b
        self.draws += other.draws
        self.times_a += other.times_a
        self.times_b += other.times_b

    @property
    def score_a(self) -> float:
        """A's points: a win is 1, a draw one half."""
        return self.wins_a + 0.5 * self.draws


def play_game(variant, deal, leader, bots, seed_prefix) -> tuple[int | None, list, list]:
    """Play one game; ``bots[seat]``. Returns (winner, seat 0 times, seat 1 times) in seconds."""
    state = new_game(variant, deal, leader)
    times = ([], [])
    while not state.over:
        seat = state.to_move
        view = seat_view(state, seat)
        start = time.perf_counter()
        action = bots[seat].choose(view, f"{seed_prefix}:{state.n_actions}")
        times[seat].append(time.perf_counter() - start)
        state, _ = state.apply(action)
    return state.winner, times[0], times[1]


def play_deals(a, b, variant, seed, deals, options_a=None, options_b=None) -> MatchResult:
    """Play deals ``deals`` (an iterable of indexes) twice each, A first in seat 0 then 1."""
    bot_a = make_bot(a, **(options_a or {}))
    bot_b = make_bot(b, **(options_b or {}))
    result = MatchResult()
    for i in deals:
        deal, leader = shuffled_deal(f"{seed}:{i}")
        for swap in (0, 1):
            bots = (bot_a, bot_b) if swap == 0 else (bot_b, bot_a)
            winner, t0, t1 = play_game(variant, deal, leader, bots, f"{seed}:{i}:{swap}")
            seat_a = swap
            result.games += 1
            if winner is None:
                result.draws += 1
            elif winner == seat_a:
                result.wins_a += 1
            else:
                result.wins_b += 1
            result.times_a += t0 if seat_a == 0 else t1
            result.times_b += t1 if seat_a == 0 else t0
    return result


def _play_chunk(args) -> MatchResult:
    return play_deals(*args)


def run_match(a, b, variant, seed, deals, jobs=1, options_a=None, options_b=None):
    """Play ``deals`` deals twice each, over ``jobs`` processes; one MatchResult."""
    if jobs <= 1 or deals <= 1:
        return play_deals(a, b, variant, seed, range(deals), options_a, options_b)
    import multiprocessing

    chunks = [range(j, deals, jobs) for j in range(jobs)]
    args = [(a, b, variant, seed, chunk, options_a, options_b) for chunk in chunks]
    result = MatchResult()
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for part in pool.imap_unordered(_play_chunk, args):
            result.add(part)
    return result


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion (draws count one half)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values, q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


def report(a: str, b: str, result: MatchResult) -> list[str]:
    """The lines ``bot_arena`` prints."""
    n = result.games
    low, high = wilson(result.score_a, n)
    rate = result.score_a / n if n else 0.0
    lines = [
        f"games: {n} ({n // 2} deals, each played twice with seats swapped)",
        f"wins: {a} (A) {result.wins_a}, {b} (B) {result.wins_b}, draws {result.draws}",
        f"win rate A ({a}): {rate:.1%} (95% Wilson interval {low:.1%} to {high:.1%})",
    ]
    for name, label, times in ((a, "A", result.times_a), (b, "B", result.times_b)):
        lines.append(
            f"time per move {label} ({name}): median {percentile(times, 0.5) * 1000:.2f} ms, "
            f"p95 {percentile(times, 0.95) * 1000:.2f} ms over {len(times)} moves"
        )
    return lines
