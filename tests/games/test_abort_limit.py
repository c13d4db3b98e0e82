"""Issue 30 item 7: aborting rated games after seeing the deal is counted, shown, and limited
(games/aborts.py, docs/rules.md decision 42). A player who aborts ``RATED_ABORT_LIMIT``
(3) rated games within ``RATED_ABORT_WINDOW_HOURS`` (24) may not start or join a rated
game for ``RATED_ABORT_PAUSE_HOURS`` (24) from the last of them, with a message that says
until when, wherever rated play begins; casual play stays open, and the other player's
aborts never count against you."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import aborts, errors, tables
from games.models import Game
from games.selectors import game_state
from tests.factories import UserFactory, make_challenge, play, play_random, start_game
from tests.games.fixtures_play import client_for
from tests.games.test_lobby import text

pytestmark = pytest.mark.django_db

PAUSED = "so you may not start or join a rated game until"


@pytest.fixture(autouse=True)
def _tally_served(served_tally):
    return served_tally


@pytest.fixture
def people():
    return {name: UserFactory(username=name) for name in ("alice", "bob", "carol", "dave")}


def abort_by_page(aborter, opponent, *, rated=True, seed="limit", moved=False) -> Game:
    """A new game of ``aborter`` against ``opponent``, aborted by ``aborter`` through the
    game page's "Abort game" form (after the first card when ``moved``)."""
    game = start_game(aborter, opponent, seed=seed, rated=rated)
    if moved:
        game = play(game, [game_state(game).legal_actions()[0]])
    response = client_for(aborter).post(reverse("games:abort", args=[game.pk]))
    assert response.status_code == 303
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    return game


def pause_alice(people) -> None:
    """alice aborts three rated games: by the form twice, by resigning in the window once."""
    alice, bob = people["alice"], people["bob"]
    abort_by_page(alice, bob, seed="a1")
    abort_by_page(alice, bob, seed="a2", moved=True)
    game = start_game(bob, alice, seed="a3", rated=True)
    response = client_for(alice).post(reverse("games:resign", args=[game.pk]))
    assert response.status_code in (302, 303)
    game.refresh_from_db()
    assert (game.status, game.aborted_by) == (Game.Status.ABORTED, alice)


def rated_tally_table(creator) -> Game:
    return tables.table_create(
        user=creator, kind="tally", variant="open", seats=3, days_per_move=3, rated=True
    )


def test_the_aborter_is_recorded_and_the_others_aborts_never_count(people):
    alice, bob = people["alice"], people["bob"]
    for seed in ("b1", "b2", "b3"):
        abort_by_page(bob, alice, seed=seed)
    assert set(Game.objects.values_list("aborted_by__username", flat=True)) == {"bob"}
    assert aborts.record_of(alice) == aborts.AbortRecord(0, 0, None)
    assert aborts.record_of(bob).total == 3 and aborts.record_of(bob).paused_until
    # alice, whose games bob threw away, still starts rated games.
    game = make_challenge(user=alice, variant="standard", days_per_move=3, rated=True)
    assert game.rated


def test_casual_aborts_and_moderators_aborts_do_not_count(people):
    """alice aborts two rated games and three casual ones, and a moderator aborts a third
    rated game of hers: two count, and her rated play stays open."""
    from moderation import services as moderation_services
    from tests.moderation.admin_fixtures import make_moderator

    alice, bob = people["alice"], people["bob"]
    for seed in ("c1", "c2", "c3"):
        abort_by_page(alice, bob, seed=seed, rated=False)
    abort_by_page(alice, bob, seed="r1")
    abort_by_page(alice, bob, seed="r2")
    game = start_game(alice, bob, seed="m1", rated=True)
    moderation_services.game_abort(actor=make_moderator(), game_id=game.pk, reason="Test.")
    assert aborts.record_of(alice) == aborts.AbortRecord(2, 2, None)
    assert make_challenge(user=alice, variant="standard", days_per_move=3, rated=True).rated


def test_two_aborts_leave_rated_play_open(people):
    alice, bob = people["alice"], people["bob"]
    abort_by_page(alice, bob, seed="t1")
    abort_by_page(alice, bob, seed="t2")
    assert aborts.record_of(alice) == aborts.AbortRecord(2, 2, None)
    assert "alice has aborted 2 rated games" in text(
        client_for(bob).get(reverse("players:profile", args=["alice"]))
    )
    response = client_for(alice).post(
        reverse("games:challenge_new"),
        {"variant": "standard", "days_per_move": "3", "rated": "rated"},
    )
    assert response.status_code == 302
    assert Game.objects.filter(created_by=alice, status=Game.Status.WAITING, rated=True).exists()


