"""What players read, in the browser (issue 32, items 1, 2, 5 and 6), at 1280 x 900 and at
390 x 844 as a phone with a touch screen: ONEXENO's hint names the picked card and the keys
are not advertised on a touch screen; the Xeri score sheet keeps its words whole; XIX 2.0's
"slid by" labels show the whole name; the message that a challenge was accepted goes once
the table changes. Screenshots of a replay of every game and of live ONEXENO and Xactika
tables go to test-artifacts/words/ (to be looked at)."""

import random
import re

import pytest
from playwright.sync_api import expect

from games import registry, services
from games.models import Game
from games.selectors import game_state
from tests.e2e.test_onexeno_game import logged_in
from tests.factories import UserFactory, make_challenge, start_game, start_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

# Every word of an element's text that the browser laid out over more than one line.
BROKEN_WORDS = """element => {
  const broken = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const found of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, found.index);
      range.setEnd(node, found.index + found[0].length);
      const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(found[0]);
    }
  }
  return broken;
}"""


def page_as(new_page, live_server, user, options):
    page = logged_in(lambda: new_page(**options), live_server, user)
    return page


def act(game, action, state=None):
    """``game`` after ``action`` by the seat to move (``state``: the game's state, if
    known), made through the site's service."""
    return acted(game, action, state or game_state(game))[0]


def acted(game, action, state):
    """(game, state) after ``action``, made through the site's service from ``state``
    (replayed again only if the site moved on by itself, a bot's move or a forced one)."""
    _game, after, _events = services.game_act(
        user=game.players[state.to_move],
        game_id=game.pk,
        action=action,
        expected_seq=game.n_actions,
    )
    game = Game.objects.get(pk=game.pk)
    return game, after if after.n_actions == game.n_actions else game_state(game)


def until(game, done, rng, choose=None):
    """Moves through the service until ``done(game)``: ``choose(game, legal)``'s, or else
    random ones. The state each move gives back is the next one's: the log is replayed
    once per move, by the service, not again here."""
    state = game_state(game)
    while not done(game):
        legal = state.legal_actions()
        game, state = acted(game, (choose and choose(game, legal)) or rng.choice(legal), state)
    return game


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_onexeno_hint_names_the_card_and_a_touch_screen_sees_no_keys(
    live_server, new_page, artifacts, size
):
    users = [UserFactory(username=name) for name in ("ann", "bob-strong", "cyd")]
    game = start_table("onexeno", "basic", users, seed="hint")
    rng = random.Random(3)
    placed = 0

    def four_placed(g):
        return g.n_actions >= 4 and game_state(g).to_move == 0

    def place(g, legal):
        return next((a for a in legal if a["type"] == "place"), None)

    game = until(game, four_placed, rng, place)
    placed = game.n_actions
    page = page_as(new_page, live_server, users[0], DESKTOP if size == "desktop" else PHONE)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    keys = page.locator(".oxt-keys")
    page.locator("#oxt-place .oxt-hand-card").first.click()
    if size == "desktop":
        expect(keys).to_be_visible()
    else:
        expect(keys).to_be_hidden()  # a touch screen: no R and Shift+R
    hint = page.locator("#oxt-fit-note").inner_text()
    assert re.match(r"An? \d \((dark|light|all) [a-z ,]+\) fits (nowhere|at \d+ cells?)", hint), (
        hint
    )
    assert "Card " not in hint
    # the field's labels, and every card laid since ann's last turn marked and told
    expect(page.locator(".oxt-col-label").first).to_be_visible()
    told = page.locator(".oxt-recent-moves > li")
    expect(told).to_have_count(min(placed, 2))
    # (a full-page capture drops the touch emulation in Chromium: the phone's is the screen)
    page.screenshot(path=artifacts(f"words/onexeno-live-{size}.png"), full_page=size == "desktop")
    page.locator(".oxt-turns").screenshot(path=artifacts(f"words/onexeno-turns-{size}.png"))
    # the replay's keys: shown on a desktop, not on a touch screen
    finished = until(game, lambda g: g.status != Game.Status.ACTIVE, rng)
    page.goto(f"{live_server.url}/games/{finished.pk}/replay/?step=5")
    replay_keys = page.locator(".replay-keys")
    if size == "desktop":
        expect(replay_keys).to_be_visible()
    else:
        expect(replay_keys).to_be_hidden()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_xeri_score_sheet_keeps_its_words_whole(live_server, new_page, artifacts, size):
    users = [UserFactory(username=name) for name in ("newbie", "bot-strong", "alexandra", "bo")]
    game = start_table("xeri", "classic", users, seed="sheet")
    game = until(game, lambda g: bool(game_state(g).sheets), random.Random(1))
    page = page_as(new_page, live_server, users[0], DESKTOP if size == "desktop" else PHONE)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    sheet = page.locator("details.xeri-sheet").first
    expect(sheet).to_be_visible()
    sheet.scroll_into_view_if_needed()
    # The reader's side is headed "You", as the log says (issue 32); the others by name.
    assert "You and alexandra" in sheet.inner_text() and "bot-strong and bo" in sheet.inner_text()
    assert "10 of diamonds" in sheet.inner_text()
    assert sheet.evaluate(BROKEN_WORDS) == []
    sheet.screenshot(path=artifacts(f"words/xeri-sheet-{size}.png"))


