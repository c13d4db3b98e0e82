"""Bots against bots at a table of any game and size, with the pure engine (no database).

The core of ``manage.py bot_arena``. Pure: the standard library, ``games.registry`` and the
game's own engine and bots.

``entrants`` lists one bot level per seat (the same level may appear more than once).
Table ``i`` is set up from the seed ``f"{seed}:{i}"`` and played once per rotation of the
entrants around the seats: in rotation ``r`` seat ``s`` holds entrant ``(s + r) % n``, so
every entrant plays every seat of every deal and nobody gains from a lucky seat. At two
seats that is XIX's "each deal twice, seats swapped". The bot to move at action ``k`` of
table ``(i, r)`` gets the seed ``f"{seed}:{i}:{r}:{k}"``, so a match is reproducible.
Only the bots' own decisions are timed (not building the view).

Each game gives every entrant its rank, its score and its points: the share of the other
sides it finished ahead of, a tie counting one half (1 for a win, 1/2 for a draw, 0 for a
loss when two play alone). Partners are never counted as each other's opponents.
"""

import json
import math
import statistics
import time
from dataclasses import dataclass, field

from games import registry


@dataclass
class EntrantResult:
    """One entrant's record over a match."""

    level: str
    games: int = 0
    rank_sum: int = 0
    score_sum: int = 0
    points: float = 0.0
    firsts: int = 0  # games where it placed first alone
    shared_firsts: int = 0  # games where it shared first place
    times: list = field(default_factory=list)

    def add(self, other: "EntrantResult") -> None:
        self.games += other.games
        self.rank_sum += other.rank_sum
        self.score_sum += other.score_sum
        self.points += other.points
        self.firsts += other.firsts
        self.shared_firsts += other.shared_firsts
        self.times += other.times

    @property
    def mean_rank(self) -> float:
        return self.rank_sum / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.games if self.games else 0.0


@dataclass
class Match:
    key: str
    variant: str
    seats: int
    entrants: list[EntrantResult]
    tables: int = 0  # deals played (each once per rotation)

    @property
    def games(self) -> int:
        return self.tables * self.seats

    def add(self, other: "Match") -> None:
        self.tables += other.tables
        for mine, theirs in zip(self.entrants, other.entrants, strict=True):
            mine.add(theirs)


def points_of(seat: int, ranks, sides) -> float:
    """Seat's share of the other sides it beat (a tie is one half)."""
    side_of = {s: index for index, side in enumerate(sides) for s in side} if sides else None
    others = [
        s
        for s in range(len(ranks))
        if s != seat and (side_of is None or side_of[s] != side_of[seat])
    ]
    if side_of is not None:  # one representative seat per other side
        seen, firsts = set(), []
        for s in others:
            if side_of[s] not in seen:
                seen.add(side_of[s])
                firsts.append(s)
        others = firsts
    if not others:
        return 0.0
    won = sum(
        1.0 if ranks[seat] < ranks[s] else 0.5 if ranks[seat] == ranks[s] else 0.0 for s in others
    )
    return won / len(others)


def firsts_of(ranks, sides) -> int:
    """How many sides (or lone seats) share first place."""
    if not sides:
        return sum(1 for rank in ranks if rank == 1)
    return sum(1 for side in sides if ranks[side[0]] == 1)


def play_table(rules, variant, seats, setup, bots, seed_prefix):
    """Play one game; ``bots[seat]``. Returns (outcome, times per seat in seconds)."""
    state = rules.new(variant, seats, setup)
    times = [[] for _ in range(seats)]
    while not state.over:
        seat = state.to_move
        view = rules.seat_view(state, seat)
        start = time.perf_counter()
        action = bots[seat].choose(view, f"{seed_prefix}:{state.n_actions}")
        times[seat].append(time.perf_counter() - start)
        state, _events = state.apply(action)
    return rules.outcome(state), times


def play_tables(key, variant, seats, levels, seed, tables, options=None) -> Match:
    """Play the deals ``tables`` (indexes), each once per rotation of ``levels``."""
    rules = registry.rules(key)
    game_bots = registry.bots(key)
    options = options or [{} for _ in levels]
    bots = [game_bots.make_bot(level, **opts) for level, opts in zip(levels, options, strict=True)]
    sides = rules.variants[variant].sides(seats)
    match = Match(key, variant, seats, [EntrantResult(level) for level in levels])
    for i in tables:
        setup = rules.deal(f"{seed}:{i}", variant, seats)
        match.tables += 1
        for rotation in range(seats):
            holder = [(s + rotation) % seats for s in range(seats)]  # seat -> entrant
            seated = [bots[holder[s]] for s in range(seats)]
            outcome, times = play_table(
                rules, variant, seats, setup, seated, f"{seed}:{i}:{rotation}"
            )
            for s in range(seats):
                entrant = match.entrants[holder[s]]
                entrant.games += 1
                entrant.rank_sum += outcome.ranks[s]
                entrant.score_sum += outcome.scores[s]
                entrant.points += points_of(s, outcome.ranks, sides)
                if outcome.ranks[s] == 1:
                    if firsts_of(outcome.ranks, sides) == 1:
                        entrant.firsts += 1
                    else:
                        entrant.shared_firsts += 1
                entrant.times += times[s]
    return match


