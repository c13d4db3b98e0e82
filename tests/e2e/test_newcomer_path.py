"""The newcomer's path (issue 32, "Done when"), in one browser as a new visitor walks it:
sign up with the real form, confirm the address from the e-mail's link (logged in at once,
the browser's time zone taken), then from the home page play a first game of each of the
four games against the Beginner bot, by clicking, to its end screen, reading the
first-game guide step by step as it comes ("Got it").

Each game is played in its default variant at its smallest table (two players); the
tables' seeds are fixed (``SEEDS``), so the deals, the Beginner bot's moves and the game's
length are the same on every run (XIX's deal is one of the shorter games). Every key
screen (sign-up, home, lobby, each game's first screen with the guide, mid-game and end)
is checked at desktop (1280x800) and phone (390x844) size not to scroll sideways; with
``NEWCOMER_SHOTS=<folder>`` it is also saved there as ``<screen>-desktop.png`` and
``<screen>-phone.png``, for people to open and look at (CI writes nothing by default)."""

import os
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from playwright.sync_api import expect

from accounts.models import User
from games import tables
from games.models import Game
from tests.e2e.test_onexeno_game import place_or_pass
from tests.e2e.test_play_through import MAX_CLICKS, game_over, sign_up, take_first_choice, your_turn

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
SHOTS = os.environ.get("NEWCOMER_SHOTS", "")

# What the newcomer clicks on the home page, and the game that follows.
GAMES = (
    ("XIX", "xix", "standard"),
    ("Xeri", "xeri", "classic"),
    ("Xactika", "xactika", "bid"),
    ("ONEXENO", "onexeno", "basic"),
)
# Each table's seed, in the order of GAMES (the lobby draws them at random).
SEEDS = ("n8", "newcomer-xeri", "newcomer-xactika", "o2")


# The scoreboard's boxes and lines whose text is cut (wider than shown; a visually
# hidden word, one pixel wide, is no cut).
CUT = """() => [...document.querySelectorAll('.score, .score *')]
    .filter((box) => box.clientWidth > 1 && box.scrollWidth > box.clientWidth)
    .map((box) => box.textContent.trim())"""


def look(page, screen: str):
    """The screen as it stands, at both sizes: it never scrolls sideways, the scoreboard
    shows each name and line whole, and on the desktop the header's links stay on the
    logo's row; saved to ``NEWCOMER_SHOTS`` when that is set. The page is left at desktop
    size."""
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"{screen} scrolls {overflow} px sideways at {size} size"
        cut = page.evaluate(CUT)
        assert not cut, f"{screen} at {size} size cuts the scoreboard's {cut}"
        if size == "desktop":  # the header's links share the logo's row
            nav = page.get_by_role("navigation", name="Main")
            logo, first = nav.locator(".nav-logo"), nav.locator(".nav-links a").first
            rows = logo.bounding_box()["y"], first.bounding_box()["y"]
            assert abs(rows[0] - rows[1]) < 20, f"{screen}: the header's links wrap under the logo"
        if SHOTS:
            folder = Path(SHOTS)
            folder.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=folder / f"{screen}-{size}.png", full_page=True)
    page.set_viewport_size(SIZES["desktop"])


def guide_box(page):
    return page.get_by_role("complementary", name=re.compile(r"^First-game guide"))


def read_the_guide(page, seen: list[str]):
    """Each step of the first-game guide on the screen now, read and put away ("Got it")."""
    box = guide_box(page)
    while box.count():
        title = box.get_by_role("heading").inner_text()
        assert title.startswith("First-game guide · "), title
        seen.append(title.removeprefix("First-game guide · "))
        assert len(seen) < 20, f"the guide keeps coming back: {seen}"
        page.locator("#game-live").evaluate("element => element.dataset.e2eStale = 'yes'")
        box.get_by_role("button", name="Got it").click()
        page.wait_for_selector("#game-live:not([data-e2e-stale])")


def play_a_card(page, selector: str):
    """Click the first card ``selector`` finds, and wait for the table to come back."""
    page.locator("#game-live").evaluate("element => element.dataset.e2eStale = 'yes'")
    page.locator(selector).first.click()
    page.wait_for_selector("#game-live:not([data-e2e-stale])")


def xactika_move(page):
    """The lowest bid allowed; a lead's first card, then the first shape it may call; or
    the first card that may follow."""
    page.locator("#game-live").evaluate("element => element.dataset.e2eStale = 'yes'")
    bids = page.locator("form.xk-bids button:enabled")
    lead = page.locator("form.xk-lead")
    if bids.count():
        bids.first.click()
    elif lead.count():
        lead.locator("label.xk-card-btn").first.click()
        calls = lead.locator(".xk-calls button:visible")
        expect(calls).to_have_count(4)
        calls.first.click()
    else:
        page.locator("form.xk-cards button.xk-playable").first.click()
    page.wait_for_selector("#game-live:not([data-e2e-stale])")


