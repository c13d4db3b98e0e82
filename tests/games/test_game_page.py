"""The game page for every kind of visitor, for active, finished and waiting games."""

import re
from datetime import UTC, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import Game
from games.selectors import game_state
from ratings.models import RatingChange
from tests.factories import make_challenge, play, start_game
from tests.games.fixtures_play import (
    HX,
    advance_to,
    both_moved,
    card_numbers,
    client_for,
    element,
    finished_game,
    labels,
    make_people,
    text,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def people():
    return make_people()


@pytest.fixture
def game(people):
    alice, bob, _, _ = people
    return start_game(alice, bob, seed="page-seed")


def page(client, game):
    return client.get(reverse("games:game", args=[game.pk]))


# --- who may see what -------------------------------------------------------------------


def test_anonymous_visitors_watch_a_public_game_and_sign_in_for_a_waiting_one(game):
    # A game in play that is no private table: the spectator's page (tests/watch/).
    response = page(client_for(None), game)
    assert response.status_code == 200 and 'name="card"' not in response.content.decode()
    waiting = make_challenge(user=game.players[0], variant="standard", days_per_move=3, rated=True)
    response = page(client_for(None), waiting)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))
    assert f"next=/games/{waiting.pk}/" in response["Location"]


@pytest.mark.parametrize("seat", [0, 1])
def test_each_seat_sees_its_own_closed_hand_and_only_backs_of_the_other(people, game, seat):
    state = game_state(game)
    user = game.players[seat]
    html = page(client_for(user), game).content.decode()
    mine = element(html, f'data-area="closed-{seat}"')
    theirs = element(html, f'data-area="closed-{1 - seat}"')
    assert "Your closed hand" in mine
    closed_mine = {c for c in range(1, 19) if state.closed[seat] >> c & 1}
    closed_theirs = {c for c in range(1, 19) if state.closed[1 - seat] >> c & 1}
    assert card_numbers(mine) == closed_mine
    assert card_numbers(theirs) == set()
    assert theirs.count("card-back") == len(closed_theirs)
    assert "6 face-down cards" in theirs


def test_the_player_to_move_gets_a_play_button_for_each_card_in_either_hand(game):
    state = game_state(game)
    mover = game.players[state.to_move]
    html = page(client_for(mover), game).content.decode()
    legal = sorted(a["card"] for a in state.legal_actions())
    assert sorted(int(label.split()[1]) for label in labels(html, "Play ")) == legal
    assert "Your turn" in text(html)


def test_the_player_waiting_gets_no_action_buttons(game):
    state = game_state(game)
    waiting = game.players[1 - state.to_move]
    html = page(client_for(waiting), game).content.decode()
    assert labels(html, "Play ") == []
    assert "Waiting for" in text(html)
    assert "This page updates by itself" in html


@pytest.mark.parametrize("who", ["spectator", "staff"])
def test_non_players_see_public_information_only(people, game, who):
    _, _, carol, staff = people
    viewer = carol if who == "spectator" else staff
    game = play(game, [game_state(game).legal_actions()[0]])  # one card is now public
    response = page(client_for(viewer), game)
    assert response.status_code == 200
    html = response.content.decode()
    for seat in (0, 1):
        area = element(html, f'data-area="closed-{seat}"')
        assert card_numbers(area) == set()
    assert "Your closed hand" not in html
    assert labels(html, "") == []  # no action buttons at all
    assert "Resign" not in html
    led = game_state(game).led
    assert led in card_numbers(element(html, 'class="trick"'))
    assert "Cards not shown yet" in html


def test_page_shows_players_variant_time_control_rating_and_deadline(people, game):
    alice, bob, _, _ = people
    html = page(client_for(alice), game).content.decode()
    assert f'href="{reverse("players:profile", args=["bob"])}"' in html
    assert f'href="{reverse("players:profile", args=["alice"])}"' in html
    assert "Standard" in html and "3 days per move" in html and "Rated" in html
    game.refresh_from_db()
    stamp = game.deadline.astimezone(UTC).isoformat()[:19]
    assert re.search(rf'<time datetime="{re.escape(stamp)}', html)
    assert re.search(r"move due\s+<time[^>]*>in 2\xa0days|move due\s+<time[^>]*>in 3\xa0days", html)
    # A UTC viewer (the default) reads the date and time in UTC, named as such.
    assert f"{shown(game.deadline, UTC)} (UTC)" in text(html)
    assert "Exchange 1" in text(html)


def shown(moment, zone) -> str:
    """``moment`` as the page writes it in ``zone``: "Sat 28 Nov, 14:05"."""
    local = moment.astimezone(zone)
    return f"{local:%a} {local.day} {local:%b, %H:%M}"


