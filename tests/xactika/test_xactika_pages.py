"""Xactika's game page (games/xactika/site.py, templates/xactika/table.html): each seat
sees every name, who is to move, the bids and tricks taken, its own hand and no card of
another seat's hand nor a set-aside card; a seat's pages do not depend on cards it cannot
know; a whole game is played by form posts (bids, leads with a called shape, follows) to
the end with each player's place shown; bad posts are refused and change nothing; a
finished game has a replay and a record."""

import json
import random
import re

import pytest
from django.urls import reverse

from games import registry, services
from games.models import Game, GameAction, GameSeat
from games.outcomes import place_text
from games.selectors import game_state
from games.xactika.site import card_words
from tests.factories import UserFactory, start_table
from tests.games.fixtures_play import (
    HX,
    act_url,
    client_for,
    element,
    finish,
    log_size,
    page_url,
    people,
    poll_url,
    text,
)
from tests.games.test_table_page import seat_box

pytestmark = pytest.mark.django_db

RULES = registry.rules("xactika")
# A card code stands alone: not inside a longer run of letters or digits (the random
# CSRF tokens of a page, "aB1231x") nor in a path (a game numbered 1231 is "/games/1231/",
# as in CI, whose database has made that many games by then); neither counts as a card.
CODE = re.compile(r"(?<![\w./])[123]{4}(?![\w./])")


def codes_in(html: str) -> set[str]:
    """Every card written in a page, by its code or in words (the CSRF token, which may
    hold digits, left out)."""
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    html = re.sub(r'"X-CSRFToken": "[^"]+"', "", html)
    # A card named in words ("2 balls, 1 cube, 3 cones, 2 stars") is that card too.
    words = re.findall(r"(\d) balls?,\s*(\d) cubes?,\s*(\d) cones?,\s*(\d) stars?", html)
    return set(CODE.findall(html)) | {"".join(digits) for digits in words}


def played_so_far(state) -> set[str]:
    """Every card played in the game so far (public: the log names each)."""
    view = RULES.full_view(state)
    tricks = [t for r in view["past_rounds"] for t in r["tricks"]] + view["tricks"]
    if view["trick"]:
        tricks.append(view["trick"])
    return {p["card"] for t in tricks for p in t["plays"]}


def secret_cards(state, seat) -> set[str]:
    """The cards ``seat`` may not know now: other hands and the set-aside cards."""
    view = RULES.full_view(state)
    others = {c for s, hand in enumerate(view["hands"]) if s != seat for c in hand}
    return others | set(view["set_aside"])


def play_some(game, users, count, rng):
    for _ in range(count):
        state = game_state(game)
        game, _, _ = services.game_act(
            user=users[state.to_move],
            game_id=game.pk,
            action=rng.choice(state.legal_actions()),
            expected_seq=game.n_actions,
        )
    return Game.objects.get(pk=game.pk)


@pytest.mark.parametrize(
    ("variant", "seats", "moves"), [("bid", 4, 9), ("win", 3, 2), ("lose", 10, 14)]
)
def test_each_seat_sees_names_the_mover_and_only_its_own_cards(variant, seats, moves):
    users, spectator = people(seats), UserFactory(username="watcher")
    game = start_table("xactika", variant, users, seed="see")
    game = play_some(game, users, moves, random.Random(1))
    state = game_state(game)
    mover = state.to_move
    for viewer in [*users, spectator]:
        seat = game.seat_of(viewer)
        client = client_for(viewer)
        page = client.get(page_url(game)).content.decode()
        partial = client.get(page_url(game), **HX)
        assert partial.status_code == 200 and "<html" not in partial.content.decode()
        poll = client.get(poll_url(game, game.n_actions - 1), **HX)
        assert poll.status_code == 200
        for answer in (page, partial.content.decode(), poll.content.decode()):
            scoreboard = element(answer, 'class="scoreboard"')
            for user in users:
                if user != viewer:
                    assert user.username in text(scoreboard)
            assert scoreboard.count("score-to-move") == 1
            assert "to move" in text(seat_box(answer, mover))
            own = set() if seat is None else set(RULES.seat_view(state, seat)["hand"])
            shown = codes_in(answer)
            assert own <= shown
            assert shown <= own | played_so_far(state)
            assert shown.isdisjoint(secret_cards(state, seat))
            if seat == mover:
                assert "Your move" in text(answer)
            else:
                assert 'name="card"' not in answer and 'name="n"' not in answer
            assert f"Round 1 of {max(8, seats)}" in text(answer)
            assert "{#" not in answer and "{%" not in answer  # no template text leaks out
        if variant == "bid":
            # every bid made is shown by its seat
            for bid in RULES.seat_view(state, 0)["bids"]:
                assert f"bid {bid['n']}" in text(seat_box(page, bid["seat"]))


