"""games/0011 drops the pair columns of ``Game`` losslessly (issue 31, "Seats only as rows").

A database at games/0010 holds games of every game, variant, seat count and state
(waiting, in play, finished, aborted, adjudicated, imported), some two-seat ones missing
their seat rows, set-up or invitation (as before games/0006), with ratings and rating
history. Migrated forward, every game's record download, result, seat rows and every
rating and rating-history row are what the old columns said; not one logged action
changed. Migrated back, the pair columns are what they were."""

import json
import random
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from games import registry
from games.kit.records import record_of
from games.models import Game, GameSeat, Invitation
from games.views.replay import _record_json
from tests.factories import UserFactory
from tests.games.fixtures_play import client_for

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

BEFORE = [("games", "0010_game_reason_abandoned")]
# 0011 and the migrations after it: the checks read the games through today's models
# (0015 added the table options' columns, with their defaults for every earlier game).
AFTER = [("games", "0015_table_options")]
T0 = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
LEAVER = {"resignation": "resigned", "timeout": "timed_out", "forfeit": "forfeited"}
PAIR = ["deal", "first_leader", "invited_id", "player0_id", "player1_id", "score0", "score1"]

# (kind, variant, seats, status, moves or None to the end, reason, flags)
# reason None: the engine's own ending. flags: "bare" leaves out the seat rows and the
# set-up (a game from before games/0006), "imported" an imported game, "direct" a
# challenge to one player.
GAMES = [
    ("xix", "standard", 2, "waiting", 0, "", {"direct"}),
    ("xix", "talon", 2, "waiting", 0, "", set()),
    ("xix", "standard", 2, "waiting", 0, "", {"direct", "bare"}),
    ("xix", "standard", 2, "active", 17, "", set()),
    ("xix", "v2", 2, "active", 9, "", {"bare"}),
    ("xix", "standard", 2, "finished", None, None, set()),
    ("xix", "talon", 2, "finished", None, None, set()),
    ("xix", "v2", 2, "finished", None, None, {"bare"}),
    ("xix", "standard", 2, "finished", 12, "resignation", set()),
    ("xix", "talon", 2, "finished", 8, "timeout", {"bare"}),
    ("xix", "standard", 2, "finished", 20, "forfeit", set()),
    ("xix", "standard", 2, "finished", 14, "adjudicated", set()),
    ("xix", "standard", 2, "aborted", 1, "early abort", set()),
    ("xix", "talon", 2, "aborted", 22, "abort", set()),
    ("xix", "standard", 2, "finished", None, None, {"imported"}),
    ("xeri", "classic", 2, "waiting", 0, "", set()),
    ("xeri", "classic", 2, "active", 10, "", set()),
    ("xeri", "classic", 2, "finished", None, None, set()),
    ("xeri", "classic", 2, "finished", None, None, {"imported"}),
    ("xeri", "classic", 4, "finished", None, None, set()),
    ("xactika", "bid", 4, "active", 6, "", set()),
    ("xactika", "bid", 4, "finished", None, None, set()),
    ("xeri", "classic", 2, "finished", 15, "resignation", set()),
    ("onexeno", "basic", 3, "finished", None, None, set()),
    ("onexeno", "partners", 4, "aborted", 0, "early abort", set()),
    ("onexeno", "basic", 3, "waiting", 0, "", set()),
]


def migrate(targets):
    """Migrate to ``targets``; the models as the database now holds them (every other app
    as it is now)."""
    MigrationExecutor(connection).migrate(targets)
    loader = MigrationExecutor(connection).loader
    return loader.project_state(list(loader.applied_migrations)).apps


def play(kind, variant, seats, seed, moves):
    rules = registry.rules(kind)
    setup = rules.deal(seed, variant, seats)
    state, actions, rng = rules.new(variant, seats, setup), [], random.Random(seed)
    while not state.over and (moves is None or len(actions) < moves):
        action = {"seat": state.to_move, **rng.choice(state.legal_actions())}
        state, _ = state.apply(action)
        actions.append(action)
    return rules, setup, actions, state


