"""The seats migration on PostgreSQL (issue 15): games built at the old schema (games/0004)
with real action logs are migrated to the latest; their seats, set-ups and invitations are
right, not one logged action was changed (the raw rows, and PostgreSQL's row versions, are
the same before and after), and every game replays from its set-up to the same position and
result. Migrating back and forth again changes no action. (games/0011 then drops the pair
columns: tests/games/test_seats_only_migration.py.)"""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games import registry
from games.models import Game, GameSeat, Invitation
from games.selectors import game_state
from games.xix.engine import full_view
from tests.factories import random_log

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

OLD = [("games", "0004_game_reason_early_abort")]
SETUP_ONLY = [("games", "0005_kind_setup_seats")]
T0 = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


def migrate(targets=None):
    executor = MigrationExecutor(connection)
    executor.migrate(targets or executor.loader.graph.leaf_nodes())
    return executor


# name: (variant, seed, moves or None for the end, status, reason, winner from the log?)
# The site's own endings (resignation, timeout, forfeit, adjudication, aborts) stop a game
# in play; a winner of None there means "the other seat than the one to move".
GAMES = {
    "active": ("standard", "mig-active", 25, "active", "", None),
    "won": ("standard", "mig-won", None, "finished", "from log", None),
    "talon won": ("talon", "mig-talon", None, "finished", "from log", None),
    "talon draw": ("talon", "s54", None, "finished", "from log", None),
    "resigned": ("standard", "mig-resign", 12, "finished", "resignation", None),
    "timed out": ("talon", "mig-timeout", 9, "finished", "timeout", None),
    "forfeit": ("standard", "mig-forfeit", 30, "finished", "forfeit", None),
    "adjudicated": ("standard", "mig-adjudicate", 20, "finished", "adjudicated", 0),
    "aborted": ("standard", "mig-abort", 15, "aborted", "abort", None),
    "early abort": ("standard", "mig-early", 1, "aborted", "early abort", None),
    "imported": ("talon", "mig-import", None, "finished", "from log", None),
}
LEAVER = {"resignation": "resigned", "timeout": "timed_out", "forfeit": "forfeited"}


def build_old(apps) -> dict:
    """Every kind of game at games/0004, through the old models; returns what each must
    become: {name: (game id, expected seats, final full view, outcome or None)}."""
    User = apps.get_model("accounts", "User")
    OldGame = apps.get_model("games", "Game")
    OldAction = apps.get_model("games", "GameAction")
    ann, bob, cy = (User.objects.create(username=name) for name in ("ann", "bob", "cy"))
    expected = {}
    for number, (name, spec) in enumerate(GAMES.items()):
        variant, seed, moves, status, reason, winner = spec
        deal, leader, actions, state = random_log(variant, seed, moves)
        p0, p1 = (ann, bob) if number % 2 else (bob, cy)
        if reason == "from log":
            reason, winner = state.reason, state.winner
        elif status == "finished" and winner is None:
            winner = 1 - state.to_move
        finished = status == "finished"
        game = OldGame.objects.create(
            variant=variant,
            seed="imported" if name == "imported" else f"seed-{seed}",
            deal=deal,
            first_leader=leader,
            created_by=p1 if number % 3 else p0,
            invited=p1 if number % 3 else p0,
            player0=p0,
            player1=p1,
            status=status,
            winner=winner if finished else None,
            score0=state.scores[0],
            score1=state.scores[1],
            reason=reason,
            n_actions=len(actions),
            to_move=state.to_move if status == "active" else None,
            rated=name != "imported",
            started_at=T0,
            finished_at=T0 + timedelta(days=3) if status != "active" else None,
            deadline=T0 + timedelta(days=4) if status == "active" else None,
        )
        OldAction.objects.bulk_create(
            OldAction(game=game, seq=seq, seat=action["seat"], action=action)
            for seq, action in enumerate(actions)
        )
        seats = []
        for position, user in enumerate((p0, p1)):
            rank = None if not finished else 1 if winner in (None, position) else 2
            left = LEAVER.get(reason) if finished and winner == 1 - position else None
            seats.append((position, user.pk, state.scores[position], rank, left or "playing"))
        outcome = registry.rules("xix").outcome(state)
        expected[name] = (game.pk, seats, full_view(state), outcome)
    lapse = T0 + timedelta(days=7)
    direct = OldGame.objects.create(
        variant="talon", seed="w1", deal=deal, first_leader=leader, created_by=cy,
        invited=ann, expires_at=lapse,
    )  # fmt: skip
    expected["direct challenge"] = (direct.pk, [(None, cy.pk, 0, None, "playing")], None, None)
    open_ = OldGame.objects.create(
        variant="standard", seed="w2", deal=deal, first_leader=leader, created_by=bob,
        expires_at=lapse,
    )  # fmt: skip
    expected["open challenge"] = (open_.pk, [(None, bob.pk, 0, None, "playing")], None, None)
    return expected


def raw_actions() -> list[tuple]:
    """Every logged action as PostgreSQL holds it, with the row version (``xmin``), which
    any UPDATE of the row would change."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT xmin::text, id, game_id, seq, seat, action::text, created "
            "FROM games_gameaction ORDER BY id"
        )
        return cursor.fetchall()


def seats_of(game_id) -> list[tuple]:
    return [
        (s.position, s.user_id, s.score, s.rank, s.status)
        for s in GameSeat.objects.filter(game_id=game_id).order_by("position")
    ]


def test_every_old_game_gets_its_seats_and_keeps_its_log_and_result():
    migrate(OLD)
    try:
        # Every other app as it is now, games at 0004: what the database holds.
        applied = MigrationExecutor(connection).loader
        expected = build_old(applied.project_state(list(applied.applied_migrations)).apps)
        before = raw_actions()
        assert len(before) > 300

        migrate()

        assert raw_actions() == before
        for name, (pk, seats, view, outcome) in expected.items():
            game = Game.objects.get(pk=pk)
            assert seats_of(pk) == seats, name
            assert (game.kind, game.seats_count) == ("xix", 2), name
            if view is None:  # a waiting challenge
                invited = 1 if name == "direct challenge" else 0
                assert game.invitations.count() == invited, name
                continue
            assert not Invitation.objects.filter(game=game).exists(), name
            actions = list(game.actions.order_by("seq").values_list("action", flat=True))
            rules = registry.rules(game.kind)
            state = rules.replay(game.variant, game.seats_count, game.setup, actions)
            assert rules.full_view(state) == view == full_view(game_state(game)), name
            assert rules.outcome(state) == outcome, name
            if outcome is not None:
                assert [(s[2], s[3]) for s in seats] == list(
                    zip(outcome.scores, outcome.ranks, strict=True)
                ), name
        assert Game.objects.get(pk=expected["resigned"][0]).seats.get(
            status="resigned"
        ).left_at == T0 + timedelta(days=3)

        # Back to the old schema and forward again: the log is still untouched.
        migrate(SETUP_ONLY)
        assert not GameSeat.objects.exists() and not Game.objects.exclude(setup=None).exists()
        migrate(OLD)
        migrate()
        assert raw_actions() == before
        assert {name: seats_of(pk) for name, (pk, *_) in expected.items()} == {
            name: seats for name, (_, seats, *_) in expected.items()
        }
    finally:
        migrate()
