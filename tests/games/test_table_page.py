"""The game page, its partial, its poll, the replay and the record download at tables of
any size, through the test game tally (tests/kit/tally, its site object in site.py): every
seat sees every name and who is to move, its own hand and no other; a seat's pages do not
depend on cards it cannot know; a finished table shows each seat's place; bad posts are
refused and change nothing; and whole games are played by form posts to the end."""

import json
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games import registry, services
from games.models import Game, GameAction, GameSeat
from games.outcomes import place_text
from games.selectors import game_state
from tests.factories import UserFactory, start_game, start_table
from tests.games.fixtures_play import (
    HX,
    act_url,
    client_for,
    element,
    finish,
    page_url,
    people,
    play_moves,
    poll_url,
    text,
)

pytestmark = pytest.mark.django_db

RULES = registry.rules("tally")
TABLES = [("open", 3), ("open", 5), ("partners", 4)]


def shown_cards(html: str) -> set[int]:
    """Card numbers drawn on a tally table: chips and play buttons."""
    chips = re.findall(r'<span class="chip"[^>]*>(\d+)</span>', html)
    buttons = re.findall(r'<button type="submit" name="card" value="(\d+)"', html)
    return {int(n) for n in chips + buttons}


def seat_box(html: str, seat: int) -> str:
    return element(html, f'data-seat="{seat}"')


@pytest.mark.parametrize(("variant", "seats"), TABLES)
def test_each_seat_sees_every_name_the_mover_and_its_own_hand_only(variant, seats):
    users = people(seats)
    spectator = UserFactory(username="watcher")
    game = start_table("tally", variant, users, seed=f"{variant}-{seats}")
    state = game_state(game)
    mover = state.to_move
    for viewer in [*users, spectator]:
        seat = game.seat_of(viewer)
        client = client_for(viewer)
        html = client.get(page_url(game)).content.decode()
        partial = client.get(page_url(game), **HX)
        assert partial.status_code == 200 and "<html" not in partial.content.decode()
        for answer in (html, partial.content.decode()):
            shown = text(answer)
            scoreboard = element(answer, 'class="scoreboard"')
            for user in users:
                if user != viewer:
                    assert user.username in text(scoreboard)
            # the seat to move is marked on the scoreboard and on the table, once
            assert scoreboard.count("score-to-move") == 1
            assert "badge-move" in element(scoreboard, "score-to-move")
            assert "seat-to-move" in seat_box(answer, mover)
            expected = set() if seat is None else set(state.hands[seat])
            assert shown_cards(answer) == expected
            if seat == mover:
                assert "Your turn" in shown
                assert len(re.findall(r'name="card" value="\d+"', answer)) == 3
            elif seat is None:
                assert f"{users[mover].username} to move" in shown
            else:
                assert f"Waiting for {users[mover].username}" in shown
                assert 'name="card"' not in answer
            for other in range(seats):
                if other != seat:
                    assert "3 cards in hand" in text(seat_box(answer, other))
        assert "Round 1 of 3" in text(html)
        # the poll: nothing new at the page's action number, the table once one is made
        assert client.get(poll_url(game, 0), **HX).status_code == 204
    game = play_moves(game, 1)
    played = GameAction.objects.get(game=game).action
    for viewer in [*users, spectator]:
        answer = client_for(viewer).get(poll_url(game, 0), **HX)
        assert answer.status_code == 200
        box = text(seat_box(answer.content.decode(), played["seat"]))
        assert f"Played {played['card']} this round" in box


def test_partners_are_named_beside_each_seat():
    users = people(4)
    game = start_table("tally", "partners", users, seed="teams")
    html = client_for(users[0]).get(page_url(game)).content.decode()
    scores = re.findall(r'<div class="score[ "].*?</div>', html, re.DOTALL)
    assert len(scores) == 4
    # teams 0+2 and 1+3; each seat shows its own points beside the side's score
    assert "with p2" in text(scores[0]) and "with p0" in text(scores[2])
    assert "with p3" in text(scores[1]) and "with p1" in text(scores[3])
    assert all("own 0" in text(score) for score in scores)


