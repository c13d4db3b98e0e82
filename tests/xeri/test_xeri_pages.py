"""Xeri's pages (games/xeri/site.py, templates/xeri/): the page, its partial and its poll
for each seat and a spectator (names, whose move, a seat's own cards and never another
seat's); pages that do not depend on cards the seat cannot know; whole matches played by
form posts to the end; bad posts refused; the replay, the record and the admin's rows."""

import json
import re

import pytest
from django.urls import reverse

from games import registry
from games.models import Game, GameAction, GameSeat
from games.selectors import game_state
from games.xeri.engine.cards import CARDS
from games.xeri.site import SITE, card
from tests.factories import UserFactory, start_table
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

RULES = registry.rules("xeri")
NAME = {code: card(code)["name"] for code in CARDS}  # "7H" -> "7 of hearts"


def drawn(html: str) -> set[str]:
    """The cards drawn face up in ``html`` (each face names its card for screen readers),
    leaving out the side box of cards not seen yet (every card nobody has shown)."""
    if "xeri-unseen-box" in html:
        html = html.replace(element(html, "xeri-unseen-box"), "")
    spoken = {name: code for code, name in NAME.items()}
    return {
        spoken[name]
        for name in re.findall(r'<span class="visually-hidden">([^<]+)</span>', html)
        if name in spoken
    }


def buttons(html: str) -> list[str]:
    """The cards of the play buttons, as codes."""
    return [CARDS[int(v)] for v in re.findall(r'name="card" value="(\d+)"', html)]


def seat_box(html: str, seat: int) -> str:
    return element(html, f'data-seat="{seat}"')


@pytest.mark.parametrize("seats", [2, 4])
def test_each_seat_sees_names_the_mover_and_only_its_own_hand(seats):
    users, spectator = people(seats), UserFactory(username="watcher")
    game = start_table("xeri", "classic", users, seed=f"view-{seats}")
    state = game_state(game)
    mover = state.to_move
    for viewer in [*users, spectator]:
        seat = game.seat_of(viewer)
        client = client_for(viewer)
        page = client.get(page_url(game)).content.decode()
        partial = client.get(page_url(game), **HX).content.decode()
        assert "<html" not in partial and 'id="game-live"' in partial
        for html in (page, partial):
            scoreboard = element(html, 'class="scoreboard"')
            for s, user in enumerate(users):
                assert (user.username if s != seat else "You") in text(scoreboard)
            assert scoreboard.count("score-to-move") == 1
            assert html.count("seat-to-move") == 1
            shown = drawn(html)
            own = set() if seat is None else set(state.hands[seat])
            assert shown == own | set(state.pile)
            for other in range(seats):
                if other != seat:
                    assert shown.isdisjoint(state.hands[other])
                    assert "6 cards" in text(seat_box(html, other))
            progress = text(element(html, 'class="exchange"'))
            assert progress.startswith(f"Round 1 of {seats} · deal 1 of {8 // seats}")
            assert f"{state.pile[-1][:-1]}" in text(element(html, "xeri-top"))
            if seat == mover:
                assert "Your turn" in text(html)
                assert sorted(buttons(html)) == sorted(state.hands[seat])
                first = state.hands[seat][0]
                shown_as = f"{first[:-1]}{card(first)['sign']}"  # "J♠": what it shows
                assert f'aria-label="Play {shown_as}, the {NAME[first]}"' in html
            else:
                assert buttons(html) == []
                mover_name = users[mover].username
                assert (
                    f"{mover_name} to move" if seat is None else f"Waiting for {mover_name}"
                ) in text(html)
            if seats == 4 and seat is not None:
                partner = users[(seat + 2) % 4].username
                assert f"your partner is {partner}" in progress
                assert "your partner" in text(seat_box(html, (seat + 2) % 4))
        log = text(element(page, 'class="log"'))
        assert log.startswith("Round 1: ") and "Starting pile: " in log
        assert client.get(poll_url(game, 0), **HX).status_code == 204
    game = play_moves(game, 1)
    played = GameAction.objects.get(game=game).action
    for viewer in [*users, spectator]:
        answer = client_for(viewer).get(poll_url(game, 0), **HX)
        assert answer.status_code == 200
        last = text(element(answer.content.decode(), "xeri-last"))
        who = "You" if game.seat_of(viewer) == mover else users[mover].username
        assert f"{who} played" in last and NAME[played["card"]] in last


