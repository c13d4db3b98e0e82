"""Two people sign up in their own browsers, meet in the lobby, play the first moves of a
game by clicking, each move reaching the other's page (the rest of the game is played
through the site's services: a whole game by clicking, to its end screen, is the
newcomer's path, tests/e2e/test_newcomer_path.py), see who won, then find the game in
their history and step through its replay."""

import json
import re
from io import StringIO

import pytest
from django.core.management import call_command

from games.models import Game
from games.selectors import game_state
from games.xix.engine import shuffled_deal
from tests.factories import play

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "Corresp0ndence-XIX"
SEED = "e2e-5"  # a deal whose game, played by always taking the first choice, is short
MAX_CLICKS = 400
CLICKED = 12  # moves made by clicking, both players' (the rest: the services)


def sign_up(page, base_url, outbox, username):
    """Sign up, confirm the address from the e-mail, and end up logged in."""
    page.goto(f"{base_url}/accounts/signup/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Email").fill(f"{username}@example.com")
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password (again)").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_url("**/accounts/confirm-email/")

    mails = [m for m in outbox if f"{username}@example.com" in m.to]
    assert len(mails) == 1, f"expected one confirmation e-mail for {username}"
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+", mails[0].body)
    assert link, f"no confirmation link in: {mails[0].body}"
    page.goto(link.group(0))
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_load_state()
    nav = page.get_by_role("navigation", name="Main")
    assert username in nav.inner_text(), f"{username} is not logged in after confirming"


def expect_text(page, selector, pattern, timeout=10_000):
    from playwright.sync_api import expect

    expect(page.locator(selector)).to_contain_text(pattern, timeout=timeout)


def expect_step(page, step, last):
    """The replay shows ``step`` and htmx has settled (until then the new links are plain
    links, and a click would load a whole page)."""
    expect_text(page, "#replay-position", f"Step {step} of {last}")
    page.wait_for_selector("#replay-step:not(.htmx-settling)")


def your_turn(page) -> bool:
    return page.locator(".turn-you").count() > 0


def game_over(page) -> bool:
    return page.locator("#over-title").count() > 0


def take_first_choice(page):
    """Make the first move the page offers, as a person would, and wait for the table
    to come back: trade (first card, first position), raise, or the first card button."""
    page.locator("#game-live").evaluate("element => element.dataset.e2eStale = 'yes'")
    trade = page.locator("form.trade-form")
    raise_button = page.get_by_role("button", name=re.compile(r"^Raise to "))
    if trade.count():
        for group in trade.locator("fieldset").all():
            group.locator("input[type=radio]").first.check()
        page.get_by_role("button", name=re.compile(r"^Trade")).click()
    elif raise_button.count():
        raise_button.click()
    else:
        page.locator("#game-controls button.card-button:enabled").first.click()
    page.wait_for_selector("#game-live:not([data-e2e-stale])")
    error = page.locator(".game-error")
    assert not error.count(), f"the site refused a move it offered: {error.inner_text()}"


