"""ONEXENO's pages (games/onexeno/site.py, templates/onexeno/table.html, replay.html): every
seat and a spectator see every name, who is to move and the viewer's own cards only; a seat's
pages do not depend on cards it cannot know; the placing form offers exactly the legal
placements and refuses the rest with the rule's words; whole games are played by form posts
to the end; the replay and the record of a finished game."""

import re

import pytest
from django.urls import reverse
from django.utils.text import capfirst

from games import registry
from games.models import Game, GameAction
from games.onexeno.engine import IDS
from games.onexeno.site import SITE, card_words, cell_code
from games.onexeno.templatetags.onexeno_figures import onexeno_card
from games.outcomes import place_text
from games.selectors import game_state
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

RULES = registry.rules("onexeno")
# The text alternative of each face drawn: a card's id is the smallest face it can show, so
# no two cards share a face, and a face's label names its card.
LABELS = {onexeno_card(card, rotation)["label"]: card for card in IDS for rotation in range(4)}
# A card laid on the table is named as the log names it, with its cell ("A 3 (dark top and
# right) at column 1, row 0: ..."): its value and pattern name it as well.
LABELS |= {capfirst(card_words(card, rotation)): card for card in IDS for rotation in range(4)}


def faces_shown(html: str) -> set[int]:
    """The cards whose faces a page draws."""
    return {
        LABELS[label.split(" at column ")[0]]
        for label in re.findall(r'class="ox-grid" role="img" aria-label="([^"]+)"', html)
    }


def public_cards(state) -> set[int]:
    """Cards everyone sees: on the field and taken."""
    cards = {card for card, _rotation, _face in state.field.values()}
    for taken in state.taken:
        cards.update(taken)
    return cards


def offered(html: str) -> set[tuple[int, int, int, int]]:
    """(card, x, y, rotation) for every placement the page's cells offer."""
    found = set()
    for x, y, fits in re.findall(
        r'name="cell" value="(-?\d+),(-?\d+)" class="oxt-cell oxt-open" data-fits="([^"]*)"', html
    ):
        x, y = int(x), int(y)
        for pair in fits.split():
            card, rotation = pair.split("-")
            found.add((int(card), x, y, int(rotation)))
    return found


def seq_of(html: str) -> str:
    return re.search(r'<input type="hidden" name="seq" value="(\d+)">', html).group(1)


@pytest.mark.parametrize(("variant", "seats"), [("basic", 3), ("partners", 4)])
def test_each_seat_sees_every_name_the_mover_and_its_own_cards_only(variant, seats):
    users = people(seats)
    spectator = UserFactory(username="watcher")
    game = start_table("onexeno", variant, users, seed=f"{variant}-{seats}")
    game = play_moves(game, 4, seed=3)
    state = game_state(game)
    mover = state.to_move
    for viewer in [*users, spectator]:
        seat = game.seat_of(viewer)
        client = client_for(viewer)
        html = client.get(page_url(game)).content.decode()
        partial = client.get(page_url(game), **HX)
        assert partial.status_code == 200 and "<html" not in partial.content.decode()
        for answer in (html, partial.content.decode()):
            scoreboard = element(answer, 'class="scoreboard"')
            for user in users:
                if user != viewer:
                    assert user.username in text(scoreboard)
            assert scoreboard.count("score-to-move") == 1
            own = set() if seat is None else set(state.hands[seat])
            # the field, the taken cards and the viewer's hand; nobody else's hand
            assert faces_shown(answer) == public_cards(state) | own
            assert f"Stack: {len(state.stack)} cards" in text(answer)
            if seat == mover:
                assert "Your turn" in text(answer)
                legal = {
                    (a["card"], a["x"], a["y"], a["rotation"])
                    for a in state.legal_actions()
                    if a["type"] == "place"
                }
                shown = offered(answer)
                # every legal placement is offered, and every offer shows a legal face
                assert legal <= shown
                for card, x, y, rotation in shown:
                    assert state.placement_error(card, x, y, rotation) is None
                can_pass = {"seat": mover, "type": "pass"} in state.legal_actions()
                assert ('value="pass"' in answer) == can_pass
            else:
                assert 'name="cell"' not in answer and 'name="card"' not in answer
                who = (
                    f"{users[mover].username} to move"
                    if seat is None
                    else f"Waiting for {users[mover].username}"
                )
                assert who in text(answer)
        assert client.get(poll_url(game, game.n_actions), **HX).status_code == 204
        polled = client.get(poll_url(game, game.n_actions - 1), **HX)
        assert polled.status_code == 200
        assert faces_shown(polled.content.decode()) == public_cards(state) | own