MOVES = {
    "xix": take_first_choice,
    "xeri": lambda page: play_a_card(page, "#your-hand button.xc-button"),
    "xactika": xactika_move,
    "onexeno": place_or_pass,
}


def play_to_the_end(page, kind: str) -> tuple[int, list[str]]:
    """Move after move as the page offers them, reading the guide as it comes, until the
    end screen; the mid-game screen is looked at on the fourth move. Returns the number of
    moves and the guide's steps read."""
    clicks, guide = 0, []
    while not game_over(page):
        assert clicks < MAX_CLICKS, f"{kind}: no end after {clicks} moves"
        read_the_guide(page, guide)
        assert your_turn(page), f"{kind}: the bot left its move unplayed"
        if clicks == 4:
            look(page, f"{kind}-3-mid-game")
        MOVES[kind](page)
        error = page.locator(".game-error")
        assert not error.count(), f"the site refused a move it offered: {error.inner_text()}"
        clicks += 1
    return clicks, guide


def test_a_newcomer_signs_up_and_finishes_a_first_game_of_each_game(
    live_server, new_page, mailoutbox, monkeypatch
):
    seeds = iter(SEEDS)
    monkeypatch.setattr(tables, "secrets", SimpleNamespace(token_hex=lambda _n: next(seeds)))
    base = live_server.url
    bot = User.objects.create(username="bot-random", is_bot=True, bot_level="random")
    page = new_page(viewport=SIZES["desktop"], timezone_id="Asia/Tokyo")

    page.goto(f"{base}/")
    page.get_by_role("link", name="Sign up", exact=True).first.click()
    page.wait_for_url("**/accounts/signup/")
    look(page, "0-sign-up")
    # What confirming the address does, as it then does it: logs the newcomer in.
    expect(page.locator("main")).to_contain_text("confirm the address, and you are logged in")
    sign_up(page, base, mailoutbox, "newbie")
    assert page.url == f"{base}/"
    expect(page.locator(".hero")).to_contain_text("Welcome to XIX Online, newbie")
    look(page, "1-home")
    newbie = User.objects.get(username="newbie")
    assert newbie.time_zone == "Asia/Tokyo"

    for name, kind, variant in GAMES:
        page.get_by_role("navigation", name="Main").get_by_role("link", name="XIX Online").click()
        page.get_by_role("link", name=f"Play {name}", exact=True).click()
        # The lobby's one form, on the game chosen: bots in the empty seats, the Beginner.
        form = page.get_by_role("region", name=f"Play {name}", exact=True)
        expect(form).to_be_visible()
        if kind == "xix":
            look(page, "2-lobby")
        form.get_by_label("Bots in the empty seats").check()
        beginner = form.get_by_role("radio", name=re.compile(r"^Beginner bot-random"))
        expect(beginner).to_be_checked()
        if kind == "xix":
            look(page, "2-lobby-bots")
        form.get_by_role("button", name="Play a bot").click()
        page.wait_for_url(re.compile(r"/games/\d+/$"))
        game = Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))
        assert (game.kind, game.variant, game.seats_count) == (kind, variant, 2)
        assert game.status == Game.Status.ACTIVE and not game.rated
        expect(page.locator(".messages")).to_contain_text("Your game against bot-random has begun.")
        expect(page.locator(".game-facts")).to_contain_text("Casual")
        expect(guide_box(page)).to_be_visible()
        look(page, f"{kind}-1-first-screen")
        if kind == "xix":
            expect(page.locator(".local-time").first).to_contain_text("(Asia/Tokyo)")

        clicks, guide = play_to_the_end(page, kind)
        assert guide[0] == f"Welcome to {name}" and len(guide) >= 3, f"{kind} guide: {guide}"
        over = page.locator("#over-title")
        expect(over).to_have_text(re.compile(r"^\s*(You won|bot-random won|A draw)\s*$"))
        expect(page.locator(".game-over").get_by_role("link", name="Replay")).to_be_visible()
        expect(guide_box(page)).to_have_count(0)
        look(page, f"{kind}-4-end")

        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED
        person = game.players.index(newbie)
        assert game.actions.filter(seat=person).count() == clicks
        assert game.actions.filter(seat=1 - person).count() > 0  # the bot answered
        assert game.players[1 - person] == bot

    # The page was open all along: the bots' replies were not e-mailed.
    assert not [m for m in mailoutbox if "Your move" in m.subject]
    page.get_by_role("navigation", name="Main").get_by_role("link", name="My games").click()
    finished = page.get_by_role("region", name="Finished")
    for name, _kind, _variant in GAMES:
        expect(finished).to_contain_text(name)
