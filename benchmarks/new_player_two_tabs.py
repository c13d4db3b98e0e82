"""A new player's first session, end to end in Chromium: sign up, confirm by the e-mail that
`python3 dev.py run` prints, then play two bot games at once in two tabs (bot-random and
bot-heuristic), reporting each move's time (click to network idle) and any error shown.

Usage: start `python3 dev.py run 8124 > run.log 2>&1`, then
`.venv/bin/python benchmarks/new_player_two_tabs.py http://127.0.0.1:8124 run.log shots/`"""

import re
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

BASE, LOG, SHOTS = sys.argv[1].rstrip("/"), Path(sys.argv[2]), Path(sys.argv[3])
SHOTS.mkdir(parents=True, exist_ok=True)
name = f"newbie{int(time.time()) % 100000}"
errors, times = [], []


def confirm_link():
    for _ in range(40):
        text = LOG.read_text(errors="replace").replace("=\n", "")
        found = re.findall(r"https?://\S+/accounts/confirm-email/[^\s\"<>]+", text)
        if found:
            return found[-1]
        time.sleep(0.5)
    raise SystemExit("no confirmation link in the server log")


def move(page):
    """Make one move if it is ours; return False when the game is over."""
    if page.locator("text=Game over").count() or page.locator(".game-over").count():
        return False
    controls = page.locator("#game-controls")
    if controls.count() == 0:
        return True
    radios = page.locator("#game-controls .trade-form input[type=radio]")
    started = time.monotonic()
    if radios.count():
        names = {r.get_attribute("name") for r in radios.all()}
        for name_ in sorted(names):
            page.locator(
                f"#game-controls .trade-form input[type=radio][name={name_}]"
            ).first.check()
        page.locator("#game-controls .trade-form button[type=submit]").first.click()
    elif page.locator("#game-controls button[value=raise]").count():
        page.locator("#game-controls button[value=raise]").first.click()
    else:
        buttons = page.locator("#game-controls button.card-button:enabled")
        if buttons.count() == 0:
            return True
        buttons.first.click()
    page.wait_for_load_state("networkidle")
    if (
        page.locator("text=cannot reach").count()
        or page.locator("text=Something went wrong").count()
    ):
        errors.append("error message on the page: " + page.url)
    times.append(time.monotonic() - started)
    return True


with sync_playwright() as p:
    browser = p.chromium.launch(
        executable_path="/usr/bin/chromium",
        args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    )
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(BASE + "/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=email]", f"{name}@example.com")
    page.fill("input[name=password1]", "a-long-smoke-pass-19")
    page.fill("input[name=password2]", "a-long-smoke-pass-19")
    page.locator("form button[type=submit]").last.click()
    page.wait_for_load_state()
    page.screenshot(path=str(SHOTS / "01-after-signup.png"))
    link = confirm_link()
    page.goto(link)
    page.locator("main form button[type=submit]").first.click()
    page.wait_for_load_state()
    page.screenshot(path=str(SHOTS / "02-confirmed.png"))
    print("greeting:", page.locator(".messages, [role=status]").all_inner_texts())
    tabs = []
    for bot in ("bot-random", "bot-heuristic"):
        tab = ctx.new_page()
        tab.on("pageerror", lambda e: errors.append(str(e)))
        tab.goto(BASE + "/lobby/")
        tab.locator(f"button[aria-label^='Play {bot}']").click()
        tab.wait_for_load_state()
        tabs.append(tab)
    done = [False, False]
    stop_at = time.monotonic() + 420
    for _turn in range(2000):
        if time.monotonic() > stop_at:
            errors.append("gave up after 420 s")
            break
        for i, tab in enumerate(tabs):
            if not done[i]:
                try:
                    done[i] = not move(tab)
                except Exception as exc:  # noqa: BLE001
                    errors.append(f"tab {i}: {exc}")
                    done[i] = True
        if all(done):
            break
        time.sleep(0.3)
    for i, tab in enumerate(tabs):
        tab.screenshot(path=str(SHOTS / f"1{i}-game.png"), full_page=True)
        print("tab", i, tab.url, "over:", bool(tab.locator("text=Game over").count()))
    browser.close()
print("moves:", len(times))
if times:
    print(f"move time median {statistics.median(times):.2f}s max {max(times):.2f}s")
print("errors:", errors)