def test_bad_posts_are_refused_with_the_rule_and_change_nothing():
    users, spectator = people(3), UserFactory(username="watcher")
    game = start_table("onexeno", "basic", users, seed="bad")
    state = game_state(game)
    mover, waiting = state.to_move, (state.to_move + 1) % 3
    mine, theirs = state.hands[mover][0], state.hands[waiting][0]
    # a cell beside the first card and a turn of one of the mover's cards that clashes there
    clash = next(
        (card, x, y, r)
        for card in state.hands[mover]
        for x, y in ((1, 0), (-1, 0), (0, 1), (0, -1))
        for r in range(4)
        if state.placement_error(card, x, y, r)
        and "does not match" in state.placement_error(card, x, y, r)
    )
    card, x, y, r = clash
    client = client_for(users[mover])

    def place(c, cell, rotation=0, seq="0"):
        return {
            "seq": seq,
            "type": "place",
            "card": str(c),
            "cell": str(cell),
            "rotation": str(rotation),
        }

    refused = [
        (client, place(card, cell_code(x, y), r), 400, "edge"),
        (client, place(theirs, cell_code(1, 0)), 400, "not in your hand"),
        (client, place(mine, cell_code(0, 0)), 400, "already holds"),
        (client, place(mine, cell_code(3, 3)), 400, "shares no edge"),
        (client, place(mine, "1;0"), 400, "cell must be two whole numbers x,y"),
        (client, place(mine, "x"), 400, "cell must be two whole numbers x,y"),
        (client, place(mine, cell_code(1, 0), 4), 400, "rotation must be from 0 to 3"),
        (
            client,
            {"seq": "0", "type": "place", "cell": "1,0", "rotation": "0"},
            400,
            "Choose a card from your hand.",
        ),
        (
            client,
            {"seq": "0", "type": "place", "card": str(mine), "rotation": "0"},
            400,
            "Choose a cell of the field.",
        ),
        (client, {"seq": "0", "type": "draw"}, 400, "place or pass"),
        (client, place(mine, cell_code(1, 0), seq="3"), 409, ""),
        (client_for(users[waiting]), {"seq": "0", "type": "pass"}, 400, ""),
        (client_for(spectator), {"seq": "0", "type": "pass"}, 403, ""),
    ]
    for who, form, status, words in refused:
        for headers in ({}, HX):
            answer = who.post(act_url(game), form, **headers)
            assert answer.status_code == status, form
            assert words in text(element(answer.content.decode(), 'class="game-error"')), form
    assert GameAction.objects.filter(game=game).count() == 0
    game.refresh_from_db()
    assert game.n_actions == 0 and game.to_move == mover


@pytest.mark.parametrize(("variant", "seats"), [("basic", 3), ("partners", 4)])
def test_a_finished_game_shows_each_player_their_place(variant, seats):
    """(The whole game by form posts: tests/kit/test_site_conformance.py.)"""
    users = people(seats)
    game = finish(start_table("onexeno", variant, users, seed=f"posts-{variant}"), seed=seats)
    assert game.status == Game.Status.FINISHED and game.n_actions > 10
    state = game_state(game)
    assert state.over
    for seat, user in enumerate(users):
        html = client_for(user).get(page_url(game)).content.decode()
        over = text(element(html, "game-over"))
        assert place_text(game, seat) in over
        over_line = text(element(html, "oxt-over-line"))
        assert "Game over" in over_line and RULES.endings[state.reason].sentence in over_line
        # the log reads as sentences, one a move
        log = text(element(html, 'class="log"'))
        assert "laid a" in log and "{" not in log and "laid card" not in log
        # and still tells the reader's own moves as "You", as it did in play
        assert "You laid a" in log and f"{user.username} laid" not in log
        # after the end every hand is shown to everyone
        assert faces_shown(html) >= {card for hand in state.hands for card in hand}


def test_the_replay_and_record_of_a_finished_game():
    users = people(3)
    game = finish(start_table("onexeno", "basic", users, seed="record"), seed=1)
    client = client_for(users[1])
    replay = client.get(reverse("games:replay", args=[game.pk]) + "?step=5")
    assert replay.status_code == 200
    html = replay.content.decode()
    assert all(user.username in text(html) for user in users)
    at_five = RULES.replay(
        game.variant, 3, game.setup, [a.action for a in game.actions.order_by("seq")][:5]
    )
    shown = faces_shown(element(html, 'class="replay-table"'))
    assert {card for card, _r, _f in at_five.field.values()} <= shown
    assert {card for hand in at_five.hands for card in hand} <= shown
    # the history beside the replay: step 5's line is the fifth move's
    current = text(element(html, 'aria-current="step"'))
    view = RULES.full_view(at_five, [u.username for u in users])
    fifth = registry.site("onexeno").history_lines(view)[4]
    assert fifth in current
    response = client.get(reverse("games:record", args=[game.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="onexeno-game-{game.pk}.json"'
    import json

    record = json.loads(response.content)
    assert record["format"] == "onexeno/1" and record["seats"] == 3
    # the same deal: each hand, the first card and the stack as stored
    dealt, stored = RULES.new("basic", 3, record["setup"]), RULES.new("basic", 3, game.setup)
    assert (dealt.hands, dealt.stack, dealt.field) == (stored.hands, stored.stack, stored.field)
    verdict = registry.check_record(record)
    rows = game.seat_rows()
    assert verdict["ok"] and verdict["ranks"] == [row.rank for row in rows]
    assert record["result"]["ranks"] == verdict["ranks"]


def test_the_form_reads_a_cell_as_its_coordinates():
    # the field drifts as lines leave it: a cell has no fixed range
    post = {"type": "place", "card": "7", "rotation": "3", "cell": cell_code(-7, 12)}
    assert SITE.parse_action(post) == {"type": "place", "card": 7, "rotation": 3, "x": -7, "y": 12}
    assert SITE.parse_action({"type": "pass"}) == {"type": "pass"}


def test_the_admins_rows_name_every_card():
    users = people(2)
    game = start_table("onexeno", "basic", users, seed="admin")
    state = game_state(game)
    rows = dict(SITE.admin_rows(RULES.full_view(state, ["p0", "p1"]), ["p0", "p1"]))
    named = rows["p0 (seat 0), hand"] + " " + rows["p1 (seat 1), hand"]
    named += " " + rows["Stack, top first"] + " " + rows["Field"].split(" at ")[0]
    assert sorted(int(n) for n in named.split()) == sorted(IDS)
    assert rows["Field"].endswith("at (0, 0) turned 0")