def test_two_people_play_a_game_to_its_end_and_replay_it(
    live_server, new_page, mailoutbox, artifacts
):
    base = live_server.url
    ann, bob = new_page(), new_page()
    sign_up(ann, base, mailoutbox, "ann")
    sign_up(bob, base, mailoutbox, "bob")

    # Ann posts an open challenge; Bob accepts it from the lobby and lands on the game.
    ann.goto(f"{base}/lobby/")
    ann.get_by_role("button", name="Create table", exact=True).click()
    expect_text(ann, "#lobby-panels", "Open to anyone")
    bob.goto(f"{base}/lobby/")
    bob.get_by_role("button", name="Accept ann's XIX standard challenge").click()
    bob.wait_for_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get()
    assert game.status == Game.Status.ACTIVE and bob.url.endswith(f"/games/{game.pk}/")

    # A known deal, so the game is the same on every run (no action has been taken yet).
    deal, leader = shuffled_deal(SEED)
    Game.objects.filter(pk=game.pk).update(
        seed=SEED,
        setup={"deal": deal, "first_leader": leader},
        to_move=leader,
    )
    bob.reload()

    # Ann finds the game under My games.
    ann.goto(f"{base}/games/")
    ann.get_by_role("link", name=re.compile(r"vs bob")).first.click()
    ann.wait_for_url(f"**/games/{game.pk}/")

    current = ann if your_turn(ann) else bob
    other = bob if current is ann else ann
    assert your_turn(current) and not your_turn(other)

    # The first move reaches the other browser by itself (the page polls).
    take_first_choice(current)
    expect_text(other, ".status-bar", "Your turn", timeout=10_000)
    current, other = other, current

    clicks = 1
    while clicks < CLICKED:
        if not your_turn(current):
            current, other = other, current
            current.reload()
            assert your_turn(current), "nobody has the move"
            continue
        take_first_choice(current)
        clicks += 1
    current.screenshot(path=artifacts("e2e-table.png"), full_page=True)
    game.refresh_from_db()
    assert game.n_actions == clicks
    while not game_state(game).over:  # the rest by the first legal action of each
        game = play(game, game_state(game).legal_actions()[:1])

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    last = game.n_actions
    winner = game.players[game.winner].username
    by_name = {"ann": ann, "bob": bob}
    for name, page in by_name.items():
        page.goto(f"{base}/games/{game.pk}/")
        expect_text(page, "#over-title", "You won" if name == winner else f"{winner} won")
    by_name[winner].screenshot(path=artifacts("e2e-game-over.png"), full_page=True)

    # The finished game is in Bob's history, with a link to its replay.
    bob.goto(f"{base}/players/bob/history/")
    bob.get_by_role("link", name=f"Replay of game {game.pk} against ann").click()
    bob.wait_for_url(f"**/games/{game.pk}/replay/")
    expect_step(bob, 0, last)
    shown = bob.locator("#replay-step [data-card]").evaluate_all(
        "cards => cards.map(card => Number(card.dataset.card))"
    )
    assert sorted(shown) == list(range(1, 19)), "the replay does not show every card"
    bob.screenshot(path=artifacts("e2e-replay-start.png"), full_page=True)

    # Keys and buttons step through it without reloading the page.
    bob.locator("#replay-position").evaluate("element => window.e2eSamePage = true")
    bob.keyboard.press("ArrowRight")
    expect_step(bob, 1, last)
    assert bob.url.endswith("?step=1")
    bob.keyboard.press("End")
    expect_step(bob, last, last)
    expect_text(bob, ".replay-history-current", "Game over")
    bob.keyboard.press("ArrowLeft")
    expect_step(bob, last - 1, last)
    bob.get_by_role("link", name="Next", exact=True).click()
    expect_step(bob, last, last)
    # From the keyboard: the focused button keeps focus across steps, and the step is
    # announced to screen readers.
    bob.get_by_role("link", name="Previous", exact=True).focus()
    bob.keyboard.press("Enter")
    expect_step(bob, last - 1, last)
    assert bob.evaluate("document.activeElement.dataset.replayNav") == "previous"
    expect_text(bob, "#replay-announce", f"Step {last - 1} of {last}")
    bob.keyboard.press("End")
    expect_step(bob, last, last)
    assert bob.evaluate("window.e2eSamePage === true"), "stepping reloaded the page"
    bob.screenshot(path=artifacts("e2e-replay-end.png"), full_page=True)
    bob.keyboard.press("Home")
    expect_step(bob, 0, last)

    # The record downloads and passes check_records.
    with bob.expect_download() as download:
        bob.get_by_role("link", name=re.compile("Download the record")).click()
    saved = artifacts(f"xix-game-{game.pk}.json")
    download.value.save_as(saved)
    assert download.value.suggested_filename == f"xix-game-{game.pk}.json"
    out = StringIO()
    call_command("check_records", str(saved), stdout=out)
    verdict = json.loads(out.getvalue())
    assert verdict == {"ok": True, "over": True, "scores": game.scores, "winner": game.winner}

    # On a phone the replay fits the screen's width.
    phone = new_page(
        viewport={"width": 390, "height": 844}, storage_state=bob.context.storage_state()
    )
    phone.goto(f"{base}/games/{game.pk}/replay/?step=20")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the replay is {width}px wide on a 390px screen"
    phone.screenshot(path=artifacts("e2e-replay-phone.png"), full_page=True)
