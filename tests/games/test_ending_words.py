"""How a finished game's ending reads, on every page that shows it (issue 31, item 3).

A game's own endings and their words live in its package (``RULES.endings``); the site
keeps only its own (``Game.Reason``). The stored values did not change, and a row written
before reads the same everywhere: the game page's sentence, the short label of the lists
(My games, a profile, the replay's result line, the admin), the words of the notification,
and the key in the record download."""

import json
from html import unescape
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from games import notices, registry
from games.models import Game, GameSeat, reason_choices
from notifications.models import Notification
from ratings.models import RatingChange
from ratings.services import ratings_apply_game
from tests.factories import UserFactory
from tests.games.fixtures_play import client_for, finished_game, page_url

# reason -> (ranks of seats 0 and 1, the game page's sentence, the lists' label, the
# notification's words), as the site wrote them before XIX's endings moved to its package.
XIX_WORDS = {
    "exact 19": (
        (1, 2),
        "Exactly 19 points were awarded in all, so the lower score wins.",
        "Exactly 19 points in all",
        "exactly 19 points in all",
    ),
    "reached 19": (
        (2, 1),
        "A score reached 19, so the higher score wins.",
        "Reached 19 points",
        "19 points reached",
    ),
    "talon end": (
        (1, 1),
        "The talon is all face up and a closed hand is empty.",
        "End of the talon",
        "the talon ran out",
    ),
    # One of the site's own endings, at an XIX game: the loser is named.
    "timeout": ((1, 2), "bob ran out of time.", "Time ran out", "bob ran out of time"),
}


def _end(game, reason, ranks):
    """``game``, finished by ``reason`` with ``ranks``, as the services would have left it."""
    seats = list(game.seat_rows())
    for seat, rank in zip(seats, ranks, strict=True):
        seat.rank = rank
    GameSeat.objects.bulk_update(seats, ["rank"])
    Game.objects.filter(pk=game.pk).update(reason=reason, status=Game.Status.FINISHED)
    return Game.objects.get(pk=game.pk)


def _text(response) -> str:
    assert response.status_code == 200
    return unescape(response.content.decode())


@pytest.fixture
def people():
    alice = UserFactory(username="alice")
    bob = UserFactory(username="bob")
    staff = UserFactory(username="staffer", is_staff=True, is_superuser=True)
    return alice, bob, staff


@pytest.mark.django_db
@pytest.mark.parametrize("reason", list(XIX_WORDS))
def test_an_xix_ending_reads_as_before_on_every_page(people, reason):
    alice, bob, staff = people
    ranks, sentence, label, notice = XIX_WORDS[reason]
    game = _end(finished_game(alice, bob, rated=False), reason, ranks)

    assert sentence in _text(client_for(alice).get(page_url(game)))
    assert f"· {label.lower()}" in _text(client_for(alice).get(reverse("games:my_games")))
    profile = _text(client_for(alice).get(reverse("players:profile", args=["alice"])))
    assert f"({label.lower()})" in profile
    replay = _text(client_for(alice).get(reverse("games:replay", args=[game.pk])))
    assert f"({label.lower()})" in replay
    record = json.loads(client_for(alice).get(reverse("games:record", args=[game.pk])).content)
    assert record["result"]["reason"] == reason

    admin_page = _text(client_for(staff).get(reverse("admin:games_game_change", args=[game.pk])))
    assert f'<div class="readonly">{label}</div>' in admin_page
    user_page = _text(client_for(staff).get(reverse("admin:accounts_user_change", args=[bob.pk])))
    assert f"<td>{label}</td>" in user_page
    listed = _text(client_for(staff).get(reverse("admin:games_game_changelist")))
    assert f'?reason__exact={reason.replace(" ", "+")}">{label}</a>' in listed

    Notification.objects.filter(game=game).delete()  # the game's own end told them
    notices.game_over(game)
    told = Notification.objects.get(user=alice, game=game).text
    assert f"({notice.format(loser='bob')})." in told


@pytest.mark.django_db
def test_another_games_ending_reads_as_before(people):
    """ONEXENO's endings: the sentence on the page, the label in the lists, the sentence's
    words in the notification."""
    alice, bob, staff = people
    rules = registry.rules("onexeno")
    game = _end(finished_game(alice, bob, rated=False), "went_out", (1, 2))
    Game.objects.filter(pk=game.pk).update(kind="onexeno", variant="basic")
    game = Game.objects.get(pk=game.pk)
    ending = rules.endings["went_out"]
    assert ending.sentence == "a player laid their last card"
    assert ending.label == "A player laid their last card"
    assert ending.notice_words == "a player laid their last card"
    assert f"· {ending.label.lower()}" in _text(client_for(alice).get(reverse("games:my_games")))
    Notification.objects.filter(game=game).delete()
    notices.game_over(game)
    assert (
        "(a player laid their last card)." in Notification.objects.get(user=alice, game=game).text
    )


def test_the_site_keeps_its_own_endings_and_lists_every_games_by_label():
    assert set(Game.Reason.values) == {
        "resignation", "timeout", "abort", "early abort", "forfeit", "adjudicated",
        "abandoned",
    }  # fmt: skip
    choices = dict(reason_choices())
    for key in registry.served():
        for reason, ending in registry.rules(key).endings.items():
            assert ending.label in choices[reason].split(" / ")
    assert choices["exact 19"] == "Exactly 19 points in all"
    assert choices["resignation"] == "Resignation"


@pytest.mark.django_db
@pytest.mark.parametrize(("reason", "ranks", "rated"), [
    ("talon end", (1, 1), True),  # XIX's talon draw: half a point each
    ("reached 19", (1, 1), False),  # never a draw: a game so ended rates nobody
    ("exact 19", (1, 2), True),
])  # fmt: skip
def test_a_two_seat_game_without_a_winner_is_rated_only_if_its_ending_can_draw(
    people, reason, ranks, rated
):
    alice, bob, _staff = people
    game = _end(finished_game(alice, bob, rated=False), reason, ranks)
    Game.objects.filter(pk=game.pk).update(rated=True)  # rated now: its end rated nobody
    game.refresh_from_db()
    assert bool(ratings_apply_game(game=game)) is rated
    assert RatingChange.objects.filter(game=game).exists() is rated
    assert registry.rules("xix").endings[reason].can_draw is (reason == "talon end")


@pytest.mark.django_db
@pytest.mark.parametrize("backwards", [False, True])
def test_the_choices_migration_changes_nothing_in_the_database(backwards):
    out = StringIO()
    call_command("sqlmigrate", "games", "0014", backwards=backwards, stdout=out)
    statements = [
        line for line in out.getvalue().splitlines() if line and not line.startswith("--")
    ]
    assert statements == ["BEGIN;", "COMMIT;"]
