"""Reporting a message puts it in the moderators' queue with its context; moderators hide
a message (audited), and everyone then reads "(message hidden by a moderator)"."""

import re

import pytest
from django.urls import reverse

from chat.models import ChatMessage
from moderation import services as moderation
from moderation.models import AuditEntry, Report
from tests.chat.conftest import chat_url, say


@pytest.fixture
def talk(game, alice, bob, client_for):
    """Eight lines, alice and bob in turn; the fifth, alice's, is rude."""
    lines = ["morning", "hi", "hello", "ready?", "you are an idiot", "excuse me?", "whatever", "gg"]
    for n, text in enumerate(lines):
        user = bob if n % 2 else alice
        say(client_for(user), game, user, text)
    return {m.text: m for m in ChatMessage.objects.all()}


def report_url(message) -> str:
    return reverse("chat:report", args=[message.pk])


def test_a_report_lands_in_the_queue_with_its_context(talk, game, alice, bob, client_for):
    rude = talk["you are an idiot"]
    bobs = client_for(bob)
    page = bobs.get(chat_url(game)).content.decode()
    assert f'href="{report_url(rude)}"' in page
    form = bobs.get(report_url(rude))
    assert form.status_code == 200 and "you are an idiot" in form.content.decode()
    answer = bobs.post(report_url(rude), {"text": "insult"})
    assert answer.status_code == 303 and answer["Location"].endswith(f"/games/{game.pk}/#chat")
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.game_id) == (bob, alice, game.pk)
    assert report.chat_message == rude and report.category == Report.Category.CHAT
    assert report.text == "insult"
    lines = report.context.splitlines()
    # Three lines before, the message marked, three after ("morning" is four before).
    assert len(lines) == 7
    assert lines[3].startswith(">> ") and lines[3].endswith("alice: you are an idiot")
    assert lines[0].endswith("bob: hi") and lines[-1].endswith("bob: gg")
    assert "morning" not in report.context


