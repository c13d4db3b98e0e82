"""Scores and tie-breaks of a tournament, as pure functions over what was played
(docs/tournaments.md, "Scoring" and "Tie-breaks"). Everything is exact: points are
``Fraction``s, never floats, so two players level on points are level.

A result is a ``Played`` table: the players (entry ids) and their places there (1 best,
ties share: two players sharing first place both have 1 and the next has 3), or a bye (one
player). A shared place scores the mean of the points of the places it covers: at
[+6, +4, +2, 0], two players sharing first score (6 + 4) / 2 = 5 each.
"""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

FULL, HALF, ZERO = "full", "half", "zero"  # the bye's score (Tournament.Bye)


@dataclass(frozen=True)
class Played:
    """One table of one round: ``players`` and their ``places`` (same order); a bye is
    one player with ``bye=True``. ``places`` is None while the game is being played."""

    round: int
    players: tuple[int, ...]
    places: tuple[int, ...] | None = None
    bye: bool = False

    @property
    def over(self) -> bool:
        return self.bye or self.places is not None


def table_points(places: Sequence[int], points: Sequence) -> list[Fraction]:
    """Each player's points at one table from their ``places`` and the points table
    ``points`` (first place first). A place shared by k players scores the mean of the k
    places from it: ``table_points([1, 1, 3, 4], [6, 4, 2, 0])`` is [5, 5, 2, 0]."""
    table = [Fraction(p) for p in points]
    out = []
    for place in places:
        shared = sum(1 for other in places if other == place)
        covered = table[place - 1 : place - 1 + shared]
        out.append(sum(covered, Fraction(0)) / shared)
    return out


def bye_points(bye: str, points: Sequence) -> Fraction:
    first = Fraction(points[0])
    return {FULL: first, HALF: first / 2, ZERO: Fraction(0)}[bye]


def _beats(places: Sequence[int], i: int, j: int) -> Fraction:
    """Player i's score against player j at one table: 1 ahead, 1/2 level, 0 behind."""
    if places[i] < places[j]:
        return Fraction(1)
    return Fraction(1, 2) if places[i] == places[j] else Fraction(0)


@dataclass
class Line:
    """One player's line in the standings."""

    player: int
    points: Fraction = Fraction(0)
    byes: int = 0
    played: int = 0
    # (round, the other players at the table, my share against each: 1, 1/2 or 0,
    # my points at the table)
    tables: list = field(default_factory=list)
    buchholz: Fraction = Fraction(0)
    sonneborn_berger: Fraction = Fraction(0)
    opponents_points: Fraction = Fraction(0)
    direct: Fraction = Fraction(0)
    by_round: list = field(default_factory=list)  # points after each round


def lines_of(
    players: Iterable[int], played: Iterable[Played], *, points: Sequence, bye: str
) -> dict[int, Line]:
    """Every player's points, byes, tables and tie-breaks (but direct encounter, which
    depends on who is level: ``ranked``), from the finished tables of ``played``.

    - Buchholz: the sum of the final points of every opponent met, once per game.
    - Sonneborn-Berger: the sum over games of the opponent's final points times my share
      of that game (1 a win, 1/2 a draw, 0 a loss); at tables of more seats, over every
      other player at the table, my share against them by place.
    - Opponents' points: the sum over tables of the final points of every other player at
      them (at two seats the same number as Buchholz).
    A bye counts for points but meets nobody, so adds to no tie-break."""
    lines = {p: Line(p) for p in players}
    played = [t for t in played if t.over]
    last = max((t.round for t in played), default=0)
    per_round = defaultdict(lambda: defaultdict(Fraction))
    for table in played:
        if table.bye:
            (player,) = table.players
            got = bye_points(bye, points)
            lines[player].points += got
            lines[player].byes += 1
            per_round[table.round][player] += got
            continue
        got = table_points(table.places, points)
        for i, player in enumerate(table.players):
            others = [
                (other, _beats(table.places, i, j))
                for j, other in enumerate(table.players)
                if j != i
            ]
            line = lines[player]
            line.points += got[i]
            line.played += 1
            line.tables.append((table.round, others, got[i]))
            per_round[table.round][player] += got[i]
    for line in lines.values():
        running = Fraction(0)
        for number in range(1, last + 1):
            running += per_round[number][line.player]
            line.by_round.append(running)
    for line in lines.values():
        for _, others, _ in line.tables:
            for other, share in others:
                final = lines[other].points
                line.opponents_points += final
                line.buchholz += final
                line.sonneborn_berger += final * share
    return lines