@pytest.mark.parametrize("viewer", [0, 2], ids=["player", "spectator"])
def test_deadline_is_shown_in_the_viewers_time_zone(people, game, viewer):
    user = people[viewer]
    user.time_zone = "Asia/Tokyo"
    user.save(update_fields=["time_zone"])
    game.refresh_from_db()
    html = page(client_for(user), game).content.decode()
    tokyo = shown(game.deadline, ZoneInfo("Asia/Tokyo"))
    assert f"{tokyo} (Asia/Tokyo)" in text(html)
    assert "(UTC)" not in text(html)
    # The machine-readable stamp stays in UTC.
    stamp = game.deadline.astimezone(UTC).isoformat()[:19]
    assert re.search(rf'<time datetime="{re.escape(stamp)}[.\d]*\+00:00"', html)
    # Tokyo is 9 hours ahead of UTC all year: the two readings differ.
    assert tokyo != shown(game.deadline, UTC)

    # Another viewer, still on UTC, is not affected by Tokyo's request.
    html = page(client_for(people[1]), game).content.decode()
    assert f"{shown(game.deadline, UTC)} (UTC)" in text(html)
    assert "Asia/Tokyo" not in html


def test_row_shows_five_face_down_positions_and_the_log_reads_as_sentences(people, game):
    alice, _, _, _ = people
    html = page(client_for(alice), game).content.decode()
    for position in range(1, 6):
        assert f'aria-label="Position {position}: face down"' in html
    log = text(element(html, 'class="log"'))
    assert "leads the first trick" in log


