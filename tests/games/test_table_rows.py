"""My games at tables of any size: who else sits there, the game and variant, the score as
the site shows it, whose turn, and the place at the end; one query for every seat."""

import re
from html import unescape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game, GameSeat
from games.rows import game_rows, score_text, signed
from games.selectors import games_their_turn, games_your_turn
from tests.factories import UserFactory, start_game, start_table
from tests.games.table_helpers import finish_table

pytestmark = pytest.mark.django_db


def people(*names):
    return [UserFactory(username=name) for name in names]


def only_row(game, user):
    [row] = game_rows([game], user)
    return row


def section(html: str, title_id: str) -> str:
    match = re.search(
        rf'<section[^>]*aria-labelledby="{title_id}"[^>]*>(.*?)</section>', html, re.S
    )
    assert match, f"no section {title_id}"
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", match.group(1))).split())


def test_signed_scores_use_a_minus_sign_and_xix_scores_read_as_before():
    assert [signed(n) for n in (7, 0, -3)] == ["7", "0", "\N{MINUS SIGN}3"]
    assert score_text([19, 7], 1) == "7–19"
    assert score_text([-2, 5], 0) == "\N{MINUS SIGN}2 to 5"
    assert score_text([74, -26], None) == "74 to \N{MINUS SIGN}26"


def test_a_two_seat_tally_row_names_the_game_and_scores_viewer_first():
    ann, bob = people("ann", "bob")
    game = finish_table(start_table("tally", "duel", [ann, bob]), [4, 9], [2, 1])

    row = only_row(game, ann)

    assert (row.opponent, row.company, row.game_name, row.variant_label) == (
        bob, "against bob", "Tally", "Duel",
    )  # fmt: skip
    assert (row.score, row.outcome, row.result_text) == ("4–9", "lost", "You lost")
    assert only_row(game, bob).score == "9–4" and only_row(game, bob).result_text == "You won"


def test_an_xix_row_names_the_game_and_its_variant_as_the_game_page_does():
    """My games and the profiles read "XIX Standard" beside "Xeri Classic" (issue 32)."""
    ann, bob = people("ann", "bob")
    row = only_row(start_game(ann, bob), ann)
    assert (row.game_name, row.variant_label, row.company) == ("XIX", "Standard", "against bob")


def test_a_three_seat_table_in_play_names_the_others_and_the_mover_and_no_score_yet():
    ann, bob, cy = people("ann", "bob", "cy")
    game = start_table("tally", "open", [ann, bob, cy], seed="three")
    mover = game.players[game.to_move]

    rows = {user.username: only_row(game, user) for user in (ann, bob, cy)}

    assert rows["bob"].company == "with ann and cy" and rows["bob"].opponent is None
    # The seat rows are scored at the end; the game page shows the running score.
    assert {row.score for row in rows.values()} == {""}
    assert all(row.to_move == mover for row in rows.values())
    assert [row.my_turn for row in rows.values()] == [u == mover for u in (ann, bob, cy)]
    assert rows["ann"].outcome == "" and rows["ann"].place == ""


def test_a_five_seat_table_shows_each_place_and_signed_score():
    users = people("p0", "p1", "p2", "p3", "p4")
    game = start_table("tally", "open", users, seed="five")
    finish_table(game, [5, -3, 8, 8, -3], [3, 4, 1, 1, 4])

    rows = [only_row(game, user) for user in users]

    assert [row.score for row in rows] == [
        "5, 3rd of 5",
        "\N{MINUS SIGN}3, shared 4th of 5",
        "8, shared 1st of 5",
        "8, shared 1st of 5",
        "\N{MINUS SIGN}3, shared 4th of 5",
    ]
    assert [row.outcome for row in rows] == ["lost", "lost", "draw", "draw", "lost"]
    assert rows[0].result_text == "3rd of 5" and rows[2].result_text == "Shared 1st of 5"
    assert rows[0].company == "with p1, p2 and 2 others"


def test_partners_read_as_two_sides_with_the_partner_named():
    ann, bob, cy, dee = people("ann", "bob", "cy", "dee")
    game = start_table("tally", "partners", [ann, bob, cy, dee], seed="teams")
    finish_table(game, [-1, 6, -1, 6], [2, 1, 2, 1])

    bob_row, ann_row = only_row(game, bob), only_row(game, ann)

    assert bob_row.company == "with your partner dee against ann and cy"
    assert (bob_row.score, bob_row.result_text) == ("6 to \N{MINUS SIGN}1", "You won")
    assert (ann_row.score, ann_row.result_text) == ("\N{MINUS SIGN}1 to 6", "You lost")


