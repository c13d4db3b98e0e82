"""What a player reads on the pages of a game, in their words (issue 32, items 5 and 6): the
logs say "You" for the reader and name cards the way the table draws them; ONEXENO's cells
are named by the labels along the field, and every card laid since your last turn is marked;
the Xeri score sheet and last-play box, XIX's rows in My games, the footer's credit, the
vacation note and the sign-up e-mail read as a person would write them."""

import random
import re

import pytest
from django.core import mail

from games import services, vacation
from games.models import Game
from games.rows import GameRow
from games.selectors import game_state
from games.xeri.site import SITE as XERI
from tests.factories import start_game, start_table
from tests.games.fixtures_play import client_for, element, page_url, people, text

pytestmark = pytest.mark.django_db

CODE = re.compile(r"(?<![\w./])[123]{4}(?![\w./])")  # an Xactika card code
COORDINATES = re.compile(r"\(-?\d+, -?\d+\)")  # "(0, -1)"


def act(game, action):
    state = game_state(game)
    game, _state, _events = services.game_act(
        user=game.players[state.to_move],
        game_id=game.pk,
        action=action,
        expected_seq=game.n_actions,
    )
    return Game.objects.get(pk=game.pk)


def first_legal(game, kind=None):
    legal = game_state(game).legal_actions()
    return next(a for a in legal if kind is None or a["type"] == kind)


def log_of(html: str) -> list[str]:
    return [text(item) for item in re.findall(r"<li[^>]*>.*?</li>", element(html, 'class="log"'))]


# --- ONEXENO (item 5) -------------------------------------------------------------------


@pytest.fixture
def onexeno():
    """ann, bob and cy at ONEXENO; ann, bob and cy have each laid a card, then ann again."""
    users = people(3, "ox")
    game = start_table("onexeno", "basic", users, seed="words")
    for _ in range(4):
        game = act(game, first_legal(game, "place"))
    return game, users


def test_onexeno_log_names_cards_by_value_and_pattern_and_cells_by_the_field_labels(onexeno):
    game, users = onexeno
    reader = game.players[game_state(game).to_move]
    html = client_for(reader).get(page_url(game)).content.decode()
    log = log_of(html)
    assert len(log) == 4
    for line in log:
        # "ox1 laid a 3 (dark top left, top and right) at column −1, row 0"
        assert re.fullmatch(
            r"(You|ox\d) laid an? \d \((dark|light|all) [a-z ,]+\) at column −?\d+, row −?\d+"
            r"( and took .*)?",
            line,
        ), line
        assert "card " not in line and not COORDINATES.search(line)
    # the field carries the labels the log uses: its columns along the top, its rows down
    # the left; the cell a line names holds that card
    field = element(html, 'class="oxt-field"')
    columns = re.findall(r'<span class="oxt-col-label">([^<]*)</span>', field)
    rows = re.findall(r'<span class="oxt-row-label" aria-hidden="true">([^<]+)</span>', field)
    x, y = re.search(r"at column (−?\d+), row (−?\d+)", log[-1]).groups()
    assert x in columns and y in rows
    cell = f'data-x="{x.replace("−", "-")}" data-y="{y.replace("−", "-")}"'
    assert cell in field
    assert f"at column {x}, row {y}" in field  # the card's title names its cell too


