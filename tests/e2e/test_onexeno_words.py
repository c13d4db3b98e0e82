"""ONEXENO against two bots, in Chromium (issue 32, item 5): after each of a few moves, the
log names every laid card as its face on the field shows it (the value in its centre, its
dark or light border cells) at the cell the field's labels name, and every card laid since
the player's last turn that still lies on the field is marked with its number in "Since
your last turn". Screenshots to test-artifacts/words/onexeno-bots-*.png."""

import re

import pytest

from accounts.models import User
from games import services
from games.models import Game
from tests.e2e.test_onexeno_game import logged_in, place_or_pass
from tests.factories import UserFactory, start_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LAID = re.compile(
    r"laid an? (\d) \(((?:dark|light) [a-z ,]+|all dark|all light)\) "
    r"at column (−?\d+), row (−?\d+)"
)
# The face's eight border cells in the DOM's reading order (the centre, index 4, aside).
READING = {
    0: "top left", 1: "top", 2: "top right", 3: "left", 5: "right",
    6: "bottom left", 7: "bottom", 8: "bottom right",
}  # fmt: skip


def face(page, x: str, y: str) -> tuple[str, set[str], set[str]] | None:
    """(value, dark cells, light cells) of the card the field shows at a cell, or None."""
    cell = page.locator(
        f'.oxt-laid[data-x="{x.replace("−", "-")}"][data-y="{y.replace("−", "-")}"]'
    )
    if not cell.count():
        return None
    value = cell.locator(".ox-centre").inner_text()
    spans = cell.locator(".ox-grid > span").evaluate_all(
        "spans => spans.map(s => s.classList.contains('ox-dark'))"
    )
    dark = {READING[i] for i, d in enumerate(spans) if i in READING and d}
    return value, dark, set(READING.values()) - dark


def named_cells(words: str) -> set[str]:
    cells = words.split(" ", 1)[1].replace(" and ", ", ")
    return set(cells.split(", "))


def check_log_and_marks(page):
    checked = 0
    for line in page.locator(".log li").all_inner_texts():
        for value, pattern, x, y in LAID.findall(line):
            shown = face(page, x, y)
            if shown is None or shown[0] != value:
                continue  # taken since, or another card lies there now
            shade = pattern.split(" ", 1)[0]
            if pattern in ("all dark", "all light"):
                assert shown[1 if shade == "light" else 2] == set(), line
            else:
                assert named_cells(pattern) == shown[1 if shade == "dark" else 2], line
            checked += 1
    assert checked, "no line of the log named a card still on the field"
    marked = 0
    for item in page.locator(".oxt-recent-moves > li").all_inner_texts():
        number = item.split(" ", 1)[0]
        found = LAID.search(item)
        if not found or " took " in item:
            continue
        value, _pattern, x, y = found.groups()
        shown = face(page, x, y)
        if shown is None or shown[0] != value:
            continue
        cell = page.locator(
            f'.oxt-laid[data-x="{x.replace("−", "-")}"][data-y="{y.replace("−", "-")}"]'
        )
        assert cell.get_attribute("data-mark") == number, item
        marked += 1
    assert page.locator(".oxt-laid[data-mark]").count() == marked


def test_against_bots_the_log_names_cards_as_shown_and_new_cards_are_marked(
    live_server, new_page, artifacts
):
    person = UserFactory(username="dora")
    bots = [
        User.objects.create(username="bot-random", is_bot=True, bot_level="random"),
        User.objects.create(username="bot-heuristic", is_bot=True, bot_level="heuristic"),
    ]
    game = start_table("onexeno", "basic", [person, *bots], seed="e2e-words")
    while game.to_move != 0:
        services.seat_autoplay(game_id=game.pk, expected_seq=game.n_actions)
        game = Game.objects.get(pk=game.pk)
    page = logged_in(new_page, live_server, person)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    for move in range(3):
        place_or_pass(page)
        page.goto(f"{live_server.url}/games/{game.pk}/")  # the bots have moved since
        check_log_and_marks(page)
        assert page.locator(".oxt-recent-moves > li").count() >= 1
        assert "card " not in page.locator(".log").inner_text()
        page.screenshot(path=artifacts(f"words/onexeno-bots-{move}.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=artifacts("words/onexeno-bots-phone.png"), full_page=True)