def build(apps, users) -> dict:
    """Every game of GAMES through the models at games/0010; returns, by game id, what the
    game is before the migration: its data as the download reads it, and its columns."""
    OldGame = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "GameSeat")
    Invite = apps.get_model("games", "Invitation")
    Action = apps.get_model("games", "GameAction")
    Rating = apps.get_model("ratings", "Rating")
    Change = apps.get_model("ratings", "RatingChange")
    before = {}
    for number, (kind, variant, seats, status, moves, reason, flags) in enumerate(GAMES):
        seed = f"lossless-{number}"
        rules, setup, actions, state = play(kind, variant, seats, seed, moves)
        players = users[number % 3 :][:seats] if seats <= 3 else users[:seats]
        waiting = status == "waiting"
        finished = status == "finished"
        scores = [0] * seats if waiting else list(state.scores)
        ranks = [None] * seats
        winner = None
        if finished and reason is None:
            outcome = rules.outcome(state)
            scores, ranks, reason = list(outcome.scores), list(outcome.ranks), outcome.reason
        elif finished:
            loser = state.to_move if reason != "adjudicated" else 1
            ranks = [2 if seat == loser else 1 for seat in range(seats)]
        if seats == 2 and finished:
            firsts = [seat for seat, rank in enumerate(ranks) if rank == 1]
            winner = firsts[0] if len(firsts) == 1 else None
        pair = seats == 2
        xix = kind == "xix"
        opponent = players[1] if pair and (not waiting or "direct" in flags) else None
        game = OldGame.objects.create(
            kind=kind,
            variant=variant,
            seats_count=seats,
            setup=None if "bare" in flags or (waiting and not xix) else setup,
            seed="imported" if "imported" in flags else seed,
            deal=list(setup["deal"]) if xix else [],
            first_leader=setup["first_leader"] if xix else 0,
            created_by_id=players[0].pk,
            invited_id=opponent.pk if opponent and (xix or "imported" in flags) else None,
            player0_id=players[0].pk if pair and not waiting else None,
            player1_id=players[1].pk if pair and not waiting else None,
            status=status,
            winner=winner,
            score0=scores[0] if pair else 0,
            score1=scores[1] if pair else 0,
            reason=reason,
            n_actions=0 if waiting else len(actions),
            to_move=state.to_move if status == "active" else None,
            rated="imported" not in flags,
            verdict="decided" if reason == "adjudicated" else "",
            started_at=None if waiting else T0,
            finished_at=T0 + timedelta(days=2) if status in ("finished", "aborted") else None,
            expires_at=T0 + timedelta(days=7) if waiting else None,
        )
        if not waiting:
            Action.objects.bulk_create(
                Action(game=game, seq=seq, seat=action["seat"], action=action)
                for seq, action in enumerate(actions)
            )
        # The log as the database gives it back (its JSON keys in its own order).
        actions = list(
            Action.objects.filter(game=game).order_by("seq").values_list("action", flat=True)
        )
        seat_rows = []
        if waiting:
            seat_rows.append((None, players[0].pk, 0, None, "playing"))
        else:
            left = LEAVER.get(reason) if finished else None
            for position, user in enumerate(players):
                gone = left is not None and ranks[position] == 2
                seat_rows.append(
                    (position, user.pk, scores[position], ranks[position],
                     left if gone else "playing")
                )  # fmt: skip
        if "bare" not in flags:
            Seat.objects.bulk_create(
                Seat(game=game, position=p, user_id=u, score=s, rank=r, status=st,
                     left_at=game.finished_at if st != "playing" else None)
                for p, u, s, r, st in seat_rows
            )  # fmt: skip
            if opponent is not None and waiting:
                Invite.objects.create(game=game, user_id=opponent.pk)
        if finished and game.rated:
            for seat, user in enumerate(players):
                Change.objects.create(
                    game=game, user_id=user.pk, kind=kind, variant=variant,
                    before=1500.0 + seat, after=1512.25 - seat, deviation_after=80.5,
                )  # fmt: skip
        names = [u.username for u in players] if not waiting else []
        decided = {"winner": winner} if pair else {"ranks": ranks}
        result = {"status": status, **decided, "scores": scores, "reason": reason or None}
        before[game.pk] = {
            "record": _record_json(
                record_of(
                    rules, variant, seats, setup, actions if not waiting else [],
                    game=f"http://testserver{reverse('games:game', args=[game.pk])}",
                    players=names, rated=game.rated,
                    started=None if waiting else T0.isoformat(),
                    finished=(T0 + timedelta(days=2)).isoformat() if game.finished_at else None,
                    result=result,
                )
            )
            if status in ("finished", "aborted")
            else None,
            "setup": None if waiting and not xix else setup,
            "actions": actions if not waiting else [],
            "seats": sorted(seat_rows, key=lambda row: (row[0] is None, row[0] or 0, row[1])),
            "result": result,
            "invited": [opponent.pk] if waiting and opponent is not None else [],
            "columns": {
                "deal": game.deal, "first_leader": game.first_leader,
                "invited_id": game.invited_id, "player0_id": game.player0_id,
                "player1_id": game.player1_id, "score0": game.score0, "score1": game.score1,
                "winner": game.winner,
            },
        }  # fmt: skip
    for user, value in zip(users, (1623.456789, 1376.5, 1511.25, 1490.0, 1502.5), strict=True):
        Rating.objects.create(
            user_id=user.pk, kind="xix", variant="standard", rating=value, deviation=87.6,
            volatility=0.0598765432, games=7,
        )  # fmt: skip
        Rating.objects.create(
            user_id=user.pk, kind="xeri", variant="classic", rating=value - 3, deviation=90.0,
            volatility=None, mu=25.5, sigma=8.25, games=3,
        )  # fmt: skip
    return before


