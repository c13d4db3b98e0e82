"""What the tournament pages read: the lists, and one tournament's settings, players,
standings (with the tie-breaks named), rounds, crosstable and standings over the rounds.
Only names, places and points: nothing of any game's cards (a game is a link to its own
page, which shows each visitor what they may see)."""

from dataclasses import dataclass

from django.db.models import Count, Q

from games import registry
from tournaments import services, standings as scoring
from tournaments.models import Entry, Table, Tournament


def tournament_lists(kind: str = "") -> dict:
    """Upcoming, running and finished tournaments (of ``kind`` when it is a served game),
    each with its number of players."""
    rows = Tournament.objects.annotate(players=Count("entries")).select_related("created_by")
    if kind in registry.served():
        rows = rows.filter(kind=kind)
    return {
        "upcoming": list(rows.filter(status=Tournament.Status.REGISTRATION).order_by("created")),
        "running": list(rows.filter(status=Tournament.Status.RUNNING).order_by("-started_at")),
        "finished": list(
            rows.filter(
                Q(status=Tournament.Status.FINISHED) | Q(status=Tournament.Status.CANCELLED)
            ).order_by("-finished_at")[:50]
        ),
    }


def game_label(t: Tournament) -> str:
    rules = registry.rules(t.kind)
    info = rules.variants.get(t.variant)
    label = info.label if info else t.variant
    return label if label.startswith(rules.name) else f"{rules.name} {label.lower()}"


def settings_rows(t: Tournament) -> list[tuple[str, str]]:
    points = ", ".join(f"{p:+d}" if p else "0" for p in t.place_points)
    rows = [
        ("Game", game_label(t)),
        ("Seats at each table", str(t.seats)),
        ("Format", t.get_format_display() + (" (rolling)" if t.rolling else "")),
        (
            "Games each" if t.rolling else "Rounds",
            str(t.rounds) if t.rounds else "Set at the start",
        ),
        ("Time", f"{t.get_days_per_move_display()} per move, a game {t.max_days} days at most"),
        ("Rated", "Rated" if t.rated else "Casual"),
        ("Start", f"{t.starts_at:%Y-%m-%d %H:%M} UTC" if t.starts_at else "When full"),
        ("Teams" if t.teams else "Players", f"{t.min_players} to {t.max_players}"),
        ("Entry", t.get_entry_display()),
        ("Bots", "Allowed" if t.bots_allowed else "Not allowed"),
        ("Points by place", points),
        ("A bye scores", t.get_bye_display()),
    ]
    if t.teams:
        rows.append(("Entrants", "Fixed teams of two; places are the sides' places"))
    if t.rolling:
        wait = services.rolling_wait(t).days
        rows.append(
            (
                "Pairing",
                "Each player as soon as their game ends, with the others free; alone, "
                f"a bye after {wait} day{'s' if wait > 1 else ''} of waiting",
            )
        )
    if t.late_entry:
        rows.append(("Late entries", f"Until {t.rounds // 2} rounds are paired"))
    if t.max_timeouts:
        rows.append(("Dropped after", f"{t.max_timeouts} games lost on time"))
    if t.rating_min is not None or t.rating_max is not None:
        rows.append(("Ratings", f"{t.rating_min or 'any'} to {t.rating_max or 'any'}"))
    if t.format == Tournament.Format.KNOCKOUT:
        rows.append(("A level game", t.get_tie_display()))
        if t.slots > 2:
            through = t.advance or t.slots // 2
            rows.append(("Through from each table", f"The top {through}; from the final, 1"))
    order = scoring.tie_breaks(t.format, t.slots)
    if t.format != Tournament.Format.KNOCKOUT:
        rows.append(("Tie-breaks", ", ".join(scoring.NAMES[name] for name in order)))
    return rows


@dataclass
class Row:
    place: int
    entry: Entry
    points: str
    breaks: list[str]
    by_round: list[str]
    cells: list[str]
    progress: list  # points after each round, exact (the chart's)