def test_htmx_get_answers_the_table_partial_only(people, game):
    alice = people[0]
    response = client_for(alice).get(reverse("games:game", args=[game.pk]), **HX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="game-live"')
    assert "<html" not in html
    assert "HX-Request" in response["Vary"]


def test_unknown_game_is_404(people):
    response = client_for(people[0]).get(reverse("games:game", args=[999999]))
    assert response.status_code == 404


# --- phases: only the legal actions are offered ------------------------------------------


def test_after_a_strike_the_loser_may_raise_or_abandon(people, game):
    game = advance_to(game, "decide")
    state = game_state(game)
    html = page(client_for(game.players[state.to_move]), game).content.decode()
    # The button's name is the text it shows (WCAG 2.5.3, label in name).
    assert f'value="raise">Raise to {state.stakes_next}</button>' in html
    assert labels(html, "Raise") == []
    assert labels(html, "Abandon") == ["Abandon the exchange"]
    assert labels(html, "Play ") == []
    last = element(html, 'class="last-trick"')
    assert card_numbers(last) == {state.last_trick[1], state.last_trick[2]}
    pips = re.findall(r'aria-label="(\d) strikes? of 3"', html)
    assert sorted(pips) == sorted(str(s) for s in state.strikes)


def test_during_the_draft_the_pool_is_shown_and_draftable(people, game):
    game = advance_to(game, "draft")
    state = game_state(game)
    pool = {c for c in range(1, 19) if state.pool >> c & 1}
    mover_html = page(client_for(game.players[state.to_move]), game).content.decode()
    assert {int(label.split()[1]) for label in labels(mover_html, "Draft ")} == pool
    other_html = page(client_for(game.players[1 - state.to_move]), game).content.decode()
    assert labels(other_html, "Draft ") == []
    assert card_numbers(element(other_html, 'class="pool"')) == pool


def test_the_trade_form_offers_exactly_the_legal_cards_and_positions(people, game):
    game = advance_to(game, "trade")
    state = game_state(game)
    cards, positions = state.trade_options()
    html = page(client_for(game.players[state.to_move]), game).content.decode()
    form = element(html, 'class="trade-form"')
    offered_cards = re.findall(r'name="card" value="(\d+)"', form)
    offered_positions = re.findall(r'name="position" value="(\d+)"', form)
    assert [int(c) for c in offered_cards] == cards
    assert [int(p) for p in offered_positions] == positions
    assert "Take row position 1:" in text(form)  # what a screen reader reads
    assert "Your card to give" in form


# --- finished games ---------------------------------------------------------------------


def test_finished_game_shows_every_card_the_result_and_rating_changes(people):
    alice, bob, carol, _ = people
    game = finished_game(alice, bob, seed="finish-seed")
    state = game_state(game)
    html = page(client_for(carol), game).content.decode()
    for seat in (0, 1):
        closed = {c for c in range(1, 19) if state.closed[seat] >> c & 1}
        assert card_numbers(element(html, f'data-area="closed-{seat}"')) == closed
    over = text(element(html, 'class="game-over"'))
    winner = game.players[game.winner].username
    assert f"{winner} won" in over
    assert game.get_reason_display() and (
        "19" in over or "talon" in over
    )  # the engine's end, in words
    changes = RatingChange.objects.filter(game=game)
    assert changes.count() == 2
    for change in changes:
        assert f"{change.before:.0f} → {change.after:.0f}" in over
    assert "Replay" in over and "Download the record" in over
    assert "Rematch" not in over  # spectators cannot ask for one
    assert 'hx-trigger="every 3s"' not in html  # nothing left to wait for


def test_finished_game_offers_the_players_a_rematch(people):
    alice, bob, _, _ = people
    game = finished_game(alice, bob, seed="finish-seed")
    html = page(client_for(alice), game).content.decode()
    over = element(html, 'class="game-over"')
    assert f'action="{reverse("games:rematch", args=[game.pk])}"' in over
    assert "Rematch" in text(over)


def test_resignation_is_explained_with_the_loser_named(people, game):
    alice, bob, carol, _ = people
    services.game_resign(user=bob, game_id=both_moved(game).pk)
    html = page(client_for(carol), game).content.decode()
    over = text(element(html, 'class="game-over"'))
    assert "alice won" in over
    assert "bob resigned." in over


# --- waiting games (challenges) ---------------------------------------------------------


def test_open_challenge_shows_details_and_accept_to_others_cancel_to_its_maker(people):
    alice, _, carol, _ = people
    game = make_challenge(user=alice, variant="talon", days_per_move=7, rated=False)
    html = page(client_for(carol), game).content.decode()
    assert "XIX: an open challenge" in html and "Talon" in html and "7 days per move" in html
    assert "Casual" in html
    assert f'action="{reverse("games:table_join", args=[game.pk])}"' in html
    assert labels(html, "Accept") == ["Accept alice's XIX talon challenge"]
    own = page(client_for(alice), game).content.decode()
    assert labels(own, "Accept") == []
    assert labels(own, "Cancel") == ["Cancel your XIX talon challenge"]
    assert f'action="{reverse("games:table_leave", args=[game.pk])}"' in own


def test_direct_challenge_is_private_to_its_two_players(people):
    alice, bob, carol, _ = people
    game = make_challenge(user=alice, variant="standard", days_per_move=3, rated=True, invited=bob)
    invited = page(client_for(bob), game).content.decode()
    assert labels(invited, "Accept") == ["Accept alice's XIX standard challenge"]
    assert labels(invited, "Decline") == ["Decline alice's challenge"]
    assert page(client_for(carol), game).status_code == 404
    assert page(client_for(None), game).status_code == 302


def test_lapsed_challenge_cannot_be_accepted_from_the_page(people):
    alice, _, carol, _ = people
    game = make_challenge(user=alice, variant="standard", days_per_move=3, rated=True)
    Game.objects.filter(pk=game.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    html = page(client_for(carol), game).content.decode()
    assert "no longer be accepted" in html
    assert labels(html, "Accept") == []


# --- resigning --------------------------------------------------------------------------


def resign_url(game):
    return reverse("games:resign", args=[game.pk])


def test_resign_asks_first_then_ends_the_game(people, game):
    alice, bob, _, _ = people
    game = both_moved(game)  # before that, resigning aborts the game (tests/games/test_abort.py)
    client = client_for(alice)
    confirm = client.get(resign_url(game))
    assert confirm.status_code == 200
    assert "bob wins the game" in confirm.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE  # looking at the question changes nothing
    response = client.post(resign_url(game))
    assert response.status_code == 303
    assert response["Location"] == reverse("games:game", args=[game.pk])
    game.refresh_from_db()
    assert (game.status, game.winner, game.reason) == ("finished", 1, "resignation")
    after = client.get(response["Location"]).content.decode()
    assert "You resigned" in after
    assert "bob won" in text(element(after, 'class="game-over"'))


@pytest.mark.parametrize("who", ["spectator", "staff"])
def test_only_the_players_may_resign(people, game, who):
    viewer = people[2] if who == "spectator" else people[3]
    client = client_for(viewer)
    assert client.get(resign_url(game)).status_code == 403
    response = client.post(resign_url(game))
    assert response.status_code == 403
    assert "You are not playing in this game." in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_resigning_a_finished_game_is_refused(people):
    alice, bob, _, _ = people
    game = finished_game(alice, bob, seed="finish-seed")
    response = client_for(alice).post(resign_url(game))
    assert response.status_code == 400
    assert "already over" in response.content.decode()
    game.refresh_from_db()
    assert game.reason != Game.Reason.RESIGNATION


def test_anonymous_resign_goes_to_log_in(game):
    response = client_for(None).post(resign_url(game))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_the_header_counts_the_games_waiting_for_you_on_the_game_page_too(people):
    """The navigation's "My games" badge counts the games where it is your move, on the
    game page as on every other page (the table's own "your turn" does not hide it)."""
    alice, bob, carol, _ = people
    games = [start_game(alice, bob, seed="badge-1"), start_game(alice, carol, seed="badge-2")]
    waiting = sum(g.players[g.to_move] == alice for g in games)
    assert waiting, "the seeds give alice the first move in at least one game"

    html = page(client_for(alice), games[0]).content.decode()

    assert text(element(html, 'class="nav-badge"')) == str(waiting)
    assert f"My games: {waiting} game" in html
