"""Who plays whom: pure functions, no database (docs/tournaments.md, "Pairing").

Players are entry ids. ``standing`` is the players best first (points, tie-breaks, seed:
``tournaments.standings.ranked``); ``points`` their points so far; ``met`` the set of
pairs (frozensets) who have shared a table; ``byes`` how many byes each has had.

- ``swiss_pairs``: two seats. One maximum-weight matching over every pair of players
  (``networkx.max_weight_matching`` with maximum cardinality), with a phantom player
  standing for the bye when the number is odd. Weights, most important first: no repeated
  opponent (and no second bye) where avoidable; the smallest sum of squared differences in
  points; within a score group the upper half meets the lower half (1 v 3 and 2 v 4 of a
  group of four). Each level outweighs everything below it put together.
- ``swiss_tables``: three to ten seats. The standing is cut into tables of that size,
  board 1 the leaders; the players left over when the number does not divide get byes
  (the lowest placed of those with the fewest byes). Each seat of the tables after the
  first is filled by one maximum-weight bipartite matching between the tables and the
  players still unseated: fewest players met before at that table, then nearest the seat
  the standing gives.
- ``round_robin``: every player meets every other. Two seats: the circle method, a bye
  each round when the number is odd. More seats: rounds of tables built as above until
  every two players have met, each round avoiding the pairs met most.
- ``knockout_bracket``: seeds in the standard bracket (1 v 16, 8 v 9 ...), byes to the
  top seeds when the number is no power of two.
- ``knockout_tables``: a knockout at tables of more than two: byes to the top seeds for
  the players who do not fill a table, the others dealt to the tables in a serpentine.
"""

import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from math import lcm

import networkx as nx

ROUND_TRIES = 24  # candidate rounds weighed for each round of a many-seat round robin

PHANTOM = "bye"  # the node that stands for the bye in a two-seat matching


def _units(points: dict) -> dict:
    """Points as whole numbers, all scaled by one factor (their denominators' lcm)."""
    scale = lcm(*(Fraction(p).denominator for p in points.values()), 1)
    return {player: int(Fraction(p) * scale) for player, p in points.items()}


