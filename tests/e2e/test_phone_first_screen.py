"""On a phone (390 x 844) the viewer's hand and the "Your move" controls are on the first
screen of every game at every seat count, under a header of one row (issue 32, item 7).

Each case opens the table at the viewer's turn after a few random moves and measures the
page as it lays out: the header's items share one row, the hand (``#your-hand``) and the
move panel (``.action-panel``) end above the fold, and the score boxes sit side by side
(at most three rows of them, never one per row). ONEXENO's field is on that screen too, so
that a move (a card, then a cell) needs no scroll. One phone screenshot per case goes to
``test-artifacts/phone/``. The browser is the session's; each case is a new context."""

import random

import pytest

from tests.e2e.test_accessibility import mid_game, people
from tests.e2e.test_onexeno_game import logged_in
from tests.factories import start_game, start_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
NAMES = ("ann", "bob", "cyd", "dee", "eve", "fay", "gus", "hal", "ivy", "jon")

CASES = [
    ("xix", "standard", 2),
    ("xix", "talon", 2),
    ("xix", "v2", 2),
    ("xeri", "classic", 2),
    ("xeri", "classic", 4),
    *[("xactika", "bid", n) for n in (2, 4, 7, 10)],
    *[("onexeno", "basic", n) for n in range(2, 8)],
    ("onexeno", "partners", 4),
    ("onexeno", "partners", 6),
]

# Where the things a player needs stand on the page, in CSS pixels from its top.
MEASURE = """() => {
  const box = (el) => el && el.getBoundingClientRect();
  const shown = (el) => { const b = box(el); return b.width > 0 && b.height > 0; };
  const nav = document.querySelector(".site-header .nav");
  const items = [...nav.children].filter(shown).map((el) => {
    const b = box(el); return {name: el.className || el.tagName, top: b.top, bottom: b.bottom};
  });
  const rows = new Set([...document.querySelectorAll(".scoreboard .score")]
    .map((el) => Math.round(box(el).top)));
  const area = (sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const b = box(el);
    return {top: b.top, bottom: b.bottom, left: b.left, right: b.right};
  };
  return {
    header: box(document.querySelector(".site-header")).height,
    items,
    scoreRows: rows.size,
    scores: document.querySelectorAll(".scoreboard .score").length,
    hand: area("#your-hand"),
    panel: area("#game-live .action-panel"),
    field: area(".oxt-field"),
    width: document.scrollingElement.scrollWidth,
  };
}"""


def table_at_your_turn(users, kind, variant, seats):
    """A game of ``kind`` with ``users[0]`` in seat 0, a few random moves in, at seat 0's turn."""
    seed = f"phone-{kind}-{variant}-{seats}"
    if kind == "xix":
        game = start_game(*users[:seats], variant=variant, seed=seed)
    else:
        game = start_table(kind, variant, users[:seats], seed=seed)
    return mid_game(game, 0, random.Random(seats), moves=seats + 3)


def off_first_screen(area, name) -> list[str]:
    if area is None:
        return [f"no {name} on the page"]
    problems = []
    if area["top"] < 0 or area["bottom"] > PHONE["height"]:
        problems.append(
            f"the {name} spans {area['top']:.0f}..{area['bottom']:.0f} px, past the first "
            f"{PHONE['height']} px"
        )
    if area["left"] < 0 or area["right"] > PHONE["width"]:
        problems.append(f"the {name} is cut at the side: {area['left']:.0f}..{area['right']:.0f}")
    return problems


def problems_on_the_phone(measured, kind) -> list[str]:
    """What keeps a player from moving without a scroll, in words."""
    problems = []
    if len({round(item["top"] / 8) for item in measured["items"]}) != 1 or measured["header"] > 60:
        problems.append(f"the header is {measured['header']:.0f} px high: {measured['items']}")
    if measured["width"] > PHONE["width"]:
        problems.append(f"the page is {measured['width']} px wide: it scrolls sideways")
    problems += off_first_screen(measured["hand"], "hand")
    problems += off_first_screen(measured["panel"], '"Your move" panel')
    if kind == "onexeno":
        problems += off_first_screen(measured["field"], "field")
    # The score boxes side by side: at least three to a row (two at two seats).
    if measured["scoreRows"] > (measured["scores"] + 2) // 3:
        problems.append(f"{measured['scores']} score boxes take {measured['scoreRows']} rows")
    return problems


@pytest.mark.parametrize("kind", ["xix", "xeri", "xactika", "onexeno"])
def test_hand_and_move_are_on_a_phones_first_screen(live_server, new_page, artifacts, kind):
    """Every variant and seat count of one game, in one browser page (one flush per game)."""
    users = people(len(NAMES), NAMES)
    page = logged_in(new_page, live_server, users[0])
    page.set_viewport_size(PHONE)
    artifacts("phone").mkdir(exist_ok=True)
    problems = []
    for _kind, variant, seats in [case for case in CASES if case[0] == kind]:
        name = f"{kind}-{variant}-{seats}"
        game = table_at_your_turn(users, kind, variant, seats)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        assert page.locator(".turn-you").count(), f"{name}: not at the viewer's turn"
        page.screenshot(path=artifacts(f"phone/{name}.png"))
        problems += [f"{name}: {p}" for p in problems_on_the_phone(page.evaluate(MEASURE), kind)]
    assert problems == [], "\n".join(problems)