def test_a_finished_match_shows_who_won_each_round_and_the_score_sheets():
    """(The whole match by form posts: tests/kit/test_site_conformance.py.)"""
    users = people(2)
    game = finish(start_table("xeri", "classic", users, seed="by-hand"), seed=8)
    clients = {user.pk: client_for(user) for user in users}
    # 48 cards a round (52 less the starting pile), one round dealt by each seat
    assert game.n_actions == 96 and game.status == Game.Status.FINISHED
    rows = {row.position: row for row in GameSeat.objects.filter(game=game)}
    state = game_state(game)
    for seat, user in enumerate(users):
        html = clients[user.pk].get(page_url(game)).content.decode()
        over = text(element(html, 'class="game-over"'))
        if rows[seat].rank == 1 and rows[1 - seat].rank == 1:
            assert over.startswith("A draw")
        elif rows[seat].rank == 1:
            assert over.startswith("You won")
        else:
            assert over.startswith(f"{users[1 - seat].username} won")
        line = text(element(html, 'class="turn"'))
        assert line.startswith("Match over after 2 rounds:")
        for side in (0, 1):  # the reader is "you" to the end, as in the log
            who = "you" if side == seat else users[side].username
            assert f"{who} won {state.won[side]} round" in line
        log = text(element(html, 'class="log"'))
        assert "You play the" in log and f"{users[seat].username} play" not in log
        for number in (1, 2):
            sheet = text(element(html, f'id="sheet-{number}-title"'))
            assert sheet.startswith(f"Round {number}:")
        # (the log names cards too, "the 2 of clubs": count in the score sheets only)
        sheets = " ".join(
            text(element(html[html.rindex("<", 0, found.start()) :], "xeri-sheet"))
            for found in re.finditer('class="side-box xeri-sheet"', html)
        )
        for label in ("Honours", "2 of clubs", "10 of diamonds", "Most cards", "Xeris"):
            assert sheets.count(label) == 2
        # Each sheet's columns are headed "You" and the other player, as the log says.
        heads = re.findall(r'<span class="xeri-name">([^<]+)</span>', html)
        other = users[1 - seat].username
        assert heads.count("You") == 2 and heads.count(other) == 2, heads
        assert users[seat].username not in heads
        # once over, every card is public: the unseen box is gone
        assert "xeri-unseen-box" not in html


def test_a_partnership_match_shows_each_seat_its_place():
    users, spectator = people(4), UserFactory(username="watcher")
    game = finish(start_table("xeri", "classic", users, seed="partners"), seed=2)
    assert game.status == Game.Status.FINISHED
    ranks = {row.position: row.rank for row in GameSeat.objects.filter(game=game)}
    assert ranks[0] == ranks[2] and ranks[1] == ranks[3]
    for viewer in [*users, spectator]:
        html = client_for(viewer).get(page_url(game)).content.decode()
        over = element(html, 'class="game-over"')
        places = re.findall(r"<li[^>]*>.*?</li>", element(over, "over-places"), re.DOTALL)
        assert len(places) == 4
        seat = game.seat_of(viewer)
        title = text(element(over, 'id="over-title"'))
        if seat is None:
            assert title.endswith(" won") or title.startswith("A draw")
        else:
            word = {1: "won", 2: "lost"}[ranks[seat]] if ranks[0] != ranks[1] else "drew"
            assert title == f"You {word}"
            partner = users[(seat + 2) % 4].username
            assert f"You and {partner} :" in text(element(html, "xeri-capture-yours"))
        assert "Match over after 4 rounds" in text(element(html, 'class="turn"'))


def test_bad_posts_are_refused_and_change_nothing():
    users, spectator = people(2), UserFactory(username="watcher")
    game = start_table("xeri", "classic", users, seed="bad")
    state = game_state(game)
    mover, waiting = state.to_move, 1 - state.to_move
    mine = str(CARDS.index(state.hands[mover][0]))
    theirs = str(CARDS.index(state.hands[waiting][0]))
    client = client_for(users[mover])
    refused = [
        (client, {"seq": "0", "type": "play", "card": "7H"}, 400, "card must be a whole number"),
        (client, {"seq": "0", "type": "play"}, 400, "Choose a card to play."),
        (client, {"seq": "0", "type": "raise"}, 400, "play"),
        (client, {"seq": "0", "type": "play", "card": "52"}, 400, "from 0 to 51"),
        (
            client,
            {"seq": "0", "type": "play", "card": theirs},
            400,
            f"{CARDS[int(theirs)]} is not in it",
        ),
        (client, {"seq": "4", "type": "play", "card": mine}, 409, ""),
        (client, {"type": "play", "card": mine}, 400, "action number"),
        (client_for(users[waiting]), {"seq": "0", "type": "play", "card": theirs}, 400, ""),
        (client_for(spectator), {"seq": "0", "type": "play", "card": mine}, 403, ""),
    ]
    for who, form, status, words in refused:
        for headers in ({}, HX):
            answer = who.post(act_url(game), form, **headers)
            assert answer.status_code == status, form
            assert words in text(element(answer.content.decode(), 'class="game-error"'))
    assert GameAction.objects.filter(game=game).count() == 0
    game.refresh_from_db()
    assert game.n_actions == 0 and game.to_move == mover


