"""The lobby's "Play a bot" as a newcomer sees it (issue 32, item 10): four levels named for
people, easy to hard, each with what it does and its rating in the game chosen in its row,
which follows the choice; an Expert game of Xeri starts from there. Screenshots at
desktop and phone size and of the bot's profile go to test-artifacts/ (bot-levels-*.png)."""

import re
from io import StringIO

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command

from accounts.models import User
from games.models import Game
from ratings.models import Rating
from tests.e2e.test_accessibility import audit
from tests.e2e.test_onexeno_game import SIZES, logged_in
from tests.factories import UserFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_newcomer_picks_a_bot_by_level_and_sees_its_rating(live_server, new_page, artifacts):
    # seed_demo's moderator joins the Moderators group a migration made; an earlier
    # transactional test's flush may have emptied the table since.
    Group.objects.get_or_create(name="Moderators")
    call_command("seed_demo", stdout=StringIO())
    expert = User.objects.get(username="bot-expert")
    Rating.objects.create(
        user=expert, kind="xeri", variant="classic", rating=1587.2, deviation=70, games=9
    )
    page = logged_in(new_page, live_server, UserFactory(username="nina"))
    page.goto(f"{live_server.url}/lobby/")

    form = page.locator("#lobby-form form")
    form.get_by_label("Bots in the empty seats").check()
    levels = form.locator(".bot-level")
    titles = [
        re.sub(r"\s+", " ", t).strip()
        for t in levels.locator(".bot-level-name, .bot-name").all_inner_texts()
    ]
    assert titles == [
        "Beginner",
        "bot-random",
        "Casual",
        "bot-heuristic",
        "Strong",
        "bot-strong",
        "Expert",
        "bot-expert",
    ]
    expert = levels.nth(3)
    assert expert.locator(".bot-rating").inner_text() == "unrated"  # XIX, chosen first
    # The form acts on the game chosen by its card (issue 32, item 19): Xeri's card.
    page.locator("#choose-game").get_by_role("link", name="Xeri").click()
    form.get_by_label("Bots in the empty seats").check()
    expert = form.locator(".bot-level").nth(3)
    assert form.locator("select[name=game]").input_value() == "xeri/classic"
    assert expert.locator(".bot-rating").inner_text() == "1587"
    form.get_by_role("radio", name=re.compile(r"^Expert bot-expert")).check()
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        section = page.locator("#lobby-form")
        section.scroll_into_view_if_needed()
        section.screenshot(path=artifacts(f"bot-levels-{size}.png"))
    page.set_viewport_size(SIZES["wide"])
    assert audit(page) == []  # axe: no serious violation, light and dark, wide and phone

    form.get_by_role("button", name="Play a bot").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get()
    assert (game.kind, game.status) == ("xeri", Game.Status.ACTIVE)
    assert {player.bot_level for player in game.players if player.is_bot} == {"expert"}

    page.goto(f"{live_server.url}/players/bot-expert/")
    ratings = page.locator(".bot-ratings")
    assert "Xeri Classic 1587" in re.sub(r"\s+", " ", ratings.inner_text())
    ratings.screenshot(path=artifacts("bot-levels-profile.png"))
    assert audit(page) == []