def test_a_finished_table_shows_each_seats_place_score_and_a_rematch_to_its_players():
    users, spectator = people(5), UserFactory(username="watcher")
    game = finish(start_table("tally", "open", users, seed="five"), seed=3)
    assert game.status == Game.Status.FINISHED
    rows = list(GameSeat.objects.filter(game=game).order_by("rank", "position"))
    for viewer in [*users, spectator]:
        client = client_for(viewer)
        html = client.get(page_url(game)).content.decode()
        over = element(html, 'class="game-over"')
        assert "Every card in hand has been played." in text(over)
        places = re.findall(r"<li[^>]*>.*?</li>", element(over, "over-places"), re.DOTALL)
        assert [text(p) for p in places] == [
            f"{place_text(game, row.position)} {row.user.username}"
            + (" (you)" if row.user == viewer else "")
            + f" {row.score} casual game"
            for row in rows
        ]
        seat = game.seat_of(viewer)
        rematch = reverse("games:rematch", args=[game.pk])
        assert ("Rematch" in text(over)) is (seat is not None)
        assert (f'action="{rematch}"' in html) is (seat is not None)
        title = text(element(over, 'id="over-title"'))
        if seat is None:
            winners = [row.user.username for row in rows if row.rank == 1]
            assert title == " and ".join(winners) + " won"
        else:
            assert title == f"You finished {place_text(game, seat)}"
        # every card is shown once the game is over; a spectator's poll stops, a player's
        # goes on while a rematch may be asked for
        poll = client.get(poll_url(game, game.n_actions - 1), **HX)
        assert poll.status_code == (286 if seat is None else 200)