def test_every_card_laid_since_your_last_turn_is_marked_and_told(onexeno):
    game, users = onexeno
    state = game_state(game)
    history = state.history()
    # four cards laid by seats s, s+1, s+2, s: seat s+1 is to move, and two moves were made
    # since its last, by s+2 and s
    waiting = state.to_move
    html = client_for(game.players[waiting]).get(page_url(game)).content.decode()
    box = text(element(html, 'class="side-box oxt-last-play"'))
    assert box.startswith("Since your last turn")
    told = re.findall(r"\d (ox\d) laid an? \d", box)
    assert told == [users[entry["seat"]].username for entry in history[2:]], box
    field = element(html, 'class="oxt-field"')
    laid_since = [entry for entry in history[2:] if not entry["taken"]]
    marks = re.findall(r'data-mark="(\d)"', field)
    assert sorted(marks) == [str(n) for n in range(1, len(laid_since) + 1)]
    # each marked card's name, to the eye and to a screen reader, says it is new
    names = re.findall(r'role="img" aria-label="([^"]+): move (\d) since your last turn"', field)
    assert sorted(n for _name, n in names) == sorted(marks)
    for name, _n in names:
        assert re.fullmatch(r"An? \d \([a-z ,]+\) at column −?\d+, row −?\d+", name), name
    # and the moves are read out when they appear (onexeno/table.js, a polite live region)
    announce = re.search(r'data-oxt-announce="([^"]+)"', html)[1]
    assert announce.startswith("Since your last turn: ox") and announce.count(" laid ") == 2
    assert field.count("oxt-recent") == len(laid_since) == 2
    # not only the last card: the last one alone keeps its own outline too
    assert field.count("oxt-last") == 1


def test_onexeno_hand_cards_carry_their_names_for_the_hint(onexeno):
    game, _users = onexeno
    mover = game.players[game_state(game).to_move]
    html = client_for(mover).get(page_url(game)).content.decode()
    names = re.findall(r'data-names="([^"]+)"', html)
    assert names and all(len(n.split("|")) == 4 for n in names)
    assert all(re.match(r"an? \d \(", n) for n in names)
    # the keys are advertised in a note that touch screens hide (onexeno/table.css)
    assert '<span class="note oxt-keys">keys R and Shift+R</span>' in html


# --- Xactika (item 6) -------------------------------------------------------------------


def test_xactika_log_says_you_and_names_cards_by_their_shapes_never_by_codes():
    users = people(4, "xk")
    game = start_table("xactika", "bid", users, seed="words")
    for _ in range(6):  # the four bids, a lead and a follow
        game = act(game, first_legal(game))
    reader = 1
    html = client_for(users[reader]).get(page_url(game)).content.decode()
    log = log_of(html)
    assert not any(CODE.search(line) for line in log), log
    mine = [line for line in log if line.startswith("You ")]
    assert mine and all(users[reader].username not in line for line in mine)
    plays = [line for line in log if " lead" in line or " play" in line]
    assert len(plays) == 2
    for line in plays:
        assert re.search(r"\d balls?, \d cubes?, \d cones?, \d stars?", line), line


def test_xactika_table_lists_the_seats_in_the_scoreboard_order():
    users = people(4, "xk")
    game = start_table("xactika", "bid", users, seed="order")
    for reader in range(4):
        html = client_for(users[reader]).get(page_url(game)).content.decode()
        board = re.findall(r'<span class="score-name">([^<]+)</span>', html)
        seats = element(html, 'class="xk-seats"')
        table = re.findall(r'<p class="xk-seat-name">(?:<strong>)?([^<]+)</strong>', seats)
        assert board == table, (board, table)


# --- Xeri (item 6) ----------------------------------------------------------------------


def test_xeri_log_says_you_and_names_cards_as_the_faces_read():
    ann, bob = people(2, "xe")
    game = start_table("xeri", "classic", [ann, bob], seed="words")
    for _ in range(3):
        game = act(game, first_legal(game))
    html = client_for(ann).get(page_url(game)).content.decode()
    log = log_of(html)
    assert not any(sign in line for line in log for sign in "♣♦♥♠"), log
    plays = [line for line in log if " play" in line]
    assert len(plays) == 3
    for line in plays:
        assert re.match(
            r"(You play|xe1 plays) the (Ace|King|Queen|Jack|\d+) of (clubs|diamonds|hearts|spades)",
            line,
        ), line
    assert any(line.startswith("You play the ") for line in plays)