def test_my_games_lists_tables_with_their_game_company_turn_and_place(client):
    ann, bob, cy, dee, eve = people("ann", "bob", "cy", "dee", "eve")
    playing = start_table("tally", "open", [bob, ann, cy], seed="x")
    done = finish_table(
        start_table("tally", "open", [ann, bob, cy, dee, eve], seed="y"),
        [2, 9, -4, 1, 0], [2, 1, 5, 3, 4],
    )  # fmt: skip
    client.force_login(ann)

    html = client.get("/games/").content.decode()

    mover = playing.players[playing.to_move]
    panel = section(html, "your-turn-title" if mover == ann else "their-turn-title")
    assert "With bob and cy" in panel and "Tally" in panel and "Open table" in panel
    assert "Score" not in panel  # not scored until the end
    if mover != ann:
        assert f"{mover.username}’s move due" in panel
    finished = section(html, "finished-title")
    assert "With bob, cy and 2 others" in finished
    assert "Score 2, 2nd of 5" in finished and "Result 2nd of 5" in finished
    assert f"/games/{done.pk}/" in html


def test_a_player_who_left_a_table_is_told_so_in_their_row(client):
    ann, bob, cy = people("ann", "bob", "cy")
    game = start_table("tally", "open", [ann, bob, cy], seed="left")
    GameSeat.objects.filter(game=game, position=0).update(status=GameSeat.Status.RESIGNED)
    client.force_login(ann)

    assert only_row(game, ann).left == "resigned" and only_row(game, bob).left == ""
    Game.objects.filter(pk=game.pk).update(to_move=0)
    game.refresh_from_db()
    assert not only_row(game, ann).my_turn  # the site plays a seat that left
    # ... so it is never counted as waiting for them, and stays listed among their games.
    assert not games_your_turn(ann).exists() and games_your_turn(bob).count() == 0
    assert list(games_their_turn(ann)) == [game]
    html = client.get("/games/").content.decode()
    assert "you resigned; the site plays your seat to the end" in unescape(html)

    finish_table(game, [3, 1, 2], [3, 1, 2], left={0: GameSeat.Status.RESIGNED})
    finished = section(client.get("/games/").content.decode(), "finished-title")
    assert "Result 3rd of 3 · you resigned" in finished


def queries_of(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_ten_seat_tables_add_no_query_per_game_or_seat(client, django_assert_max_num_queries):
    users = [UserFactory(username=f"u{i}") for i in range(10)]
    client.force_login(users[0])
    start_table("tally", "open", users, seed="t0")
    finish_table(
        start_table("tally", "open", users, seed="t1"), list(range(10)), list(range(10, 0, -1))
    )
    one_each = queries_of(client, "/games/")
    for seed in ("t2", "t3", "t4"):
        start_table("tally", "open", users, seed=seed)
        finish_table(start_table("tally", "open", users, seed=seed + "f"), [0] * 10, [1] * 10)

    with django_assert_max_num_queries(one_each):
        response = client.get("/games/")
    assert response.content.decode().count('<li class="game-card') == 8


def test_a_table_says_how_it_ended_in_its_own_words(client):
    """An early abort at a table is before its first move (not "before both players"); a
    game's own ending reads as its rules word it."""
    from games import services

    ann, bob, cy = people("ann", "bob", "cy")
    aborted = start_table("tally", "open", [ann, bob, cy], seed="early")
    services.game_resign(user=bob, game_id=aborted.pk)
    finished = start_table("tally", "open", [ann, bob, cy], seed="played")
    finish_table(finished, [5, -3, 1], [1, 3, 2])
    Game.objects.filter(pk=finished.pk).update(reason="played out")
    client.force_login(ann)
    shown = " ".join(
        unescape(section(client.get("/games/").content.decode(), "finished-title")).split()
    )
    assert "Aborted · aborted before the first move" in shown
    assert "before both players" not in shown
    assert "1st of 3 · every card in hand has been played" in shown
