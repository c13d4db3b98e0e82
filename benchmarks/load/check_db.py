"""After a load run: is every game's record whole? (Run with the project's Python.)

For every game that left the waiting room, of any kind and seat count:

- the GameAction seq values are exactly 0..n-1 with n == Game.n_actions (none missing,
  none doubled);
- its seat rows hold positions 0..seats_count-1 (for two seats, the pair columns' players);
- the log replays (``games.selectors.game_state``, through ``registry.rules(kind)``);
- a game whose replay is over is finished with the engine's reason, and its seat rows hold
  the engine's scores and places (``rules(kind).outcome``; at more than two seats the
  seats that left rank last, as ``games.services`` ranks them); two seats also keep the
  winner and scores in the pair columns;
- a game finished with one of the engine's own reasons has a replay that is over;
- a game finished otherwise (resignation, time-out, forfeit, adjudication) has a reason and
  a place for every seat, and, at two seats, a winner unless a moderator aborted it;
- an active game's replay is not over and its player to move is the replay's.

Prints one JSON object; exits 1 if anything is wrong. ``check()`` is the same as a function
(the tests call it on games of their own).
"""

import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def _seat_problems(game, rows) -> list[str]:
    positions = [row.position for row in rows]
    problems = []
    if positions != list(range(game.seats_count)):
        problems.append(f"seats at positions {positions}, not 0..{game.seats_count - 1}")
    return problems


def _result_problems(game, rows, state) -> list[str]:
    """What is wrong with the result of a finished game whose replay is over."""
    from games import registry, services

    outcome = registry.rules(game.kind).outcome(state)
    problems = []
    if game.reason != outcome.reason:
        problems.append(f"reason {game.reason!r}, replay says {outcome.reason!r}")
    scores = [row.score for row in rows]
    if scores != list(outcome.scores):
        problems.append(f"seat scores {scores}, replay says {list(outcome.scores)}")
    ranks = [row.rank for row in rows]
    expected = list(services.ranks_with_leavers(game, outcome.ranks))
    if ranks != expected:
        problems.append(f"seat places {ranks}, replay says {expected}")
    return problems


def check(games=None) -> dict:
    """The verdict on ``games`` (a queryset; every game by default) as a JSON-ready dict:
    counts, finished games by reason, games by kind and seats, and the problems found."""
    from games import registry
    from games.models import Game, GameAction
    from games.selectors import game_state

    if games is None:
        games = Game.objects.all()
    statuses = Counter(games.values_list("status", flat=True))
    problems = []
    checked = actions = 0
    reasons, tables = Counter(), Counter()
    for game in games.exclude(status=Game.Status.WAITING).order_by("pk"):
        checked += 1
        tables[f"{game.kind}/{game.seats_count}"] += 1
        seqs = list(
            GameAction.objects.filter(game=game).order_by("seq").values_list("seq", flat=True)
        )
        actions += len(seqs)
        doubled = sorted(s for s, c in Counter(seqs).items() if c > 1)
        missing = sorted(set(range(game.n_actions)) - set(seqs))
        extra = sorted(s for s in set(seqs) if s >= game.n_actions)
        found = []
        if doubled or missing or extra or len(seqs) != game.n_actions:
            found.append(
                f"n_actions={game.n_actions}, {len(seqs)} rows, "
                f"doubled {doubled[:5]}, missing {missing[:5]}, beyond n {extra[:5]}"
            )
        rows = game.seat_rows()
        found += _seat_problems(game, rows)
        try:
            state = game_state(game)
        except Exception as error:  # noqa: BLE001 - any failure to replay is the finding
            found.append(f"replay failed: {type(error).__name__}: {error}")
            state = None
        if state is not None and game.status == Game.Status.FINISHED:
            reasons[game.reason] += 1
            if state.over:
                found += _result_problems(game, rows, state)
            elif game.reason in registry.rules(game.kind).endings:
                found.append(f"finished ({game.reason}) but the replay is not over")
            else:
                if not game.reason:
                    found.append("finished without a reason")
                if any(row.rank is None for row in rows):
                    found.append(f"finished ({game.reason}) with a seat without a place")
                if (
                    game.seats_count == 2
                    and game.winner is None
                    and game.reason != Game.Reason.ABORT
                ):
                    found.append(f"finished ({game.reason}) with no winner")
        elif state is not None and game.status == Game.Status.ACTIVE:
            if state.over:
                found.append("replay is over but the game is still active")
            elif game.to_move != state.to_move:
                found.append(f"seat {game.to_move} to move, replay says {state.to_move}")
        label = f"game {game.pk} ({game.kind}, {game.seats_count} seats)"
        problems += [f"{label}: {problem}" for problem in found]
    return {
        "games_by_status": dict(statuses),
        "games_by_table": dict(sorted(tables.items())),
        "games_checked": checked,
        "actions_checked": actions,
        "finished_reasons": dict(reasons),
        "problems": problems,
        "ok": not problems,
    }


def main() -> int:
    import django

    django.setup()
    result = check()
    print(json.dumps(result))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
