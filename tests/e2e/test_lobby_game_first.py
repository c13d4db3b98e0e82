"""Issue 32, items 15 and 19 in the browser: the lobby picks the game first (a card per
game with its picture, seat counts and one line), and then ONE form acts on that game: its
variants, seats and options (Xeri's match length), who plays with their buttons, and it
starts a game of each game; the table list and the game page then show the option; at
1280x800 and 390x844, with and without JavaScript. Screenshots go to test-artifacts/."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.e2e import test_lobby_follows_game as follows
from tests.e2e.test_csp import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ann = follows.ann  # the fixture: ann, verified, and the Beginner bot
option_values = follows.option_values

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


# Each game as its card chooses it: its first variant's seat counts and its options'
# fields; then a variant the one form changes to, with its seat counts, and what the form
# starts from there.
GAMES = {
    "XIX": ("xix/standard", ["2"], [], ("xix/v2", ["2"])),
    "Xeri": ("xeri/classic", ["2", "4"], ["option_deals"], None),
    "Xactika": (
        "xactika/bid",
        [str(n) for n in range(2, 11)],
        [],
        ("xactika/win", [str(n) for n in range(2, 11)]),
    ),
    "ONEXENO": (
        "onexeno/basic",
        [str(n) for n in range(2, 8)],
        [],
        ("onexeno/partners", ["4", "6"]),
    ),
}


@pytest.mark.parametrize("size", SIZES)
def test_each_game_card_changes_the_one_form_which_starts_a_game(
    live_server, new_page, ann, artifacts, size
):
    """Issue 32, item 19: a card per game with its picture; choosing one opens the lobby's
    ONE form on it (its variants, seats and options), which follows the variant chosen,
    shows the buttons of who plays, and starts a game against a bot of each game."""
    base = live_server.url
    page = new_page(viewport=SIZES[size])
    log_in(page, base, "ann")
    page.goto(f"{base}/lobby/")
    cards = page.locator("#choose-game .game-choice-card")
    expect(cards).to_have_count(4)
    for index in range(4):
        picture = cards.nth(index).locator("img.game-choice-picture")
        expect(picture).to_be_visible()
        # The SVG loaded and was drawn (a broken image has no natural width).
        assert picture.evaluate("(img) => img.complete && img.naturalWidth > 0")
    page.screenshot(path=artifacts(f"lobby-cards-{size}.png"))
    # One form, whatever the game: no other form sets up a game.
    expect(page.locator("form select[name=seats]")).to_have_count(1)

    form = page.locator("#lobby-form form")
    for name, (first, seats, options, other) in GAMES.items():
        page.locator("#choose-game").get_by_role("link", name=name).click()
        expect(page.locator(".game-choice-card.is-chosen")).to_contain_text(name)
        expect(page.get_by_role("heading", name=f"Play {name}")).to_be_visible()
        # Play now is on the first screen, the form scrolled to.
        expect(form.get_by_role("button", name="Play now")).to_be_in_viewport()
        expect(form.get_by_label("Variant")).to_have_value(first)
        assert all(
            v.startswith(first.split("/")[0] + "/")
            for v in option_values(form.get_by_label("Variant"))
        )
        assert option_values(form.get_by_label("Players", exact=True)) == seats
        assert (
            form.locator("select[name^=option_]").evaluate_all("(s) => s.map((e) => e.name)")
            == options
        )
        if other:
            follows.choose(page, "game", other[0])
            assert option_values(form.get_by_label("Players", exact=True)) == other[1]
        # Who plays: each choice shows its own buttons.
        form.get_by_label("Players I name").check()
        # A named player at a table of two is challenged; at more seats, invited.
        two = option_values(form.get_by_label("Players", exact=True))[0] == "2"
        named = form.locator(".for-named").get_by_role("button")
        expect(named).to_have_text("Challenge" if two else "Create table")
        expect(named).to_be_visible()
        expect(form.get_by_role("button", name="Play now")).to_be_hidden()
        expect(form.get_by_label("Players to invite")).to_be_visible()
        form.get_by_label("Bots in the empty seats").check()
        expect(form.get_by_label("Players to invite")).to_be_hidden()
        expect(form.get_by_role("radio", name=re.compile(r"^Beginner bot-random"))).to_be_checked()
        expect(form.get_by_label("Rated", exact=True)).to_be_hidden()
        if name == "ONEXENO":  # partners at six: the form says how the seats play
            follows.choose(page, "seats", "6")
            expect(form.locator(".partnership-note")).to_contain_text(
                "6 players play in 3 partnerships of 2"
            )
            expect(form.get_by_role("button", name="Play 5 bots")).to_be_visible()
            page.screenshot(path=artifacts(f"lobby-onexeno-partners-bots-{size}.png"))
            form.get_by_role("button", name="Play 5 bots").click()
        else:
            if name == "Xeri":
                form.get_by_label("Match length").select_option("2")
                page.screenshot(path=artifacts(f"lobby-xeri-chosen-{size}.png"))
            form.get_by_role("button", name="Play a bot").click()
        page.wait_for_url(re.compile(r"/games/\d+/(#.*)?$"))
        game = Game.objects.get(pk=int(re.search(r"/games/(\d+)/", page.url).group(1)))
        kind, variant = (other or (first,))[0].split("/")
        assert (game.kind, game.variant, game.status) == (kind, variant, Game.Status.ACTIVE)
        assert game.seats_count == (6 if name == "ONEXENO" else 2)
        assert game.options == ({"deals": 2} if name == "Xeri" else game.options)
        page.goto(f"{base}/lobby/")


@pytest.mark.parametrize("size", SIZES)
def test_a_table_set_up_from_the_one_form_is_listed_with_its_option(
    live_server, new_page, ann, artifacts, size
):
    base = live_server.url
    page = new_page(viewport=SIZES[size])
    log_in(page, base, "ann")
    page.goto(f"{base}/lobby/?game=xeri")
    form = page.locator("#lobby-form form")
    form.get_by_label("Match length").select_option(label="Each player deals twice")
    form.get_by_role("button", name="Create table").click()
    row = page.locator("#table-lists .table-card", has_text="Xeri")
    expect(row).to_contain_text("Match length: each player deals twice")
    page.screenshot(path=artifacts(f"lobby-xeri-table-listed-{size}.png"), full_page=True)
    game = Game.objects.get(created_by=ann)
    assert game.options == {"deals": 2}
    # The lobby answered in place keeps Xeri chosen, and the choices made.
    expect(page.locator(".game-choice-card.is-chosen")).to_contain_text("Xeri")
    assert option_values(form.get_by_label("Variant")) == ["xeri/classic"]
    expect(form.get_by_label("Match length")).to_have_value("2")


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_bot_game_of_xeri_with_a_longer_match_shows_it_on_the_game_page(
    live_server, new_page, ann, artifacts, javascript
):
    base = live_server.url
    page = new_page(viewport=SIZES["phone"], java_script_enabled=javascript)
    log_in(page, base, "ann")
    page.goto(f"{base}/lobby/?game=xeri")
    form = page.locator("#lobby-form form")
    form.get_by_label("Match length").select_option("3")
    form.get_by_label("Bots in the empty seats").check()
    if not javascript:  # a stylesheet rule shows the bots' button, without a script too
        expect(form.get_by_role("button", name="Play now")).to_be_hidden()
    form.get_by_role("button", name="Play a bot").click()
    page.wait_for_url(re.compile(r"/games/\d+/(#.*)?$"))
    facts = page.locator(".game-facts")
    expect(facts).to_contain_text("Match length: each player deals three times")
    expect(page.locator("#game-live")).to_contain_text("of 6")  # round 1 of 6
    name = "script" if javascript else "no-script"
    page.screenshot(path=artifacts(f"xeri-bot-long-match-phone-{name}.png"))
    game = Game.objects.get(created_by=ann)
    assert game.options == {"deals": 3} and len(game.setup["rounds"]) == 6