def test_xeri_says_the_last_card_for_one_and_names_who_wins_a_round():
    view = {
        "names": ["ann", "bob"],
        "viewer": 1,
        "reader": 1,
        "seats": 2,
        "sides": [[0], [1]],
        "history": [
            {"type": "last_pile", "side": 0, "cards": ["9C"]},
            {"type": "last_pile", "side": 1, "cards": ["9C", "2D"]},
            {
                "type": "score",
                "round": 1,
                "winner": 0,
                "sides": [{"side": 0, "total": 12}, {"side": 1, "total": 5}],
            },
        ],
    }
    assert XERI.history_lines(view) == [
        "The last card on the table goes to ann, who took last",
        "The last 2 cards on the table go to you, who took last",
        "Scores for round 1: ann 12, you 5; ann wins the round",
    ]


def test_a_finished_xeri_match_shows_its_last_play_not_an_empty_round(client):
    ann, bob = people(2, "xe")
    game = start_table("xeri", "classic", [ann, bob], seed="end")
    rng = random.Random(4)
    while game.status == Game.Status.ACTIVE:
        game = act(game, rng.choice(game_state(game).legal_actions()))
    html = client_for(ann).get(page_url(game)).content.decode()
    last = text(element(html, 'class="xeri-last"'))
    assert "No card played this round yet" not in last
    assert re.match(r"Last play (You|xe1) played", last), last


# --- the rest of item 6 -----------------------------------------------------------------


def test_my_games_names_an_xix_game_and_its_variant():
    ann, bob = people(2, "mg")
    game = start_game(ann, bob, variant="v2")
    row = GameRow(game, ann)
    assert (row.game_name, row.variant_label) == ("XIX", "XIX 2.0 (2023 rules)")
    html = client_for(ann).get("/games/").content.decode()
    card = text(element(html, 'class="game-card-link"'))
    assert "XIX XIX 2.0 (2023 rules)" in card


def test_the_footer_credits_xix_designer_on_xix_pages_only():
    ann, bob, cy = people(3, "ft")
    xactika = start_table("xactika", "bid", [ann, bob, cy], seed="foot")
    footer = element(client_for(ann).get(page_url(xactika)).content.decode(), "site-footer")
    assert "Michael Purcell" not in footer and "Xactika" in text(footer)
    xix = start_game(ann, bob)
    footer = element(client_for(ann).get(page_url(xix)).content.decode(), "site-footer")
    assert "XIX was designed by Michael Purcell" in text(footer)


def test_the_vacation_note_reads_as_a_sentence():
    alice, bob = people(2, "va")
    game = start_game(alice, bob)  # alice is to move or not: bob's page tells of her
    if game_state(game).to_move != 0:
        game = act(game, first_legal(game))
    vacation.vacation_start(user=alice, days=2)
    html = client_for(bob).get(page_url(game)).content.decode()
    note = re.sub(r"<[^>]+>", "", element(html, 'class="away-note"'))
    note = " ".join(note.split())
    assert "until in" not in note
    assert re.fullmatch(
        r"va0 is on vacation: their clock is stopped until \w{3} \d{1,2} \w{3}, \d\d:\d\d "
        r"\([^)]+\), in (1|2) days?(, \d+ hours?)?\.",
        note,
    ), note
    html = client_for(alice).get("/settings/vacation/").content.decode()
    page = " ".join(re.sub(r"<[^>]+>", "", html).split())
    assert re.search(r"Your clocks are stopped until \w{3} \d{1,2} \w{3}, \d\d:\d\d \(", page)
    assert "until in" not in page


def test_the_sign_up_mail_speaks_of_every_game_not_a_two_player_one(client):
    client.post(
        "/accounts/signup/",
        {
            "username": "carol",
            "email": "carol@example.com",
            "password1": "a long enough passphrase 42",
            "password2": "a long enough passphrase 42",
        },
    )
    body = mail.outbox[-1].body
    assert "Welcome to XIX Online" in body
    assert "two-player" not in body and "card games are played by correspondence" in body
