"""``manage.py check_seats`` (issue 15, seats as rows): silent on a sound database, and one
line naming the game for each kind of disagreement between seats, set-up, invitations,
the pair columns and the log."""

import io
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command

from games import registry, services
from games.models import Game, GameSeat, Invitation
from games.xix.engine import make_record
from tests.factories import UserFactory, play_random, random_log, start_game
from tests.games.fixtures_play import both_moved

pytestmark = pytest.mark.django_db


def check_seats() -> tuple[int, list[str]]:
    """(exit status, lines printed) of ``manage.py check_seats``."""
    out = io.StringIO()
    try:
        call_command("check_seats", stdout=out)
    except CommandError as error:
        return error.returncode, [*out.getvalue().splitlines(), str(error)]
    return 0, out.getvalue().splitlines()


def imported(p0, p1, seed: str, *, variant="standard", moves=None) -> Game:
    """A game imported through the service: seeded random play from the deal of ``seed``
    (as ``tests.factories.play_random`` plays), to the end when ``moves`` is None."""
    deal, leader, actions, _ = random_log(variant, seed, moves)
    record = make_record(variant, deal, leader, actions, players=["x", "y"])
    return services.game_import(record=record, players=[p0, p1])


@pytest.fixture
def games(clock):
    """One game of every shape the site has: open and direct challenges, in play, won,
    drawn in the talon, resigned, timed out, aborted early."""
    alice, bob, carol = (UserFactory(username=name) for name in ("alice", "bob", "carol"))
    late = imported(bob, alice, "check-late", moves=5)
    clock.set(late.deadline + timedelta(seconds=1))
    assert services.deadlines_sweep()["timed_out"] == 1

    def new(maker, invited=None):
        return services.challenge_create(
            user=maker, variant="standard", days_per_move=1, rated=True, invited=invited
        )

    resigned = both_moved(start_game(carol, alice, seed="check-resign"))
    made = {
        "timed out": late,
        "open": new(alice),
        "direct": new(bob, invited=carol),
        "active": play_random(start_game(alice, bob, seed="check-active"), moves=20),
        "won": imported(bob, carol, "check-won"),
        "drawn": imported(alice, carol, "s54", variant="talon"),
        "aborted": services.game_resign(
            user=bob, game_id=start_game(carol, bob, seed="check-abort").pk
        ),
        "resigned": services.game_resign(user=alice, game_id=resigned.pk),
    }
    for game in made.values():
        game.refresh_from_db()
    assert made["drawn"].winner is None and made["drawn"].status == Game.Status.FINISHED
    assert made["timed out"].reason == Game.Reason.TIMEOUT
    assert made["active"].score0 + made["active"].score1 > 0
    return made


def test_a_sound_database_passes(games):
    assert check_seats() == (0, [f"{len(games)} games checked: 0 problems in 0 games"])


def seat(game, position):
    return GameSeat.objects.filter(game=game, position=position)


def corrupt_log_and_columns_scores(game):
    """Scores wrong in the columns and the seats alike: only the log tells."""
    Game.objects.filter(pk=game.pk).update(score0=game.score0 + 1)
    seat(game, 0).update(score=game.score0 + 1)


CORRUPTIONS = {
    "seat missing": ("won", lambda g: seat(g, 1).delete(), "is missing"),
    "seat score": ("active", lambda g: seat(g, 0).update(score=99), "is not in the columns"),
    "seat rank": ("won", lambda g: seat(g, g.winner).update(rank=2), "is not in the columns"),
    "seat status": (
        "resigned",
        lambda g: GameSeat.objects.filter(game=g).update(status="playing"),
        "is missing",
    ),
    "seat user": ("drawn", lambda g: seat(g, 0).update(user=g.player1_id + 1000), "is missing"),
    "waiting seat": ("open", lambda g: seat(g, None).update(position=0), "is missing"),
    "setup": (
        "active",
        lambda g: Game.objects.filter(pk=g.pk).update(
            setup={**g.setup, "first_leader": 1 - g.first_leader}
        ),
        "setup differs from deal and first_leader",
    ),
    "kind": (
        "won",
        lambda g: Game.objects.filter(pk=g.pk).update(seats_count=3),
        "a game of 'xix' for 3 seats, not XIX for 2",
    ),
    "invitation missing": (
        "direct",
        lambda g: Invitation.objects.filter(game=g).delete(),
        "invitations for users [], the columns invite",
    ),
    "invitation extra": (
        "open",
        lambda g: Invitation.objects.create(game=g, user_id=g.created_by_id),
        "invitations for users",
    ),
    "invitation unanswered": (
        "active",
        lambda g: Invitation.objects.filter(game=g).update(answered_at=None),
        "is not answered by a seated player",
    ),
    "outcome": ("won", corrupt_log_and_columns_scores, "outcome() gives scores"),
    "draw outcome": ("drawn", corrupt_log_and_columns_scores, "outcome() gives scores"),
    "scores in play": ("active", corrupt_log_and_columns_scores, "the log scores"),
}


@pytest.mark.parametrize("name", CORRUPTIONS)
def test_each_kind_of_disagreement_is_reported(games, name):
    which, corrupt, says = CORRUPTIONS[name]
    game = games[which]
    if name == "seat user":
        UserFactory(id=game.player1_id + 1000, username="mallory")
    corrupt(game)
    status, lines = check_seats()
    assert status == 1
    problems = lines[:-1]
    assert problems and all(line.startswith(f"game {game.pk}: ") for line in problems)
    assert any(says in line for line in problems), problems
    assert lines[-1].startswith(f"{len(games)} games checked: {len(problems)} problems in 1 games")


def test_a_game_ended_by_its_log_but_recorded_otherwise_is_reported(games):
    game = games["won"]
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABORTED, reason="abort")
    GameSeat.objects.filter(game=game).update(rank=None)
    status, lines = check_seats()
    assert status == 1
    assert (
        f"game {game.pk}: the log ends the game ({game.reason}) but the game is aborted (abort)"
        in lines
    )


def test_a_replay_from_setup_that_differs_is_reported(games, monkeypatch):
    """The new shape's replay must reach the same position as the old one's."""
    xix = registry.rules("xix")

    class OneActionShort:
        def __getattr__(self, name):
            return getattr(xix, name)

        def replay(self, variant, seats, setup, actions):
            return xix.replay(variant, seats, setup, actions[:-1])

    monkeypatch.setattr(registry, "rules", lambda key: OneActionShort())
    status, lines = check_seats()
    assert status == 1
    started = [g for g in games.values() if g.n_actions]
    differs = "the replay from setup differs from the replay from deal and first_leader"
    assert sorted(lines[:-1]) == sorted(f"game {g.pk}: {differs}" for g in started)