def table(name) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {name} ORDER BY id")  # noqa: S608 - a fixed name
        return cursor.fetchall()


def raw_actions() -> list[tuple]:
    """Every logged action with its row version (``xmin``), which any UPDATE changes."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT xmin::text, * FROM games_gameaction ORDER BY id")
        return cursor.fetchall()


def seats_now(game) -> list[tuple]:
    rows = GameSeat.objects.filter(game=game).order_by("position", "user_id")
    rows = sorted(rows, key=lambda s: (s.position is None, s.position or 0, s.user_id))
    return [(s.position, s.user_id, s.score, s.rank, s.status) for s in rows]


def test_dropping_the_pair_columns_loses_nothing_and_comes_back():
    users = [UserFactory(username=name) for name in ("ann", "bob", "cy", "dee", "eve")]
    staff = UserFactory(username="mona", is_staff=True)
    migrate(BEFORE)
    try:
        before = build(migrate(BEFORE), users)
        ratings, history = table("ratings_rating"), table("ratings_ratingchange")
        log = raw_actions()
        assert len(before) == len(GAMES) and len(log) > 300 and len(history) > 10

        migrate(AFTER)

        assert raw_actions() == log, "no logged action was touched"
        assert table("ratings_rating") == ratings and table("ratings_ratingchange") == history
        client = client_for(staff)
        for pk, old in before.items():
            game = Game.objects.get(pk=pk)
            actions = list(game.actions.order_by("seq").values_list("action", flat=True))
            assert (game.setup, actions) == (old["setup"], old["actions"]), pk
            assert seats_now(game) == old["seats"], pk
            invited = Invitation.objects.filter(game=game).values_list("user_id", flat=True)
            assert list(invited) == old["invited"], pk
            if game.status == Game.Status.WAITING:
                continue
            decided = {"winner": game.winner} if game.seats_count == 2 else None
            decided = decided or {"ranks": [row.rank for row in game.seat_rows()]}
            result = {"status": game.status, **decided, "scores": game.scores}
            assert {**result, "reason": game.reason or None} == old["result"], pk
            if old["record"] is not None:
                response = client.get(reverse("games:record", args=[pk]))
                assert response.status_code == 200, pk
                assert response.content.decode() == old["record"], pk

        migrate(BEFORE)

        assert raw_actions() == log
        assert table("ratings_rating") == ratings and table("ratings_ratingchange") == history
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT id, {', '.join(PAIR)}, winner FROM games_game ORDER BY id")
            # The deal comes back as the JSON text the column holds.
            restored = {row[0]: (json.loads(row[1]), *row[2:]) for row in cursor.fetchall()}
        for pk, old in before.items():
            columns = old["columns"]
            want = (*(columns[name] for name in PAIR), columns["winner"])
            assert restored[pk] == want, pk
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