def _cell(t: Tournament, line, number: int, rank_of: dict, table) -> str:
    """What a crosstable shows of one player in one round: "+3" (won against the player
    placed 3rd), "=3", "-3", "bye", at more seats the place at the table and its board."""
    if table is None:
        return ""
    seats = list(table.seats.all())
    mine = next(s for s in seats if s.entry_id == line.player)
    if table.is_bye:
        return "bye"
    if not table.done:
        return "…"
    if t.slots == 2:
        other = next(s for s in seats if s.entry_id != line.player)
        sign = "+" if mine.place < other.place else "=" if mine.place == other.place else "-"
        return f"{sign}{rank_of[other.entry_id]}"
    return f"{_ordinal(mine.place)} at board {table.board}"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def tournament_page(t: Tournament, viewer=None) -> dict:
    """Everything the tournament's page shows; ``viewer`` (a user or None) finds their
    own game in each round's tables ("Your game")."""
    entries = {e.pk: e for e in t.entries.select_related("user", "partner")}
    lines = services.standing_of(t, entries.values()) if entries else []
    order = scoring.tie_breaks(t.format, t.slots)
    tables = list(
        Table.objects.filter(round__tournament=t)
        .select_related("round", "game")
        .prefetch_related("seats__entry__user", "seats__entry__partner")
        .order_by("round__number", "board", "leg")
    )
    viewer_id = viewer.pk if viewer is not None and viewer.is_authenticated else None
    at, games_of = {}, {}
    for table in tables:
        table.mine = viewer_id is not None and any(
            viewer_id in (seat.entry.user_id, seat.entry.partner_id) for seat in table.seats.all()
        )
        for seat in table.seats.all():
            # By round; in a rolling Swiss by each player's own games (1st, 2nd ...).
            n = games_of[seat.entry_id] = games_of.get(seat.entry_id, 0) + 1
            at[(seat.entry_id, n if t.rolling else table.round.number)] = table
    if t.format == Tournament.Format.KNOCKOUT and t.status == Tournament.Status.FINISHED:
        lines.sort(key=lambda line: (entries[line.player].place or 999, entries[line.player].seed))
    rank_of = {line.player: i for i, line in enumerate(lines, 1)}
    numbers = list(t.round_set.values_list("number", flat=True))
    columns = list(range(1, max(games_of.values(), default=0) + 1)) if t.rolling else numbers
    rows = []
    for i, line in enumerate(lines, 1):
        entry = entries[line.player]
        rows.append(
            Row(
                place=entry.place or i,
                entry=entry,
                points=scoring.show(line.points),
                breaks=[
                    scoring.show(
                        {
                            scoring.BUCHHOLZ: line.buchholz,
                            scoring.SONNEBORN_BERGER: line.sonneborn_berger,
                            scoring.OPPONENTS: line.opponents_points,
                            scoring.DIRECT: line.direct,
                        }[name]
                    )
                    for name in order
                ],
                by_round=[scoring.show(p) for p in line.by_round],
                cells=[_cell(t, line, n, rank_of, at.get((line.player, n))) for n in columns],
                progress=line.by_round,
            )
        )
    rounds = []
    for number in numbers:
        rounds.append((number, [table for table in tables if table.round.number == number]))
    return {
        "settings_rows": settings_rows(t),
        "rows": rows,
        "break_names": [scoring.NAMES[name] for name in order],
        "numbers": numbers,
        "columns": columns,
        "rounds": list(reversed(rounds)),
        "chart": chart(rows, len(numbers), t),
        "knockout": t.format == Tournament.Format.KNOCKOUT,
    }


# The chart of standings over the rounds: an SVG line per leading player.
CHART_WIDTH, CHART_HEIGHT, CHART_LINES = 600, 240, 8


def chart(rows: list[Row], rounds: int, t: Tournament) -> dict | None:
    """The points after each round of the players placed first (up to ``CHART_LINES``), as
    polylines in a ``CHART_WIDTH`` x ``CHART_HEIGHT`` box; None before two rounds."""
    if rounds < 2 or not rows:
        return None
    most = max(t.place_points[0] * rounds, 1)
    step = CHART_WIDTH / (rounds - 1)
    lines = []
    for index, row in enumerate(rows[:CHART_LINES]):
        points = " ".join(
            f"{r * step:.1f},{CHART_HEIGHT - float(value / most) * CHART_HEIGHT:.1f}"
            for r, value in enumerate(row.progress)
        )
        lines.append({"name": row.entry.name, "points": points, "n": index})
    return {"width": CHART_WIDTH, "height": CHART_HEIGHT, "lines": lines}