def test_the_replay_and_record_of_a_finished_table():
    users = people(5)
    game = finish(start_table("tally", "open", users, seed="five"), seed=3)
    client = client_for(users[2])
    replay = reverse("games:replay", args=[game.pk])
    html = client.get(replay).content.decode()
    assert text(re.search(r"<h1>.*?</h1>", html).group()) == "Replay: p0 v p1 v p2 v p3 v p4"
    assert f"Step 0 of {game.n_actions}" in text(html)
    assert f"You finished {place_text(game, 2)}" in text(html)
    # at step 0 every hand is face up: 15 cards; at the end every card has been played
    assert len(shown_cards(element(html, 'class="replay-main"'))) == 15
    step = client.get(f"{replay}?step=4", **HX).content.decode()
    assert "<html" not in step and f"Step 4 of {game.n_actions}" in text(step)
    # four of the five seats have played in round 1: each card on the table by its seat
    for played in GameAction.objects.filter(game=game, seq__lt=4).values_list("action", flat=True):
        box = text(seat_box(step, played["seat"]))
        assert f"Played {played['card']} this round" in box
    assert client.get(f"{replay}?step=x").status_code == 400

    response = client.get(reverse("games:record", args=[game.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="tally-game-{game.pk}.json"'
    record = json.loads(response.content)
    rows = list(GameSeat.objects.filter(game=game).order_by("position"))
    assert record["format"] == "tally/1" and record["seats"] == 5
    assert record["setup"] == game.setup
    assert record["players"] == [f"p{i}" for i in range(5)]
    assert record["result"]["ranks"] == [row.rank for row in rows]
    assert record["result"]["scores"] == [row.score for row in rows]
    verdict = registry.check_record(record)
    assert verdict["ok"] and verdict["ranks"] == record["result"]["ranks"]


def test_a_post_to_a_game_that_does_not_exist_is_not_found():
    """(Refused posts at a game, every game, variant and seat count:
    tests/kit/test_site_conformance.py.)"""
    users = people(3)
    game = start_table("tally", "open", users, seed="bad")
    client = client_for(users[game.to_move])
    assert client.post(reverse("games:act", args=[game.pk + 999]), {"seq": "0"}).status_code == 404
    assert GameAction.objects.filter(game=game).count() == 0


@pytest.mark.django_db(transaction=True)
def test_a_table_with_a_bot_is_played_to_the_end_the_bot_answering_at_once():
    """The bot's card is on the table the mover gets back: its task runs once the move's
    transaction commits, in the request in the tests (CELERY_TASK_ALWAYS_EAGER; so this test
    commits for real)."""
    humans = people(2)
    bot = UserFactory(username="bot-random", is_bot=True, bot_level="random")
    game = start_table("tally", "open", [humans[0], bot, humans[1]], seed="with-a-bot")
    if game.to_move == 1:
        services.seat_autoplay(game_id=game.pk, expected_seq=0)
    clients = [client_for(humans[0]), None, client_for(humans[1])]
    html = clients[0].get(page_url(game)).content.decode()
    assert "bot" in text(element(html, 'class="scoreboard"')).split()
    bots_moves = 0
    for _ in range(20):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        assert game.to_move != 1, "the bot answers within the request"
        client = clients[game.to_move]
        html = client.get(page_url(game)).content.decode()
        card = re.search(r'name="card" value="(\d+)"', html).group(1)
        form = {"seq": game.n_actions, "type": "play", "card": card}
        answer = client.post(act_url(game), form, **HX)
        assert answer.status_code == 200
        bots_card = [card for seat, card in game_state(game).table if seat == 1]
        if game.to_move == 0 and bots_card:
            # seat 1 plays after seat 0: the table sent back shows the bot's card
            box = text(seat_box(answer.content.decode(), 1))
            assert f"Played {bots_card[0]} this round" in box
            bots_moves += 1
    assert game.status == Game.Status.FINISHED and game.n_actions == 9
    assert bots_moves > 0
    html = clients[2].get(page_url(game)).content.decode()
    over = text(element(html, "game-over"))
    assert over.startswith(f"You finished {place_text(game, 2)}")
    assert "bot-random" in over
    # The places list marks the bot as a bot, and the people not (issue 32).
    places = re.findall(r"<li[^>]*>.*?</li>", element(html, "over-places"), re.DOTALL)
    rows = {name: "badge-bot" in li for li in places for name in re.findall(r">([\w-]+)</a>", li)}
    assert rows == {"bot-random": True, humans[0].username: False, humans[1].username: False}


def test_a_player_who_resigns_is_shown_as_played_by_the_site(django_capture_on_commit_callbacks):
    users = people(3)
    game = play_moves(start_table("tally", "open", users, seed="leaver"), 3)
    leaver = next(u for s, u in enumerate(users) if s != game.to_move)
    resign = reverse("games:resign", args=[game.pk])
    assert "the site plays your cards" in text(client_for(leaver).get(resign).content.decode())
    with django_capture_on_commit_callbacks(execute=True):
        assert client_for(leaver).post(resign).status_code == 303
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    position = game.seat_of(leaver)
    for viewer in users:
        html = client_for(viewer).get(page_url(game)).content.decode()
        scores = re.findall(r'<div class="score[ "].*?</div>', html, re.DOTALL)
        assert "resigned: the site plays for them" in text(scores[position])
    game = finish(game, commits=django_capture_on_commit_callbacks)
    html = client_for(users[0]).get(page_url(game)).content.decode()
    places = re.findall(r"<li[^>]*>.*?</li>", element(html, "over-places"), re.DOTALL)
    [gone] = [text(li) for li in places if "resigned" in li]
    assert gone.startswith(f"3rd of 3 {leaver.username}")
    assert "resigned: the site played for them" in gone


def test_the_end_by_leaving_names_who_left():
    """A table that ended because players left (a forfeit-policy game of more than two
    seats ends so) says who, from their seat rows."""
    users = people(4)
    game = finish(start_table("tally", "open", users, seed="named"))
    Game.objects.filter(pk=game.pk).update(reason=Game.Reason.TIMEOUT)
    GameSeat.objects.filter(game=game, position__in=[1, 3]).update(status=GameSeat.Status.TIMED_OUT)
    html = client_for(users[0]).get(page_url(game)).content.decode()
    over = text(element(html, 'class="game-over"'))
    assert "p1 and p3 ran out of time." in over
    assert over.count("timed out: the site played for them") == 2


def test_the_admins_rows_name_every_card_of_a_table():
    users = people(3)
    game = play_moves(start_table("tally", "open", users, seed="admin"), 2)
    state = game_state(game)
    names = [user.username for user in users]
    rows = dict(registry.site("tally").admin_rows(RULES.full_view(state, names), names))
    for seat, name in enumerate(names):
        assert rows[f"{name} (seat {seat}), hand"] == " ".join(map(str, state.hands[seat]))
    assert rows["Undealt"].split() == [str(card) for card in state.undealt]
    assert rows["This round"] == ", ".join(f"{names[s]} {c}" for s, c in state.table)
    assert rows["To move"] == names[state.to_move]


def test_a_waiting_table_shows_who_sits_and_who_is_invited_and_waits_for_the_start():
    """A table still filling (written as ``games.tables`` leaves it: seats without a
    position, invitations) is no challenge: its page shows who sits and who is invited,
    and an invitee accepts or declines right there. It is private to its creator and
    invitees while invitations stand."""
    from games.models import Invitation

    creator, joined, invited, declined, stranger = people(5)
    game = Game.objects.create(
        kind="tally",
        variant="open",
        seats_count=5,
        seed="waiting",
        created_by=creator,
        expires_at=timezone.now() + timedelta(days=2),
        rated=False,
    )
    for user in (creator, joined):
        GameSeat.objects.create(game=game, user=user)
    Invitation.objects.create(game=game, user=invited)
    Invitation.objects.create(game=game, user=declined, declined=True)
    assert client_for(stranger).get(page_url(game)).status_code == 404
    client = client_for(invited)
    html = client.get(page_url(game)).content.decode()
    shown = text(element(html, 'id="game-live"')).replace(" ,", ",")
    assert "Tally: a table for 5" in shown and "Open table" in shown
    assert "Seated 2 of 5: p0, p1" in shown and "Invited p2" in shown
    assert "Declined p3" in shown and "2 seats free" in shown
    assert "challenge" not in shown.lower()
    assert "Accept" in shown and "Decline" in shown and "Add a bot" not in shown
    assert reverse("games:lobby") in html
    assert client.get(poll_url(game, 0) + "&waiting=1").status_code == 204
    # The creator may add a bot or cancel, from the page too.
    mine = text(element(client_for(creator).get(page_url(game)).content.decode(), 'id="game-live"'))
    assert "Add a bot" in mine and "Cancel" in mine and "Accept" not in mine


def test_a_table_is_joined_from_its_page_and_opens_when_full(served_tally):
    """Anyone may take a free seat of an open table from its page; the page comes back
    with the seat taken, and the last seat starts the game there."""
    from games import tables

    creator, first, last = people(3)
    game = tables.table_create(
        user=creator, kind="tally", variant="open", seats=3, days_per_move=3, rated=False
    )
    client = client_for(first)
    page = client.get(page_url(game)).content.decode()
    assert "Join" in text(element(page, 'id="game-live"'))
    joined = client.post(reverse("games:table_join", args=[game.pk]), {"back": "table"})
    assert joined.status_code == 302 and joined["Location"] == page_url(game)
    back = client.get(page_url(game)).content.decode()
    assert "You have a seat" in text(back)
    shown = text(element(back, 'id="game-live"')).replace(" ,", ",")
    assert "Seated 2 of 3: p0, p1" in shown and "1 seat free" in shown
    assert "Leave" in shown and "Join" not in shown
    started = client_for(last).post(reverse("games:table_join", args=[game.pk]), {"back": "table"})
    assert started["Location"] == page_url(game)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and len(game.players) == 3


def test_the_title_puts_partners_together_and_names_the_game():
    users = people(4)
    game = start_table("tally", "partners", users, seed="title")
    html = client_for(users[0]).get(page_url(game)).content.decode()
    assert "<title>p0 &amp; p2 v p1 &amp; p3" in html
    header = text(element(html, 'class="game-title"'))
    assert header.startswith("p0 & p2 v p1 & p3") and "Tally Partners" in header
    xix = start_game(*people(2, prefix="x"))
    xix_html = client_for(xix.players[0]).get(page_url(xix)).content.decode()
    assert '<span class="game-name">XIX</span>' in xix_html  # one of the site's games
    assert "<title>x0 v x1" in xix_html