def _play_chunk(args) -> Match:
    return play_tables(*args)


def run_match(key, variant, seats, levels, seed, tables, jobs=1, options=None) -> Match:
    """Play ``tables`` deals, each once per rotation, over ``jobs`` processes."""
    if jobs <= 1 or tables <= 1:
        return play_tables(key, variant, seats, levels, seed, range(tables), options)
    import multiprocessing

    chunks = [range(j, tables, jobs) for j in range(jobs)]
    args = [(key, variant, seats, levels, seed, chunk, options) for chunk in chunks]
    match = Match(key, variant, seats, [EntrantResult(level) for level in levels])
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for part in pool.imap_unordered(_play_chunk, args):
            match.add(part)
    return match


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion (draws count one half)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def pooled(paths) -> tuple[list[dict], str]:
    """The lines of the match files at ``paths`` (JSON, one per deal played twice with the
    seats swapped, as the benchmarks against outside players write them: ``strong_points``,
    ``strong_wins``, ``outside_wins``, ``strong_ms``, ``outside_ms``) and what they say
    together: games, wins, draws, the strong bot's share with its 95% Wilson interval and
    the median CPU ms per move of each player."""
    lines = [json.loads(line) for path in paths for line in open(path) if line.strip()]
    games = 2 * len(lines)
    points = sum(line["strong_points"] for line in lines)
    low, high = wilson(points, games)
    wins = sum(line["strong_wins"] for line in lines)
    losses = sum(line["outside_wins"] for line in lines)
    median = statistics.median
    return lines, (
        f"{games} games: strong {wins}, outside {losses}, draws {games - wins - losses}; "
        f"strong's share {points / games:.1%} ({low:.1%}-{high:.1%}); "
        f"median CPU ms per move strong {median(x['strong_ms'] for x in lines):.1f}, "
        f"outside {median(x['outside_ms'] for x in lines):.1f}"
    )


def percentile(values, q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


def _time_line(label: str, entrant: EntrantResult) -> str:
    times = entrant.times
    return (
        f"time per move {label} ({entrant.level}): median {percentile(times, 0.5) * 1000:.2f} ms, "
        f"p95 {percentile(times, 0.95) * 1000:.2f} ms over {len(times)} moves"
    )


def report(match: Match) -> list[str]:
    """The lines ``bot_arena`` prints.

    Two entrants at two seats keep the head-to-head form (wins, draws and A's win rate);
    a bigger table prints one line per entrant: mean rank, mean score, first places and
    its points with a 95% Wilson interval.
    """
    n = match.games
    if match.seats == 2 and len(match.entrants) == 2:
        a, b = match.entrants
        draws = a.shared_firsts
        low, high = wilson(a.points, n)
        rate = a.points / n if n else 0.0
        return [
            f"games: {n} ({match.tables} deals, each played twice with seats swapped)",
            f"wins: {a.level} (A) {a.firsts}, {b.level} (B) {b.firsts}, draws {draws}",
            f"win rate A ({a.level}): {rate:.1%} (95% Wilson interval {low:.1%} to {high:.1%})",
            _time_line("A", a),
            _time_line("B", b),
        ]
    lines = [
        f"games: {n} ({match.tables} deals, each played {match.seats} times with the "
        f"{match.seats} entrants rotated round the table)"
    ]
    for index, entrant in enumerate(match.entrants):
        low, high = wilson(entrant.points, entrant.games)
        share = entrant.points / entrant.games if entrant.games else 0.0
        lines.append(
            f"entrant {index + 1} ({entrant.level}): mean rank {entrant.mean_rank:.2f}, "
            f"mean score {entrant.mean_score:.1f}, first {entrant.firsts} alone and "
            f"{entrant.shared_firsts} shared, points {share:.1%} (95% Wilson interval "
            f"{low:.1%} to {high:.1%})"
        )
    for index, entrant in enumerate(match.entrants):
        lines.append(_time_line(str(index + 1), entrant))
    return lines