def test_the_dealer_sees_the_barred_bid_disabled_and_why():
    users = people(3)
    game = start_table("xactika", "bid", users, seed="hook")
    state = game_state(game)
    while state.to_move != state.dealer:  # the others bid 1 each, leaving 6 barred
        game, _, _ = services.game_act(
            user=users[state.to_move],
            game_id=game.pk,
            action={"seat": state.to_move, "type": "bid", "n": 1},
            expected_seq=game.n_actions,
        )
        state = game_state(game)
    html = client_for(users[state.dealer]).get(page_url(game)).content.decode()
    assert re.findall(r'name="n" value="(\d)"', html) == ["0", "1", "2", "3", "4", "5", "7", "8"]
    assert re.search(r"<button [^>]*disabled[^>]*>6</button>", html)
    assert "you may not bid 6: the others bid 2" in text(html)
    answer = client_for(users[state.dealer]).post(
        act_url(game), {"seq": str(game.n_actions), "type": "bid", "n": "6"}
    )
    assert answer.status_code == 400 and "hook" in text(answer.content.decode())


def test_a_leader_picks_a_card_then_a_shape_and_others_see_the_called_suit():
    users = people(3)
    game = start_table("xactika", "win", users, seed="lead")
    state = game_state(game)
    leader = state.to_move
    card = RULES.seat_view(state, leader)["hand"][0]
    client = client_for(users[leader])
    html = client.get(page_url(game)).content.decode()
    names = ["ball", "cube", "cone", "star"]
    words = [f"{d} {n if d == '1' else n + 's'}" for d, n in zip(card, names, strict=True)]
    calls = re.findall(rf'aria-label="Lead {", ".join(words)} and call ([^"]+)"', html)
    assert calls == words
    answer = client.post(
        act_url(game), {"seq": "0", "type": "lead", "card": card, "shape": "2"}, **HX
    )
    assert answer.status_code == 200
    suit = calls[2]
    for viewer in users:
        html = client_for(viewer).get(page_url(game)).content.decode()
        assert f"Called: {suit}" in text(element(html, 'class="xk-trick"'))
        # the log names the card by its shapes, the leader as "You" on the leader's page
        led = ", ".join(calls)  # "1 ball, 3 cubes, 1 cone, 2 stars"
        said = "You lead" if viewer == users[leader] else f"{users[leader].username} leads"
        assert f"{said} {led} and call{'s' * (said != 'You lead')} {suit}." in text(html)
    follower = users[(leader + 1) % 3]
    html = client_for(follower).get(page_url(game)).content.decode()
    view = RULES.seat_view(game_state(Game.objects.get(pk=game.pk)), (leader + 1) % 3)
    may = sorted(a["card"] for a in view["legal_actions"])
    assert sorted(re.findall(r'name="card" value="(\d{4})"', html)) == may
    assert html.count("may not be played now") == 8 - len(may)
    # The hand names its cards as they look, in words, never by their codes (issue 32).
    hand = element(html, 'id="your-hand"')
    assert not re.search(r"\b[123]{4}\b", text(hand)), text(hand)
    for code in may:
        named = card_words(code)  # "2 balls, 1 cube, 3 cones, 2 stars"
        assert f'aria-label="Play {named}"' in hand
        assert named in text(hand)  # under the card's face, as the name says


