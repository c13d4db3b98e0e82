"""``manage.py check_seats``: prove that every game's seats, set-up and invitations agree
with its pair columns, and that the game replays the same through either shape.

A table of another game or of more seats has no meaningful XIX columns (``deal`` and
``first_leader`` hold neutral values there): it is checked by its seat rows alone (one
seat per position, teams as the variant says, invitations taken or declined) and its log
replayed from ``setup`` by its own rules against the seats' scores and ranks.

Run it after migrating (docs/operations.md). Prints one line per problem and a summary;
exit status 1 when there is any problem. Reads only; nothing is written.
"""

from collections import defaultdict

from django.core.management.base import BaseCommand, CommandError

from games import registry
from games.kit.errors import IllegalAction, InvalidSetup
from games.models import Game, GameAction
from games.xix.engine import full_view, replay

BATCH = 500
SEAT_FIELDS = ("position", "user_id", "score", "rank", "status")


def _seat_text(seat: dict) -> str:
    return ", ".join(f"{field} {seat[field]!r}" for field in SEAT_FIELDS)


def _seats_problems(game: Game) -> list[str]:
    have = sorted(
        ({field: getattr(seat, field) for field in SEAT_FIELDS} for seat in game.seats.all()),
        key=_seat_order,
    )
    want = sorted(game.pair_seats(), key=_seat_order)
    if have == want:
        return []
    problems = [f"seat ({_seat_text(seat)}) is missing" for seat in want if seat not in have]
    problems += [
        f"seat ({_seat_text(seat)}) is not in the columns" for seat in have if seat not in want
    ]
    return problems


def _seat_order(seat: dict):
    return (seat["position"] is None, seat["position"] or 0, seat["user_id"])


def _invitation_problems(game: Game) -> list[str]:
    invitations = list(game.invitations.all())
    if game.status == Game.Status.WAITING:
        have = sorted(invitation.user_id for invitation in invitations)
        want = [] if game.invited_id is None else [game.invited_id]
        if have != want:
            return [f"invitations for users {have}, the columns invite {want}"]
        if any(invitation.answered_at or invitation.declined for invitation in invitations):
            return ["a waiting game's invitation is already answered"]
        return []
    seated = set(game.player_ids)
    return [
        f"the invitation of user {invitation.user_id} is not answered by a seated player"
        for invitation in invitations
        if invitation.user_id not in seated or invitation.answered_at is None or invitation.declined
    ]


def _replay_problems(game: Game, actions: list) -> list[str]:
    """The game through the new shape (``rules(kind).replay`` from ``setup``) against the
    old (the engine from ``deal`` and ``first_leader``), and its result against the seats."""
    try:
        old = replay(game.variant, game.deal, game.first_leader, actions)
    except (IllegalAction, InvalidSetup) as error:
        return [f"the log does not replay from deal and first_leader: {error}"]
    rules = registry.rules(game.kind)
    try:
        new = rules.replay(game.variant, game.seats_count, game.setup, actions)
    except (IllegalAction, InvalidSetup, KeyError, TypeError) as error:
        return [f"the log does not replay from setup: {error}"]
    if rules.full_view(new) != full_view(old):
        return ["the replay from setup differs from the replay from deal and first_leader"]
    return _result_problems(game, rules, new)


def _result_problems(game: Game, rules, new) -> list[str]:
    """The replayed state ``new`` against the game's status, reason, seats and seat to move."""
    seats = {seat.position: seat for seat in game.seats.all()}
    scores = [seats[p].score if p in seats else None for p in range(game.seats_count)]
    ranks = [seats[p].rank if p in seats else None for p in range(game.seats_count)]
    outcome = rules.outcome(new)
    if outcome is not None:
        problems = []
        if game.status != Game.Status.FINISHED or game.reason != outcome.reason:
            problems.append(
                f"the log ends the game ({outcome.reason}) but the game is {game.status}"
                + (f" ({game.reason})" if game.reason else "")
            )
        if list(outcome.scores) != scores or list(outcome.ranks) != ranks:
            problems.append(
                f"outcome() gives scores {list(outcome.scores)} and ranks "
                f"{list(outcome.ranks)}, the seats {scores} and {ranks}"
            )
        return problems
    running = list(new.scores)
    if scores != running:
        return [f"the log scores {running}, the seats {scores}"]
    if game.status == Game.Status.ACTIVE and game.to_move != new.to_move:
        return [f"the log has seat {new.to_move} to move, the game {game.to_move}"]
    return []