def test_the_replay_and_record_of_a_finished_match():
    users = people(2)
    game = finish(start_table("xeri", "classic", users, seed="replay"), seed=4)
    client = client_for(users[1])
    replay = reverse("games:replay", args=[game.pk])
    html = client.get(replay).content.decode()
    assert text(re.search(r"<h1>.*?</h1>", html).group()) == "Replay: p0 v p1"
    assert f"Step 0 of {game.n_actions}" in text(html)
    first = RULES.new("classic", 2, game.setup)
    # step 0: both hands face up and the starting pile
    table = element(html, 'class="replay-main"')
    assert drawn(table) == {*first.hands[0], *first.hands[1], *first.pile}
    assert text(element(table, 'class="replay-status"')).startswith("Round 1 of 2, deal 1 of 4")
    history = text(element(html, 'id="replay-history"'))
    assert "Round 1: " in history and "Scores for round 2: " in history
    assert history.count(" plays ") == game.n_actions
    action = GameAction.objects.get(game=game, seq=0).action
    step = client.get(f"{replay}?step=1", **HX).content.decode()
    assert "<html" not in step and f"Step 1 of {game.n_actions}" in text(step)
    assert NAME[action["card"]] in text(element(step, "xeri-last"))
    assert client.get(f"{replay}?step=x").status_code == 400

    response = client.get(reverse("games:record", args=[game.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="xeri-game-{game.pk}.json"'
    record = json.loads(response.content)
    assert record["format"] == "xeri/1" and record["seats"] == 2
    assert record["setup"] == game.setup and len(record["actions"]) == game.n_actions
    verdict = registry.check_record(record)
    assert verdict["ok"]


def test_the_admins_rows_name_every_hidden_card():
    users = people(2)
    game = start_table("xeri", "classic", users, seed="admin")
    game = play_moves(game, 3)
    state = game_state(game)
    names = [u.username for u in users]
    view = RULES.full_view(state, names)
    rows = dict(SITE.admin_rows(view, names))
    for seat, name in enumerate(names):
        assert len(rows[f"{name} (seat {seat}), hand"].split()) == len(state.hands[seat])
    assert len(rows["Stock, next card first"].split()) == state.stock
    assert len(rows["Pile, top card last"].split()) == len(state.pile)


def test_the_log_tells_one_line_per_event():
    users = people(2)
    game = finish(start_table("xeri", "classic", users, seed="log"), seed=6)
    view = RULES.full_view(game_state(game), [u.username for u in users])
    lines = SITE.history_lines(view)
    assert len(lines) == len(view["history"])
    captures_ = [e for e in view["history"] if e["type"] == "play" and e["captured"]]
    assert sum("takes the pile" in line for line in lines) == len(captures_)
    # The pile's cards are counted as the table's "Last play" box counts them: the card
    # played to take it is not one of them.
    for line, event in zip(lines, view["history"], strict=True):
        if event["type"] == "play" and event["captured"]:
            taken = len(event["captured"]) - 1
            assert f"the pile ({taken} card{'' if taken == 1 else 's'})" in line, line
    assert lines[-1] == "The match is over"


def test_xeris_templates_and_stylesheet_come_from_its_package():
    from pathlib import Path

    from django.contrib.staticfiles import finders
    from django.template.loader import get_template

    home = Path(__file__).resolve().parents[2] / "games" / "xeri"
    assert registry.site("xeri") is SITE
    for name in (SITE.table_template, SITE.replay_template, SITE.rules_template):
        origin = get_template(name.partition("#")[0]).origin.name
        assert Path(origin).is_relative_to(home / "templates"), name
    assert Path(finders.find("xeri/table.css")).is_relative_to(home / "static")


@pytest.mark.parametrize(
    ("post", "action"),
    [
        ({"type": "play", "card": "0"}, {"type": "play", "card": CARDS[0]}),
        ({"type": "play", "card": " 51 "}, {"type": "play", "card": CARDS[51]}),
    ],
)
def test_a_card_button_is_read_as_its_card(post, action):
    assert SITE.parse_action(post) == action


def test_the_admin_tells_the_log_in_sentences(client):
    from tests.moderation.admin_fixtures import admin_url, login_as, make_moderator

    game = play_moves(start_table("xeri", "classic", people(2), seed="admin-log"), 4)
    game = finish(game)
    login_as(client, make_moderator("mona"))
    page = client.get(admin_url("games_game_change", game.pk)).content.decode()
    log = re.search(r"Everything that happened</summary><ol>(.*?)</ol>", page, re.S).group(1)
    lines = re.findall(r"<li>(.*?)</li>", log)
    assert lines[0].startswith("Round 1: ") and lines[-1] == "The match is over"
    assert len(lines) > game.n_actions and "type" not in log


def test_each_sides_cards_taken_are_shown_folded_under_its_count():
    users = people(2)
    game = start_table("xeri", "classic", users, seed="taken")
    while not any(game_state(game).captured):
        game = play_moves(game, 1, seed=game.n_actions)
    state = game_state(game)
    html = client_for(users[0]).get(page_url(game)).content.decode()
    boxes = re.findall(r'<li class="xeri-capture.*?</li>', html, re.S)
    for side, box in enumerate(boxes):
        assert f"{len(state.captured[side])} card" in text(box)
        taken = element(box, "xeri-taken") if state.captured[side] else ""
        assert drawn(taken) == set(state.captured[side])
