"""After a load run: is every game's record whole? (Run with the project's Python.)

For every game that left the waiting room: the GameAction seq values are exactly
0..n-1 with n == Game.n_actions (none missing, none doubled), the log replays with
games.selectors.game_state without error, and a finished game has a reason and either a
winner or a draw that the replayed state agrees with. Prints one JSON object; exits 1 if
anything is wrong.
"""

import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import django  # noqa: E402

django.setup()

from games.models import Game, GameAction  # noqa: E402
from games.selectors import game_state  # noqa: E402


def main() -> int:
    statuses = Counter(Game.objects.values_list("status", flat=True))
    problems = []
    checked = actions = 0
    reasons = Counter()
    for game in Game.objects.exclude(status=Game.Status.WAITING).order_by("pk"):
        checked += 1
        seqs = list(
            GameAction.objects.filter(game=game).order_by("seq").values_list("seq", flat=True)
        )
        actions += len(seqs)
        doubled = sorted(s for s, c in Counter(seqs).items() if c > 1)
        missing = sorted(set(range(game.n_actions)) - set(seqs))
        extra = sorted(s for s in set(seqs) if s >= game.n_actions)
        if doubled or missing or extra or len(seqs) != game.n_actions:
            problems.append(
                f"game {game.pk}: n_actions={game.n_actions}, {len(seqs)} rows, "
                f"doubled {doubled[:5]}, missing {missing[:5]}, beyond n {extra[:5]}"
            )
        try:
            state = game_state(game)
        except Exception as error:  # noqa: BLE001 - any failure to replay is the finding
            problems.append(f"game {game.pk}: replay failed: {type(error).__name__}: {error}")
            continue
        if game.status == Game.Status.FINISHED:
            reasons[game.reason] += 1
            if not game.reason:
                problems.append(f"game {game.pk}: finished without a reason")
            ended_by_play = game.reason in (
                Game.Reason.EXACT_19,
                Game.Reason.REACHED_19,
                Game.Reason.TALON_END,
            )
            if ended_by_play:
                if state.phase != "over":
                    problems.append(
                        f"game {game.pk}: finished ({game.reason}) but replay is not over"
                    )
                elif state.winner != game.winner:
                    problems.append(
                        f"game {game.pk}: winner {game.winner}, replay says {state.winner}"
                    )
            elif game.winner is None and game.reason not in (Game.Reason.ABORT,):
                problems.append(f"game {game.pk}: finished ({game.reason}) with no winner")
        elif game.status == Game.Status.ACTIVE:
            if state.phase == "over":
                problems.append(f"game {game.pk}: replay is over but the game is still active")
    result = {
        "games_by_status": dict(statuses),
        "games_checked": checked,
        "actions_checked": actions,
        "finished_reasons": dict(reasons),
        "problems": problems,
        "ok": not problems,
    }
    print(json.dumps(result))
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
