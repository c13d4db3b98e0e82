"""Friends in Chromium (issue 32, item 17): ann follows bob from his page, finds him on her
Friends page with his game, and the box there suggests names as she types them."""

import pytest
from playwright.sync_api import expect

from tests.e2e.test_onexeno_game import logged_in
from tests.factories import UserFactory, start_table

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_follow_find_and_name_completion(live_server, new_page, artifacts):
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    UserFactory(username="bella")
    start_table("xeri", "classic", [bob, UserFactory(username="cy")], seed="friends-e2e")
    page = logged_in(new_page, live_server, ann)

    page.goto(f"{live_server.url}/players/bob/")
    page.get_by_role("button", name="Follow bob").click()
    expect(page.get_by_role("button", name="Unfollow bob")).to_be_visible()

    page.get_by_role("link", name="Friends").first.click()
    expect(page.get_by_role("heading", name="Friends", level=1)).to_be_visible()
    expect(page.locator(".friend-name")).to_have_text(["bob"])
    expect(page.get_by_role("link", name="Watch bob v cy, Xeri")).to_be_visible()
    expect(page.get_by_role("link", name="Challenge bob")).to_have_attribute(
        "href", "/lobby/?opponent=bob"
    )

    names = page.locator("#player-names option")
    expect(names).to_have_count(1)  # before typing: the people followed
    page.get_by_label("Follow a player").press_sequentially("be", delay=40)
    expect(names).to_have_count(1)
    expect(names.first).to_have_attribute("value", "bella")
    page.get_by_label("Follow a player").fill("")
    page.get_by_label("Follow a player").press_sequentially("b", delay=40)
    expect(names).to_have_count(2)
    assert [names.nth(i).get_attribute("value") for i in range(2)] == ["bob", "bella"]
    page.screenshot(path=artifacts("friends-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=artifacts("friends-phone.png"), full_page=True)