def test_the_last_trick_is_taken_by_you_or_by_its_taker_by_name():
    users = people(3)
    game = start_table("xactika", "bid", users, seed="last-trick")
    rng = random.Random(5)
    view = RULES.seat_view(game_state(game), 0)
    while not view["tricks"] or view["trick"]:  # until a trick is over, the next not led
        game = play_some(game, users, 1, rng)
        view = RULES.seat_view(game_state(game), 0)
    taker = view["tricks"][-1]["winner"]
    for seat, user in enumerate(users):
        line = text(element(client_for(user).get(page_url(game)).content.decode(), "xk-last-line"))
        who = "you" if seat == taker else users[taker].username
        assert line.replace(" .", ".").endswith(f"taken by {who}."), line


def test_three_people_see_their_places_and_the_rounds_once_a_game_is_over():
    """(The whole game by form posts: tests/kit/test_site_conformance.py.)"""
    users = people(3)
    game = finish(start_table("xactika", "bid", users, seed="by-hand"), seed=3)
    clients = {user.pk: client_for(user) for user in users}
    assert game.n_actions == 8 * (3 + 8 * 3) and game.status == Game.Status.FINISHED
    rows = list(GameSeat.objects.filter(game=game).order_by("rank", "position"))
    for seat, user in enumerate(users):
        html = clients[user.pk].get(page_url(game)).content.decode()
        over = element(html, 'class="game-over"')
        assert f"You finished {place_text(game, seat)}" in text(over)
        places = re.findall(r"<li[^>]*>.*?</li>", element(over, "over-places"), re.DOTALL)
        assert [text(p).split(" ")[-4:-2] for p in places] == [
            [row.user.username, str(row.score)] if row.user != user else ["(you)", str(row.score)]
            for row in rows
        ]
        rounds = element(html, 'id="xk-rounds-title"')
        assert "Rounds played" in text(rounds)
        assert text(html).count("Round 8 ") >= 1
        # The log still tells the reader's own moves as "You", as it did in play.
        log = text(element(html, 'class="log"'))
        assert "You bid " in log and f"{user.username} bids" not in log
        assert f"you {game.scores[seat]}" in log.partition("Totals:")[2]


def test_bad_posts_are_refused_and_change_nothing():
    users, spectator = people(3), UserFactory(username="watcher")
    game = start_table("xactika", "win", users, seed="bad")
    state = game_state(game)
    mover, waiting = state.to_move, (state.to_move + 1) % 3
    mine = RULES.seat_view(state, mover)["hand"][0]
    theirs = RULES.seat_view(state, waiting)["hand"][0]
    client = client_for(users[mover])
    lead = {"seq": "0", "type": "lead"}
    refused = [
        (client, {**lead, "card": mine}, 400, "Choose the shape you call."),
        (client, {**lead, "card": mine, "shape": "4"}, 400, "shape must be from 0 to 3"),
        (client, {**lead, "card": "1400", "shape": "0"}, 400, "four digits 1 to 3"),
        (client, {**lead, "card": "x", "shape": "0"}, 400, "whole number"),
        (client, {**lead, "card": theirs, "shape": "0"}, 400, "you do not hold"),
        (client, {"seq": "0", "type": "play", "card": mine}, 400, "call a shape"),
        (client, {"seq": "0", "type": "bid", "n": "2"}, 400, "no bidding"),
        (client, {"seq": "0", "type": "raise"}, 400, "bid, lead or play"),
        (client, {**lead, "seq": "5", "card": mine, "shape": "0"}, 409, ""),
        (client_for(users[waiting]), {**lead, "card": theirs, "shape": "0"}, 400, ""),
        (client_for(spectator), {**lead, "card": mine, "shape": "0"}, 403, ""),
    ]
    for who, form, status, words in refused:
        for headers in ({}, HX):
            answer = who.post(act_url(game), form, **headers)
            assert answer.status_code == status, form
            assert words in text(element(answer.content.decode(), 'class="game-error"')), form
    assert log_size(game) == (0, 0)
    assert game.to_move == mover


