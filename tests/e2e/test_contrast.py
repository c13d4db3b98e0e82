"""The light and the dark theme in Chromium (issue 19, "Appearance").

Every visible piece of text on the main pages (home, lobby, a game page of each game, the
games being played, a profile, and each game's rules with their cards) is measured in both
themes: its colour against the colour behind it (the backgrounds of its ancestors
composited, semi-transparent ones included) must reach WCAG AA, 4.5:1, or 3:1 for large text
(24 px, or 18.66 px bold). The theme switch works with JavaScript without a reload, and the
system's setting is followed when no theme is chosen. Screenshots of /watch/ and a game page
in the dark theme at 1280x900 and 390x844 go to ``test-artifacts/theme/``."""

import pytest
from allauth.account.models import EmailAddress
from django.utils import timezone

from games.models import Game, GameSeat
from tests.e2e.conftest import ARTIFACTS
from tests.e2e.test_csp import log_in
from tests.factories import UserFactory, play_random, start_game, start_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
SHOTS = ARTIFACTS / "theme"
# The page's background colour (the root's).
PAPER = "() => getComputedStyle(document.documentElement).backgroundColor"

# For each element that holds text of its own: its colour and the colour behind it, both
# composited to opaque sRGB, its contrast ratio (the worst over a gradient's colours) and
# whether it counts as large text. Text on a picture (url()) is reported apart, unmeasured.
MEASURE = r"""() => {
  const parse = (value) => {
    const m = value.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const parts = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number);
    return {r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1};
  };
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const luminance = (c) => {
    const channel = (v) => {
      v /= 255;
      return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  };
  // The colours that may be behind an element: its ancestors' backgrounds, composited from
  // the canvas up; a gradient counts as each of its colours. null: a picture (url()).
  const colours = (value) => (value.match(/rgba?\([^)]+\)/g) || []).map(parse);
  const backdrop = (element) => {
    const layers = [];
    for (let node = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const image = style.backgroundImage;
      if (image.includes("url(")) return null;
      const layer = image === "none" ? [] : colours(image);
      const colour = parse(style.backgroundColor);
      if (colour && colour.a > 0) layers.push([colour]);
      if (layer.length) layers.push(layer);
      if (layers.length && layers[layers.length - 1].every((c) => c.a === 1)) break;
      if (colour && colour.a === 1) break;
    }
    // The canvas behind the page: the root's background is painted there.
    let root = parse(getComputedStyle(document.documentElement).backgroundColor);
    if (!root || root.a < 1) root = {r: 255, g: 255, b: 255, a: 1};
    let results = [root];
    for (const layer of layers.reverse()) {
      results = layer.flatMap((top) => results.map((bottom) => over(top, bottom)));
    }
    return results;
  };
  const results = [];
  const unmeasured = [];
  for (const element of document.body.querySelectorAll("*")) {
    if (["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "svg"].includes(element.tagName)) continue;
    const text = [...element.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent)
      .join("")
      .trim();
    if (!text) continue;
    if (!element.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    const box = element.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue; // visually hidden
    const style = getComputedStyle(element);
    const behind = backdrop(element);
    const classes = typeof element.className === "string" ? element.className.trim() : "";
    const label =
      element.tagName.toLowerCase() + (classes ? "." + classes.split(/\s+/).join(".") : "");
    if (behind === null) {
      unmeasured.push(label + ": " + text.slice(0, 30));
      continue;
    }
    // The worst of the colours behind it.
    let worst = null;
    for (const back of behind) {
      const fore = over(parse(style.color), back);
      const [l1, l2] = [luminance(fore), luminance(back)].sort((a, b) => b - a);
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      if (worst === null || ratio < worst.ratio) worst = {ratio, back};
    }
    const size = parseFloat(style.fontSize);
    const bold = parseInt(style.fontWeight, 10) >= 700;
    results.push({
      label,
      text: text.slice(0, 40),
      ratio: worst.ratio,
      large: size >= 24 || (bold && size >= 18.66),
      color: style.color,
      background: ["r", "g", "b"].map((k) => Math.round(worst.back[k])).join(", "),
    });
  }
  return {results, unmeasured};
}"""


def failures(measured) -> list[str]:
    return [
        f"{r['label']} {r['text']!r}: {r['ratio']:.2f} ({r['color']} on rgb({r['background']}))"
        for r in measured["results"]
        if r["ratio"] < (3 if r["large"] else 4.5)
    ]