def swiss_pairs(
    standing: Sequence[int], points: dict, met: set, byes: dict
) -> tuple[list[tuple[int, int]], int | None]:
    """One Swiss round at two seats: (the pairs, higher placed first and in standing order,
    the player who gets the bye or None). See the module's docstring for the weights."""
    n = len(standing)
    if n < 2:
        return [], (standing[0] if standing else None)
    rank = {player: i for i, player in enumerate(standing)}
    score = _units(points)
    group_size = {}
    for player in standing:
        group_size[score[player]] = group_size.get(score[player], 0) + 1
    nodes = list(standing)
    if n % 2:
        # The phantom stands one unit of points below the last and last in the order.
        score[PHANTOM] = min(score[p] for p in standing) - 1
        rank[PHANTOM] = n
        group_size[score[PHANTOM]] = 1
        nodes.append(PHANTOM)

    def repeated(a, b) -> int:
        if PHANTOM in (a, b):
            player = b if a == PHANTOM else a
            return 1 if byes.get(player, 0) else 0
        return 1 if frozenset((a, b)) in met else 0

    def fold(a, b) -> int:
        # Distance from the pairing of the upper half of a score group with its lower half;
        # for the bye, the distance of its taker from the bottom of the standing.
        if PHANTOM in (a, b):
            return n - 1 - rank[b if a == PHANTOM else a]
        if score[a] != score[b]:
            return 0
        return abs(abs(rank[a] - rank[b]) - group_size[score[a]] // 2)

    m = len(nodes)
    spread = max(score[p] for p in nodes) - min(score[p] for p in nodes)
    fold_total = m * m  # more than any matching's sum of ``fold``
    square_total = (m // 2 + 1) * spread * spread + 1  # more than any sum of squares
    w_square = fold_total + 1
    w_repeat = w_square * square_total + fold_total + 1
    base = w_repeat * 2
    graph = nx.Graph()
    for a, b in combinations(nodes, 2):
        cost = repeated(a, b) * w_repeat + (score[a] - score[b]) ** 2 * w_square + fold(a, b)
        graph.add_edge(a, b, weight=base - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs, bye = [], None
    for a, b in matching:
        if PHANTOM in (a, b):
            bye = b if a == PHANTOM else a
            continue
        pairs.append((a, b) if rank[a] < rank[b] else (b, a))
    pairs.sort(key=lambda pair: rank[pair[0]])
    return pairs, bye


def bye_takers(standing: Sequence[int], seats: int, byes: dict) -> list[int]:
    """The players who sit out when ``len(standing)`` does not divide into tables of
    ``seats``: those with the fewest byes so far, the lowest placed among them."""
    left_over = len(standing) % seats
    if not left_over:
        return []
    order = sorted(
        range(len(standing)), key=lambda i: (byes.get(standing[i], 0), -i)
    )  # fewest byes first, then from the bottom of the standing
    return [standing[i] for i in sorted(order[:left_over])]


def tables_of(standing: Sequence[int], seats: int, met_count) -> list[list[int]]:
    """Tables of ``seats`` from ``standing`` (its length a multiple of ``seats``), board 1
    the leaders: table t's first seat is the player at t*seats; each further seat s is
    filled for all tables at once by a maximum-weight bipartite matching of tables to the
    unseated players. ``met_count(a, b)`` is how often a and b have met. The weight of
    player p at table t: first fewest meetings with those already there, then the square
    of the distance between p's place and t*seats + s."""
    n = len(standing)
    count = n // seats
    rank = {player: i for i, player in enumerate(standing)}
    tables = [[standing[t * seats]] for t in range(count)]
    free = [p for p in standing if p not in {t[0] for t in tables}]
    w_meet = n * n + 1  # one meeting fewer outweighs any distance
    for seat in range(1, seats):
        graph = nx.Graph()
        base = w_meet * n * seats + 1
        for t, table in enumerate(tables):
            want = t * seats + seat
            for p in free:
                meetings = sum(met_count(p, q) for q in table)
                cost = meetings * w_meet + (rank[p] - want) ** 2
                graph.add_edge(("t", t), ("p", p), weight=base - cost)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        taken = {}
        for a, b in matching:
            table_node, player_node = (a, b) if a[0] == "t" else (b, a)
            taken[table_node[1]] = player_node[1]
        for t, player in taken.items():
            tables[t].append(player)
        free = [p for p in free if p not in taken.values()]
    for table in tables:
        table.sort(key=rank.__getitem__)
    return tables


def swiss_tables(
    standing: Sequence[int], seats: int, met_count, byes: dict
) -> tuple[list[list[int]], list[int]]:
    """One Swiss round at ``seats`` (3 to 10): (the tables, board 1 first; the players
    with a bye)."""
    out = bye_takers(standing, seats, byes)
    playing = [p for p in standing if p not in out]
    return tables_of(playing, seats, met_count), out


def circle_rounds(players: Sequence[int]) -> list[list[tuple[int, int | None]]]:
    """Round robin at two seats by the circle method: ``len(players) - 1`` rounds (one
    more player, ``None``, when the number is odd: who meets None has the bye). The first
    player stays put and the others turn one place a round; colours are not kept, so each
    pair is given higher seed first."""
    ring = list(players) + ([None] if len(players) % 2 else [])
    n = len(ring)
    rounds = []
    for _ in range(n - 1):
        pairs = [(ring[i], ring[n - 1 - i]) for i in range(n // 2)]
        rounds.append(pairs)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def group_rounds(players: Sequence[int], seats: int) -> list[tuple[list[list[int]], list[int]]]:
    """Round robin at ``seats`` of 3 or more: rounds of (tables, byes) until every two
    players have met at least once. Covering every pair in the fewest rounds is the
    "social golfer" problem, hard in general, so each round is the best of
    ``ROUND_TRIES`` candidates: ``tables_of`` over the players in an order shuffled from
    a fixed seed, with the number of earlier meetings as the cost, byes going to those
    with fewest byes. The best covers the most pairs not yet met, then repeats fewest."""
    meetings: dict = {}

    def met_count(a, b) -> int:
        return meetings.get(frozenset((a, b)), 0)

    pairs_left = {frozenset(pair) for pair in combinations(players, 2)}
    byes: dict = {}
    rounds = []
    while pairs_left:
        best = None
        for attempt in range(ROUND_TRIES):
            order = list(players)
            if attempt:
                random.Random(f"{len(rounds)}/{attempt}").shuffle(order)
            out = bye_takers(order, seats, byes)
            tables = tables_of([p for p in order if p not in out], seats, met_count)
            pairs = [frozenset(pair) for table in tables for pair in combinations(table, 2)]
            new = sum(1 for pair in pairs if pair in pairs_left)
            key = (new, -sum(met_count(*pair) for pair in pairs))
            if best is None or key > best[0]:
                best = (key, tables, out)
        _, tables, out = best
        for p in out:
            byes[p] = byes.get(p, 0) + 1
        for table in tables:
            for pair in combinations(table, 2):
                key = frozenset(pair)
                meetings[key] = meetings.get(key, 0) + 1
                pairs_left.discard(key)
        rounds.append((tables, out))
    return rounds


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket order for a power of two: 1, 16, 8, 9, 4, 13 ... for 16, so the
    top two seeds can meet only in the final."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def knockout_rounds(n: int) -> int:
    size = 1
    rounds = 0
    while size < n:
        size *= 2
        rounds += 1
    return rounds


def knockout_bracket(n: int) -> list[tuple[int, int | None]]:
    """The first round of a knockout of ``n`` seeded players: pairs of seeds in bracket
    order, (seed, None) a bye. Byes go to the top seeds."""
    order = bracket_order(2 ** knockout_rounds(n))
    return [(a, b if b <= n else None) for a, b in zip(order[::2], order[1::2], strict=True)]


def tie_winner(seed_a: int, seed_b: int) -> int:
    """Of two seeds level after a knockout game (when the rule is "higher seed"), the one
    who goes through: the higher seed, the smaller number."""
    return min(seed_a, seed_b)


def knockout_tables(alive: Sequence[int], slots: int) -> tuple[list[list[int]], list[int]]:
    """One round of a knockout at tables of ``slots`` (3 or more entrants) from ``alive``,
    best seed first: (the tables, board 1 first; the byes). When ``alive`` fits at one
    table it is the final. Otherwise the ``len(alive) % slots`` top seeds have a bye and
    the rest are dealt to the tables in a serpentine (1, 2, 3, 3, 2, 1 ...), so each
    table has one of the strongest and one of the weakest and the seeds are spread
    evenly: with 8 at tables of 4, boards [1, 4, 5, 8] and [2, 3, 6, 7]."""
    if len(alive) <= slots:
        return [list(alive)], []
    byes = len(alive) % slots
    playing = list(alive[byes:])
    count = len(playing) // slots
    tables: list[list[int]] = [[] for _ in range(count)]
    for i, player in enumerate(playing):
        lap, step = divmod(i, count)
        tables[step if lap % 2 == 0 else count - 1 - step].append(player)
    return tables, list(alive[:byes])


def knockout_sizes(n: int, slots: int, advance: int) -> list[int]:
    """How many entrants each round of a knockout at tables of ``slots`` starts with, from
    ``n``: each table sends ``advance`` through, byes go through, the last round is the
    final (no more than ``slots`` left). [16, 8, 4] for 16 at tables of 4, two through."""
    sizes = [n]
    while sizes[-1] > slots:
        left = sizes[-1]
        byes = left % slots
        sizes.append((left - byes) // slots * advance + byes)
    return sizes