def test_the_replay_and_record_of_a_finished_game():
    users, spectator = people(4), UserFactory(username="watcher")
    game = finish(start_table("xactika", "lose", users, seed="done"), seed=6)
    assert game.status == Game.Status.FINISHED
    client = client_for(users[1])
    replay = reverse("games:replay", args=[game.pk])
    html = client.get(replay).content.decode()
    assert text(re.search(r"<h1>.*?</h1>", html).group()) == "Replay: p0 v p1 v p2 v p3"
    assert f"You finished {place_text(game, 1)}" in text(html)
    start = element(html, 'class="replay-main"')
    first = RULES.full_view(RULES.new("lose", 4, game.setup))
    # at step 0 every hand is shown, by its seat; the set-aside cards are not listed
    for seat in range(4):
        assert set(first["hands"][seat]) <= codes_in(seat_box(start, seat))
    assert codes_in(start).isdisjoint(first["set_aside"])
    assert "49 cards are set aside" in text(start)
    step = client.get(f"{replay}?step=2", **HX).content.decode()
    assert "<html" not in step and "Called:" in text(step)
    lead = GameAction.objects.get(game=game, seq=0).action
    assert "played" in seat_box(step, lead["seat"])

    for viewer in (users[1], spectator):
        response = client_for(viewer).get(reverse("games:record", args=[game.pk]))
        assert response.status_code == 200
        assert (
            response["Content-Disposition"] == f'attachment; filename="xactika-game-{game.pk}.json"'
        )
        record = json.loads(response.content)
        rows = list(GameSeat.objects.filter(game=game).order_by("position"))
        assert record["format"] == "xactika/1" and record["seats"] == 4
        assert record["setup"] == game.setup and len(record["actions"]) == game.n_actions
        assert record["result"]["scores"] == [row.score for row in rows]
        verdict = registry.check_record(record)
        assert verdict["ok"] and verdict["ranks"] == record["result"]["ranks"]


def test_the_admin_shows_every_card_of_a_game_in_play():
    users = people(4)
    game = play_some(start_table("xactika", "bid", users, seed="admin"), users, 6, random.Random(4))
    state = game_state(game)
    names = [user.username for user in users]
    view = RULES.full_view(state, names)
    rows = dict(registry.site("xactika").admin_rows(view, names))
    for seat, name in enumerate(names):
        assert rows[f"{name} (seat {seat}), hand"] == " ".join(view["hands"][seat])
    assert rows["Set aside this round"].split() == view["set_aside"]
    assert len(view["set_aside"]) == 81 - 32
    assert rows["Bids"] == ", ".join(f"{names[b['seat']]} {b['n']}" for b in view["bids"])
    trick = view["trick"]
    assert rows[f"This trick ({trick['suit']})"].startswith(names[trick["leader"]])
    staff = UserFactory(username="staffer", is_staff=True, is_superuser=True)
    html = client_for(staff).get(reverse("admin:games_game_change", args=[game.pk]))
    assert html.status_code == 200
    assert view["set_aside"][0] in html.content.decode()


def test_the_page_links_xactikas_stylesheet_from_its_package():
    users = people(2)
    game = start_table("xactika", "win", users, seed="css")
    html = client_for(users[0]).get(page_url(game)).content.decode()
    assert '<link rel="stylesheet" href="/static/xactika/table.css">' in html
    assert client_for(users[0]).get("/static/xactika/table.css").status_code == 200