@pytest.fixture
def site():
    """ann plays a game of each of the four games (her move in XIX), and has finished one
    (the profile's history); the pages to measure, by name."""
    ann, bob, cy = (UserFactory(username=n) for n in ("ann", "bob", "cy"))
    EmailAddress.objects.create(user=ann, email=ann.email, verified=True, primary=True)
    done = start_game(ann, bob, seed="done")
    Game.objects.filter(pk=done.pk).update(status=Game.Status.FINISHED, finished_at=timezone.now())
    # ann (seat 0) won, 5 to 0.
    GameSeat.objects.filter(game=done, position=0).update(rank=1, score=5)
    GameSeat.objects.filter(game=done, position=1).update(rank=2)
    xix = play_random(start_game(ann, bob, seed="theme-xix"), moves=3, seed=2)
    games = {
        "xix": xix,
        "xeri": start_table("xeri", "classic", [ann, bob], seed="theme-xeri"),
        "xactika": start_table("xactika", "bid", [ann, bob, cy], seed="theme-xactika"),
        "onexeno": start_table("onexeno", "basic", [ann, bob, cy], seed="theme-onexeno"),
    }
    pages = {"home": "/", "lobby": "/lobby/", "watch": "/watch/", "profile": "/players/ann/"}
    pages |= {f"game {key}": f"/games/{game.pk}/" for key, game in games.items()}
    # The rules draw each game's cards as the tables do.
    pages |= {f"rules {key}": f"/rules/{key}/" for key in games}
    # XIX 2.0: a table with slid cards (a slide in each of the first tricks), its rules.
    v2 = play_random(start_game(ann, bob, variant="v2", seed="theme-v2"), moves=9, seed=2)
    pages |= {"game xix v2": f"/games/{v2.pk}/", "rules xix v2": "/rules/xix/v2/"}
    return ann, pages


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_text_of_the_main_pages_reaches_aa_contrast(live_server, new_page, site, theme):
    ann, pages = site
    base = live_server.url
    page = new_page()
    log_in(page, base, ann.username)
    page.context.add_cookies([{"name": "theme", "value": theme, "url": base}])
    problems, measured_count = [], 0
    for name, path in pages.items():
        page.goto(base + path)
        assert page.evaluate("() => document.documentElement.dataset.theme") == theme
        measured = page.evaluate(MEASURE)
        measured_count += len(measured["results"])
        problems += [f"{name}: {line}" for line in failures(measured)]
        # No text on a picture (url()): every backdrop could be measured.
        assert measured["unmeasured"] == [], (name, measured["unmeasured"])
    assert measured_count > 300, "the pages' texts should have been measured"
    assert problems == [], "\n".join(problems)


def test_the_check_finds_text_that_is_too_faint(live_server, new_page, site):
    """The measure is not blind: grey text on the dark page fails it."""
    ann, pages = site
    page = new_page()
    page.goto(live_server.url + "/watch/")
    page.evaluate(
        "() => { const p = document.querySelector('main h1'); p.style.color = '#444';"
        " document.documentElement.dataset.theme = 'dark'; }"
    )
    assert any("Games being played" in line for line in failures(page.evaluate(MEASURE)))


def test_the_switch_changes_the_theme_without_a_reload_and_is_remembered(
    live_server, new_page, site
):
    base = live_server.url
    page = new_page(color_scheme="light")
    page.goto(base + "/watch/")
    light = page.evaluate(PAPER)
    page.evaluate("() => { window.notReloaded = true; }")

    page.get_by_role("button", name="Dark").click()

    assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
    assert page.evaluate("() => window.notReloaded") is True
    dark = page.evaluate(PAPER)
    assert dark != light
    assert page.get_by_role("button", name="Dark").get_attribute("aria-pressed") == "true"
    page.reload()
    assert page.evaluate(PAPER) == dark  # the cookie brought it back from the server
    assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"

    page.get_by_role("button", name="System").click()
    assert page.evaluate("() => document.documentElement.dataset.theme") is None
    assert page.evaluate(PAPER) == light  # the system here is light
    page.reload()
    assert page.evaluate(PAPER) == light


def test_without_javascript_the_switch_posts_and_comes_back(browser, live_server, site):
    context = browser.new_context(java_script_enabled=False, viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(live_server.url + "/watch/?game=xeri")
        page.get_by_role("button", name="Dark").click()
        page.wait_for_load_state()
        # Back to the page's path; its query is left out (a page never echoes its query).
        assert page.url == live_server.url + "/watch/"
        assert page.locator("html").get_attribute("data-theme") == "dark"
    finally:
        context.close()


def test_with_no_choice_the_system_setting_is_followed(live_server, new_page, site):
    base = live_server.url
    colours = {}
    for scheme in ("light", "dark"):
        page = new_page(color_scheme=scheme)
        page.goto(base + "/watch/")
        colours[scheme] = page.evaluate(
            "() => getComputedStyle(document.documentElement).backgroundColor"
        )
    assert colours == {"light": "rgb(251, 250, 247)", "dark": "rgb(20, 23, 30)"}


def test_screenshots_of_the_dark_theme(live_server, new_page, site):
    ann, pages = site
    base = live_server.url
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in (("1280", DESKTOP), ("390", PHONE)):
        page = new_page(viewport=viewport, color_scheme="dark")
        log_in(page, base, ann.username)
        for name in ("watch", "game xix"):
            page.goto(base + pages[name])
            shot = SHOTS / f"dark-{name.replace(' ', '-')}-{size}.png"
            page.screenshot(path=shot, full_page=True)
            assert shot.stat().st_size > 10_000