def test_xix_2_0_slid_by_labels_show_the_whole_name(live_server, new_page, artifacts):
    ann = UserFactory(username="ann")
    slider = UserFactory(username="bot-heuristic")
    game = start_game(ann, slider, variant="v2", seed="slide")
    rng = random.Random(2)

    def slid(g):
        state = game_state(g)
        row = registry.rules("xix").seat_view(state, 0)["row"]
        return any(slot.get("slid_by") == 1 for slot in row) and state.to_move == 0

    def slide(g, legal):
        mover = game_state(g).to_move
        return next((a for a in legal if a["type"] == "slide" and mover == 1), None)

    game = until(game, slid, rng, slide)
    for size, options in (("desktop", DESKTOP), ("phone", PHONE)):
        page = page_as(new_page, live_server, ann, options)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        label = page.locator(".slot-slid-by").first
        expect(label).to_have_text("by bot-heuristic")
        whole = label.evaluate(
            "e => e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1"
        )
        assert whole, "the name is cut"
        page.locator(".strike-row").screenshot(path=artifacts(f"words/xix-v2-row-{size}.png"))


def test_the_accepted_challenge_message_goes_once_the_table_changes(live_server, new_page):
    alice = UserFactory(username="alice")
    bob = UserFactory(username="bob")
    challenge = make_challenge(
        user=alice, variant="standard", days_per_move=3, rated=False, invited=bob
    )
    page = page_as(new_page, live_server, bob, DESKTOP)
    page.goto(f"{live_server.url}/games/{challenge.pk}/")
    page.get_by_role("button", name="Accept alice's XIX standard challenge").click()
    message = page.locator(".messages")
    expect(message).to_contain_text("You accepted alice's challenge")
    game = Game.objects.get(pk=challenge.pk)
    if game_state(game).to_move == game.seat_of(bob):  # bob moves: a click on his first card
        page.locator("#your-hand button.card-button").first.click()
    else:  # alice moves: bob's table sees it by its poll
        act(game, game_state(game).legal_actions()[0])
    expect(message).to_have_count(0, timeout=15_000)


GAMES = [
    ("xix", "standard", 2),
    ("xix", "talon", 2),
    ("xix", "v2", 2),
    ("xeri", "classic", 2),
    ("xeri", "classic", 4),
    ("xactika", "bid", 4),
    ("onexeno", "basic", 3),
]


def test_screenshots_of_a_replay_of_every_game_and_a_live_xactika_table(
    live_server, new_page, artifacts
):
    names = ["ann", "bob-strong", "cyd", "dee"]
    users = [UserFactory(username=name) for name in names]
    rng = random.Random(5)
    for kind, variant, seats in GAMES:
        players = users[:seats]
        if kind == "xix":
            game = start_game(*players, variant=variant, seed=f"shot-{variant}")
        else:
            game = start_table(kind, variant, players, seed=f"shot-{kind}-{seats}")
        game = until(game, lambda g: g.status != Game.Status.ACTIVE, rng)
        page = page_as(new_page, live_server, users[0], DESKTOP)
        step = min(game.n_actions, 7)
        page.goto(f"{live_server.url}/games/{game.pk}/replay/?step={step}")
        caption = page.locator("[data-replay-caption]").inner_text()
        assert caption.startswith(f"Step {step} of") and "{" not in caption, caption
        page.screenshot(path=artifacts(f"words/replay-{kind}-{variant}-{seats}.png"))
    game = start_table("xactika", "bid", users, seed="shot-live")
    game = until(game, lambda g: g.n_actions >= 9, rng)
    for size, options in (("desktop", DESKTOP), ("phone", PHONE)):
        page = page_as(new_page, live_server, users[game_state(game).to_move], options)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.screenshot(
            path=artifacts(f"words/xactika-live-{size}.png"), full_page=size == "desktop"
        )