def test_the_report_shows_on_the_moderators_report_page(talk, bob, moderator, client_for):
    client_for(bob).post(report_url(talk["you are an idiot"]), {"text": ""})
    report = Report.objects.get()
    assert report.text == ""  # the reporter's words are optional for a message
    page = client_for(moderator).get(reverse("admin:moderation_report_change", args=[report.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "alice: you are an idiot" in html and "Hide the message…" in html
    listing = client_for(moderator).get(reverse("admin:moderation_report_changelist"))
    assert "A chat message" in listing.content.decode()


def test_one_cannot_report_ones_own_message(talk, alice, client_for):
    mine = talk["you are an idiot"]
    assert (
        f'href="{report_url(mine)}"'
        not in client_for(alice).get(chat_url(mine.game)).content.decode()
    )
    for answer in (
        client_for(alice).get(report_url(mine)),
        client_for(alice).post(report_url(mine), {"text": "me"}),
    ):
        assert answer.status_code == 400
        assert "You cannot report your own message." in answer.content.decode()
    assert not Report.objects.exists()


def test_a_message_is_reported_once_and_within_the_report_limits(
    talk, game, alice, bob, client_for
):
    bobs = client_for(bob)
    assert bobs.post(report_url(talk["you are an idiot"]), {}).status_code == 303
    again = bobs.post(report_url(talk["you are an idiot"]), {})
    assert again.status_code == 400
    assert "already reported this message" in again.content.decode()
    # A report about the game itself is another report, and counts towards the limits.
    moderation.report_create(reporter=bob, category=Report.Category.STALLING, text="x", game=game)
    for text in ("hello", "whatever"):
        assert bobs.post(report_url(talk[text]), {}).status_code == 303
    extra = [ChatMessage.objects.create(game=game, author=alice, text=f"more {n}") for n in (1, 2)]
    assert bobs.post(report_url(extra[0]), {}).status_code == 303
    # Five reports this hour: the sixth waits, like any report.
    refused = bobs.post(report_url(extra[1]), {})
    assert refused.status_code == 429
    assert "5 reports in the last hour" in refused.content.decode()
    assert Report.objects.filter(reporter=bob).count() == moderation.REPORTS_PER_HOUR


def test_a_spectator_cannot_report_during_play_but_can_after(talk, game, carol, client_for):
    from games.models import Game

    rude = talk["you are an idiot"]
    assert client_for(carol).get(report_url(rude)).status_code == 404
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert client_for(carol).post(report_url(rude), {}).status_code == 303
    assert Report.objects.get().reporter == carol


def test_hiding_is_audited_and_shown_to_everyone(talk, game, alice, bob, moderator, client_for):
    rude = talk["you are an idiot"]
    moderation.message_hide(actor=moderator, message_id=rude.pk, reason="insult")
    rude.refresh_from_db()
    assert rude.hidden_by == moderator and rude.hidden_at is not None
    entry = AuditEntry.objects.get(action=AuditEntry.Action.MESSAGE_HIDDEN)
    assert (entry.actor, entry.target_user, entry.target_game_id) == (moderator, alice, game.pk)
    assert entry.reason == "insult" and entry.details["text"] == "you are an idiot"
    for reader in (alice, bob):
        html = client_for(reader).get(reverse("games:game", args=[game.pk])).content.decode()
        assert "(message hidden by a moderator)" in html
        assert "you are an idiot" not in html
    with pytest.raises(moderation.ModerationError, match="already hidden"):
        moderation.message_hide(actor=moderator, message_id=rude.pk, reason="again")
    # A hidden message cannot be reported any more.
    assert client_for(bob).post(report_url(rude), {}).status_code == 400


def test_hiding_needs_the_permission_and_not_a_player(talk, game, alice, moderator):
    from django.contrib.auth.models import Group
    from django.core.exceptions import PermissionDenied

    rude = talk["you are an idiot"]
    with pytest.raises(PermissionDenied):
        moderation.message_hide(actor=alice, message_id=rude.pk, reason="mine")
    bob = game.players[1]
    bob.is_staff = True
    bob.save(update_fields=["is_staff"])
    bob.groups.add(Group.objects.get(name="Moderators"))
    bob = type(bob).objects.get(pk=bob.pk)
    with pytest.raises(moderation.ModerationError, match="You play in this game"):
        moderation.message_hide(actor=bob, message_id=rude.pk, reason="insult")
    assert not AuditEntry.objects.exists()


def test_a_moderator_hides_from_the_report_page(talk, bob, moderator, client_for):
    client_for(bob).post(report_url(talk["you are an idiot"]), {"text": "insult"})
    report = Report.objects.get()
    mod = client_for(moderator)
    changelist = reverse("admin:moderation_report_changelist")
    data = {"action": "hide_messages", "_selected_action": [report.pk], "_from_object": "1"}
    form = mod.post(changelist, data)
    assert form.status_code == 200 and "Hide the chat message" in form.content.decode()
    done = mod.post(changelist, {**data, "apply": "1", "reason": "an insult"})
    assert done.status_code == 302
    assert ChatMessage.objects.get(text="you are an idiot").is_hidden
    entry = AuditEntry.objects.get(action=AuditEntry.Action.MESSAGE_HIDDEN)
    assert entry.reason == "an insult" and entry.actor == moderator
    # The report page no longer offers to hide it.
    page = mod.get(reverse("admin:moderation_report_change", args=[report.pk])).content.decode()
    assert "Hide the message…" not in page and "(hidden by a moderator)" in page


def test_a_moderator_hides_from_the_chat_admin(talk, moderator, client_for):
    rude = talk["you are an idiot"]
    mod = client_for(moderator)
    listing = mod.get(reverse("admin:chat_chatmessage_changelist"))
    assert listing.status_code == 200 and "you are an idiot" in listing.content.decode()
    changelist = reverse("admin:chat_chatmessage_changelist")
    data = {"action": "hide_messages", "_selected_action": [rude.pk], "apply": "1"}
    assert mod.post(changelist, {**data, "reason": "insult"}).status_code == 302
    assert ChatMessage.objects.get(pk=rude.pk).is_hidden
    assert AuditEntry.objects.filter(action=AuditEntry.Action.MESSAGE_HIDDEN).count() == 1
    # Nobody changes or deletes a message in the admin.
    page = mod.get(reverse("admin:chat_chatmessage_change", args=[rude.pk])).content.decode()
    assert 'name="text"' not in page and "Delete" not in page.split("object-tools")[0]


# What differs between any two answers of the site: the masked CSRF tokens (new on every
# answer) and the page's own address (the theme switch comes back to it).
CSRF = re.compile(r'(X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]+')


def same_bytes(response, url: str) -> tuple[int, str]:
    html = CSRF.sub(r"\1-", response.content.decode()).replace(url, "URL")
    return response.status_code, html


def test_the_report_page_of_a_line_one_may_not_read_answers_as_a_missing_id(
    talk, game, alice, carol, client_for
):
    """A spectator may not read the chat of a game in play: its lines' report page (GET or
    POST) tells him nothing, not even that the line exists: the very bytes a message id
    that does not exist gets (issue 30, item 2)."""
    rude = talk["you are an idiot"]
    missing = reverse("chat:report", args=[ChatMessage.objects.order_by("-pk").first().pk + 99])
    carols = client_for(carol)
    for method in ("get", "post"):
        hidden = getattr(carols, method)(report_url(rude))
        none = getattr(carols, method)(missing)
        assert hidden.status_code == 404
        assert same_bytes(hidden, report_url(rude)) == same_bytes(none, missing)
        html = hidden.content.decode()
        assert "you are an idiot" not in html and "alice" not in html
        assert f"game {game.pk}" not in html
    assert not Report.objects.exists()