def direct_encounter(group: Sequence[int], lines: dict[int, Line]) -> dict[int, Fraction]:
    """Within ``group`` (players level on everything before): each one's score in the
    tables they shared with the others of the group (1 for each one finished ahead of,
    1/2 level). It separates them only when every two of them have met; else all get 0."""
    members = set(group)
    met = set()
    score = dict.fromkeys(group, Fraction(0))
    for player in group:
        for _, others, _ in lines[player].tables:
            for other, share in others:
                if other in members:
                    met.add(frozenset((player, other)))
                    score[player] += share
    pairs = len(members) * (len(members) - 1) // 2
    if len(met) < pairs:
        return dict.fromkeys(group, Fraction(0))
    return score


# The tie-breaks after points, in order, by format and seats (docs/tournaments.md).
BUCHHOLZ, SONNEBORN_BERGER, DIRECT, OPPONENTS = "buchholz", "sb", "direct", "opponents"
NAMES = {
    BUCHHOLZ: "Buchholz",
    SONNEBORN_BERGER: "Sonneborn-Berger",
    DIRECT: "Direct encounter",
    OPPONENTS: "Opponents' points",
}


def tie_breaks(format: str, seats: int) -> tuple[str, ...]:
    if format == "round_robin":
        return (DIRECT, SONNEBORN_BERGER) if seats == 2 else (DIRECT, OPPONENTS)
    if seats == 2:
        return (BUCHHOLZ, SONNEBORN_BERGER, DIRECT)
    return (OPPONENTS, DIRECT)


def _value(line: Line, name: str) -> Fraction:
    return {
        BUCHHOLZ: line.buchholz,
        SONNEBORN_BERGER: line.sonneborn_berger,
        OPPONENTS: line.opponents_points,
        DIRECT: line.direct,
    }[name]


def ranked(lines: dict[int, Line], order: Sequence[str], seed: dict[int, int]) -> list[Line]:
    """The lines best first: points, then the tie-breaks of ``order`` in turn, then the
    seed (1 first). Direct encounter is worked out within each group still level when its
    turn comes."""
    groups = [sorted(lines.values(), key=lambda line: -line.points)]
    keys = [lambda line: line.points]
    for name in order:
        split = []
        for group in groups:
            for level in _levels(group, keys):
                if name == DIRECT:
                    scores = direct_encounter([line.player for line in level], lines)
                    for line in level:
                        line.direct = scores[line.player]
                split.append(sorted(level, key=lambda line, n=name: -_value(line, n)))
        groups = split
        keys = [*keys, lambda line, n=name: _value(line, n)]
    out = []
    for group in groups:
        out.extend(sorted(group, key=lambda line: (*(-k(line) for k in keys), seed[line.player])))
    return out


def _levels(group: list[Line], keys) -> list[list[Line]]:
    """``group`` cut into runs level on every key (it is sorted by them)."""
    runs: list[list[Line]] = []
    for line in group:
        if runs and all(k(runs[-1][0]) == k(line) for k in keys):
            runs[-1].append(line)
        else:
            runs.append([line])
    return runs


def knockout_places(eliminated: dict[int, int | None], rounds: int) -> dict[int, int]:
    """Final places of a knockout from the round each player went out in (None: never,
    the winner). Players out in the same round share a place: one more than the number
    who went further (the winner 1, the final's loser 2, the semi-finals' losers 3)."""
    reached = {p: (rounds + 1 if r is None else r) for p, r in eliminated.items()}
    return {p: 1 + sum(1 for q in reached.values() if q > r) for p, r in reached.items()}


def show(points: Fraction) -> str:
    """A number of points as people write it: 3, 2½, 1⅓ or 0.25."""
    whole, part = divmod(points, 1)
    glyph = {Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔", Fraction(1, 4): "¼"}
    if part == 0:
        return str(int(whole))
    if part in glyph:
        return f"{int(whole) if whole else ''}{glyph[part]}"
    return f"{float(points):.2f}"
