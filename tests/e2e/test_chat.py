"""The game chat in Chromium, two people in their own browsers: alice writes, bob sees it
on his open game page without reloading and answers with a canned phrase, which alice
sees in turn; the browser reports no Content Security Policy violation, and on a phone
the panel fits the screen."""

import pytest
from allauth.account.models import EmailAddress
from playwright.sync_api import expect

from chat.models import ChatMessage
from tests.e2e.test_csp import log_in, watch
from tests.factories import UserFactory, start_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def person(username):
    user = UserFactory(username=username)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def settled(page):
    """htmx has swapped the panel in and settled it (until then a form in it is not yet
    htmx's, and what is typed may go to the panel being replaced)."""
    page.wait_for_selector("#chat:not(.htmx-settling)")
    page.wait_for_timeout(50)


def test_alice_writes_bob_sees_it_live_and_answers_with_a_canned_phrase(
    live_server, new_page, artifacts
):
    base = live_server.url
    alice, bob = person("alice"), person("bob")
    game = start_game(alice, bob, seed="e2e-chat")
    violations = []
    pages = {}
    for user, viewport in ((alice, {"width": 1280, "height": 900}), (bob, None)):
        options = (
            {"viewport": viewport} if viewport else {"viewport": {"width": 390, "height": 844}}
        )
        page = new_page(**options)
        watch(page, violations)
        log_in(page, base, user.username)
        page.goto(f"{base}/games/{game.pk}/")
        pages[user.username] = page
    alices, bobs = pages["alice"], pages["bob"]
    expect(bobs.locator("#chat")).to_contain_text("No messages yet.")
    bobs.locator("#chat-log").evaluate("element => element.dataset.e2eFirst = 'yes'")

    # alice writes with the keyboard: type, Enter.
    box = alices.get_by_label("Message to the players")
    box.fill("Good luck <b>bob</b>!")
    box.press("Enter")
    expect(alices.locator("#chat-log")).to_contain_text("Good luck <b>bob</b>!")
    expect(alices.get_by_label("Message to the players")).to_have_value("")
    expect(alices.get_by_label("Message to the players")).to_be_focused()
    settled(alices)

    # bob's page, never reloaded, shows it within a few polls, as text.
    expect(bobs.locator("#chat-log")).to_contain_text("Good luck <b>bob</b>!", timeout=10_000)
    assert bobs.locator("#chat-log b").count() == 0
    expect(bobs.locator("#chat-news")).to_contain_text("alice: Good luck")
    assert bobs.evaluate("() => performance.getEntriesByType('navigation').length") == 1

    # bob answers with one click on a canned phrase.
    bobs.get_by_role("button", name="Thanks").click()
    expect(bobs.locator("#chat-log")).to_contain_text("Thanks")
    expect(alices.locator("#chat-log")).to_contain_text("Thanks", timeout=10_000)
    assert list(ChatMessage.objects.order_by("pk").values_list("author__username", "text")) == [
        ("alice", "Good luck <b>bob</b>!"),
        ("bob", "Thanks"),
    ]

    # On bob's phone the page does not scroll sideways and the panel fits.
    width = bobs.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px screen"
    panel = bobs.locator("#chat").bounding_box()
    assert panel["x"] >= 0 and panel["x"] + panel["width"] <= 390
    bobs.locator("#chat").screenshot(path=artifacts("chat-phone.png"))
    assert violations == []


def test_too_many_messages_are_refused_on_the_page(live_server, new_page, settings):
    settings.CHAT_BURST = 2
    base = live_server.url
    alice, bob = person("alice"), person("bob")
    game = start_game(alice, bob, seed="e2e-chat-limit")
    page = new_page()
    log_in(page, base, "alice")
    page.goto(f"{base}/games/{game.pk}/")
    for text in ("one", "two"):
        page.get_by_label("Message to the players").fill(text)
        page.get_by_role("button", name="Send").click()
        expect(page.locator("#chat-log")).to_contain_text(text)
        # The log's own poll may show the line before the answer to the post has replaced
        # the panel; that answer empties the box. Typing before it lands would be lost.
        expect(page.get_by_label("Message to the players")).to_have_value("")
        settled(page)
    page.get_by_label("Message to the players").fill("three")
    page.get_by_role("button", name="Send").click()
    expect(page.locator("#chat [role=alert]")).to_contain_text("You have sent 2 messages")
    # The refused words stay in the box.
    expect(page.get_by_label("Message to the players")).to_have_value("three")
    assert ChatMessage.objects.count() == 2


def test_an_unread_mark_in_the_header_appears_live_and_clears_when_the_chat_is_seen(
    live_server, new_page
):
    """bob's phone shows the top of the game; the chat is far below. alice writes twice:
    "Chat (2 new)" appears in his header without a reload, stays after a reload, and goes
    once he follows it to the chat, for good."""
    from chat import services
    from chat.models import ChatRead

    base = live_server.url
    alice, bob = person("alice"), person("bob")
    game = start_game(alice, bob, seed="e2e-unread")
    page = new_page(viewport={"width": 390, "height": 844})
    log_in(page, base, bob.username)
    page.goto(f"{base}/games/{game.pk}/")
    link = page.locator("#chat-unread")
    expect(link).to_have_text("Chat")
    assert not page.locator("#chat-log").evaluate(
        "e => e.getBoundingClientRect().top < window.innerHeight"
    ), "the chat should start below the first screen"
    page.evaluate("() => { window.notReloaded = true; }")

    for text in ("Hello bob", "Your move, I think"):
        services.message_post(author=alice, game=game, text=text, last_seen=0)
    expect(link).to_have_text("Chat (2 new)", timeout=15_000)
    assert page.evaluate("() => window.notReloaded") is True
    page.reload()
    expect(page.locator("#chat-unread")).to_have_text("Chat (2 new)")

    page.locator("#chat-unread").click()
    expect(page.locator("#chat-log")).to_contain_text("Your move, I think")
    expect(page.locator("#chat-unread")).to_have_text("Chat")
    latest = ChatMessage.objects.filter(game=game).order_by("-pk").first()
    assert ChatRead.objects.get(user=bob, game=game).last_read == latest.pk
    page.reload()
    expect(page.locator("#chat-unread")).to_have_text("Chat")