def test_after_the_limit_every_way_into_rated_play_is_refused_with_until_when(people):
    alice, carol, dave = people["alice"], people["carol"], people["dave"]
    # A short random game to its end (56 moves; seed 5 took 180).
    finished = play_random(start_game(alice, carol, seed="done", rated=True), seed=276)
    assert finished.is_over
    carols_challenge = make_challenge(user=carol, variant="standard", days_per_move=3, rated=True)
    carols_table = rated_tally_table(carol)
    pause_alice(people)
    record = aborts.record_of(alice)
    until = timezone.localtime(record.paused_until).strftime("%H:%M")
    waiting_before = set(
        Game.objects.filter(status=Game.Status.WAITING).values_list("pk", flat=True)
    )

    client = client_for(alice)
    attempts = {
        "challenge": (
            reverse("games:challenge_new"),
            {"variant": "standard", "days_per_move": "3", "rated": "rated"},
        ),
        "direct challenge": (
            reverse("games:challenge_new"),
            {"variant": "standard", "days_per_move": "3", "rated": "rated", "opponent": "dave"},
        ),
        "accept": (reverse("games:challenge_accept", args=[carols_challenge.pk]), {}),
        "table": (
            reverse("games:table_new"),
            {
                "game": "tally/open",
                "seats": "3",
                "invited": "",
                "days_per_move": "3",
                "rated": "rated",
            },
        ),
        "join": (reverse("games:table_join", args=[carols_table.pk]), {}),
        "rematch": (reverse("games:rematch", args=[finished.pk]), {}),
    }
    for where, (url, data) in attempts.items():
        response = client.post(url, data)
        assert response.status_code == 302, where
        page = text(client.get(response["Location"]))
        assert PAUSED in page, where
        assert until in page, where
        assert "Casual games are open to you meanwhile." in page, where
    # Nothing was made, accepted or joined.
    assert (
        set(Game.objects.filter(status=Game.Status.WAITING).values_list("pk", flat=True))
        == waiting_before
    )
    assert not Game.objects.filter(status=Game.Status.ACTIVE).exists()
    assert not carols_table.seats.filter(user=alice).exists()
    assert not Game.objects.filter(rematch_of=finished).exists()
    # An htmx request is refused with 403 (the lobby's panels carry the message).
    response = client.post(
        reverse("games:challenge_accept", args=[carols_challenge.pk]), HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 403
    assert dave  # dave was only named


def test_a_table_with_a_paused_player_seated_cannot_start_rated(people):
    """carol sat at alice's rated table before alice's pause began: the last seat taken
    does not start it rated, and the message names alice and the time."""
    alice, bob, carol = people["alice"], people["bob"], people["carol"]
    table = rated_tally_table(alice)
    tables.table_join(user=carol, game_id=table.pk)
    pause_alice(people)
    dave = people["dave"]
    with pytest.raises(errors.RatedPlayPaused, match="alice aborted 3 rated games"):
        tables.table_join(user=dave, game_id=table.pk)
    table.refresh_from_db()
    assert table.status == Game.Status.WAITING
    assert bob  # bob played the aborted games


def test_casual_play_stays_open_during_the_pause(people):
    alice, carol = people["alice"], people["carol"]
    carols_casual = make_challenge(user=carol, variant="standard", days_per_move=3, rated=False)
    pause_alice(people)
    client = client_for(alice)
    response = client.post(
        reverse("games:challenge_new"),
        {"variant": "standard", "days_per_move": "3", "rated": "casual"},
    )
    assert "Your open challenge is in the lobby" in text(client.get(response["Location"]))
    response = client.post(reverse("games:challenge_accept", args=[carols_casual.pk]))
    carols_casual.refresh_from_db()
    assert carols_casual.status == Game.Status.ACTIVE and not carols_casual.rated
    response = client.post(
        reverse("games:table_new"),
        {
            "game": "tally/open",
            "seats": "3",
            "invited": "",
            "days_per_move": "3",
            "rated": "casual",
        },
    )
    assert Game.objects.filter(kind="tally", created_by=alice, rated=False).exists()
    response = client.post(
        reverse("games:bot_game"),
        {"game": "xix/standard", "level": "random", "seats": "2", "days_per_move": "3"},
    )
    assert response.status_code == 302
    assert Game.objects.filter(status=Game.Status.ACTIVE, rated=False).count() == 2


def shift_aborts(user, hours: float) -> None:
    """Move ``user``'s aborts ``hours`` into the past."""
    for game in Game.objects.filter(aborted_by=user):
        Game.objects.filter(pk=game.pk).update(
            finished_at=game.finished_at - timedelta(hours=hours)
        )


def test_the_pause_ends_a_day_after_the_last_abort(people):
    alice = people["alice"]
    pause_alice(people)
    last = Game.objects.filter(aborted_by=alice).order_by("-finished_at")[0].finished_at
    assert aborts.record_of(alice).paused_until == last + timedelta(hours=24)
    shift_aborts(alice, 23.9)
    with pytest.raises(errors.RatedPlayPaused):
        make_challenge(user=alice, variant="standard", days_per_move=3, rated=True)
    shift_aborts(alice, 0.2)
    record = aborts.record_of(alice)
    assert record.paused_until is None and record.total == 3
    game = make_challenge(user=alice, variant="standard", days_per_move=3, rated=True)
    assert game.rated


def test_aborts_spread_wider_than_the_window_do_not_pause(people, settings):
    alice, bob = people["alice"], people["bob"]
    abort_by_page(alice, bob, seed="s1")
    abort_by_page(alice, bob, seed="s2")
    shift_aborts(alice, 25)
    abort_by_page(alice, bob, seed="s3")
    record = aborts.record_of(alice)
    assert (record.total, record.recent, record.paused_until) == (3, 1, None)
    # The figures are settings: a limit of 1 pauses at once.
    settings.RATED_ABORT_LIMIT = 1
    assert aborts.record_of(alice).paused_until is not None


def test_the_count_shows_on_the_profile_and_the_settings_page(people, client):
    alice, bob = people["alice"], people["bob"]
    abort_by_page(bob, alice, seed="p0")  # bob's abort: not alice's
    pause_alice(people)
    profile = text(client.get(reverse("players:profile", args=["alice"])))
    assert (
        "alice has aborted 3 rated games before the first moves, 3 in the last 24 hours." in profile
    )
    assert "alice may not start or join a rated game until" in profile
    assert "bob has aborted 1 rated game before the first moves" in text(
        client.get(reverse("players:profile", args=["bob"]))
    )
    page = text(client_for(alice).get(reverse("players:settings")))
    assert "You have aborted 3 rated games before the first moves" in page
    assert "You may not start or join a rated game until" in page
    assert "Aborting 3 rated games within 24 hours pauses your rated play for 24 hours" in page