def _table_seat_problems(game: Game) -> list[str]:
    """The seats and invitations of a table (any game but a two-seat XIX one) by its seat
    rows alone: the XIX columns ``deal`` and ``first_leader`` mean nothing there."""
    seats = list(game.seats.all())
    users = {seat.user_id for seat in seats}
    problems = [] if game.created_by_id in users else ["the creator has no seat"]
    invitations = list(game.invitations.all())
    if len(seats) > game.seats_count:
        problems.append(f"{len(seats)} seats at a table of {game.seats_count}")
    if game.status == Game.Status.WAITING:
        problems += [
            f"user {seat.user_id} has position {seat.position} while the table waits"
            for seat in seats
            if seat.position is not None
        ]
        problems += [
            f"user {invitation.user_id} is seated but the invitation is not answered"
            for invitation in invitations
            if invitation.user_id in users and invitation.answered_at is None
        ]
        return problems
    positions = sorted(seat.position for seat in seats if seat.position is not None)
    if positions != list(range(game.seats_count)) or len(seats) != game.seats_count:
        problems.append(f"seats at positions {positions}, not 0 to {game.seats_count - 1}")
    team_of = registry.rules(game.kind).variants[game.variant].team_of(game.seats_count)
    problems += [
        f"seat {seat.position} is in team {seat.team}, the variant says "
        f"{team_of.get(seat.position)}"
        for seat in seats
        if seat.team != team_of.get(seat.position)
    ]
    if game.has_pair_columns:
        by_position = {seat.position: seat.user_id for seat in seats}
        if (game.player0_id, game.player1_id) != (by_position.get(0), by_position.get(1)):
            problems.append("player0 and player1 differ from the seats at positions 0 and 1")
    problems += [
        f"the invitation of user {invitation.user_id} is neither taken nor declined"
        for invitation in invitations
        if invitation.answered_at is None or (invitation.user_id in users) == invitation.declined
    ]
    return problems


def _table_replay_problems(game: Game, actions: list) -> list[str]:
    rules = registry.rules(game.kind)
    try:
        new = rules.replay(game.variant, game.seats_count, game.setup, actions)
    except (IllegalAction, InvalidSetup, KeyError, TypeError) as error:
        return [f"the log does not replay from setup: {error}"]
    return _result_problems(game, rules, new)


def game_problems(game: Game, actions: list) -> list[str]:
    """What is wrong with ``game`` (its seats and invitations prefetched) and its log."""
    if game.kind not in registry.ENGINES:
        return [f"a game of {game.kind!r}, which no registered engine plays"]
    rules = registry.rules(game.kind)
    info = rules.variants.get(game.variant)
    if info is None or game.seats_count not in info.seat_counts:
        counts = "/".join(map(str, info.seat_counts)) if info else "none (no such variant)"
        return [
            f"a game of {game.kind!r} for {game.seats_count} seats, not {rules.name} for {counts}"
        ]
    if (game.kind, game.seats_count) != ("xix", 2):
        problems = _table_seat_problems(game)
        if not problems and game.status != Game.Status.WAITING:
            problems += _table_replay_problems(game, actions)
        return problems
    problems = []
    if game.setup != game.pair_setup():
        problems.append("setup differs from deal and first_leader")
    problems += _seats_problems(game)
    problems += _invitation_problems(game)
    if not problems and game.status != Game.Status.WAITING:
        problems += _replay_problems(game, actions)
    return problems


def games_with_logs():
    """(game, its actions) for every game, read in batches, its seats and invitations
    prefetched."""
    pks = list(Game.objects.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(pks), BATCH):
        batch = pks[start : start + BATCH]
        logs = defaultdict(list)
        for game_id, action in (
            GameAction.objects.filter(game_id__in=batch)
            .order_by("game_id", "seq")
            .values_list("game_id", "action")
        ):
            logs[game_id].append(action)
        games = Game.objects.filter(pk__in=batch).order_by("pk")
        for game in games.prefetch_related("seats", "invitations"):
            yield game, logs[game.pk]


class Command(BaseCommand):
    help = (
        "Check that every game's seats, set-up and invitations agree with its pair columns, "
        "that it replays the same from setup as from deal and first_leader, and that a "
        "finished game's outcome agrees with its seats' ranks and scores. One line per "
        "problem, then a summary. Exit status 1 when there is any problem."
    )

    def handle(self, *args, **options):
        games = problems = bad = 0
        for game, actions in games_with_logs():
            games += 1
            found = game_problems(game, actions)
            for problem in found:
                self.stdout.write(f"game {game.pk}: {problem}")
            problems += len(found)
            bad += bool(found)
        summary = f"{games} games checked: {problems} problems in {bad} games"
        if problems:
            raise CommandError(summary, returncode=1)
        self.stdout.write(summary)
